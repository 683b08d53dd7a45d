import { ActionIcon, Anchor, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { LAYOUT, type TestCase } from '@proctor/contracts';
import { IconExternalLink, IconRefresh, IconX } from '@tabler/icons-react';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { formatSessionDate, HumanConsensusBadge, ScoringBadge, SessionStatusBadge } from '../../sessions';
import { useEditorSessions } from '../hooks/useEditorSessions';

export const NO_SESSIONS_FOR_TEST_CASE = 'No sessions found for this test case';

/** The focused test case's sessions beside the table (001 §2.6); links open in a new tab. */
export function EditorSessionsPanel({
  testCase,
  agentIds,
  onClose,
}: {
  testCase: TestCase;
  agentIds: readonly string[];
  onClose: () => void;
}) {
  const sessions = useEditorSessions(testCase.publicId, agentIds);
  const total = sessions.data?.pagination.total_count;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      w={LAYOUT.editorPanelWidth}
      style={{ flexShrink: 0, position: 'sticky', top: 16 }}
      data-testid="editor-sessions-panel"
      aria-label={`Sessions of ${testCase.name}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Anchor
              href={paths.testCase(testCase.publicId)}
              target="_blank"
              rel="noopener"
              fw={600}
              lineClamp={2}
            >
              {testCase.name}
            </Anchor>
            <Text size="xs" c="dimmed" data-testid="editor-sessions-count">
              {total === undefined ? 'Loading sessions…' : `${total} ${total === 1 ? 'session' : 'sessions'}`}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Refresh" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Refresh sessions"
                loading={sessions.isFetching}
                onClick={() => void sessions.refetch()}
              >
                <IconRefresh size={17} />
              </ActionIcon>
            </Tooltip>
            <ActionIcon variant="subtle" color="gray" aria-label="Close sessions" onClick={onClose}>
              <IconX size={17} />
            </ActionIcon>
          </Group>
        </Group>
        <QueryView
          query={sessions}
          errorTitle="Failed to load sessions"
          loading={{ label: 'Loading sessions' }}
        >
          {({ sessions: rows, pagination }) => (
            <Stack gap="xs">
              <Table.ScrollContainer minWidth={400} type="native">
                <Table aria-label="Sessions of the focused test case" fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Agent</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Score</Table.Th>
                      <Table.Th>Human</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.length === 0 && (
                      <TableMessage colSpan={6}>{NO_SESSIONS_FOR_TEST_CASE}</TableMessage>
                    )}
                    {rows.map((session) => (
                      <Table.Tr key={session.sessionId} data-testid="editor-session-row">
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {formatSessionDate(session.createdAt)}
                        </Table.Td>
                        <Table.Td>{session.agentArtifact?.alias ?? '—'}</Table.Td>
                        <Table.Td>
                          <SessionStatusBadge session={session} />
                        </Table.Td>
                        <Table.Td>
                          <ScoringBadge badge={session.scoringBadge} reason={session.badgeReason} />
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <HumanConsensusBadge session={session} />
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            href={paths.session(session.sessionId)}
                            target="_blank"
                            rel="noopener"
                            size="sm"
                            aria-label={`View session ${session.sessionId}`}
                          >
                            <Group gap={2} wrap="nowrap">
                              View <IconExternalLink size={13} />
                            </Group>
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {pagination.total_count > rows.length && (
                <Text size="xs" c="dimmed">
                  Showing the newest {rows.length} of {pagination.total_count} sessions.
                </Text>
              )}
            </Stack>
          )}
        </QueryView>
      </Stack>
    </Paper>
  );
}
