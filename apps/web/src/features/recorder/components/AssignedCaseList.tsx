import { Badge, Collapse, Group, NavLink, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import type { OrganizationAssignment, Simulator } from '@proctor/contracts';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { SiteIcon } from '../../../components/SiteIcon';
import { groupForRecorder } from '../recorderQueue';

const ALL_SIMULATORS = 'all';

function CaseRow({
  assignment,
  active,
  disabled,
  onOpen,
}: {
  assignment: OrganizationAssignment;
  active: boolean;
  disabled: boolean;
  onOpen: (assignment: OrganizationAssignment) => void;
}) {
  return (
    <NavLink
      active={active}
      disabled={disabled}
      onClick={() => onOpen(assignment)}
      label={assignment.test_case.name}
      data-testid="recorder-case"
      data-public-id={assignment.test_case.publicId}
      rightSection={
        <Badge variant="light" radius="sm" color="gray" data-testid="recorder-case-count">
          {assignment.recorded_count}/{assignment.requested_recording_count}
        </Badge>
      }
    />
  );
}

/**
 * The right panel's list (000 §2.8): a simulator filter, the cases still to record grouped by simulator with
 * their recorded/requested counts, and a collapsible Completed group.
 */
export function AssignedCaseList({
  assignments,
  simulators,
  filter,
  onFilter,
  markedThisVisit,
  activePublicId,
  disabled,
  onOpen,
}: {
  assignments: OrganizationAssignment[];
  simulators: Simulator[];
  filter: number | null;
  onFilter: (simulatorId: number | null) => void;
  markedThisVisit: ReadonlySet<string>;
  activePublicId: string | null;
  disabled: boolean;
  onOpen: (assignment: OrganizationAssignment) => void;
}) {
  const [completedOpen, setCompletedOpen] = useState(false);
  const simulatorOf = (id: number | null) => simulators.find((simulator) => simulator.id === id);
  const assignedSimulatorIds = [...new Set(assignments.map((a) => a.test_case.simulator_id))];
  const shown =
    filter === null ? assignments : assignments.filter((a) => a.test_case.simulator_id === filter);
  const { open, completed } = groupForRecorder(shown, markedThisVisit);
  const row = (assignment: OrganizationAssignment) => (
    <CaseRow
      key={assignment.id}
      assignment={assignment}
      active={assignment.test_case.publicId === activePublicId}
      disabled={disabled}
      onOpen={onOpen}
    />
  );

  return (
    <Stack gap="xs">
      <Select
        label="Simulator"
        allowDeselect={false}
        value={filter === null ? ALL_SIMULATORS : String(filter)}
        onChange={(value) => onFilter(value === null || value === ALL_SIMULATORS ? null : Number(value))}
        data={[
          { value: ALL_SIMULATORS, label: 'All simulators' },
          ...assignedSimulatorIds
            .filter((id): id is number => id !== null)
            .map((id) => ({ value: String(id), label: simulatorOf(id)?.config.title ?? `Simulator ${id}` })),
        ]}
        comboboxProps={{ withinPortal: true }}
      />
      {assignments.length === 0 && (
        <Text size="sm" c="dimmed">
          No test cases are assigned to your organization. Choose a test case or free play to record.
        </Text>
      )}
      {open.map((group) => {
        const simulator = simulatorOf(group.simulatorId);
        return (
          <Stack key={group.simulatorId ?? 'none'} gap={2} data-testid="recorder-simulator-group">
            <Group gap="xs" wrap="nowrap">
              {simulator && <SiteIcon name={simulator.name} imgUrl={simulator.imgUrl} size={18} />}
              <Text size="xs" fw={600} tt="uppercase" c="dimmed">
                {simulator?.config.title ?? simulator?.name ?? 'No simulator'}
              </Text>
            </Group>
            {group.cases.map(row)}
          </Stack>
        );
      })}
      {completed.length > 0 && (
        <Stack gap={2}>
          <UnstyledButton onClick={() => setCompletedOpen((value) => !value)} aria-expanded={completedOpen}>
            <Group gap={4}>
              {completedOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
              <Text size="xs" fw={600} tt="uppercase" c="dimmed">
                Completed ({completed.length})
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={completedOpen}>{completed.map(row)}</Collapse>
        </Stack>
      )}
    </Stack>
  );
}
