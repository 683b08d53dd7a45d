export { EnvironmentField } from './components/EnvironmentField';
export { ExpectationAppsField } from './components/ExpectationAppsField';
export { OtherSimulatorsField } from './components/OtherSimulatorsField';
export { SessionTestActions } from './components/SessionTestActions';
export { SESSION_TEST_TITLES } from './components/SessionTestDialog';
export { ScoringTypesField, TestCaseTextFields } from './components/TestCaseTextFields';
export {
  type CreateTestCasesBody,
  screenshotDataUrl,
  useCreateTestCases,
  useProposeFromPrompt,
  useProposeFromSteps,
  useProposeOutcomeSchema,
} from './hooks/testCaseWrites';
export {
  EMPTY_STEP_TEST,
  isStepTestScoringType,
  type StepTestForm,
  scoringTypesFor,
  sessionDraft,
  stepDraft,
  stepTestProblems,
  stepTestRequest,
} from './stepTestDraft';
export { appNames, otherSimulatorOptions } from './testCaseApps';
export { describeStep, formatJson, personSteps } from './testCaseDrafts';
