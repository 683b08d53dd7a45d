import { Alert, Button, Group, JsonInput, Modal, Stack, Text } from '@mantine/core';
import {
  CreateTestCaseRequest,
  LAYOUT,
  MAX_OUTCOME_IMAGE_CHARS,
  OUTCOME_IMAGE_TOO_LARGE,
  type SessionDetailResponse,
} from '@proctor/contracts';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import {
  screenshotDataUrl,
  useCreateTestCases,
  useProposeFromSteps,
  useProposeOutcomeSchema,
} from '../hooks/testCaseWrites';
import { type SessionTestKind, sessionTestDraft, sessionTestRequest } from '../sessionTestDraft';
import { formatJson } from '../testCaseDrafts';
import { TestCaseTextFields } from './TestCaseTextFields';

export const SESSION_TEST_TITLES: Record<SessionTestKind, string> = {
  state: 'Create State Test',
  output: 'Create Output Test',
};

/** The screenshot shown for a step: before the action, else after it (as the step viewer shows it). */
function screenshotOf(detail: SessionDetailResponse, stepIndex: number): string | null {
  const step = detail.snapshot.snapshots[Math.min(stepIndex, detail.snapshot.snapshots.length - 1)];
  return step?.before_state?.screenshot_url ?? step?.after_state?.screenshot_url ?? null;
}

/** A new test case from this session (sessionTestDraft.ts says what each kind takes from it); mounted when open. */
export function SessionTestDialog({
  kind,
  detail,
  selectedStep,
  onClose,
}: {
  kind: SessionTestKind;
  detail: SessionDetailResponse;
  selectedStep: number;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateTestCases();
  const fromSteps = useProposeFromSteps();
  const outcome = useProposeOutcomeSchema();
  const [proposalError, setProposalError] = useState<string | null>(null);
  const form = useContractForm(CreateTestCaseRequest, sessionTestDraft(detail), {
    request: (values) => sessionTestRequest(kind, detail, values),
  });
  const { values, errors } = form;
  const screenshot = screenshotOf(detail, selectedStep);
  const changes = detail.state_mutation_count;

  const proposeFromSteps = () => {
    setProposalError(null);
    fromSteps.mutate(
      { session_id: detail.session.sessionId },
      {
        onSuccess: ({ prediction }) => form.set({ name: prediction.name, prompt: prediction.prompt }),
        onError: (error) => setProposalError(errorDetail(error)),
      },
    );
  };

  const proposeFromScreenshot = async () => {
    if (!screenshot) return;
    setProposalError(null);
    let img: string;
    try {
      img = await screenshotDataUrl(screenshot);
    } catch (error) {
      setProposalError(errorDetail(error));
      return;
    }
    if (img.length > MAX_OUTCOME_IMAGE_CHARS) {
      setProposalError(OUTCOME_IMAGE_TOO_LARGE);
      return;
    }
    outcome.mutate(
      { task: values.prompt.trim() || 'Report what the page shows', img },
      {
        onSuccess: ({ prediction }) =>
          form.set({
            name: prediction.name,
            prompt: prediction.prompt,
            outputSchema: formatJson(prediction.schema),
          }),
        onError: (error) => setProposalError(errorDetail(error)),
      },
    );
  };

  const submit = form.submit((request) =>
    create.mutate(request, {
      onSuccess: ({ testCases }) => {
        const [created] = testCases;
        notify.success(
          `${created?.name ?? 'The test case'} was created from this session`,
          'Test case created',
        );
        onClose();
        if (created) navigate(paths.testCase(created.publicId));
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to create test case'),
    }),
  );

  return (
    <Modal opened onClose={onClose} title={SESSION_TEST_TITLES[kind]} size={LAYOUT.dialogWidths.medium}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {detail.session.simulator === null ? (
            <Alert color="yellow" variant="light">
              This session ran on no simulator, so a test case cannot be made from it.
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              On {detail.session.simulator.name}.{' '}
              {kind === 'state'
                ? changes === 0
                  ? 'This session changed nothing: the test case will expect no changes.'
                  : `The session's ${changes} ${changes === 1 ? 'change becomes' : 'changes become'} the expected mutations.`
                : "The session's answer becomes the correct output, held to the output schema."}
            </Text>
          )}
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconSparkles size={16} />}
              onClick={proposeFromSteps}
              loading={fromSteps.isPending}
              disabled={detail.snapshot.snapshots.length === 0}
            >
              Propose name and prompt from the steps
            </Button>
            {kind === 'output' && (
              <Button
                variant="light"
                leftSection={<IconSparkles size={16} />}
                onClick={proposeFromScreenshot}
                loading={outcome.isPending}
                disabled={screenshot === null}
              >
                Propose from this step's screenshot
              </Button>
            )}
          </Group>
          {proposalError && (
            <Alert color="red" variant="light" title="No proposal">
              {proposalError}
            </Alert>
          )}
          <TestCaseTextFields field={form.field} />
          {kind === 'output' && (
            <>
              <JsonInput
                label="Correct output"
                description="The answer the session gave; leave empty to judge by the schema alone"
                autosize
                minRows={3}
                maxRows={12}
                value={values.correctOutputs}
                onChange={(correctOutputs) => form.set({ correctOutputs })}
                error={errors.correctOutputs}
              />
              <JsonInput
                label="Output schema"
                autosize
                minRows={4}
                maxRows={16}
                value={values.outputSchema}
                onChange={(outputSchema) => form.set({ outputSchema })}
                error={errors.outputSchema}
              />
            </>
          )}
          {errors.simulatorId && (
            <Text size="sm" c="red">
              {errors.simulatorId}
            </Text>
          )}
          <DialogActions
            submitLabel="Create"
            onCancel={onClose}
            pending={create.isPending}
            disabled={detail.session.simulator === null}
          />
        </Stack>
      </form>
    </Modal>
  );
}
