import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import type { OrganizationAssignment, Simulator } from '@proctor/contracts';
import { useState } from 'react';
import { FREE_PLAY } from '../../environments';

const FREE_PLAY_VALUE = '(free-play)';

export type RecorderChoice =
  | { kind: 'assignment'; assignment: OrganizationAssignment }
  | { kind: 'freePlay'; simulator: Simulator };

/**
 * Chooses what to record (000 §2.8): a simulator, then one of its assigned test cases or "No Test Case
 * (Free Play)". Only simulators the person may start are offered.
 */
export function RecorderPickerDialog({
  opened,
  onClose,
  simulators,
  assignments,
  initialSimulatorId,
  onChoose,
}: {
  opened: boolean;
  onClose: () => void;
  simulators: Simulator[];
  assignments: OrganizationAssignment[];
  initialSimulatorId: number | null;
  onChoose: (choice: RecorderChoice) => void;
}) {
  const startable = simulators.filter((simulator) => simulator.enabled);
  const [simulatorId, setSimulatorId] = useState<string | null>(
    initialSimulatorId === null
      ? startable[0]
        ? String(startable[0].id)
        : null
      : String(initialSimulatorId),
  );
  const [testCase, setTestCase] = useState<string>(FREE_PLAY_VALUE);
  const simulator = startable.find((candidate) => String(candidate.id) === simulatorId);
  const ofSimulator = assignments.filter((a) => String(a.test_case.simulator_id) === simulatorId);

  const choose = () => {
    if (!simulator) return;
    const assignment = ofSimulator.find((a) => a.test_case.publicId === testCase);
    onChoose(assignment ? { kind: 'assignment', assignment } : { kind: 'freePlay', simulator });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Choose a test case" centered>
      <Stack gap="md">
        <Select
          label="Environment"
          allowDeselect={false}
          value={simulatorId}
          onChange={(value) => {
            setSimulatorId(value);
            setTestCase(FREE_PLAY_VALUE);
          }}
          data={startable.map((candidate) => ({
            value: String(candidate.id),
            label: candidate.config.title ?? candidate.name,
          }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Test case"
          allowDeselect={false}
          searchable
          value={testCase}
          onChange={(value) => setTestCase(value ?? FREE_PLAY_VALUE)}
          data={[
            { value: FREE_PLAY_VALUE, label: FREE_PLAY },
            ...ofSimulator.map((a) => ({ value: a.test_case.publicId, label: a.test_case.name })),
          ]}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={choose} disabled={!simulator}>
            Start
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
