import { Badge, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  ASSIGNMENT_MESSAGES,
  LAYOUT,
  REQUESTED_RECORDING_COUNT,
  requestedRecordingCountOf,
  type TestCase,
  type User,
} from '@proctor/contracts';
import { useState } from 'react';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { useAssignToOrganizations, useTestCaseAssignments } from '../hooks/useTestCaseAssignment';
import { AnnotatorOrganizationChoice } from './AnnotatorOrganizationChoice';

type AssignedTestCase = Pick<TestCase, 'id' | 'publicId' | 'name'>;

/** Assigning is for platform admins (001 §6: "is_admin sees Assign to Annotator"); the server holds the same. */
export const mayAssignToAnnotators = (user: Pick<User, 'permissions'>) => user.permissions.is_admin;

/**
 * Assign to Annotator Organizations (001 §2.13, §5), from a test case's page or for the rows selected in the
 * simulator editor: the annotator organizations (for one test case, those already asked marked with their
 * progress) and how many sessions each should record. Assign stays disabled until one is chosen.
 */
export function AssignToAnnotatorsDialog({
  testCases,
  opened,
  onClose,
}: {
  testCases: AssignedTestCase[];
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Assign to Annotator Organizations"
      size={LAYOUT.dialogWidths.small}
    >
      {opened && <AssignForm testCases={testCases} onClose={onClose} />}
    </Modal>
  );
}

function AssignForm({ testCases, onClose }: { testCases: AssignedTestCase[]; onClose: () => void }) {
  const single = testCases.length === 1 ? testCases[0] : undefined;
  const assignments = useTestCaseAssignments(single?.id ?? 0, single !== undefined);
  const assign = useAssignToOrganizations();
  const [chosen, setChosen] = useState<number[]>([]);
  const [count, setCount] = useState(String(REQUESTED_RECORDING_COUNT.default));
  const messages = single
    ? { done: ASSIGNMENT_MESSAGES.assigned, failed: ASSIGNMENT_MESSAGES.assignFailed }
    : { done: ASSIGNMENT_MESSAGES.bulkAssigned, failed: ASSIGNMENT_MESSAGES.bulkAssignFailed };

  const submit = () => {
    if (chosen.length === 0) return;
    const requested = requestedRecordingCountOf(count);
    setCount(String(requested));
    assign.mutate(
      testCases.map((testCase) => ({
        testCasePublicId: testCase.publicId,
        organization_ids: chosen,
        requested_recording_count: requested,
      })),
      {
        onSuccess: () => {
          notify.success(messages.done);
          onClose();
        },
        onError: () => notify.error(messages.failed),
      },
    );
  };
  const progressOf = (organizationId: number) =>
    assignments.data?.assignments.find((a) => a.organization.id === organizationId);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Ask annotator organizations to record{' '}
          <strong>{single ? single.name : `${testCases.length} test cases`}</strong>.
        </Text>
        <AnnotatorOrganizationChoice
          testCaseId={single?.id}
          chosen={chosen}
          onChange={setChosen}
          badge={(organization) => {
            if (!organization.is_assigned_to_test_case) return null;
            const progress = progressOf(organization.id);
            return (
              <Badge variant="light" size="sm">
                {progress
                  ? `Assigned · ${progress.recorded_count}/${progress.requested_recording_count} recorded`
                  : 'Assigned'}
              </Badge>
            );
          }}
        />
        <TextInput
          label="Requested recordings"
          description={`Sessions each organization should record, ${REQUESTED_RECORDING_COUNT.min} to ${REQUESTED_RECORDING_COUNT.max}`}
          inputMode="numeric"
          value={count}
          onChange={(event) => setCount(event.currentTarget.value)}
          onBlur={() => setCount(String(requestedRecordingCountOf(count)))}
        />
        <DialogActions
          submitLabel="Assign"
          onCancel={onClose}
          pending={assign.isPending}
          disabled={chosen.length === 0}
        />
      </Stack>
    </form>
  );
}
