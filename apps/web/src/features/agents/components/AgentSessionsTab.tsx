import {
  Alert,
  Anchor,
  Badge,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  HUMAN_CONSENSUS_LABELS,
  type HUMAN_SCORE_FILTERS,
  HUMAN_SCORES_PER_SESSION,
  NO_FIGURE,
  type SessionSummary,
} from '@proctor/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { formatSessionDate, HUMAN_CONSENSUS_COLORS, ScoringBadge } from '../../sessions';
import { useAgentSessions } from '../hooks/useAgentResults';

/** The agent page's two session lists (001 §2.8), by the sessions list's humanScoreFilter. */
type AgentSessionList = Extract<
  (typeof HUMAN_SCORE_FILTERS)[number],
  'needs_human_scoring' | 'human_disagreement'
>;

export const AGENT_SESSION_LISTS: Record<AgentSessionList, { label: string; empty: string }> = {
  needs_human_scoring: { label: 'Sessions that need human scoring', empty: 'No sessions need human scoring' },
  human_disagreement: {
    label: 'Sessions with human disagreements',
    empty: 'No sessions with human disagreements',
  },
};

export const HUMAN_DISAGREEMENT_TOOLTIP = 'Human disagreement detected';

function HumanResults({ session }: { session: SessionSummary }) {
  const count = `${session.humanScoreCount}/${HUMAN_SCORES_PER_SESSION}`;
  return (
    <Group gap={6} wrap="nowrap">
      {session.humanConsensus ? (
        <Badge
          variant="light"
          radius="sm"
          tt="none"
          color={HUMAN_CONSENSUS_COLORS[session.humanConsensus]}
          data-testid="human-consensus"
        >
          {HUMAN_CONSENSUS_LABELS[session.humanConsensus]}
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          Not scored
        </Text>
      )}
      <Text size="xs" c="dimmed" title="Human assessments">
        {count}
      </Text>
    </Group>
  );
}

/**
 * Needs Human Scoring and Human Disagreements (001 §2.8, §4.3): the agent's sessions that wait for people's
 * scores, or where the latest automatic verdict differs from the latest human one, each linking to its page.
 */
export function AgentSessionsTab({ agentId, filter }: { agentId: number; filter: AgentSessionList }) {
  const sessions = useAgentSessions(agentId, filter);
  const list = AGENT_SESSION_LISTS[filter];
  const disagreements = filter === 'human_disagreement';

  if (sessions.isPending)
    return (
      <Center py={60}>
        <Loader aria-label="Loading sessions" />
      </Center>
    );
  if (sessions.isError)
    return (
      <Alert color="red" variant="light" title="Failed to load sessions">
        {errorDetail(sessions.error)}
      </Alert>
    );

  const rows = sessions.data.sessions;
  const total = sessions.data.pagination.total_count;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={860} type="native">
          <Table aria-label={list.label} data-testid={`agent-sessions-${filter}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Session</Table.Th>
                <Table.Th>Test case</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Automatic score</Table.Th>
                <Table.Th>Human consensus</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && <TableMessage colSpan={5}>{list.empty}</TableMessage>}
              {rows.map((session) => (
                <Table.Tr
                  key={session.sessionId}
                  data-testid="agent-session-row"
                  data-session-id={session.sessionId}
                >
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {disagreements && session.humanDisagreement && (
                        <Tooltip label={HUMAN_DISAGREEMENT_TOOLTIP} withArrow>
                          <IconAlertTriangle
                            size={16}
                            color="var(--mantine-color-orange-6)"
                            aria-label={HUMAN_DISAGREEMENT_TOOLTIP}
                            data-testid="human-disagreement"
                          />
                        </Tooltip>
                      )}
                      <Anchor
                        component={Link}
                        to={paths.session(session.sessionId)}
                        size="sm"
                        ff="monospace"
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {session.sessionId}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {session.testCase ? (
                      <Anchor component={Link} to={paths.testCase(session.testCase.publicId)} size="sm">
                        {session.testCase.name}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {NO_FIGURE}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatSessionDate(session.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ScoringBadge badge={session.scoringBadge} reason={session.badgeReason} />
                  </Table.Td>
                  <Table.Td>
                    <HumanResults session={session} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {total > rows.length && (
        <Text size="sm" c="dimmed">
          Showing the newest {rows.length} of {total} sessions.{' '}
          <Anchor component={Link} to={paths.agentSessions(agentId, filter)} size="sm">
            See them all in Sessions
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
