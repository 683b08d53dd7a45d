import type { SessionDetailResponse, SnapshotStep } from '@proctor/contracts';

export type NetworkSummaryEntry = SessionDetailResponse['network_summary'][number];

export interface TimelineStepMark {
  /** Index into the steps array (the slider's position), not the step's recorded idx. */
  index: number;
  offsetMs: number;
  /** 0..1 along the axis. */
  position: number;
}

export interface TimelineRequestMark {
  id: number;
  method: string;
  url: string;
  status: number | null;
  offsetMs: number;
  position: number;
  /** 0..1 of the axis the request took; 0 while unfinished. */
  width: number;
  /** The step the request started during (index into the steps array), or null before the first. */
  stepIndex: number | null;
}

export interface TimelineMutationMark {
  stepIndex: number;
  /** How many state mutations happened during the step. */
  count: number;
  position: number;
}

export interface SessionTimelineModel {
  durationMs: number;
  steps: TimelineStepMark[];
  requests: TimelineRequestMark[];
  mutations: TimelineMutationMark[];
}

/**
 * Steps, network requests and state mutations on one time axis from the session's start (000 §2.5). Steps and
 * requests carry their own offsets; a step's mutations are those of its `mutation_range`, drawn at the step.
 */
export function sessionTimeline(
  steps: readonly SnapshotStep[],
  requests: readonly NetworkSummaryEntry[],
): SessionTimelineModel {
  const ends = [
    ...steps.map((step) => step.offset_ms),
    ...requests.map((request) => request.offset_ms + (request.duration_ms ?? 0)),
  ];
  const durationMs = Math.max(1, ...ends);
  const at = (ms: number) => Math.min(1, Math.max(0, ms / durationMs));
  const indexByIdx = new Map(steps.map((step, index) => [step.idx, index]));

  return {
    durationMs,
    steps: steps.map((step, index) => ({ index, offsetMs: step.offset_ms, position: at(step.offset_ms) })),
    requests: requests.map((request) => ({
      id: request.id,
      method: request.method,
      url: request.url,
      status: request.status,
      offsetMs: request.offset_ms,
      position: at(request.offset_ms),
      width: Math.max(0, Math.min((request.duration_ms ?? 0) / durationMs, 1 - at(request.offset_ms))),
      stepIndex: request.step_idx === null ? null : (indexByIdx.get(request.step_idx) ?? null),
    })),
    mutations: steps.flatMap((step, index) => {
      const count = step.mutation_range[1] - step.mutation_range[0];
      return count > 0 ? [{ stepIndex: index, count, position: at(step.offset_ms) }] : [];
    }),
  };
}
