/**
 * What the platform needs to run a test case's reference solution (or its wrong variant) in Chromium. The
 * in-process client and the kit's browser-test helpers stay in @proctor/simulators/testing.
 */
export { launchChromium } from './testing/chromium';
export type { CrossAppEvaluation, CrossAppRun } from './testing/crossAppHarness';
export { evaluateCrossAppTestCase, runCrossAppTestCase } from './testing/crossAppHarness';
export type { TestCaseEvaluation } from './testing/evaluate';
export { evaluateTestCase } from './testing/evaluate';
export type { RunTestCaseOptions, SolutionVariant, TestCaseRun } from './testing/harness';
export { runTestCase } from './testing/harness';
export type { ProveOptions, RunQueue, SimulatorProof, TestCaseProof } from './testing/prove';
export { proveSimulator, runQueue } from './testing/prove';
