import { Badge, Paper, Table, Text } from '@mantine/core';
import type { WebFlowRun } from '@proctor/contracts';
import { TableMessage } from '../../../components/TableMessage';
import { formatSessionDate } from '../../sessions';
import { runStateColor } from '../runPresentation';

/** A run's state in its colour (002 §4): completed green, pending yellow, running the primary, failed red. */
export function RunStateBadge({ state }: { state: WebFlowRun['state'] }) {
  return (
    <Badge variant="light" color={runStateColor(state)} data-testid="run-state-badge" data-state={state}>
      {state}
    </Badge>
  );
}

/** Web Flow Runs (002 §2.9): the web flow, the run's state and when it started; a row opens its detail. */
export function WebFlowRunsTable({
  runs,
  selected,
  onSelect,
}: {
  runs: WebFlowRun[];
  selected: string | null;
  onSelect: (publicId: string) => void;
}) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table aria-label="Web flow runs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Web flow</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.length === 0 && (
            <TableMessage colSpan={3}>No web flow runs yet: run a flow in the Builder</TableMessage>
          )}
          {runs.map((run) => (
            <Table.Tr
              key={run.publicId}
              data-testid="web-flow-run-row"
              aria-selected={run.publicId === selected}
              bg={run.publicId === selected ? 'var(--mantine-primary-color-light)' : undefined}
              style={{ cursor: 'pointer' }}
              onClick={() => onSelect(run.publicId)}
            >
              <Table.Td>
                <Text size="sm" fw={600}>
                  {run.web_flow.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <RunStateBadge state={run.state} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatSessionDate(run.started_at ?? run.created_at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
