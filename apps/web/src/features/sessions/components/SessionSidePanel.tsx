import { Accordion, Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LAYOUT, type SessionDetailResponse, type StateMutation } from '@proctor/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyIconButton } from '../../../components/CopyIconButton';
import { JsonViewer } from '../../../components/JsonViewer';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import type { AnnotatorTimer } from '../hooks/useAnnotatorTimer';
import { formatSessionDate } from '../sessionFormat';
import { logLine } from '../sessionLogs';
import { Detail, DetailLink, DetailText } from './Detail';
import { SessionDuration } from './SessionDuration';
import { SessionLabels } from './SessionLabels';
import { SessionScores } from './SessionScores';
import { SessionStatusBadge } from './SessionStatusBadge';

const MUTATION_COLORS: Record<StateMutation['action'], string> = {
  INSERT: 'teal',
  UPDATE: 'indigo',
  DELETE: 'red',
};

/** Net mutations: one per row changed, told apart by app, table, key, action and time. */
const mutationKey = (mutation: StateMutation) =>
  `${mutation.simulator ?? ''}|${mutation.table_name}|${mutation.pk}|${mutation.action}|${mutation.action_timestamp}`;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={testId}>
      <Title order={5} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/**
 * The session page's right panel (000 §2.5, 440 px): session info, test case info, labels (sample test cases)
 * or scores, output, state mutations (at most 50, the rest counted) and logs.
 */
export function SessionSidePanel({
  detail,
  adminView,
  timer,
}: {
  detail: SessionDetailResponse;
  adminView: boolean;
  /** The annotator's timer, whose seconds go with their score; null when it does not run. */
  timer: AnnotatorTimer | null;
}) {
  const user = useSignedInUser();
  const { session } = detail;
  const testCase = session.testCase;
  // Sample test cases' details are for account admins only (000 §2.5).
  const showTestCase = testCase !== null && (!testCase.isSample || user.permissions.is_account_admin);
  const moreMutations = detail.state_mutation_count - detail.state_mutations.length;
  // Labels are written and read by the session's organization (platform admins: any); others see the scores.
  const showLabels =
    testCase?.isSample === true &&
    (session.organizationId === user.organizationId || user.permissions.is_admin);

  return (
    <Stack
      gap="md"
      w={LAYOUT.sessionPanelWidth}
      style={{ flexShrink: 0 }}
      component="aside"
      aria-label="Session details"
    >
      <Section title="Session info" testId="session-info">
        <Stack gap="sm">
          <Group gap="lg" align="flex-start">
            <Detail label="Status">
              <SessionStatusBadge session={session} />
            </Detail>
            <Detail label="Steps Taken">
              <DetailText>{String(detail.snapshot.snapshots.length)}</DetailText>
            </Detail>
            <Detail label="Duration">
              <SessionDuration session={session} />
            </Detail>
          </Group>
          {session.failureReason && (
            <Detail label="Failure">
              <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
                {session.failureReason}
              </Text>
            </Detail>
          )}
          <Detail label="Agent">
            <DetailLink to={session.agentArtifact ? paths.agent(session.agentArtifact.alias) : null}>
              {session.agentArtifact?.alias}
            </DetailLink>
          </Detail>
          <Detail label="Simulator">
            <DetailLink to={session.simulator ? paths.simulator(session.simulator.name) : null}>
              {session.simulator?.name}
            </DetailLink>
          </Detail>
          <Detail label="Started At">
            <DetailText>{formatSessionDate(session.startedAt)}</DetailText>
          </Detail>
          <Detail label="Session ID">
            <Group gap={4} wrap="nowrap">
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="session-id">
                {session.sessionId}
              </Text>
              <CopyIconButton value={session.sessionId} label="session ID" size="sm" />
            </Group>
          </Detail>
          {(user.permissions.is_account_admin || user.permissions.is_admin) && (
            <Detail label="Organization">
              <DetailText>{session.organization?.name}</DetailText>
            </Detail>
          )}
          {session.isPublic && (
            <Badge variant="light" color="grape" radius="sm" tt="none" w="fit-content">
              Public
            </Badge>
          )}
        </Stack>
      </Section>

      {showTestCase && testCase && (
        <Section title="Testcase info" testId="testcase-info">
          <Stack gap="sm">
            <Detail label="Name">
              <Anchor component={Link} to={paths.testCase(testCase.publicId)} size="sm">
                {testCase.name}
              </Anchor>
            </Detail>
            <Detail label="Start URL">
              <DetailText mono>{testCase.startUrl}</DetailText>
            </Detail>
            <Detail label="Prompt">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {session.prompt ?? testCase.prompt}
              </Text>
            </Detail>
            <Detail label="Hint">
              <DetailText>{testCase.hint}</DetailText>
            </Detail>
            {session.replayOfSessionId && (
              <Detail label="Reference">
                <Anchor
                  component={Link}
                  to={paths.session(session.replayOfSessionId)}
                  size="sm"
                  ff="monospace"
                >
                  {session.replayOfSessionId}
                </Anchor>
              </Detail>
            )}
          </Stack>
        </Section>
      )}
      {!testCase && session.prompt && (
        <Section title="Prompt" testId="session-prompt">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {session.prompt}
          </Text>
        </Section>
      )}

      {showLabels ? (
        <Section title="Labels" testId="session-labels">
          <SessionLabels sessionId={session.sessionId} />
        </Section>
      ) : (
        <Section title="Scores" testId="session-scores">
          <SessionScores
            session={session}
            snapshotId={detail.snapshot.id}
            humanResults={detail.human_results}
            adminView={adminView}
            timer={timer}
          />
        </Section>
      )}

      <Section title="Output" testId="session-output">
        {session.output === null || session.output === undefined ? (
          <Empty>The session gave no output</Empty>
        ) : (
          <JsonViewer value={session.output} label="Session output" maxHeight={300} />
        )}
      </Section>

      <Section title="State Mutations" testId="state-mutations">
        {detail.state_mutations.length === 0 ? (
          <Empty>The session changed no state</Empty>
        ) : (
          <Stack gap="xs">
            <Accordion variant="separated" chevronPosition="left" multiple>
              {detail.state_mutations.map((mutation) => (
                <Accordion.Item
                  key={mutationKey(mutation)}
                  value={mutationKey(mutation)}
                  data-testid="state-mutation"
                >
                  <Accordion.Control>
                    <Group gap="xs" wrap="nowrap">
                      {/* Only a multi-simulator session's mutations name their app. */}
                      {mutation.simulator && (
                        <Badge
                          size="sm"
                          radius="sm"
                          variant="outline"
                          color="gray"
                          data-testid="mutation-app"
                        >
                          {mutation.simulator}
                        </Badge>
                      )}
                      <Badge size="sm" radius="sm" variant="light" color={MUTATION_COLORS[mutation.action]}>
                        {mutation.action}
                      </Badge>
                      <Text size="sm" ff="monospace" truncate>
                        {mutation.table_name} {mutation.pk}
                      </Text>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <JsonViewer
                      value={{ old: mutation.old, new: mutation.new }}
                      label="Mutation"
                      maxHeight={240}
                    />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
            {moreMutations > 0 && (
              <Text size="sm" c="dimmed" data-testid="more-mutations">
                and {moreMutations} more
              </Text>
            )}
          </Stack>
        )}
      </Section>

      <Section title="Logs" testId="session-logs">
        {detail.logs.length === 0 ? (
          <Empty>No logs were written for this session</Empty>
        ) : (
          <Stack gap={6}>
            {detail.logs.map(logLine).map((line) => (
              <Paper key={line.id} withBorder radius="sm" p="xs" data-testid="log-entry">
                <Group gap={6} mb={2}>
                  <Badge size="xs" radius="sm" variant="outline" color="gray" tt="none">
                    {line.source}
                  </Badge>
                  <Badge size="xs" radius="sm" variant="light" tt="none">
                    {line.type}
                  </Badge>
                </Group>
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
                  {line.message}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
