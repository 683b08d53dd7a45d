/**
 * @proctor/simulators: the simulator kit and the built-in simulators. Running reference solutions in Chromium is
 * @proctor/simulators/reference; helpers for tests (an in-process client) are in @proctor/simulators/testing.
 */
export { builtInSimulators, builtInTestCase } from './apps/index';
export { builtInCrossAppTestCases } from './crossApp/index';
export * from './kit';
export * from './proxy/index';
