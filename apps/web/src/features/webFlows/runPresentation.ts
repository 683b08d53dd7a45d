import { NO_FIGURE, WEB_FLOW_RUN_STATE_COLORS, type WebFlowRun } from '@proctor/contracts';
import type { NodeRunState } from './flowRun';

/** The theme's colour for each of the spec's tones (002 §4): success, warning, primary, danger. */
const TONE_COLORS = {
  success: 'green',
  warning: 'yellow',
  primary: 'indigo',
  danger: 'red',
} as const satisfies Record<
  (typeof WEB_FLOW_RUN_STATE_COLORS)[keyof typeof WEB_FLOW_RUN_STATE_COLORS],
  string
>;

/** A run's (or a node's) state colour: completed green, pending yellow, running the primary, failed red. */
export const runStateColor = (state: NodeRunState): string => TONE_COLORS[WEB_FLOW_RUN_STATE_COLORS[state]];

/** How long a run took, in seconds to one decimal (002 §2.9); none while it has not both started and ended. */
export function runDurationSeconds(run: Pick<WebFlowRun, 'started_at' | 'completed_at'>): string {
  if (!run.started_at || !run.completed_at) return NO_FIGURE;
  const ms = Date.parse(run.completed_at) - Date.parse(run.started_at);
  if (!Number.isFinite(ms) || ms < 0) return NO_FIGURE;
  return `${(ms / 1000).toFixed(1)} s`;
}
