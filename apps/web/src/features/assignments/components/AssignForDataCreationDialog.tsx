import { Modal, Stack, Text } from '@mantine/core';
import { ASSIGNMENT_MESSAGES, LAYOUT, type Simulator } from '@proctor/contracts';
import { useState } from 'react';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { useAssignSimulatorForDataCreation } from '../hooks/useTestCaseAssignment';
import { AnnotatorOrganizationChoice } from './AnnotatorOrganizationChoice';

/**
 * Assign for Data Creation (001 §2.6, platform admins): the simulator becomes a data-creation assignment of each
 * chosen annotator organization, which works on it from /data-creation (000 §2.9).
 */
export function AssignForDataCreationDialog({
  simulator,
  opened,
  onClose,
}: {
  simulator: Pick<Simulator, 'id' | 'name'>;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Assign for Data Creation"
      size={LAYOUT.dialogWidths.small}
    >
      {opened && <AssignSimulatorForm simulator={simulator} onClose={onClose} />}
    </Modal>
  );
}

function AssignSimulatorForm({
  simulator,
  onClose,
}: {
  simulator: Pick<Simulator, 'id' | 'name'>;
  onClose: () => void;
}) {
  const assign = useAssignSimulatorForDataCreation(simulator.id);
  const [chosen, setChosen] = useState<number[]>([]);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length === 0) return;
        assign.mutate(chosen, {
          onSuccess: () => {
            notify.success(ASSIGNMENT_MESSAGES.simulatorAssigned);
            onClose();
          },
          onError: () => notify.error(ASSIGNMENT_MESSAGES.simulatorAssignFailed),
        });
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Ask annotator organizations to create data in <strong>{simulator.name}</strong>.
        </Text>
        <AnnotatorOrganizationChoice chosen={chosen} onChange={setChosen} />
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
