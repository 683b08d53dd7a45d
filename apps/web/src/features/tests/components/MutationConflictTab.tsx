import { Alert, Anchor, Badge, Center, Group, List, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { DATE_TIME_FORMAT, type DifferentialMutation, type TestCase } from '@proctor/contracts';
import { IconArrowsDiff } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { paths } from '../../../paths';
import { useMergedMutations } from '../hooks/useMergedMutations';
import {
  isNoSessionsError,
  lastGenerationOf,
  MERGED_MUTATIONS_FAILED,
  NO_SESSIONS_TO_COMPARE,
} from '../mutationComparison';
import { Section } from './Section';

export const ACTION_COLORS: Record<DifferentialMutation['action'], string> = {
  INSERT: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
};

export function SessionLinks({ sessionIds }: { sessionIds: string[] }) {
  if (sessionIds.length === 0)
    return (
      <Text size="sm" c="dimmed">
        none
      </Text>
    );
  return (
    <Group gap={6} wrap="wrap">
      {sessionIds.map((sessionId) => (
        <Anchor key={sessionId} component={Link} to={paths.session(sessionId)} size="sm" ff="monospace">
          {sessionId}
        </Anchor>
      ))}
    </Group>
  );
}

/** What the last generation did: when, from how many sessions, and the errors it stopped at. */
function LastGeneration({ testCase }: { testCase: TestCase }) {
  const last = lastGenerationOf(testCase);
  return (
    <Section
      title="Last generation"
      description="Expected mutations are generated from the sessions people judged correct."
    >
      {last === null ? (
        <Text size="sm" c="dimmed" data-testid="no-generation">
          Mutations have not been generated for this test case yet.
        </Text>
      ) : (
        <Stack gap="sm" data-testid="last-generation">
          <Group gap="md">
            <Badge variant="light" radius="sm" tt="none" color={last.status === 'success' ? 'green' : 'red'}>
              {last.status === 'success' ? 'Generated' : 'Failed'}
            </Badge>
            <Text size="sm">{dayjs(last.created_at).format(DATE_TIME_FORMAT)}</Text>
            <Text size="sm" c="dimmed">
              {last.num_sessions_used} {last.num_sessions_used === 1 ? 'session' : 'sessions'} used
            </Text>
            {last.status === 'success' && (
              <Text size="sm" c="dimmed">
                {last.mutation_count} expected {last.mutation_count === 1 ? 'mutation' : 'mutations'}
              </Text>
            )}
          </Group>
          {last.errors.length > 0 && (
            <Alert color="red" variant="light" title="Scoring generation errors">
              <List size="sm" spacing={4} data-testid="generation-errors">
                {last.errors.map((error) => (
                  <List.Item key={error}>{error}</List.Item>
                ))}
              </List>
            </Alert>
          )}
        </Stack>
      )}
    </Section>
  );
}

function DifferentialTable({ differential }: { differential: DifferentialMutation[] }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table aria-label="Changes not every session made" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={110}>Action</Table.Th>
              <Table.Th>Table</Table.Th>
              <Table.Th>Primary key</Table.Th>
              <Table.Th>Made in</Table.Th>
              <Table.Th>Missing from</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {differential.map((change) => (
              <Table.Tr
                key={`${change.action} ${change.table_name} ${change.pk}`}
                data-testid="differential-row"
              >
                <Table.Td>
                  <Badge variant="light" radius="sm" color={ACTION_COLORS[change.action]}>
                    {change.action}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {change.table_name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {change.pk}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <SessionLinks sessionIds={change.present_in} />
                </Table.Td>
                <Table.Td>
                  <SessionLinks sessionIds={change.missing_from} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The comparison of the correct sessions' mutations: which changes not all of them made. */
function SessionComparison({ testCase }: { testCase: TestCase }) {
  const merged = useMergedMutations(testCase.publicId);
  const viewer = (
    <Anchor component={Link} to={paths.mutationDiff(testCase.publicId)} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowsDiff size={16} />
        Open in the mutation diff viewer
      </Group>
    </Anchor>
  );

  let body: ReactNode;
  if (merged.isPending)
    body = (
      <Center py="xl">
        <Loader aria-label="Loading the comparison" />
      </Center>
    );
  else if (merged.isError)
    body = isNoSessionsError(merged.error) ? (
      <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="no-sessions-to-compare">
        {NO_SESSIONS_TO_COMPARE}
      </Text>
    ) : (
      <Alert color="red" variant="light" title={MERGED_MUTATIONS_FAILED}>
        {errorDetail(merged.error)}
      </Alert>
    );
  else {
    const { sessions, differential } = merged.data;
    body = (
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" data-testid="compared-sessions">
            {sessions.length} {sessions.length === 1 ? 'session' : 'sessions'} compared
          </Text>
          <SessionLinks sessionIds={sessions.map((session) => session.sessionId)} />
        </Stack>
        {differential.length === 0 ? (
          <Alert color="green" variant="light" data-testid="no-conflicts">
            {sessions.length === 1
              ? 'Only one session to compare: every change it made would be expected.'
              : 'Every session made the same changes.'}
          </Alert>
        ) : (
          <DifferentialTable differential={differential} />
        )}
      </Stack>
    );
  }

  return (
    <Section
      title="Correct sessions"
      description="Sessions not archived whose human results say correct, compared change by change."
      actions={viewer}
    >
      {body}
    </Section>
  );
}

/**
 * The Mutation Conflict tab of a test case (001 §2.2): the errors of the last scoring generation, then the
 * changes its correct sessions disagree on, which keep expected mutations from being generated.
 */
export function MutationConflictTab({ testCase }: { testCase: TestCase }) {
  return (
    <Stack gap="lg" data-testid="mutation-conflict">
      <LastGeneration testCase={testCase} />
      <SessionComparison testCase={testCase} />
    </Stack>
  );
}
