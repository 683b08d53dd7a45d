import { Badge, Paper, Table, Text } from '@mantine/core';
import { type AnnotatorUser, NO_FIGURE } from '@proctor/contracts';
import { useNavigate } from 'react-router';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { formatSessionDate } from '../../sessions';

const COLUMNS = 9;
const minutes = (value: number | null) => (value === null ? NO_FIGURE : `${value} min`);

/** The Users tab (000 §2.10): each member's figures over the window; a row opens their activity. */
export function AnnotatorUsersTable({ users, windowDays }: { users: AnnotatorUser[]; windowDays: number }) {
  const navigate = useNavigate();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={1000} type="native">
        <Table aria-label="Annotators" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Sessions ({windowDays}d)</Table.Th>
              <Table.Th>Scored ({windowDays}d)</Table.Th>
              <Table.Th>Avg session time</Table.Th>
              <Table.Th>Avg scoring time</Table.Th>
              <Table.Th>Success rate</Table.Th>
              <Table.Th>Last active</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.length === 0 && <TableMessage colSpan={COLUMNS}>No members yet</TableMessage>}
            {users.map((user) => (
              <Table.Tr
                key={user.publicId}
                data-testid="annotator-row"
                data-email={user.email}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(paths.annotatorActivity(user.publicId))}
              >
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {user.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={user.role === 'Admin' ? 'indigo' : 'gray'} radius="sm">
                    {user.role}
                  </Badge>
                </Table.Td>
                <Table.Td data-testid="annotator-total-sessions">{user.total_sessions}</Table.Td>
                <Table.Td data-testid="annotator-scored-sessions">{user.scored_sessions}</Table.Td>
                <Table.Td data-testid="annotator-session-time">{minutes(user.avg_session_minutes)}</Table.Td>
                <Table.Td data-testid="annotator-scoring-time">{minutes(user.avg_scoring_minutes)}</Table.Td>
                <Table.Td data-testid="annotator-success-rate">
                  {user.success_rate === null ? NO_FIGURE : `${user.success_rate}%`}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatSessionDate(user.last_active)}
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
