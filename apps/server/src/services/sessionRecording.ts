import {
  type PageState,
  type PageStateView,
  type RecordedStep,
  SESSION_PAGE_MUTATION_LIMIT,
  type SessionDetailResponse,
  type SessionLog,
  type SnapshotStep,
  type StateMutation,
} from '@proctor/contracts';
import { type Database, networkRequests, sessionEvents, sessionLogs, sessionSteps } from '@proctor/db';
import { filterMutations, type Mutation } from '@proctor/simulators';
import { and, asc, eq } from 'drizzle-orm';
import { EVENT_KIND, type RrwebChunk } from '../environments/recordingWriter';
import { simulatorFilters } from '../scoring/filters';
import { presentSummary, type ReadableSession } from './sessions';
import { upgradeStoredStep } from './storedSteps';

/** The path the dashboard fetches a step's screenshot from (the caller's access is checked there again). */
export const screenshotUrl = (sessionPublicId: string, key: string) =>
  `/api/session/${encodeURIComponent(sessionPublicId)}/screenshots/${encodeURIComponent(key)}`;

function presentState(sessionPublicId: string, state: PageState | null): PageStateView | null {
  if (!state) return null;
  const { screenshot, ...rest } = state;
  return {
    ...rest,
    screenshot_url: screenshot ? screenshotUrl(sessionPublicId, screenshot.key) : null,
    screenshot_size: screenshot ? { width: screenshot.width, height: screenshot.height } : null,
  };
}

/** The session's steps in order, each in the current recording format whatever format it was stored in. */
export async function recordedSteps(db: Database, sessionId: number): Promise<RecordedStep[]> {
  const rows = await db
    .select()
    .from(sessionSteps)
    .where(eq(sessionSteps.sessionId, sessionId))
    .orderBy(asc(sessionSteps.idx));
  return rows.map(upgradeStoredStep);
}

/** Every mutation the session's instance logged, unfiltered, in order (written step by step as it ran). */
export async function recordedMutations(db: Database, sessionId: number): Promise<Mutation[]> {
  const chunks = await db
    .select({ payload: sessionEvents.payload })
    .from(sessionEvents)
    .where(and(eq(sessionEvents.sessionId, sessionId), eq(sessionEvents.kind, EVENT_KIND.mutations)))
    .orderBy(asc(sessionEvents.seq));
  return chunks.flatMap((chunk) => chunk.payload as Mutation[]);
}

/**
 * For each raw mutation index, how many of the mutations before it count after the simulator's filters: a
 * step's raw range [before, after) becomes the range of `state_mutations` it made.
 */
function keptBefore(raw: readonly Mutation[], filters: ReturnType<typeof simulatorFilters>): number[] {
  const counts = [0];
  for (const mutation of raw) counts.push(counts.at(-1)! + filterMutations([mutation], filters).length);
  return counts;
}

/**
 * Which raw mutations each step made: consecutive ranges, a write on the last step begun before its request
 * arrived (docs/architecture.md, "Which step a write belongs to").
 */
export function mutationRanges(steps: readonly RecordedStep[]): Array<[number, number]> {
  const acts = (step: RecordedStep) => step.action.type !== 'mouse_move';
  // Where each acting step's range ends: where the next acting step began, or where the last one settled.
  const ends: number[] = [];
  let nextBegan: number | null = null;
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    if (!acts(step)) continue;
    ends[i] = nextBegan ?? step.mutations.after;
    nextBegan = step.mutations.before;
  }
  let end = 0;
  return steps.map((step, i) => {
    const start = end;
    if (acts(step)) end = Math.max(end, ends[i]!);
    return [start, end];
  });
}

export async function sessionDetail(
  db: Database,
  row: ReadableSession,
  options: {
    /** The instance's mutations, when the session is still running here (fresher than the recorded ones). */
    liveMutations?: Mutation[];
    simulatorConfig: Record<string, unknown>;
  },
): Promise<Omit<SessionDetailResponse, 'human_results'>> {
  const { session } = row;
  const [steps, rrwebChunks, logs, network, recorded] = await Promise.all([
    recordedSteps(db, session.id),
    db
      .select({ payload: sessionEvents.payload })
      .from(sessionEvents)
      .where(and(eq(sessionEvents.sessionId, session.id), eq(sessionEvents.kind, EVENT_KIND.rrweb)))
      .orderBy(asc(sessionEvents.seq)),
    db
      .select()
      .from(sessionLogs)
      .where(eq(sessionLogs.sessionId, session.id))
      .orderBy(asc(sessionLogs.timestamp), asc(sessionLogs.id)),
    db
      .select({
        id: networkRequests.id,
        method: networkRequests.method,
        url: networkRequests.url,
        status: networkRequests.status,
        stepIdx: networkRequests.stepIdx,
        startedAt: networkRequests.startedAt,
        durationMs: networkRequests.durationMs,
      })
      .from(networkRequests)
      .where(eq(networkRequests.sessionId, session.id))
      .orderBy(asc(networkRequests.id)),
    options.liveMutations ? Promise.resolve(options.liveMutations) : recordedMutations(db, session.id),
  ]);
  const startedAtMs = session.createdAt.getTime();
  const filters = simulatorFilters(options.simulatorConfig);
  const kept = keptBefore(recorded, filters);
  const keptAt = (rawIndex: number) => kept[Math.min(Math.max(rawIndex, 0), recorded.length)]!;
  const stateMutations = filterMutations(recorded, filters) as StateMutation[];

  const ranges = mutationRanges(steps);
  const snapshots: SnapshotStep[] = steps.map((step, i) => ({
    idx: step.idx,
    action: step.action,
    before_state: presentState(session.publicId, step.before_state),
    after_state: presentState(session.publicId, step.after_state),
    mutation_range: [keptAt(ranges[i]![0]), keptAt(ranges[i]![1])],
    offset_ms: Math.max(0, step.action.timestamp - startedAtMs),
  }));
  // The replay shows the tab the session began in; other tabs (popups) are in the steps' screenshots.
  const chunks = rrwebChunks.map((chunk) => chunk.payload as RrwebChunk);
  const firstPage = chunks[0]?.page;
  const rrwebEvents = chunks.filter((chunk) => chunk.page === firstPage).flatMap((chunk) => chunk.events);

  return {
    session: {
      ...presentSummary(row),
      stepCount: steps.length,
      testCase: row.testCase,
      output: session.output ?? null,
      prompt: session.prompt ?? row.testCase?.prompt ?? null,
    },
    snapshot: {
      id: session.publicId,
      snapshots,
      action_sequences: session.postprocessing ?? null,
      started_at_ms: startedAtMs,
    },
    rrweb_events: rrwebEvents,
    reference_snapshot: null,
    logs: logs.map(
      (log): SessionLog => ({
        id: log.id,
        source: log.source,
        timestamp: log.timestamp.toISOString(),
        logData: log.logData as Record<string, unknown>,
      }),
    ),
    state_mutations: stateMutations.slice(0, SESSION_PAGE_MUTATION_LIMIT),
    state_mutation_count: stateMutations.length,
    network_summary: network.map((request) => ({
      id: request.id,
      method: request.method,
      url: request.url,
      status: request.status,
      step_idx: request.stepIdx,
      offset_ms: request.startedAt === null ? 0 : Math.max(0, request.startedAt - startedAtMs),
      duration_ms: request.durationMs,
    })),
    recorded: { steps: steps.length > 0, rrweb: rrwebEvents.length > 0, network: network.length > 0 },
  };
}
