import {
  Alert,
  Anchor,
  Center,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import {
  PAGE_SIZE,
  SESSION_STATUSES,
  type SessionScoringBadge,
  type SessionStatus,
} from '@proctor/contracts';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { ALL_OPTION, multiSelectChoice } from '../../../components/filterChoice';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { useSessions } from '../hooks/useSessions';
import { formatSessionDate, SESSIONS } from '../sessionFormat';
import { sessionStatusLabel } from '../sessionStatus';
import { HumanConsensusBadge } from './HumanConsensusBadge';
import { ScoringBadge } from './ScoringBadge';
import { SessionStatusBadge } from './SessionStatusBadge';

export const NO_TEST_CASE_SESSIONS = 'No sessions have been run with this test case yet.';

const STATUS_OPTIONS = [
  { value: ALL_OPTION, label: 'All statuses' },
  ...SESSION_STATUSES.map((status) => ({ value: status, label: sessionStatusLabel(status) })),
];
const SCORE_OPTIONS = [
  { value: ALL_OPTION, label: 'All' },
  { value: 'pass', label: 'Correct' },
  { value: 'fail', label: 'Incorrect' },
  { value: 'none', label: 'None' },
];

/** The human score filter (001 §2.2): people's verdict, as the human consensus says it. */
type HumanVerdictFilter = 'correct' | 'incorrect' | 'none';
const HUMAN_OPTIONS: { value: string; label: string }[] = [
  { value: ALL_OPTION, label: 'All' },
  { value: 'correct', label: 'Correct' },
  { value: 'incorrect', label: 'Incorrect' },
  { value: 'none', label: 'None' },
];

/**
 * The Sessions tab of a test case (001 §2.2): its sessions, by status, automatic score and whether the agent
 * is known, and by people's verdict (the human consensus: correct, incorrect, or none yet), 100 a page. A row
 * opens the session in a new tab.
 */
export function TestCaseSessions({ testCasePublicId }: { testCasePublicId: string }) {
  const [statuses, setStatuses] = useState<SessionStatus[]>([]);
  const [score, setScore] = useState<SessionScoringBadge | null>(null);
  const [human, setHuman] = useState<HumanVerdictFilter | null>(null);
  const [knownAgentsOnly, setKnownAgentsOnly] = useState(false);
  const [page, setPage] = useState(1);
  const sessions = useSessions({
    testCaseIds: testCasePublicId,
    statuses: statuses.length > 0 ? statuses.join(',') : undefined,
    scoreFilter: score ?? undefined,
    humanScoreFilter: human ?? undefined,
    excludeUnknownAgents: knownAgentsOnly ? 'true' : undefined,
    page,
    pageSize: PAGE_SIZE.sessions,
  });
  const filtered = statuses.length > 0 || score !== null || human !== null || knownAgentsOnly;
  const rows = sessions.data?.sessions ?? [];
  const pagination = sessions.data?.pagination;
  const open = (sessionId: string) => window.open(paths.session(sessionId), '_blank', 'noopener');

  return (
    <Stack gap="md" data-testid="test-case-sessions">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <MultiSelect
          label="Status"
          placeholder={statuses.length === 0 ? 'All statuses' : undefined}
          data={STATUS_OPTIONS}
          value={statuses}
          onChange={(next) => {
            setStatuses(multiSelectChoice(statuses, next) as SessionStatus[]);
            setPage(1);
          }}
          clearable
          w={240}
        />
        <Select
          label="Test score"
          data={SCORE_OPTIONS}
          value={score ?? ALL_OPTION}
          onChange={(value) => {
            setScore(!value || value === ALL_OPTION ? null : (value as SessionScoringBadge));
            setPage(1);
          }}
          allowDeselect={false}
          w={160}
        />
        <Select
          label="Human score"
          data={HUMAN_OPTIONS}
          value={human ?? ALL_OPTION}
          onChange={(value) => {
            setHuman(!value || value === ALL_OPTION ? null : (value as HumanVerdictFilter));
            setPage(1);
          }}
          allowDeselect={false}
          w={160}
        />
        <Checkbox
          label="Hide unknown agents"
          checked={knownAgentsOnly}
          onChange={(event) => {
            setKnownAgentsOnly(event.currentTarget.checked);
            setPage(1);
          }}
          mb={8}
        />
      </Group>

      {sessions.isPending && (
        <Center py={60}>
          <Loader aria-label="Loading sessions" />
        </Center>
      )}
      {sessions.isError && !sessions.data && (
        <Alert color="red" variant="light" title="Failed to load sessions">
          {errorDetail(sessions.error)}
        </Alert>
      )}
      {sessions.data && pagination && (
        <>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={760} type="native">
              <Table aria-label="Sessions of this test case">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Environment</Table.Th>
                    <Table.Th>Started at</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Agent</Table.Th>
                    <Table.Th>Score</Table.Th>
                    <Table.Th>Human</Table.Th>
                    <Table.Th>Session</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.length === 0 && (
                    <TableMessage colSpan={7}>
                      {pagination.total_count > 0
                        ? 'No sessions on this page'
                        : filtered
                          ? 'No sessions of this test case match these filters'
                          : NO_TEST_CASE_SESSIONS}
                    </TableMessage>
                  )}
                  {rows.map((session) => (
                    <Table.Tr
                      key={session.sessionId}
                      data-testid="test-case-session-row"
                      data-session-id={session.sessionId}
                      style={{ cursor: 'pointer' }}
                      onClick={() => open(session.sessionId)}
                    >
                      <Table.Td>
                        <Text size="sm">{session.simulator?.name ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatSessionDate(session.startedAt)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <SessionStatusBadge session={session} />
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{session.agentArtifact?.alias ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td>
                        <ScoringBadge badge={session.scoringBadge} reason={session.badgeReason} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="human-consensus">
                        <HumanConsensusBadge session={session} />
                      </Table.Td>
                      <Table.Td>
                        <Anchor
                          href={paths.session(session.sessionId)}
                          target="_blank"
                          rel="noopener"
                          size="sm"
                          ff="monospace"
                          onClick={(event) => event.stopPropagation()}
                        >
                          {session.sessionId}
                        </Anchor>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          <ListFooter
            position={positionOf(pagination, rows.length)}
            noun={SESSIONS}
            totalPages={pagination.total_pages}
            page={page}
            onPageChange={setPage}
            testId="test-case-sessions-total"
            withEdges
          />
        </>
      )}
    </Stack>
  );
}
