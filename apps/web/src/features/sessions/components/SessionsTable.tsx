import { Paper, Table, Text } from '@mantine/core';
import type { SessionSummary } from '@proctor/contracts';
import { TableMessage } from '../../../components/TableMessage';
import { formatSessionDate } from '../sessionFormat';
import { ScoringBadge } from './ScoringBadge';
import { SessionDuration } from './SessionDuration';
import { SessionStatusBadge } from './SessionStatusBadge';

const muted = (text: string | null | undefined) =>
  text ? (
    <Text size="sm">{text}</Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );

/**
 * The sessions list (000 §2.4): scoring badge, date, duration, status, test case, agent, simulator, and the
 * organization for platform admins. Selecting a row (click, Enter or Space) opens or closes its panel.
 */
export function SessionsTable({
  sessions,
  emptyText,
  withOrganization,
  selectedId,
  onSelect,
}: {
  sessions: SessionSummary[];
  emptyText: string;
  withOrganization: boolean;
  selectedId: string | null;
  /** Absent: rows are not clickable (annotators outside admin view, 000 §2.4). */
  onSelect?: (session: SessionSummary) => void;
}) {
  const columns = 7 + (withOrganization ? 1 : 0);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={withOrganization ? 1080 : 960} type="native">
        <Table aria-label="Sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Score</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Test case</Table.Th>
              <Table.Th>Agent</Table.Th>
              <Table.Th>Simulator</Table.Th>
              {withOrganization && <Table.Th>Org</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.length === 0 && <TableMessage colSpan={columns}>{emptyText}</TableMessage>}
            {sessions.map((session) => {
              const selected = session.sessionId === selectedId;
              return (
                <Table.Tr
                  key={session.sessionId}
                  data-testid="session-row"
                  data-session-id={session.sessionId}
                  aria-selected={onSelect ? selected : undefined}
                  tabIndex={onSelect ? 0 : undefined}
                  bg={selected ? 'indigo.0' : undefined}
                  style={onSelect ? { cursor: 'pointer' } : undefined}
                  onClick={onSelect ? () => onSelect(session) : undefined}
                  onKeyDown={
                    onSelect
                      ? (event) => {
                          if (event.key === 'Enter' || event.key === ' ') {
                            event.preventDefault();
                            onSelect(session);
                          }
                        }
                      : undefined
                  }
                >
                  <Table.Td>
                    <ScoringBadge badge={session.scoringBadge} reason={session.badgeReason} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatSessionDate(session.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <SessionDuration session={session} />
                  </Table.Td>
                  <Table.Td>
                    <SessionStatusBadge session={session} />
                  </Table.Td>
                  <Table.Td maw={280}>
                    {session.testCase ? (
                      <Text size="sm" fw={500} lineClamp={2}>
                        {session.testCase.name}
                      </Text>
                    ) : (
                      muted(null)
                    )}
                  </Table.Td>
                  <Table.Td>{muted(session.agentArtifact?.alias)}</Table.Td>
                  <Table.Td>{muted(session.simulator?.name)}</Table.Td>
                  {withOrganization && <Table.Td>{muted(session.organization?.name)}</Table.Td>}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
