import type {
  Mutation,
  ReferenceSnapshot,
  SessionDetailResponse,
  SnapshotStep,
  SubtaskMethod,
  TrajectoryDecomposition,
} from '@proctor/contracts';
import { actionSummary } from './actionSummary';
import { appOfUrl } from './sessionApps';

export type NetworkSummaryEntry = SessionDetailResponse['network_summary'][number];

export interface TimelineStepMark {
  /** Index into the steps array (the slider's position), not the step's recorded idx. */
  index: number;
  offsetMs: number;
  /** 0..1 along the axis. */
  position: number;
  /** The app its page was on, in a session of several apps; null otherwise. */
  app: string | null;
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
  /** The apps the mutations were made in, in a session of several apps; empty otherwise. */
  apps: string[];
}

/** A subtask as a labelled group of consecutive steps on the axis. */
export interface TimelineSubtaskMark {
  /** 0-based, in order. */
  number: number;
  description: string;
  transition: string | null;
  /** The steps (indexes into the steps array) it groups: from `firstStep` to `lastStep`, both included. */
  firstStep: number;
  lastStep: number;
  position: number;
  /** 0..1 of the axis, up to where the next subtask begins (the last one: to its last step). */
  width: number;
}

/** The test case's reference session on the same axis, each from its own start: the agent beside it. */
export interface TimelineReference {
  sessionId: string;
  source: ReferenceSnapshot['source'];
  steps: Array<{ offsetMs: number; position: number; label: string }>;
}

export interface SessionTimelineModel {
  durationMs: number;
  steps: TimelineStepMark[];
  requests: TimelineRequestMark[];
  mutations: TimelineMutationMark[];
  subtasks: TimelineSubtaskMark[];
  /** Who split the session into subtasks, and why the rule did it though a model is configured; null before post-processing. */
  subtaskSource: { method: SubtaskMethod; fallbackReason: string | null } | null;
  reference: TimelineReference | null;
}

/**
 * Steps, network requests and state mutations on one time axis from the session's start (000 §2.5), with the
 * session's subtasks over its steps and its reference session's steps beside them. Steps and requests carry their
 * own offsets; a step's mutations are those of its `mutation_range`, drawn at the step.
 */
export function sessionTimeline(
  steps: readonly SnapshotStep[],
  requests: readonly NetworkSummaryEntry[],
  beside: {
    decomposition?: TrajectoryDecomposition | null;
    reference?: ReferenceSnapshot | null;
    /** In a session of several apps (namesApps): its environment and mutations, to name each mark's app. */
    apps?: { environmentId: string | null; mutations: readonly Mutation[] } | null;
  } = {},
): SessionTimelineModel {
  const decomposition = beside.decomposition ?? null;
  const reference = beside.reference ?? null;
  const apps = beside.apps ?? null;
  const ends = [
    ...steps.map((step) => step.offset_ms),
    ...requests.map((request) => request.offset_ms + (request.duration_ms ?? 0)),
    ...(reference?.snapshots.map((step) => step.offset_ms) ?? []),
  ];
  const durationMs = Math.max(1, ...ends);
  const at = (ms: number) => Math.min(1, Math.max(0, ms / durationMs));
  const indexByIdx = new Map(steps.map((step, index) => [step.idx, index]));

  return {
    durationMs,
    steps: steps.map((step, index) => {
      const page = step.before_state ?? step.after_state;
      const app = apps && page ? appOfUrl(page.current_url, apps.environmentId) : null;
      return { index, offsetMs: step.offset_ms, position: at(step.offset_ms), app };
    }),
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
      const [from, to] = step.mutation_range;
      const count = to - from;
      const made = apps?.mutations.slice(from, to).flatMap((mutation) => mutation.simulator ?? []) ?? [];
      return count > 0
        ? [{ stepIndex: index, count, position: at(step.offset_ms), apps: [...new Set(made)] }]
        : [];
    }),
    subtasks: subtaskMarks(steps, decomposition, at),
    subtaskSource: decomposition
      ? { method: decomposition.method, fallbackReason: decomposition.fallback_reason }
      : null,
    reference: reference && {
      sessionId: reference.id,
      source: reference.source,
      steps: reference.snapshots.map((step, index) => {
        const { label, detail } = actionSummary(step.action);
        return {
          offsetMs: step.offset_ms,
          position: at(step.offset_ms),
          label: `Reference step ${index + 1}: ${label} ${detail}`,
        };
      }),
    },
  };
}

/**
 * Each subtask over the steps its actions are: a step its decomposition leaves out (a mouse move, the platform's
 * own navigation) belongs with the subtask before it, so the groups cover the steps without gaps.
 */
function subtaskMarks(
  steps: readonly SnapshotStep[],
  decomposition: TrajectoryDecomposition | null,
  at: (ms: number) => number,
): TimelineSubtaskMark[] {
  if (!decomposition || steps.length === 0) return [];
  const subtaskOf = new Map<string, number>();
  decomposition.subtasks.forEach((subtask, number) => {
    for (const id of subtask.action_description.action_ids) subtaskOf.set(id, number);
  });
  const owner: Array<number | null> = [];
  let current: number | null = null;
  for (const step of steps) {
    current = subtaskOf.get(step.action.id) ?? current;
    owner.push(current);
  }
  const marks: TimelineSubtaskMark[] = [];
  decomposition.subtasks.forEach((subtask, number) => {
    const firstStep = owner.indexOf(number);
    if (firstStep < 0) return;
    marks.push({
      number,
      description: subtask.action_description.description,
      transition: subtask.transition_description,
      firstStep,
      lastStep: owner.lastIndexOf(number),
      position: at(steps[firstStep]!.offset_ms),
      width: 0,
    });
  });
  marks.forEach((mark, i) => {
    const next = marks[i + 1];
    const end = next ? next.position : at(steps[mark.lastStep]!.offset_ms);
    mark.width = Math.max(0, end - mark.position);
  });
  return marks;
}

/** The subtask a step belongs to, or null (before the first, or without subtasks). */
export function subtaskOfStep(model: SessionTimelineModel, stepIndex: number): TimelineSubtaskMark | null {
  return model.subtasks.find((mark) => mark.firstStep <= stepIndex && stepIndex <= mark.lastStep) ?? null;
}
