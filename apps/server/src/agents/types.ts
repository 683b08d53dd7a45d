import type { testCases } from '@proctor/db';
import type { JsonValue } from '@proctor/scoring';
import type { SimulatorDefinition, SimulatorInstance } from '@proctor/simulators';

/**
 * What an agent Proctor drives gets: the environment's browser, its instance, the task. Agents depend on this
 * file, not on the environment manager, which hands each RunDriver its context.
 */
export interface RunDriverContext {
  /** The browser-level DevTools endpoint of the environment's own Chromium. */
  wsEndpoint: string;
  /** The instance of the run's own simulator (its test case's; where the start URL is). */
  instance: SimulatorInstance;
  /** Every app's origin in the environment, the own simulator's first: more than one for a test case across apps. */
  origins: readonly string[];
  definition: SimulatorDefinition;
  testCase: typeof testCases.$inferSelect;
  sessionPublicId: string;
  /** Fires when the agent's time is up. */
  signal: AbortSignal;
}

/** An agent's run of one task: resolves with its answer (undefined: none) when it is done. */
export type RunDriver = (context: RunDriverContext) => Promise<JsonValue | undefined>;
