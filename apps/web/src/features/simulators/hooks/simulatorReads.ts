import { endpoints } from '@proctor/contracts';

/**
 * The reads a change to simulators or test cases makes stale: simulators show test case counts and lists,
 * test cases show their simulator, so both refresh together. The datasets page refetches its list whenever it
 * opens, so it needs no call from here.
 */
export const CATALOGUE_READS = [
  endpoints.simulators,
  endpoints.simulator,
  endpoints.testCases,
  endpoints.testCase,
  endpoints.mergedMutations,
];
