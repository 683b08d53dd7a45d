/**
 * @proctor/simulators: the simulator kit and the built-in simulators. Browser-driven helpers (Chromium, the
 * test-case harness, an in-process client) are in @proctor/simulators/testing.
 */
export { builtInSimulators } from './apps/index';
export * from './kit';
