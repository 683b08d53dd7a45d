import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { type AnnotatorAssignment, NO_FIGURE, vocabularyLabel } from '@proctor/contracts';
import { IconCheck, IconPlayerPlay, IconRotate } from '@tabler/icons-react';
import { TableMessage } from '../../../components/TableMessage';
import { formatSessionDate } from '../../sessions';

const COLUMNS = 7;
const STAGE_COLORS: Record<AnnotatorAssignment['stage'], string> = {
  needs_data_creation: 'orange',
  review: 'indigo',
  completed: 'green',
};

/** Data creation assignments (000 §2.9), each with its environment and stage actions. */
export function DataCreationTable({
  assignments,
  activeId,
  startDisabled,
  movingId,
  onStart,
  onMove,
}: {
  assignments: AnnotatorAssignment[];
  /** The assignment whose environment is open. */
  activeId: number | null;
  startDisabled: boolean;
  movingId: number | null;
  onStart: (assignment: AnnotatorAssignment) => void;
  onMove: (assignment: AnnotatorAssignment) => void;
}) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={960} type="native">
        <Table aria-label="Data creation assignments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Assignment</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Stage</Table.Th>
              <Table.Th>Simulator</Table.Th>
              <Table.Th>Test case</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {assignments.length === 0 && (
              <TableMessage colSpan={COLUMNS}>
                No data creation assignments for your organization yet
              </TableMessage>
            )}
            {assignments.map((assignment) => {
              const completed = assignment.stage === 'completed';
              return (
                <Table.Tr
                  key={assignment.assignment_id}
                  data-testid="data-creation-row"
                  data-assignment-id={assignment.assignment_id}
                  bg={activeId === assignment.assignment_id ? 'indigo.0' : undefined}
                >
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      #{assignment.assignment_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{vocabularyLabel(assignment.type)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      radius="sm"
                      color={STAGE_COLORS[assignment.stage]}
                      data-testid="data-creation-stage"
                    >
                      {vocabularyLabel(assignment.stage)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{assignment.simulator?.name ?? NO_FIGURE}</Text>
                  </Table.Td>
                  <Table.Td maw={240}>
                    <Text size="sm" lineClamp={2}>
                      {assignment.test_case?.name ?? NO_FIGURE}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatSessionDate(assignment.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconPlayerPlay size={14} />}
                        disabled={startDisabled || assignment.simulator === null}
                        onClick={() => onStart(assignment)}
                      >
                        Start environment
                      </Button>
                      <Button
                        size="xs"
                        variant={completed ? 'default' : 'filled'}
                        color={completed ? undefined : 'green'}
                        leftSection={completed ? <IconRotate size={14} /> : <IconCheck size={14} />}
                        loading={movingId === assignment.assignment_id}
                        onClick={() => onMove(assignment)}
                      >
                        {completed ? 'Re-open' : 'Mark as Complete'}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
