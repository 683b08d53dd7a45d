export { ACTION_COLORS, SessionLinks } from './components/MutationConflictTab';
export { MutationGenerationDialog, useMutationGenerationDialog } from './components/MutationGenerationDialog';
export { useMergedMutations } from './hooks/useMergedMutations';
export { useTestCase } from './hooks/useTestCase';
export { type TestCaseListFilters, useTestCases } from './hooks/useTestCases';
export { isNoSessionsError, MERGED_MUTATIONS_FAILED } from './mutationComparison';
export type { GenerationTarget } from './mutationGeneration';
export { TEST_CASE_NOT_FOUND, TestCasePage } from './pages/TestCasePage';
export { TestsPage } from './pages/TestsPage';
