import type { WebFlowRunEvent, WebFlowRunState } from '@proctor/contracts';

/** Where one node of the flow is in the run on screen. */
export type NodeRunState = 'pending' | 'running' | 'completed' | 'failed';

export interface NodeProgress {
  state: NodeRunState;
  /** Why it failed ('Element not found: …'). */
  error: string | null;
}

/**
 * A run of the flow as the builder shows it (002 §4): each node's state from its node_start and node_end events,
 * the Output the extracts' outputs make, merged as they arrive, and how the run ended.
 */
export interface FlowRunProgress {
  state: 'running' | WebFlowRunState;
  nodes: Record<string, NodeProgress>;
  output: Record<string, unknown>;
  /** The kept run's public id, once run_end has said it. */
  runId: string | null;
  /** Why the run failed: its run_end's error, or the request's. */
  error: string | null;
}

export const STREAM_ENDED_EARLY = 'The run stopped answering before it ended';

/** A run that has just been asked for: every node waits its turn. */
export function startFlowRun(nodeIds: readonly string[]): FlowRunProgress {
  return {
    state: 'running',
    nodes: Object.fromEntries(nodeIds.map((id) => [id, { state: 'pending', error: null }])),
    output: {},
    runId: null,
    error: null,
  };
}

/** What a node run on its own starts from when no run is on screen: a finished run of no nodes yet. */
export function singleNodeRun(): FlowRunProgress {
  return { state: 'completed', nodes: {}, output: {}, runId: null, error: null };
}

/** The run after one line of its answer. */
export function applyFlowRunEvent(run: FlowRunProgress, event: WebFlowRunEvent): FlowRunProgress {
  switch (event.type) {
    case 'node_start':
      return { ...run, nodes: { ...run.nodes, [event.nodeId]: { state: 'running', error: null } } };
    case 'node_end':
      return {
        ...run,
        nodes: {
          ...run.nodes,
          [event.nodeId]: { state: event.ok ? 'completed' : 'failed', error: event.error ?? null },
        },
        // An extract's output joins the Output panel as soon as its node ends (002 §4).
        output: event.output ? { ...run.output, ...event.output } : run.output,
      };
    case 'run_end':
      return {
        ...run,
        state: event.state,
        runId: event.runId,
        // The kept response is the outputs merged by the server: what the Output panel shows at the end.
        output: Object.keys(event.response).length > 0 ? event.response : run.output,
        error: event.error ?? null,
        // A node still running when the run ended did not finish.
        nodes: Object.fromEntries(
          Object.entries(run.nodes).map(([id, node]) => [
            id,
            node.state === 'running' ? { state: 'failed', error: event.error ?? null } : node,
          ]),
        ),
      };
  }
}

/**
 * The run after its request ended: a refusal or a broken stream (`failure`), or an answer that ended without
 * run_end. A run that did end stays as it ended.
 */
export function finishFlowRun(run: FlowRunProgress, failure: string | null): FlowRunProgress {
  if (run.state !== 'running') return run;
  const error = failure ?? STREAM_ENDED_EARLY;
  return {
    ...run,
    state: 'failed',
    error,
    nodes: Object.fromEntries(
      Object.entries(run.nodes).map(([id, node]) => [
        id,
        node.state === 'running' ? { state: 'failed', error } : node,
      ]),
    ),
  };
}
