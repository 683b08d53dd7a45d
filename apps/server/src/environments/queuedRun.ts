import type { Plan } from '@proctor/contracts';
import type { SimulatorRow, TestCaseRow } from './live';
import type { EnvironmentOwner } from './records';

/** A queued run, as services/runs.ts reads it from its session. */
export interface QueuedRun {
  sessionId: number;
  sessionPublicId: string;
  owner: EnvironmentOwner;
  simulator: SimulatorRow;
  testCase: TestCaseRow;
  /** The organization's plan, which may set its limit of environments. */
  plan: Plan;
}

/** The environment of a queued run could not be set up: the agent never started, so the run may be tried again. */
export class RunSetupError extends Error {
  override name = 'RunSetupError';
}

/** A run that cannot be run here at all (trying again will not help). */
export class RunRefusedError extends Error {
  override name = 'RunRefusedError';
}
