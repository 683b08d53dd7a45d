import {
  Alert,
  Anchor,
  Badge,
  Center,
  Code,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { DATE_TIME_FORMAT, MUTATION_GENERATION_MESSAGES, type NetMutationView } from '@proctor/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorDetail, isApiError } from '../../../api';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../paths';
import {
  ACTION_COLORS,
  isNoSessionsError,
  MERGED_MUTATIONS_FAILED,
  TEST_CASE_NOT_FOUND,
  useMergedMutations,
  useTestCase,
} from '../../tests';
import { columnChanges, type SessionColumn, sessionColumns } from '../mutationDiff';

export const NO_TEST_CASE_ID = 'No test case ID provided';
export const TEST_CASE_LOAD_FAILED = 'Failed to load test case data';

/** Wide enough for a column name and a short value side by side. */
const COLUMN_WIDTH = 340;

const cellText = { wordBreak: 'break-word', whiteSpace: 'pre-wrap' } as const;

function Problem({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Alert color="red" variant="light" title={title} data-testid="mutation-diff-error">
      {children}
    </Alert>
  );
}

function MutationCard({ mutation, differential }: { mutation: NetMutationView; differential: boolean }) {
  const changes = columnChanges(mutation);
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      data-testid="net-mutation"
      data-differential={differential}
      bg={differential ? 'var(--mantine-color-yellow-light)' : undefined}
      style={differential ? { borderColor: 'var(--mantine-color-yellow-6)' } : undefined}
    >
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <Badge size="sm" variant="light" radius="sm" color={ACTION_COLORS[mutation.action]}>
            {mutation.action}
          </Badge>
          <Text size="sm" ff="monospace" fw={600} style={cellText}>
            {mutation.table_name}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" style={cellText}>
            pk {mutation.pk}
          </Text>
        </Group>
        {changes.length > 0 && (
          <Stack gap={2}>
            {changes.map((change) => (
              <Text key={change.column} size="xs" ff="monospace" style={cellText}>
                <Text span inherit c="dimmed">
                  {change.column}:{' '}
                </Text>
                {change.before !== undefined && (
                  <Text span inherit td="line-through" c="dimmed">
                    {change.before}
                  </Text>
                )}
                {change.before !== undefined && ' → '}
                {change.value}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function SessionColumnView({ column, onlyDifferences }: { column: SessionColumn; onlyDifferences: boolean }) {
  const { session, missing } = column;
  const shown = onlyDifferences ? column.mutations.filter((item) => item.differential) : column.mutations;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      w={COLUMN_WIDTH}
      style={{ flexShrink: 0 }}
      data-testid="session-column"
      data-session-id={session.sessionId}
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Anchor component={Link} to={paths.session(session.sessionId)} ff="monospace" size="sm" fw={600}>
            {session.sessionId}
          </Anchor>
          <Text size="xs" c="dimmed">
            {dayjs(session.createdAt).format(DATE_TIME_FORMAT)} · {session.agent ?? 'Unknown agent'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="mutation-count">
            {session.mutations.length} {session.mutations.length === 1 ? 'change' : 'changes'}
          </Text>
        </Stack>
        {shown.length === 0 && (
          <Text size="sm" c="dimmed">
            {onlyDifferences ? 'Every change it made, every session made.' : 'No changes.'}
          </Text>
        )}
        {shown.map((item) => (
          <MutationCard key={item.key} mutation={item.mutation} differential={item.differential !== null} />
        ))}
        {missing.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              Not made here
            </Text>
            {missing.map((change) => (
              <Paper
                key={`${change.action} ${change.table_name} ${change.pk}`}
                radius="sm"
                p="xs"
                data-testid="missing-mutation"
                style={{ border: '1px dashed var(--mantine-color-yellow-6)' }}
              >
                <Group gap={6} wrap="nowrap">
                  <Badge size="sm" variant="outline" radius="sm" color={ACTION_COLORS[change.action]}>
                    {change.action}
                  </Badge>
                  <Text size="sm" ff="monospace" style={cellText}>
                    {change.table_name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" style={cellText}>
                    pk {change.pk}
                  </Text>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function Comparison({ testCasePublicId }: { testCasePublicId: string }) {
  const merged = useMergedMutations(testCasePublicId);
  const [onlyDifferences, setOnlyDifferences] = useState(false);

  if (merged.isPending)
    return (
      <Center py={80}>
        <Loader aria-label="Loading mutations" />
      </Center>
    );
  if (merged.isError)
    return isNoSessionsError(merged.error) ? (
      <Problem title={MUTATION_GENERATION_MESSAGES.noSessions} />
    ) : (
      <Problem title={MERGED_MUTATIONS_FAILED}>{errorDetail(merged.error)}</Problem>
    );

  const columns = sessionColumns(merged.data);
  const differences = merged.data.differential.length;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text size="sm" data-testid="compared-sessions">
            {columns.length} correct {columns.length === 1 ? 'session' : 'sessions'} compared
          </Text>
          <Tooltip label="Changes that not every session made are highlighted" withArrow>
            <Badge
              variant="light"
              radius="sm"
              tt="none"
              color={differences === 0 ? 'green' : 'yellow'}
              data-testid="differential-count"
            >
              {differences === 0
                ? 'No differences'
                : `${differences} ${differences === 1 ? 'change' : 'changes'} not in every session`}
            </Badge>
          </Tooltip>
        </Group>
        <Switch
          label="Only changes not in every session"
          checked={onlyDifferences}
          onChange={(event) => setOnlyDifferences(event.currentTarget.checked)}
        />
      </Group>
      <ScrollArea type="auto" offsetScrollbars>
        <Group gap="md" align="flex-start" wrap="nowrap" pb="xs">
          {columns.map((column) => (
            <SessionColumnView
              key={column.session.sessionId}
              column={column}
              onlyDifferences={onlyDifferences}
            />
          ))}
        </Group>
      </ScrollArea>
    </Stack>
  );
}

/**
 * /mutation-diff?testcaseId= (001 §2.11): the net mutations of a test case's correct, non-archived sessions
 * (the newest 100) side by side, a column each, the changes not every session made highlighted. The spec's
 * fallback to each session's own state mutations is not offered: the sessions people judged correct and their
 * net changes come from the server alone, so when it cannot compare them the page says so.
 */
export function MutationDiffPage() {
  const [search] = useSearchParams();
  const testCaseId = search.get('testcaseId')?.trim() ?? '';
  const testCase = useTestCase(testCaseId, { enabled: testCaseId !== '' });

  let body: ReactNode;
  if (testCaseId === '')
    body = (
      <Problem title={NO_TEST_CASE_ID}>Open this page from the Mutation Conflict tab of a test case.</Problem>
    );
  else if (testCase.isPending)
    body = (
      <Center py={80}>
        <Loader aria-label="Loading test case" />
      </Center>
    );
  else if (testCase.isError)
    body =
      isApiError(testCase.error) && testCase.error.status === 404 ? (
        <Problem title={TEST_CASE_NOT_FOUND}>
          There is no test case "{testCaseId}" that you can see. It may belong to another organization.
        </Problem>
      ) : (
        <Problem title={TEST_CASE_LOAD_FAILED}>{errorDetail(testCase.error)}</Problem>
      );
  else body = <Comparison testCasePublicId={testCase.data.publicId} />;

  return (
    <Stack gap={0}>
      <PageHeader
        title="Mutation diff"
        description={
          testCase.data ? (
            <Group gap={6} component="span">
              <Anchor
                component={Link}
                to={paths.testCase(testCase.data.publicId, 'mutation_conflict')}
                size="sm"
              >
                <Group gap={4} component="span" wrap="nowrap">
                  <IconArrowLeft size={14} />
                  {testCase.data.name}
                </Group>
              </Anchor>
              <Code>{testCase.data.publicId}</Code>
            </Group>
          ) : (
            'The changes of the sessions people judged correct, side by side.'
          )
        }
      />
      {body}
    </Stack>
  );
}
