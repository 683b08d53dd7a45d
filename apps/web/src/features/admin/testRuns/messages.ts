/** The Test Run Dumps tab's and the run report's texts (002 §8, admin). */
export const TEST_RUN_MESSAGES = {
  loadDumpsFailed: 'Failed to load test run dumps',
  downloadFailed: 'Failed to download test run dump',
  contentsFailed: 'Failed to load test run dump contents',
  loadResultFailed: 'Failed to load test run result',
  loadRunDataFailed: 'Failed to load run data',
  runFailed: 'The run failed',
  pdfExported: 'PDF exported successfully!',
  pdfFailed: 'Failed to export PDF. Please try again.',
  loadingLogs: 'Loading logs...',
  logFailed: 'Failed to load log: ',
  noLogContent: 'No log content received',
  noScreenshots: 'No screenshots available',
  noTags: 'No tags',
  noDumps: 'No test runs yet',
  started: (tests: number, simulators: readonly string[]) =>
    `Test run started: ${tests} ${tests === 1 ? 'test' : 'tests'} on ${simulators.join(', ')}`,
} as const;
