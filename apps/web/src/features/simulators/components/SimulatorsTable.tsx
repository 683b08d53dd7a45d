import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { SIMULATOR_KIND_LABELS, type Simulator, simulatorKind, simulatorStatusOf } from '@proctor/contracts';
import { Link } from 'react-router';
import { SiteIcon } from '../../../components/SiteIcon';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import type { AssignableUser } from '../hooks/useAssignableUsers';
import { SimulatorStatusBadge } from './SimulatorStatusBadge';
import { SimulatorStatusSelect } from './SimulatorStatusSelect';

/** The simulators table of 001 §2.4; admins see assigned user and notes and change status in place. */
export function SimulatorsTable({
  simulators,
  isAdmin,
  users,
  emptyText,
}: {
  simulators: Simulator[];
  isAdmin: boolean;
  users: AssignableUser[];
  emptyText: string;
}) {
  const userName = (id: number | null | undefined) =>
    id === null || id === undefined ? null : (users.find((user) => user.id === id)?.name ?? `User #${id}`);
  const columns = isAdmin ? 7 : 5;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={isAdmin ? 980 : 720} type="native">
        <Table aria-label="Simulators">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Simulator</Table.Th>
              <Table.Th>Status</Table.Th>
              {isAdmin && <Table.Th>Assigned User</Table.Th>}
              {isAdmin && <Table.Th>Notes</Table.Th>}
              <Table.Th>Type</Table.Th>
              <Table.Th>Tests</Table.Th>
              <Table.Th>License</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {simulators.length === 0 && <TableMessage colSpan={columns}>{emptyText}</TableMessage>}
            {simulators.map((simulator) => {
              const status = simulatorStatusOf(simulator);
              const assignee = userName(simulator.config.assigned_user_id);
              return (
                <Table.Tr key={simulator.id} data-testid="simulator-row" data-name={simulator.name}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <SiteIcon name={simulator.name} imgUrl={simulator.imgUrl} size={32} />
                      <Stack gap={0}>
                        <Anchor component={Link} to={paths.simulator(simulator.name)} fw={600} size="sm">
                          {simulator.name}
                        </Anchor>
                        {simulator.config.title && simulator.config.title !== simulator.name && (
                          <Text size="xs" c="dimmed">
                            {simulator.config.title}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td data-testid="simulator-status">
                    {isAdmin ? (
                      <SimulatorStatusSelect simulator={simulator} />
                    ) : (
                      <SimulatorStatusBadge status={status} />
                    )}
                  </Table.Td>
                  {isAdmin && (
                    <Table.Td>
                      <Text size="sm" c={assignee ? undefined : 'dimmed'}>
                        {assignee ?? 'Unassigned'}
                      </Text>
                    </Table.Td>
                  )}
                  {isAdmin && (
                    <Table.Td maw={260}>
                      <Text size="sm" lineClamp={2} c={simulator.config.notes ? undefined : 'dimmed'}>
                        {simulator.config.notes || '—'}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Text size="sm">{SIMULATOR_KIND_LABELS[simulatorKind(simulator.simType)]}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" data-testid="simulator-tests">
                      {simulator.test_count}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={simulator.config.license ? undefined : 'dimmed'}>
                      {simulator.config.license || '—'}
                    </Text>
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
