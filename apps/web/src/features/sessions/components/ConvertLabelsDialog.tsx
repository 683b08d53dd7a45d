import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  CreateTestCaseFromLabelsRequest,
  endpoints,
  LABEL_ANALYSIS_ERROR,
  LABEL_ANALYSIS_FAILED,
  LABEL_TEST_CASE_ERROR,
  LABEL_TEST_CASE_FAILED,
  LABEL_TEST_CASE_FIELDS_REQUIRED,
  LAYOUT,
  type LabelProposal,
  type SessionLabel,
} from '@proctor/contracts';
import { IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError, useEndpointQuery } from '../../../api';
import { useContractForm } from '../../../components/contractForm';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { useCreateTestCaseFromLabels, useSessionLabels } from '../hooks/useSessionLabels';
import { LabelCard } from './SessionLabels';

/** 000 §8: the server's message when it sent one, else the catalogue's sentence for a failure on the way. */
const failureText = (error: unknown, fallback: string) =>
  isApiError(error) && error.status > 0 ? error.detail : fallback;

/**
 * Convert to Test Case (000 §2.5): account admins, on a session of a sample test case that has labels. The
 * server refuses everyone else alike; the button only spares them a refusal.
 */
export function ConvertLabelsButton({ sessionId, isSample }: { sessionId: string; isSample: boolean }) {
  const user = useSignedInUser();
  const allowed = user.permissions.is_account_admin && isSample;
  const labels = useSessionLabels(sessionId, allowed);
  const [opened, setOpened] = useState(false);
  if (!allowed || !labels.data || labels.data.labels.length === 0) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconWand size={16} />} onClick={() => setOpened(true)}>
        Convert to Test Case
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Convert labels to a test case"
        size={LAYOUT.dialogWidths.medium}
      >
        {opened && (
          <LabelConversion
            sessionId={sessionId}
            labels={labels.data.labels}
            onClose={() => setOpened(false)}
          />
        )}
      </Modal>
    </>
  );
}

/**
 * The dialog's steps (000 §4.2 Label conversion): the configured model analyzes the labels (each opening asks
 * afresh: labels may have been added), then the proposal to edit, or the outlier warning with those labels
 * highlighted and the fields to fill; then Create, and the new test case's page.
 */
function LabelConversion({
  sessionId,
  labels,
  onClose,
}: {
  sessionId: string;
  labels: SessionLabel[];
  onClose: () => void;
}) {
  const analysis = useEndpointQuery(endpoints.analyzeSessionLabels, {
    params: { id: sessionId },
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
  });

  if (analysis.isPending || analysis.isFetching)
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Loader aria-label="Analyzing labels" />
          <Text size="sm" c="dimmed">
            Analyzing labels…
          </Text>
        </Stack>
      </Center>
    );
  if (analysis.isError)
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" title={LABEL_ANALYSIS_FAILED} role="alert">
          {failureText(analysis.error, LABEL_ANALYSIS_ERROR)}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button variant="light" onClick={() => void analysis.refetch()}>
            Try again
          </Button>
        </Group>
      </Stack>
    );
  return (
    <ProposalForm
      key={analysis.dataUpdatedAt}
      sessionId={sessionId}
      labels={labels}
      proposal={analysis.data}
      onClose={onClose}
    />
  );
}

function ProposalForm({
  sessionId,
  labels,
  proposal,
  onClose,
}: {
  sessionId: string;
  labels: SessionLabel[];
  proposal: LabelProposal;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const user = useSignedInUser();
  const create = useCreateTestCaseFromLabels(sessionId, (created) => {
    notify.success(created.message, 'Test case created');
    onClose();
    // The new test case's page (000 §2.6), for those who may open Tests; an annotator organization may not
    // (000 §2.1), and its page would only send them home, so they stay on the session with the notification.
    if (!user.organization?.isAnnotator) navigate(paths.testCase(created.new_test_case.publicId));
  });
  const [error, setError] = useState<string | null>(null);
  const form = useContractForm(CreateTestCaseFromLabelsRequest, {
    task_prompt: proposal.proposed_task_prompt ?? '',
    test_case_name: proposal.proposed_test_case_name ?? '',
  });
  const blank = form.values.task_prompt.trim() === '' || form.values.test_case_name.trim() === '';
  const outliers = new Set(proposal.outlier_indices);

  const submit = form.submit((request) => {
    setError(null);
    create.mutate(request, {
      onError: (failure) => setError(failureText(failure, LABEL_TEST_CASE_ERROR)),
    });
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {proposal.success ? (
          <Alert color="teal" variant="light" title="Proposal">
            {proposal.message}
          </Alert>
        ) : (
          <>
            <Alert color="yellow" variant="light" title="The labels do not all agree" role="alert">
              {proposal.message}
            </Alert>
            <Stack gap="xs" aria-label="Analyzed labels" component="section">
              {labels.map((label, index) => (
                <LabelCard key={label.id} label={label} outlier={outliers.has(index)} />
              ))}
            </Stack>
          </>
        )}
        <Textarea
          label="Task prompt"
          withAsterisk
          autosize
          minRows={3}
          maxRows={10}
          {...form.field('task_prompt')}
        />
        <TextInput label="Test case name" withAsterisk {...form.field('test_case_name')} />
        {blank && (
          <Text size="xs" c="dimmed">
            {LABEL_TEST_CASE_FIELDS_REQUIRED}
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" title={LABEL_TEST_CASE_FAILED} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank} loading={create.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
