import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import {
  ANNOTATOR_ACTIVITY_LABELS,
  type AnnotatorActivityEntry,
  formatDuration,
  HUMAN_CONSENSUS_LABELS,
  NO_FIGURE,
} from '@proctor/contracts';
import { Link } from 'react-router';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { formatSessionDate, HUMAN_CONSENSUS_COLORS, SessionStatusBadge } from '../../sessions';

const COLUMNS = 8;

function ResultBadge({ result }: { result: AnnotatorActivityEntry['result'] }) {
  if (result === null) return <Text size="sm">{NO_FIGURE}</Text>;
  if (result === 'correct' || result === 'incorrect')
    return (
      <Badge variant="light" radius="sm" color={result === 'correct' ? 'green' : 'red'}>
        {result === 'correct' ? 'Correct' : 'Incorrect'}
      </Badge>
    );
  return (
    <Badge variant="light" radius="sm" color={HUMAN_CONSENSUS_COLORS[result]}>
      {HUMAN_CONSENSUS_LABELS[result]}
    </Badge>
  );
}

/** A member's activity (000 §2.10): sessions created and scores added, newest first. */
export function ActivityLedger({ entries }: { entries: AnnotatorActivityEntry[] }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={1000} type="native">
        <Table aria-label="Activity">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Activity</Table.Th>
              <Table.Th>Session</Table.Th>
              <Table.Th>Test case</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Duration</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.length === 0 && <TableMessage colSpan={COLUMNS}>No activity yet</TableMessage>}
            {entries.map((entry) => (
              <Table.Tr
                key={`${entry.activity}-${entry.session.publicId}-${entry.time}`}
                data-testid="activity-row"
                data-activity={entry.activity}
              >
                <Table.Td>
                  <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {ANNOTATOR_ACTIVITY_LABELS[entry.activity]}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={paths.session(entry.session.publicId)}
                    size="sm"
                    ff="monospace"
                  >
                    {entry.session.publicId.slice(0, 8)}
                  </Anchor>
                </Table.Td>
                <Table.Td maw={240}>
                  <Text size="sm" lineClamp={2}>
                    {entry.test_case?.name ?? NO_FIGURE}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <SessionStatusBadge session={entry.session} />
                </Table.Td>
                <Table.Td data-testid="activity-result">
                  <ResultBadge result={entry.result} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatDuration(entry.duration_seconds)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatSessionDate(entry.time)}
                  </Text>
                </Table.Td>
                <Table.Td maw={280}>
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {entry.reason ?? NO_FIGURE}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
