/**
 * Annotators benchmark: the queue endpoints annotators and their admins wait on, over an install whose
 * annotators have been busy (10k assigned test cases, 100k sessions, on PostgreSQL), and 50 annotators working
 * at once against a running server. Usage and what each figure means: bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type CrowdFigures, crowdGoals, crowdRows, runCrowd } from './annotators/crowd';
import {
  measureQueues,
  measureSources,
  type QueueFigure,
  type SourceFigure,
  viewersOf,
} from './annotators/queues';
import { type SeededInstall, seedAnnotators } from './annotators/seed';
import { type Goal, runBenchmark } from './support/main';
import { startProctor } from './support/section';
import { ms, pair, printColumns } from './support/stats';
import { createThrowawayDatabase } from './support/throwawayDatabase';

/** The goal for every queue endpoint. */
const GOAL_P95_MS = 150;
const SECTIONS = ['queues', 'crowd'] as const;

const { values: options } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    requests: { type: 'string', default: '20' },
    'test-cases': { type: 'string', default: '10000' },
    sessions: { type: 'string', default: '100000' },
    members: { type: 'string', default: '50' },
    annotators: { type: 'string', default: '50' },
    recorders: { type: 'string' },
    seconds: { type: 'string', default: '60' },
    only: { type: 'string', multiple: true },
  },
});
const only = options.only?.length ? options.only : [...SECTIONS];
const unknown = only.filter((key) => !(SECTIONS as readonly string[]).includes(key));
if (unknown.length > 0) {
  console.error(`No such section: ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
  process.exit(2);
}
const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

const progress = (line: string) =>
  process.stderr.write(`[${(performance.now() / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

interface Results {
  seeded?: Omit<SeededInstall, 'memberIds' | 'otherOrganizationIds'>;
  queues?: QueueFigure[];
  sources?: SourceFigure[];
  crowd?: CrowdFigures;
  skipped?: string;
}

await runBenchmark<Results>({
  progress,
  json: options.json,
  closing: 'the Proctor, its environments and the throwaway database',
  run: async (teardown, trackedGroups) => {
    const adminUrl = process.env.DATABASE_URL;
    if (!adminUrl) {
      progress('DATABASE_URL is not set: every figure of this benchmark is on PostgreSQL, none is measured.');
      return { skipped: 'DATABASE_URL is not set' };
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'proctor-bench-annotators-'));
    teardown.add('data folder', async () => rmSync(dataDir, { recursive: true, force: true }));
    const database = await createThrowawayDatabase(adminUrl, 'proctor_bench_annotators');
    teardown.add(`database ${database.name}`, () => database.drop());
    progress(`Throwaway database ${database.name}, a Proctor on it…`);
    const { proctor, baseUrl } = await startProctor(
      teardown,
      dataDir,
      'annotators',
      { kind: 'postgres', url: database.url },
      // Browsers are launched as environments ask (the crowd's recorders), within the machine's default limits.
      { BROWSER_POOL_SIZE: '0' },
    );

    const seed = {
      testCases: int(options['test-cases'], 10_000),
      sessions: int(options.sessions, 100_000),
      members: int(options.members, 50),
    };
    progress(
      `Seeding ${seed.testCases.toLocaleString('en')} assigned test cases and ${seed.sessions.toLocaleString('en')} sessions (${seed.members} annotators)…`,
    );
    const seeded = await seedAnnotators(proctor.ctx.db, seed);
    progress(
      `  in ${(seeded.ms / 1000).toFixed(1)} s (classifying ${(seeded.classifyMs / 1000).toFixed(1)} s): ${seeded.humanScores} human scores, ${seeded.automaticScores} automatic`,
    );
    const { memberIds: _, otherOrganizationIds: __, ...seededFigures } = seeded;
    const results: Results = { seeded: seededFigures };

    if (only.includes('queues')) {
      const requests = int(options.requests, 20);
      progress(`== Queue endpoints, ${requests} requests each, one at a time`);
      results.queues = await measureQueues(baseUrl, await viewersOf(proctor, seeded), requests, progress);
      progress(`== The rollups against the rows, ${requests} calls each`);
      results.sources = await measureSources(proctor.ctx.db, seeded, requests, progress);
    }
    if (only.includes('crowd')) {
      progress('== Annotators at once');
      results.crowd = await runCrowd({
        proctor,
        baseUrl,
        seeded,
        teardown,
        trackedGroups,
        progress,
        annotators: int(options.annotators, 50),
        recorders: options.recorders === undefined ? undefined : Number.parseInt(options.recorders, 10),
        seconds: int(options.seconds, 60),
      });
    }
    return results;
  },
  goals: (results) => {
    if (results.skipped) return [{ goal: 'Measured on PostgreSQL', measured: results.skipped, met: false }];
    const goals: Goal[] = (results.queues ?? []).map((figure) => ({
      goal: `${figure.name} p95 ≤ ${GOAL_P95_MS} ms`,
      measured: `${ms(figure.latency.p95)} ms`,
      met: figure.latency.p95 <= GOAL_P95_MS,
    }));
    for (const figure of results.sources ?? [])
      goals.push({
        goal: `${figure.name}: the rollup answers as the rows do`,
        measured: figure.same ? 'same' : 'different',
        met: figure.same,
      });
    if (results.crowd) goals.push(...crowdGoals(results.crowd));
    return goals;
  },
  report: (results, goals) => {
    if (results.seeded) {
      const s = results.seeded;
      console.log('\nSeeded install (PostgreSQL)\n');
      printColumns(
        ['Figure', 'Measured'],
        [
          ['Sessions', s.sessions.toLocaleString('en')],
          ['Human scores, automatic scores', `${s.humanScores}, ${s.automaticScores}`],
          [
            'Seeding (of it: classifying, rebuilding the rollups)',
            `${(s.ms / 1000).toFixed(1)} s (${(s.classifyMs / 1000).toFixed(1)} s, ${(s.rebuildMs / 1000).toFixed(1)} s)`,
          ],
        ],
      );
    }
    if (results.queues) {
      console.log('\nQueue endpoints (one request at a time, over HTTP)\n');
      printColumns(
        ['Endpoint', 'As', 'p50 / p95', 'Answer', 'Goal'],
        results.queues.map((figure) => [
          figure.name,
          figure.as,
          pair(figure.latency),
          figure.answered,
          `p95 ≤ ${GOAL_P95_MS} ms`,
        ]),
      );
    }
    if (results.sources) {
      console.log(
        '\nBefore and after: the repository calls, from the rollups and from the rows (in process)\n',
      );
      printColumns(
        ['Call', 'Rollup p50 / p95', 'Rows p50 / p95', 'Same answer'],
        results.sources.map((figure) => [
          figure.name,
          pair(figure.rollup),
          pair(figure.direct),
          figure.same ? 'yes' : 'NO',
        ]),
      );
    }
    if (results.crowd) {
      console.log(`\n${results.crowd.annotators} annotators at once\n`);
      printColumns(['Figure', 'Measured'], crowdRows(results.crowd));
    }
    console.log('\nGoals\n');
    printColumns(
      ['Goal', 'Measured', 'Met'],
      goals.map((goal) => [goal.goal, goal.measured, goal.met ? 'yes' : 'NO']),
    );
  },
});
