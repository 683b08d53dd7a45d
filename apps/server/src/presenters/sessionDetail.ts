import {
  ActionSequences,
  type MutationIgnoreRules,
  type NetworkRequestsResponse,
  type PageState,
  type PageStateView,
  type RecordedStep,
  type ReferenceSnapshot,
  type RrwebActionsResponse,
  SESSION_PAGE_MUTATION_LIMIT,
  type SessionDetailResponse,
  type SessionLog,
  type SessionSnapshot,
  type SimulatorConfig,
} from '@proctor/contracts';
import type { BlobRange, Database } from '@proctor/db';
import { filterMutations, type Mutation } from '@proctor/simulators';
import type { z } from 'zod';
import type { Principal } from '../kernel/access/principal';
import { HttpError } from '../kernel/http/errors';
import { type BlobStore, readAll } from '../kernel/storage/blobs';
import {
  hasRrwebChunks,
  recordedMutations,
  recordedRequestSummaries,
  recordedRequests,
  recordedRrwebChunks,
  recordedSteps,
} from '../repositories/recordings';
import { listSessionLogs, referenceSessionCandidates, type SessionRow } from '../repositories/sessions';
import { findSimulatorByName } from '../repositories/simulators';
import { simulatorFilters } from '../scoring/filters';
import { eventsOfTab, recordedTabs } from './rrwebEvents';
import { presentSummary, type ReadableSession, readableSession, sessionStartedAt } from './sessions';

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

/**
 * For each raw mutation index, how many of the mutations before it count after the simulator's filters: a
 * step's raw range [before, after) becomes the range of `state_mutations` it made.
 */
function keptBefore(raw: readonly Mutation[], filtersOf: FiltersOf): number[] {
  const counts = [0];
  for (const mutation of raw)
    counts.push(counts.at(-1)! + filterMutations([mutation], filtersOf(mutation)).length);
  return counts;
}

/** The ignore rules a recorded mutation goes through: its own simulator's. */
type FiltersOf = (mutation: Mutation) => MutationIgnoreRules;

/**
 * The session simulator's rules, and in a multi-simulator session (its mutations name their apps) each other
 * app's own rules; an app no longer registered keeps its mutations unfiltered.
 */
async function filtersFor(
  db: Database,
  recorded: readonly Mutation[],
  simulatorConfig: SimulatorConfig,
): Promise<FiltersOf> {
  const own = simulatorFilters(simulatorConfig);
  const names = new Set(recorded.flatMap((mutation) => (mutation.simulator ? [mutation.simulator] : [])));
  if (names.size === 0) return () => own;
  const byName = new Map<string, MutationIgnoreRules>();
  for (const name of names) {
    const simulator = await findSimulatorByName(db, name);
    byName.set(name, simulatorFilters(simulator?.config ?? {}));
  }
  return (mutation) => (mutation.simulator ? byName.get(mutation.simulator)! : own);
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

/** A session's steps as the page shows them, each with the range of its state mutations, and those mutations. */
function presentSnapshot(
  session: SessionRow,
  steps: readonly RecordedStep[],
  recorded: readonly Mutation[],
  filtersOf: FiltersOf,
): { snapshot: SessionSnapshot; stateMutations: Mutation[] } {
  const startedAtMs = sessionStartedAt(session).getTime();
  const kept = keptBefore(recorded, filtersOf);
  const keptAt = (rawIndex: number) => kept[Math.min(Math.max(rawIndex, 0), recorded.length)]!;
  const ranges = mutationRanges(steps);
  const actionSequences = ActionSequences.safeParse(session.postprocessing);
  return {
    snapshot: {
      id: session.publicId,
      snapshots: steps.map((step, i) => ({
        idx: step.idx,
        action: step.action,
        before_state: presentState(session.publicId, step.before_state),
        after_state: presentState(session.publicId, step.after_state),
        mutation_range: [keptAt(ranges[i]![0]), keptAt(ranges[i]![1])],
        offset_ms: Math.max(0, step.action.timestamp - startedAtMs),
        page: step.page ?? null,
      })),
      action_sequences: session.postprocessing && actionSequences.success ? actionSequences.data : null,
      started_at_ms: startedAtMs,
    },
    stateMutations: recorded.flatMap((mutation) => filterMutations([mutation], filtersOf(mutation))),
  };
}

/**
 * The reference session of the session's test case (repositories/sessions.ts referenceSessionCandidates says
 * which that is) as its snapshot, when the viewer may read it; null without one.
 */
async function referenceSnapshot(
  db: Database,
  { session }: ReadableSession,
  viewer: Principal | null,
): Promise<ReferenceSnapshot | null> {
  if (session.testCaseId === null) return null;
  const candidates = await referenceSessionCandidates(db, {
    id: session.id,
    testCaseId: session.testCaseId,
    organizationId: session.organizationId,
  });
  for (const candidate of candidates) {
    const reference = await readableSession(db, viewer, candidate.publicId).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 404) return null;
      throw error;
    });
    if (!reference) continue;
    const [steps, recorded] = await Promise.all([
      recordedSteps(db, reference.session.id),
      recordedMutations(db, reference.session.id),
    ]);
    const filtersOf = await filtersFor(db, recorded, reference.simulatorConfig);
    const { snapshot } = presentSnapshot(reference.session, steps, recorded, filtersOf);
    return { ...snapshot, source: candidate.source };
  }
  return null;
}

/** The session page (GET /api/session/{id}) but its human results, which the caller adds. */
export async function sessionDetail(
  db: Database,
  row: ReadableSession,
  options: {
    /** Who reads it: the reference session is shown only when they may read it too. */
    viewer: Principal | null;
    /** The instance's mutations, when the session is still running here (fresher than the recorded ones). */
    liveMutations?: Mutation[];
    simulatorConfig: SimulatorConfig;
    /** Put the first tab's rrweb events in the answer (`?include=dom_events`); the page reads them apart. */
    includeDomEvents?: boolean;
  },
): Promise<Omit<SessionDetailResponse, 'human_results'>> {
  const { session } = row;
  const [steps, domEvents, logs, network, recorded, reference] = await Promise.all([
    recordedSteps(db, session.id),
    options.includeDomEvents
      ? recordedRrwebChunks(db, session.id).then((chunks) =>
          eventsOfTab(chunks, recordedTabs(chunks)[0] ?? null),
        )
      : hasRrwebChunks(db, session.id),
    listSessionLogs(db, session.id),
    recordedRequestSummaries(db, session.id),
    options.liveMutations ? Promise.resolve(options.liveMutations) : recordedMutations(db, session.id),
    referenceSnapshot(db, row, options.viewer),
  ]);
  const startedAtMs = sessionStartedAt(session).getTime();
  const filtersOf = await filtersFor(db, recorded, options.simulatorConfig);
  const { snapshot, stateMutations } = presentSnapshot(session, steps, recorded, filtersOf);

  return {
    session: {
      ...presentSummary(row),
      stepCount: steps.length,
      testCase: row.testCase,
      output: session.output ?? null,
      prompt: session.prompt ?? row.testCase?.prompt ?? null,
    },
    snapshot,
    rrweb_events: Array.isArray(domEvents) ? domEvents : [],
    reference_snapshot: reference,
    logs: logs.map(
      (log): SessionLog => ({
        id: log.id,
        source: log.source,
        timestamp: log.timestamp.toISOString(),
        logData: log.logData,
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
    recorded: {
      steps: steps.length > 0,
      rrweb: Array.isArray(domEvents) ? domEvents.length > 0 : domEvents,
      network: network.length > 0,
    },
  };
}

/** Response bodies read from the blob store at once (an imported HAR keeps its larger ones there). */
const BODY_READS_IN_FLIGHT = 8;

/** Each row's response body as base64: the row's own, or its blob's (null when the blob is gone). */
export async function responseBodies(
  blobs: BlobStore,
  rows: readonly { responseBody: string | null; responseBodyBlob: BlobRange | null }[],
): Promise<(string | null)[]> {
  const bodies = rows.map((row) => row.responseBody);
  let next = 0;
  const reader = async () => {
    while (next < rows.length) {
      const at = next++;
      const range = rows[at]!.responseBodyBlob;
      if (range === null) continue;
      const body = await blobs.streamRange(range.key, range);
      bodies[at] = body ? (await readAll(body)).toString('base64') : null;
    }
  };
  await Promise.all(Array.from({ length: BODY_READS_IN_FLIGHT }, reader));
  return bodies;
}

/** GET /api/session/{id}/network-requests: every request the session recorded, bodies and headers included. */
export async function sessionNetworkRequests(
  db: Database,
  blobs: BlobStore,
  session: SessionRow,
): Promise<z.output<typeof NetworkRequestsResponse>> {
  const rows = await recordedRequests(db, session.id);
  const bodies = await responseBodies(blobs, rows);
  const startedAtMs = sessionStartedAt(session).getTime();
  return {
    requests: rows.map((row, at) => ({
      id: row.id,
      method: row.method,
      url: row.url,
      resource_type: row.resourceType,
      status: row.status,
      content_type: row.contentType,
      request_headers: row.requestHeaders,
      response_headers: row.responseHeaders,
      request_body: row.requestBody,
      response_body: bodies[at] ?? null,
      truncated: row.truncated,
      started_at: row.startedAt ?? startedAtMs,
      duration_ms: row.durationMs,
      failed: row.failed,
      step_idx: row.stepIdx,
    })),
  };
}

/** GET /api/session/{id}/rrweb-actions: the steps' actions, with when each happened. */
export async function sessionRrwebActions(
  db: Database,
  session: SessionRow,
): Promise<z.output<typeof RrwebActionsResponse>> {
  const steps = await recordedSteps(db, session.id);
  const startedAtMs = sessionStartedAt(session).getTime();
  return {
    actions: steps.map((step) => ({
      idx: step.idx,
      action: step.action,
      offset_ms: Math.max(0, step.action.timestamp - startedAtMs),
    })),
  };
}
