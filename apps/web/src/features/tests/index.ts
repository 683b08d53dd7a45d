export { TEST_CASES_QUERY_KEY, type TestCaseListFilters, useTestCases } from './hooks/useTestCases';
export { TestCasePage } from './pages/TestCasePage';
export { TestsPage } from './pages/TestsPage';
