import { Badge, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type AgentArtifact, DATE_TIME_FORMAT } from '@proctor/contracts';
import { IconArchive, IconChartBar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { TableMessage } from '../../../components/TableMessage';
import { AGENT_TYPE_LABELS } from '../agentForm';
import { AgentIcon } from './AgentIcon';

/** The agents table (001 §2.8): icon, alias, type and created-at, with Results and Archive. */
export function AgentsTable({
  agents,
  onOpen,
  onArchive,
}: {
  agents: AgentArtifact[];
  onOpen: (agent: AgentArtifact) => void;
  /** Absent: the viewer may not archive agents. Built-in agents never offer it (the server refuses). */
  onArchive?: (agent: AgentArtifact) => void;
}) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table aria-label="Agents" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Created at</Table.Th>
              <Table.Th w={220}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agents.length === 0 && (
              <TableMessage colSpan={4}>
                No agents yet. An agent appears here when it first runs through the SDK.
              </TableMessage>
            )}
            {agents.map((agent) => (
              <Table.Tr
                key={agent.id}
                data-testid="agent-row"
                data-alias={agent.alias}
                tabIndex={0}
                style={{ cursor: 'pointer' }}
                onClick={() => onOpen(agent)}
                onKeyDown={(event) => {
                  if (event.target === event.currentTarget && event.key === 'Enter') onOpen(agent);
                }}
              >
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <AgentIcon agent={agent} size={30} />
                    <Stack gap={0}>
                      <Text size="sm" fw={600} data-testid="agent-alias">
                        {agent.alias}
                      </Text>
                      {agent.data.description && (
                        <Text size="xs" c="dimmed" lineClamp={1} maw={420}>
                          {agent.data.description}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" radius="sm" tt="none" color="gray">
                    {AGENT_TYPE_LABELS[agent.data.type]}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{dayjs(agent.createdAt).format(DATE_TIME_FORMAT)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconChartBar size={14} />}
                      aria-label={`Results of ${agent.alias}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(agent);
                      }}
                    >
                      Results
                    </Button>
                    {onArchive && agent.data.type !== 'builtin' && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconArchive size={14} />}
                        aria-label={`Archive ${agent.alias}`}
                        onClick={(event) => {
                          event.stopPropagation();
                          onArchive(agent);
                        }}
                      >
                        Archive
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
