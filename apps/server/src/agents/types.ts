import type { testCases } from '@proctor/db';
import type { JsonValue } from '@proctor/scoring';
import type { SimulatorDefinition, SimulatorInstance } from '@proctor/simulators';

/**
 * What the model agents (the DOM agent, computer use, the step protocol's) read of a task: a browser, what to do,
 * where they may go. A test case's run gives one (RunDriverContext); so does run-task on the open web, whose task
 * is put as a test case's fields (its prompt, the answer's schema, whether an answer is scored).
 */
export interface TaskRun {
  /** The browser-level DevTools endpoint of the environment's own Chromium. */
  wsEndpoint: string;
  /**
   * The origins `navigate` may go to, the first where a relative URL resolves: every app's origin in the
   * environment, the own simulator's first. Empty on the open web (a browser session), where any http(s) URL may
   * be asked for and the session's proxy judges each request.
   */
  origins: readonly string[];
  testCase: Pick<TestCaseRow, 'prompt' | 'outputSchema' | 'scoringTypes'>;
  sessionPublicId: string;
  /** Fires when the agent's time is up. */
  signal: AbortSignal;
}

/** A model agent's run of one task: resolves with its answer (undefined: none) when it is done. */
export type TaskDriver = (run: TaskRun) => Promise<JsonValue | undefined>;

type TestCaseRow = typeof testCases.$inferSelect;

/**
 * What an agent Proctor drives on a test case gets: the task, and the environment's instance and simulator (the
 * built-in scripts and the replay read them). Agents depend on this file, not on the environment manager, which
 * hands each RunDriver its context.
 */
export interface RunDriverContext extends TaskRun {
  /** The instance of the run's own simulator (its test case's; where the start URL is). */
  instance: SimulatorInstance;
  definition: SimulatorDefinition;
  testCase: TestCaseRow;
}

/** An agent's run of one task: resolves with its answer (undefined: none) when it is done. */
export type RunDriver = (context: RunDriverContext) => Promise<JsonValue | undefined>;
