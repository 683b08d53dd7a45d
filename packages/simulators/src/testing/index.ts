/** Browser-driven testing of simulators: launch the system Chromium, run reference solutions, visit instances. */
export { launchChromium } from './chromium';
export type { ClientResponse } from './client';
export { InstanceClient } from './client';
export type { CrossAppEvaluation, CrossAppProof, CrossAppRun } from './crossAppHarness';
export { evaluateCrossAppTestCase, proveCrossAppTestCases, runCrossAppTestCase } from './crossAppHarness';
export type { RunTestCaseOptions, SolutionVariant, TestCaseRun } from './harness';
export { playOn, runTestCase } from './harness';
export type { ProveOptions, RunQueue, SimulatorProof, TestCaseProof } from './prove';
export { proveSimulator, runQueue } from './prove';
export type { SolveContext } from './testCase';
