import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { DATE_TIME_FORMAT, type EnvironmentStatus, type KeepaliveJobGroup } from '@proctor/contracts';
import {
  IconCamera,
  IconDatabase,
  IconExternalLink,
  IconEye,
  IconPlayerStop,
  IconRefresh,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { TableMessage } from '../../../components/TableMessage';

export const NO_PUBLIC_ENVIRONMENTS = 'No public environments are running';

/** Keepalive statuses (000 §4.2): running in the success colour. */
const STATUS_COLORS: Record<EnvironmentStatus, string> = {
  running: 'teal',
  queued: 'gray',
  starting: 'orange',
  closed: 'gray',
  failed: 'red',
};

export interface KeepaliveRowActions {
  onReset: (group: KeepaliveJobGroup) => void;
  /** Absent without create_test_cases: a backup of a shared environment is an authoring act. */
  onBackup?: (group: KeepaliveJobGroup) => void;
  onState: (group: KeepaliveJobGroup) => void;
  onClose: (group: KeepaliveJobGroup) => void;
  /** The environment an action is running on, and which. */
  pending: { id: string; action: 'reset' | 'backup' | 'close' } | null;
}

/** The organization's running keepalive environments with their actions (002 §2.13). */
export function KeepaliveTable({
  groups,
  message,
  actions,
}: {
  groups: KeepaliveJobGroup[];
  /** Shown instead of rows (loading, a load failure); the empty text when there are none. */
  message?: ReactNode;
  actions: KeepaliveRowActions;
}) {
  const busy = (group: KeepaliveJobGroup, action: 'reset' | 'backup' | 'close') =>
    actions.pending?.id === group.group_id && actions.pending.action === action;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={900} type="native">
        <Table aria-label="Public environments" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Alias</Table.Th>
              <Table.Th>Simulator</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {message ? (
              <TableMessage colSpan={5}>{message}</TableMessage>
            ) : groups.length === 0 ? (
              <TableMessage colSpan={5}>{NO_PUBLIC_ENVIRONMENTS}</TableMessage>
            ) : (
              groups.map((group) => (
                <Table.Tr key={group.group_id} data-testid="keepalive-row" data-alias={group.alias}>
                  <Table.Td>
                    <Text size="sm" fw={500} ff="monospace">
                      {group.alias}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{group.simulator.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm" color={STATUS_COLORS[group.overall_status]}>
                      {group.overall_status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {dayjs(group.created_at).format(DATE_TIME_FORMAT)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconRefresh size={14} />}
                        loading={busy(group, 'reset')}
                        onClick={() => actions.onReset(group)}
                      >
                        Reset
                      </Button>
                      {actions.onBackup && (
                        <Button
                          size="xs"
                          variant="default"
                          leftSection={<IconCamera size={14} />}
                          loading={busy(group, 'backup')}
                          onClick={() => actions.onBackup?.(group)}
                        >
                          Backup
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconDatabase size={14} />}
                        onClick={() => actions.onState(group)}
                      >
                        Get State
                      </Button>
                      {/* Open is the public URL, the simulator as anyone's browser gets it ({alias}.sims.{host});
                          Live view stays beside it, the one way to watch and drive the environment's own browser. */}
                      <Button
                        size="xs"
                        variant="light"
                        component="a"
                        href={group.public_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        title={group.public_url}
                        leftSection={<IconExternalLink size={14} />}
                      >
                        Open
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        component="a"
                        href={group.live_view_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        leftSection={<IconEye size={14} />}
                      >
                        Live view
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconPlayerStop size={14} />}
                        loading={busy(group, 'close')}
                        onClick={() => actions.onClose(group)}
                      >
                        Close
                      </Button>
                    </Group>
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
