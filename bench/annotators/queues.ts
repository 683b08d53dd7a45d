import { ANNOTATOR_STAGES, ANNOTATOR_STATS_WINDOW_DAYS } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { sql } from 'drizzle-orm';
import type { Proctor } from '../../apps/server/src/index';
import { listAnnotatorFigures } from '../../apps/server/src/repositories/annotatorActivity';
import {
  countOrganizationAssignmentsByStage,
  pageOrganizationAssignments,
} from '../../apps/server/src/repositories/assignments';
import { timedGet } from '../support/section';
import { type Latency, latency } from '../support/stats';
import type { SeededInstall } from './seed';

const WARMUP = 2;

export interface QueueFigure {
  /** What is measured: the route and the query it was called with. */
  name: string;
  /** Whose view: an annotator, or the organization's account admin. */
  as: 'annotator' | 'admin';
  latency: Latency;
  /** Rows or a count from the answer, to see the figure is over real data. */
  answered: string;
}

export interface Viewers {
  annotator: string;
  admin: string;
  /** The public id of the busiest member (the activity ledger's). */
  busiestPublicId: string;
  /** A simulator with assigned test cases (the filter's). */
  simulatorId: number;
}

const count = async (db: Database, query: ReturnType<typeof sql>): Promise<unknown> =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];

/** Tokens of an annotator and the account admin, the busiest member, a simulator of the assignments. */
export async function viewersOf(proctor: Proctor, seeded: SeededInstall): Promise<Viewers> {
  const { db, tokens } = proctor.ctx;
  const [adminId, annotatorId] = seeded.memberIds as [number, number];
  const busiest = (await count(
    db,
    sql`select u.public_id from users u join sessions s on s.user_id = u.id
      where u.organization_id = ${seeded.organizationId} group by u.public_id order by count(*) desc limit 1`,
  )) as { public_id: string };
  const simulator = (await count(
    db,
    sql`select t.simulator_id from organization_test_cases o join test_cases t on t.id = o.test_case_id
      where o.organization_id = ${seeded.organizationId} group by t.simulator_id order by count(*) desc limit 1`,
  )) as { simulator_id: number };
  return {
    admin: (await tokens.issue(adminId)).access_token,
    annotator: (await tokens.issue(annotatorId)).access_token,
    busiestPublicId: busiest.public_id,
    simulatorId: Number(simulator.simulator_id),
  };
}

/** What each queue endpoint is called with, and how to read a figure of its answer. */
export function queueRequests(viewers: Viewers): { name: string; as: 'annotator' | 'admin'; path: string }[] {
  const stagesOf = (adminView: boolean) =>
    ANNOTATOR_STAGES.filter((stage) => adminView || (stage !== 'REVIEW' && stage !== 'COMPLETED'));
  return [
    { name: 'tab-counts', as: 'annotator', path: '/api/testcases/human-recorder/tab-counts' },
    {
      name: 'tab-counts?admin_view',
      as: 'admin',
      path: '/api/testcases/human-recorder/tab-counts?admin_view=true',
    },
    ...stagesOf(false).map((stage) => ({
      name: `human-recorder-testcase?stage=${stage}`,
      as: 'annotator' as const,
      path: `/api/testcases/human-recorder-testcase?stage=${stage}`,
    })),
    ...stagesOf(true).map((stage) => ({
      name: `human-recorder-testcase?stage=${stage}&admin_view`,
      as: 'admin' as const,
      path: `/api/testcases/human-recorder-testcase?stage=${stage}&admin_view=true`,
    })),
    {
      name: 'human-recorder-testcase?stage=NEEDS_RECORDING&page=40',
      as: 'annotator',
      path: '/api/testcases/human-recorder-testcase?stage=NEEDS_RECORDING&page=40',
    },
    {
      name: 'human-recorder/filter?stage=NEEDS_RECORDING&sim',
      as: 'annotator',
      path: `/api/testcases/human-recorder/filter?stage=NEEDS_RECORDING&sim=${viewers.simulatorId}`,
    },
    {
      name: 'human-recorder/filter?stage=NEEDS_SCORING&sim',
      as: 'annotator',
      path: `/api/testcases/human-recorder/filter?stage=NEEDS_SCORING&sim=${viewers.simulatorId}`,
    },
    {
      name: 'human-recorder/filter?stage=REVIEW&sim&admin_view',
      as: 'admin',
      path: `/api/testcases/human-recorder/filter?stage=REVIEW&sim=${viewers.simulatorId}&admin_view=true`,
    },
    { name: 'annotator-admin/users', as: 'admin', path: '/api/organization/annotator-admin/users' },
    {
      name: 'annotator-admin/users/{busiest}/activity',
      as: 'admin',
      path: `/api/organization/annotator-admin/users/${viewers.busiestPublicId}/activity`,
    },
    {
      name: 'annotator-admin/users/{busiest}/activity?page=30',
      as: 'admin',
      path: `/api/organization/annotator-admin/users/${viewers.busiestPublicId}/activity?page=30`,
    },
    { name: 'session/next-for-annotator', as: 'annotator', path: '/api/session/next-for-annotator' },
  ];
}

/** A figure of an answer: how many rows, or the total, so that a fast empty answer shows for what it is. */
function answered(body: string): string {
  const json = JSON.parse(body) as Record<string, unknown>;
  const total = (json.pagination as { total_count?: number } | undefined)?.total_count;
  if (Array.isArray(json.testCases)) return `${json.testCases.length} of ${total}`;
  if (Array.isArray(json.activity)) return `${json.activity.length} of ${total}`;
  if (Array.isArray(json.users)) return `${json.users.length} people`;
  if (json.counts) return Object.values(json.counts as Record<string, number>).join('/');
  if ('found' in json) return json.found ? 'a session' : 'none';
  return '';
}

/** Each queue endpoint `requests` times after a warm-up, one request at a time, over HTTP. */
export async function measureQueues(
  baseUrl: string,
  viewers: Viewers,
  requests: number,
  progress: (line: string) => void,
): Promise<QueueFigure[]> {
  const figures: QueueFigure[] = [];
  for (const request of queueRequests(viewers)) {
    const times: number[] = [];
    let body = '';
    for (let i = 0; i < requests + WARMUP; i++) {
      const answer = await timedGet(`${baseUrl}${request.path}`, viewers[request.as]);
      if (answer.status !== 200)
        throw new Error(`${request.path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      if (i >= WARMUP) times.push(answer.ms);
      body = answer.body;
    }
    const figure = { name: request.name, as: request.as, latency: latency(times), answered: answered(body) };
    progress(
      `  ${request.name} (${request.as}): p50 ${figure.latency.p50.toFixed(1)} ms, p95 ${figure.latency.p95.toFixed(1)} ms; ${figure.answered}`,
    );
    figures.push(figure);
  }
  return figures;
}

export interface SourceFigure {
  name: string;
  /** From the rollup (what the routes read). */
  rollup: Latency;
  /** The same computed from the rows (sessions, scores) themselves: what the routes read before the rollups. */
  direct: Latency;
  same: boolean;
}

/**
 * The repository calls behind the slowest routes, each from its rollup and from the rows directly, in this
 * process (no HTTP): what the rollups save, and that they answer the same.
 */
export async function measureSources(
  db: Database,
  seeded: SeededInstall,
  requests: number,
  progress: (line: string) => void,
): Promise<SourceFigure[]> {
  const organizationId = seeded.organizationId;
  const since = new Date(Date.now() - ANNOTATOR_STATS_WINDOW_DAYS * 24 * 3600 * 1000);
  const calls: { name: string; run: (rollup: boolean) => Promise<unknown> }[] = [
    {
      name: 'tab counts (every stage)',
      run: (rollup) =>
        countOrganizationAssignmentsByStage(db, organizationId, { source: rollup ? 'rollup' : 'sessions' }),
    },
    {
      name: 'a page of NEEDS_SCORING',
      run: (rollup) =>
        pageOrganizationAssignments(
          db,
          { assignedTo: organizationId, stage: 'NEEDS_SCORING' },
          { offset: 0, limit: 50, viewerUserId: seeded.memberIds[1] ?? null },
          rollup ? 'rollup' : 'sessions',
        ),
    },
    {
      name: 'annotator figures (30 days)',
      run: (rollup) => listAnnotatorFigures(db, organizationId, since, rollup ? 'rollup' : 'rows'),
    },
  ];
  const figures: SourceFigure[] = [];
  for (const call of calls) {
    const times = { rollup: [] as number[], direct: [] as number[] };
    let answers: [string, string] = ['', ''];
    for (let i = 0; i < requests + WARMUP; i++)
      for (const rollup of [true, false]) {
        const started = performance.now();
        // Averages are sums over counts added in another order: the same to 12 digits, not always to the last bit.
        const answer = JSON.stringify(await call.run(rollup), (_, value) =>
          typeof value === 'number' && !Number.isInteger(value) ? Number(value.toPrecision(12)) : value,
        );
        if (i >= WARMUP) times[rollup ? 'rollup' : 'direct'].push(performance.now() - started);
        answers = rollup ? [answer, answers[1]] : [answers[0], answer];
      }
    const figure = {
      name: call.name,
      rollup: latency(times.rollup),
      direct: latency(times.direct),
      same: answers[0] === answers[1],
    };
    progress(
      `  ${call.name}: rollup p95 ${figure.rollup.p95.toFixed(1)} ms, direct p95 ${figure.direct.p95.toFixed(1)} ms, ${figure.same ? 'same answer' : 'DIFFERENT answers'}`,
    );
    figures.push(figure);
  }
  return figures;
}
