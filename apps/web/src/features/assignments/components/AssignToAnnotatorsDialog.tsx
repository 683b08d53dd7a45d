import { Badge, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
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
import { QueryView } from '../../../components/QueryView';
import {
  useAnnotatorOrganizations,
  useAssignToOrganizations,
  useTestCaseAssignments,
} from '../hooks/useTestCaseAssignment';

type AssignedTestCase = Pick<TestCase, 'id' | 'publicId' | 'name'>;

/** Assigning is for platform admins (001 §6: "is_admin sees Assign to Annotator"); the server holds the same. */
export const mayAssignToAnnotators = (user: Pick<User, 'permissions'>) => user.permissions.is_admin;

/**
 * Assign to Annotator Organizations (001 §2.13, §5): the annotator organizations, those already asked marked,
 * and how many sessions each should record. Assign stays disabled until one is chosen.
 */
export function AssignToAnnotatorsDialog({
  testCase,
  opened,
  onClose,
}: {
  testCase: AssignedTestCase;
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
      {opened && <AssignForm testCase={testCase} onClose={onClose} />}
    </Modal>
  );
}

function AssignForm({ testCase, onClose }: { testCase: AssignedTestCase; onClose: () => void }) {
  const organizations = useAnnotatorOrganizations(testCase.id, true);
  const assignments = useTestCaseAssignments(testCase.id, true);
  const assign = useAssignToOrganizations(testCase.publicId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [count, setCount] = useState(String(REQUESTED_RECORDING_COUNT.default));

  const submit = () => {
    if (chosen.length === 0) return;
    const requested = requestedRecordingCountOf(count);
    setCount(String(requested));
    assign.mutate(
      { organization_ids: chosen, requested_recording_count: requested },
      {
        onSuccess: () => {
          notify.success(ASSIGNMENT_MESSAGES.assigned);
          onClose();
        },
        onError: () => notify.error(ASSIGNMENT_MESSAGES.assignFailed),
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
          Ask annotator organizations to record <strong>{testCase.name}</strong>.
        </Text>
        <QueryView query={organizations} errorTitle={ASSIGNMENT_MESSAGES.organizationsFailed}>
          {(list) =>
            list.length === 0 ? (
              <Text size="sm" c="dimmed">
                No organization is an annotator organization yet.
              </Text>
            ) : (
              <Checkbox.Group
                label="Annotator organizations"
                value={chosen.map(String)}
                onChange={(values) => setChosen(values.map(Number))}
              >
                <Stack gap="xs" mt="xs">
                  {list.map((organization) => {
                    const progress = progressOf(organization.id);
                    return (
                      <Group key={organization.id} gap="sm" wrap="nowrap">
                        <Checkbox value={String(organization.id)} label={organization.name} />
                        {organization.is_assigned_to_test_case && (
                          <Badge variant="light" size="sm">
                            {progress
                              ? `Assigned · ${progress.recorded_count}/${progress.requested_recording_count} recorded`
                              : 'Assigned'}
                          </Badge>
                        )}
                      </Group>
                    );
                  })}
                </Stack>
              </Checkbox.Group>
            )
          }
        </QueryView>
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
