import { Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatReplayTotal, NO_FIGURE, type ReplayGroup, type SessionSummary } from '@proctor/contracts';
import { Link } from 'react-router';
import { paths } from '../../../paths';
import { formatSessionDate, ScoringBadge, SessionDuration, SessionStatusBadge } from '../../sessions';

function SessionLink({ session }: { session: SessionSummary }) {
  return (
    <Anchor component={Link} to={paths.session(session.sessionId)} size="sm" ff="monospace">
      {session.sessionId}
    </Anchor>
  );
}

const dimmed = (text: string | null | undefined) => (
  <Text size="sm" c={text && text !== NO_FIGURE ? undefined : 'dimmed'}>
    {text || NO_FIGURE}
  </Text>
);

/**
 * One replay group (001 §2.10): the original session (its id opens it, with its test case, agent, verdict and
 * date) and, under it, each replay with its own verdict, newest first, and how many there are.
 */
export function ReplayGroupCard({
  group,
  withOrganization,
}: {
  group: ReplayGroup;
  /** Platform admins see every organization's groups, so each says whose it is. */
  withOrganization: boolean;
}) {
  const original = group.original_session;
  return (
    <Paper withBorder radius="md" p="md" data-testid="replay-group" data-session-id={original.sessionId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Group gap="xs" wrap="wrap">
              <ScoringBadge badge={original.scoringBadge} reason={original.badgeReason} />
              <SessionStatusBadge session={original} />
              <SessionLink session={original} />
            </Group>
            <Text fw={600}>{original.testCase?.name ?? 'No test case'}</Text>
            <Text size="sm" c="dimmed">
              {[
                original.agentArtifact?.alias ?? 'Unknown agent',
                original.simulator?.name,
                formatSessionDate(original.createdAt),
                withOrganization ? original.organization?.name : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
          <Badge variant="light" color="indigo" radius="sm" tt="none" size="lg" data-testid="replay-total">
            {formatReplayTotal(group.total_replays)}
          </Badge>
        </Group>
        <Table.ScrollContainer minWidth={720} type="native">
          <Table aria-label={`Replays of ${original.sessionId}`} verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Score</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Replay</Table.Th>
                <Table.Th>Agent</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Duration</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.replay_sessions.map((replay) => (
                <Table.Tr key={replay.sessionId} data-testid="replay-row" data-session-id={replay.sessionId}>
                  <Table.Td>
                    <ScoringBadge badge={replay.scoringBadge} reason={replay.badgeReason} />
                  </Table.Td>
                  <Table.Td>
                    <SessionStatusBadge session={replay} />
                  </Table.Td>
                  <Table.Td>
                    <SessionLink session={replay} />
                  </Table.Td>
                  <Table.Td>{dimmed(replay.agentArtifact?.alias)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {dimmed(formatSessionDate(replay.createdAt))}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <SessionDuration session={replay} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
