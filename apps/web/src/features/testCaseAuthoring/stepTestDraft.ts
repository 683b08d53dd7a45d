import {
  type SessionDetailResponse,
  STEP_TEST_SCORING_TYPES,
  type StepTestScoringType,
  type TestCaseScoringType,
} from '@proctor/contracts';
import {
  formatJson,
  type PersonStep,
  personSteps,
  schemaOfValue,
  startUrlOf,
  stepScoringConfig,
} from './testCaseDrafts';

/**
 * A step test case (001 §2.3 "Create Step Test Case", §5): a session replayed to one of its steps, judged by one
 * of the step scoring types. The replay index is the step's place among all the session's steps, so it counts
 * the simulator's own steps (the reset's navigation) that the picker leaves out (001 §5: "offset by the number
 * of simulator snapshot steps"). It is kept in simulatorConfig (replay_session_id, single_step_replay_index).
 */
export interface StepTestForm {
  sessionId: string | null;
  /** The chosen PersonStep's replayIndex, as a Select gives it. */
  replayIndex: string | null;
  scoringType: string;
  scoringConfig: string;
  scoringTypes: TestCaseScoringType[];
  name: string;
  startUrl: string;
  prompt: string;
  outputSchema: string;
  /** What the author wants checked, for a proposal from a description (not sent with the test case). */
  description: string;
}

export const EMPTY_STEP_TEST: StepTestForm = {
  sessionId: null,
  replayIndex: null,
  scoringType: 'page_action_sequence',
  scoringConfig: '',
  scoringTypes: ['mutations'],
  name: '',
  startUrl: '',
  prompt: '',
  outputSchema: formatJson(schemaOfValue({})),
  description: '',
};

export const isStepTestScoringType = (type: string): type is StepTestScoringType =>
  Object.hasOwn(STEP_TEST_SCORING_TYPES, type);

/**
 * What a test case of this scoring configuration type is judged on: an output match on the answer (held to the
 * output schema too); the others (action and state matches, offline step, human review, an API scorer) on what
 * the session did, its mutations.
 */
export const scoringTypesFor = (type: string): TestCaseScoringType[] =>
  type === 'offline_exact_output_match' ? ['output'] : ['mutations'];

/** The form's fields that follow from the session, the step and the scoring type (the rest the author keeps). */
export function stepDraft(
  detail: SessionDetailResponse,
  replayIndex: number,
  type: StepTestScoringType,
): Pick<StepTestForm, 'scoringConfig' | 'scoringTypes'> {
  const steps: PersonStep[] = personSteps(detail.snapshot.snapshots);
  return {
    scoringConfig: formatJson(stepScoringConfig(type, steps, replayIndex, detail.session.output)),
    scoringTypes: scoringTypesFor(type),
  };
}

/** What a newly chosen session fills in: its start, its prompt, its last step. */
export function sessionDraft(detail: SessionDetailResponse, form: StepTestForm): Partial<StepTestForm> {
  const last = personSteps(detail.snapshot.snapshots).at(-1);
  const type = isStepTestScoringType(form.scoringType) ? form.scoringType : 'page_action_sequence';
  return {
    replayIndex: last ? String(last.replayIndex) : null,
    startUrl: startUrlOf(detail),
    prompt: form.prompt || (detail.session.prompt ?? ''),
    ...(last ? stepDraft(detail, last.replayIndex, type) : {}),
  };
}

/** The form's own rules on top of CreateTestCaseRequest's (001 §5: "Invalid scoring type"). */
export function stepTestProblems(form: StepTestForm): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!form.sessionId) problems.sessionId = 'Choose a session';
  else if (form.replayIndex === null) problems.replayIndex = 'Choose the step the test case replays to';
  if (!isStepTestScoringType(form.scoringType)) problems.scoringType = 'Invalid scoring type';
  return problems;
}

/** What POST /api/testcases is sent for a step test case of `datasetId`. */
export function stepTestRequest(
  form: StepTestForm,
  detail: SessionDetailResponse | undefined,
  datasetId: number,
) {
  const sessionId = detail?.session.sessionId;
  return {
    mode: 'single' as const,
    simulatorId: detail?.session.simulator?.id,
    testCaseSetId: datasetId,
    name: form.name,
    prompt: form.prompt,
    startUrl: form.startUrl || undefined,
    scoringTypes: form.scoringTypes,
    defaultScoringConfig: form.scoringConfig,
    ...(form.scoringTypes.includes('output') ? { outputSchema: form.outputSchema } : {}),
    // A state check of a step test case expects what the recorded session changed.
    ...(form.scoringTypes.includes('mutations') && sessionId
      ? { expectedMutationsFromSession: sessionId }
      : {}),
    simulatorConfig: {
      replay_session_id: sessionId ?? null,
      single_step_replay_index: form.replayIndex === null ? null : Number(form.replayIndex),
    },
  };
}
