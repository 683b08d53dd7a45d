import { Badge, Paper, Table, Text } from '@mantine/core';
import type { StateMutation } from '@proctor/contracts';
import { TableMessage } from '../../../components/TableMessage';

export const NO_MUTATIONS = 'No mutations since the last reset';

const ACTION_COLORS: Record<StateMutation['action'], string> = {
  INSERT: 'teal',
  UPDATE: 'indigo',
  DELETE: 'red',
};

/**
 * The rows the simulator changed since the last reset, in order, after its ignore rules; in an environment of
 * several apps (each mutation names its simulator there), with the app of each.
 */
export function MutationsTable({ mutations }: { mutations: StateMutation[] }) {
  const namesApps = mutations.some((mutation) => mutation.simulator !== undefined);
  const columns = namesApps ? 5 : 4;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={480} type="native" mah={320}>
        <Table aria-label="Mutations" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              {namesApps && <Table.Th>App</Table.Th>}
              <Table.Th>Action</Table.Th>
              <Table.Th>Table</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>At</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mutations.length === 0 ? (
              <TableMessage colSpan={columns}>{NO_MUTATIONS}</TableMessage>
            ) : (
              mutations.map((mutation) => (
                <Table.Tr
                  key={`${mutation.simulator}-${mutation.table_name}-${mutation.pk}-${mutation.action}-${mutation.action_timestamp}`}
                  data-testid="mutation-row"
                  data-table={mutation.table_name}
                  data-action={mutation.action}
                >
                  {namesApps && (
                    <Table.Td data-testid="mutation-row-app">
                      <Text size="sm">{mutation.simulator}</Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={ACTION_COLORS[mutation.action]}>
                      {mutation.action}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {mutation.table_name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {mutation.pk}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {mutation.action_timestamp}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
