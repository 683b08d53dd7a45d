import { Anchor, Center, Loader, Table, Text } from '@mantine/core';
import { HUMAN_SCORES_PER_SESSION } from '@proctor/contracts';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { formatSessionDate, HumanConsensusBadge, SessionStatusBadge } from '../../sessions';
import { useTestCaseSessionsForExpansion } from '../hooks/useHumanRecorder';
import { ScoreDots } from './ScoreDots';

/**
 * The sessions of an expanded test case (000 §2.7, §2.10): View Session, date, agent, status, human consensus,
 * score dots, and with `showScoreCount` the scores count out of 5.
 */
export function ExpandedSessions({
  testCasePublicId,
  adminView,
  showScoreCount,
}: {
  testCasePublicId: string;
  adminView: boolean;
  showScoreCount: boolean;
}) {
  const sessions = useTestCaseSessionsForExpansion(testCasePublicId, adminView);
  const columns = showScoreCount ? 7 : 6;
  if (sessions.isPending)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading sessions" />
      </Center>
    );
  return (
    <Table aria-label="Sessions of the test case" data-testid="expanded-sessions" withRowBorders={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Session</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>Agent</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Human consensus</Table.Th>
          <Table.Th>Scores</Table.Th>
          {showScoreCount && <Table.Th>Scores count</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sessions.isError && (
          <TableMessage colSpan={columns}>
            Failed to load sessions: {errorDetail(sessions.error)}
          </TableMessage>
        )}
        {sessions.data?.sessions.length === 0 && (
          <TableMessage colSpan={columns}>No sessions to show for this test case</TableMessage>
        )}
        {sessions.data?.sessions.map((session) => (
          <Table.Tr
            key={session.sessionId}
            data-testid="expanded-session-row"
            data-session-id={session.sessionId}
          >
            <Table.Td>
              <Anchor component={Link} to={paths.session(session.sessionId)} size="sm">
                View Session
              </Anchor>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{formatSessionDate(session.createdAt)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{session.agentArtifact?.alias ?? '—'}</Text>
            </Table.Td>
            <Table.Td>
              <SessionStatusBadge session={session} />
            </Table.Td>
            <Table.Td data-testid="human-consensus">
              <HumanConsensusBadge session={session} />
            </Table.Td>
            <Table.Td>
              <ScoreDots session={session} />
            </Table.Td>
            {showScoreCount && (
              <Table.Td>
                <Text size="sm">
                  {session.humanScoreCount}/{HUMAN_SCORES_PER_SESSION}
                </Text>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
