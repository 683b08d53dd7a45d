import { Alert, Button, Group, JsonInput, Modal, Select, Stack, Textarea } from '@mantine/core';
import {
  CreateTestCaseRequest,
  endpoints,
  LAYOUT,
  MAX_OUTCOME_IMAGE_CHARS,
  OUTCOME_IMAGE_TOO_LARGE,
  type Prediction,
  STEP_TEST_SCORING_TYPES,
  type TestCaseSet,
} from '@proctor/contracts';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail, useEndpointQuery } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import {
  describeStep,
  EMPTY_STEP_TEST,
  formatJson,
  isStepTestScoringType,
  personSteps,
  ScoringTypesField,
  screenshotDataUrl,
  sessionDraft,
  stepDraft,
  stepTestProblems,
  stepTestRequest,
  TestCaseTextFields,
  useCreateTestCases,
  useProposeFromPrompt,
  useProposeFromSteps,
  useProposeOutcomeSchema,
} from '../../testCaseAuthoring';

/** How many of the organization's latest sessions the picker offers. */
const SESSION_CHOICES = 100;

const SCORING_TYPE_OPTIONS = Object.entries(STEP_TEST_SCORING_TYPES).map(([value, label]) => ({
  value,
  label,
}));

/**
 * Create Step Test Case (001 §2.3, §5): a recorded session replayed to one of its steps becomes a test case of
 * the dataset. The configured model may fill the form from the steps (generate-prediction-from-steps), from the
 * author's description (generate-prediction) or from the step's screenshot (generate-outcome-schema).
 */
export function CreateStepTestCaseDialog({
  dataset,
  onClose,
}: {
  dataset: TestCaseSet;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateTestCases();
  const fromSteps = useProposeFromSteps();
  const fromPrompt = useProposeFromPrompt();
  const outcome = useProposeOutcomeSchema();
  const [proposalError, setProposalError] = useState<string | null>(null);
  const sessions = useEndpointQuery(endpoints.listSessions, { query: { pageSize: SESSION_CHOICES } });
  const [sessionId, setSessionId] = useState<string | null>(null);
  const session = useEndpointQuery(endpoints.getSession, {
    params: { id: sessionId ?? '' },
    enabled: sessionId !== null,
  });
  const detail = sessionId !== null ? session.data : undefined;
  const form = useContractForm(CreateTestCaseRequest, EMPTY_STEP_TEST, {
    request: (values) => stepTestRequest(values, detail, dataset.id),
    check: stepTestProblems,
  });
  const { values, errors } = form;
  const steps = detail ? personSteps(detail.snapshot.snapshots) : [];
  const chosenStep = steps.find((step) => String(step.replayIndex) === values.replayIndex);
  const screenshot =
    chosenStep?.step.after_state?.screenshot_url ?? chosenStep?.step.before_state?.screenshot_url ?? null;

  // A newly loaded session fills the form once: its start, prompt, last step and the drafts that follow.
  const [filledFrom, setFilledFrom] = useState<string | null>(null);
  if (detail && filledFrom !== detail.session.sessionId) {
    setFilledFrom(detail.session.sessionId);
    form.set(sessionDraft(detail, values));
  }

  const redraft = (replayIndex: string | null, scoringType: string) => {
    form.set({ replayIndex, scoringType });
    if (detail && replayIndex !== null && isStepTestScoringType(scoringType))
      form.set(stepDraft(detail, Number(replayIndex), scoringType));
  };

  const takePrediction = (prediction: Prediction) => {
    form.set({ name: prediction.name, prompt: prediction.prompt });
    redraft(values.replayIndex, prediction.evaluation_mode);
  };
  const failed = (error: Error) => setProposalError(errorDetail(error));

  const proposeFromSteps = () => {
    if (!detail || values.replayIndex === null) return;
    setProposalError(null);
    fromSteps.mutate(
      { session_id: detail.session.sessionId, last_step: Number(values.replayIndex) + 1 },
      { onSuccess: ({ prediction }) => takePrediction(prediction), onError: failed },
    );
  };

  const proposeFromDescription = () => {
    setProposalError(null);
    fromPrompt.mutate(
      { prompt: values.description, task: values.prompt || detail?.session.prompt || values.description },
      { onSuccess: ({ prediction }) => takePrediction(prediction), onError: failed },
    );
  };

  const proposeFromScreenshot = async () => {
    if (!screenshot) return;
    setProposalError(null);
    let img: string;
    try {
      img = await screenshotDataUrl(screenshot);
    } catch (error) {
      failed(error as Error);
      return;
    }
    if (img.length > MAX_OUTCOME_IMAGE_CHARS) return setProposalError(OUTCOME_IMAGE_TOO_LARGE);
    outcome.mutate(
      { task: values.prompt.trim() || 'Report what the page shows', img },
      {
        onSuccess: ({ prediction }) => {
          form.set({
            name: prediction.name,
            prompt: prediction.prompt,
            outputSchema: formatJson(prediction.schema),
          });
          redraft(values.replayIndex, 'offline_exact_output_match');
        },
        onError: failed,
      },
    );
  };

  const submit = form.submit((request) =>
    create.mutate(request, {
      onSuccess: ({ testCases }) => {
        const [created] = testCases;
        notify.success(
          `${created?.name ?? 'The test case'} was added to ${dataset.name}`,
          'Test case created',
        );
        onClose();
        if (created) navigate(paths.testCase(created.publicId));
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to create test case'),
    }),
  );

  const sessionOptions = (sessions.data?.sessions ?? [])
    .filter((item) => item.stepCount > 0 && item.simulator !== null)
    .map((item) => ({
      value: item.sessionId,
      label: `${item.testCase?.name ?? 'No test case'} · ${item.simulator?.name} · ${item.stepCount} steps · ${item.sessionId.slice(0, 8)}`,
    }));
  const proposing = fromSteps.isPending || fromPrompt.isPending || outcome.isPending;

  return (
    <Modal opened onClose={onClose} title="Create Step Test Case" size={LAYOUT.dialogWidths.medium}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Select
            label="Session"
            required
            placeholder={sessions.isPending ? 'Loading sessions…' : 'Choose a recorded session'}
            data={sessionOptions}
            value={sessionId}
            onChange={(value) => {
              setSessionId(value);
              form.set({ sessionId: value, replayIndex: null });
            }}
            searchable
            nothingFoundMessage="No recorded sessions"
            error={errors.sessionId ?? (session.isError ? errorDetail(session.error) : undefined)}
          />
          <Select
            label="Replay to step"
            required
            disabled={!detail}
            data={steps.map((step) => ({ value: String(step.replayIndex), label: describeStep(step) }))}
            value={values.replayIndex}
            onChange={(value) => redraft(value, values.scoringType)}
            error={errors.replayIndex}
          />
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} />}
              onClick={proposeFromSteps}
              loading={fromSteps.isPending}
              disabled={!detail || values.replayIndex === null || proposing}
            >
              Propose from the steps
            </Button>
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} />}
              onClick={proposeFromScreenshot}
              loading={outcome.isPending}
              disabled={screenshot === null || proposing}
            >
              Propose an output test from the screenshot
            </Button>
          </Group>
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <Textarea
              label="What should it check?"
              description="A description the model turns into a name, a prompt and a scoring type"
              autosize
              minRows={1}
              style={{ flex: 1 }}
              {...form.field('description')}
            />
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} />}
              onClick={proposeFromDescription}
              loading={fromPrompt.isPending}
              disabled={!values.description.trim() || proposing}
            >
              Propose
            </Button>
          </Group>
          {proposalError && (
            <Alert color="red" variant="light" title="No proposal">
              {proposalError}
            </Alert>
          )}
          <TestCaseTextFields field={form.field} />
          <Select
            label="Scoring type"
            required
            data={SCORING_TYPE_OPTIONS}
            value={values.scoringType}
            onChange={(value) => redraft(values.replayIndex, value ?? '')}
            error={errors.scoringType}
          />
          <JsonInput
            label="Scoring configuration"
            description="Drafted from the session up to the chosen step; edit it as needed"
            autosize
            minRows={4}
            maxRows={14}
            value={values.scoringConfig}
            onChange={(scoringConfig) => form.set({ scoringConfig })}
            error={errors.defaultScoringConfig}
          />
          <ScoringTypesField
            value={values.scoringTypes}
            onChange={(scoringTypes) => form.set({ scoringTypes })}
            error={errors.scoringTypes}
            description="Mutations: the session's changes are expected. Output: the answer is held to the schema."
          />
          {values.scoringTypes.includes('output') && (
            <JsonInput
              label="Output schema"
              autosize
              minRows={4}
              maxRows={14}
              value={values.outputSchema}
              onChange={(outputSchema) => form.set({ outputSchema })}
              error={errors.outputSchema}
            />
          )}
          <DialogActions submitLabel="Create" onCancel={onClose} pending={create.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
