import { Badge, Button, CloseButton, Group, Stack, Switch, Text } from '@mantine/core';
import {
  formatSuccessRate,
  NO_SESSIONS_FOR_SCORING,
  PAGE_SIZE,
  type SessionListResponse,
  successRate,
} from '@proctor/contracts';
import { IconChecklist } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorDetail } from '../../../api';
import type { FilterOption } from '../../../components/ListFilters';
import { ListFooter, positionOf } from '../../../components/ListFooter';
import { notify } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { useSimulators } from '../../simulators';
import { RunGroupProgress } from '../components/RunGroupProgress';
import { SessionFilters } from '../components/SessionFilters';
import { SessionPanel } from '../components/SessionPanel';
import { SessionsTable } from '../components/SessionsTable';
import { useAdminOrganizations } from '../hooks/useAdminOrganizations';
import { useAdminView } from '../hooks/useAdminView';
import { useNextSessionToScore } from '../hooks/useSessionMutations';
import { useSessions } from '../hooks/useSessions';
import { SESSIONS } from '../sessionFormat';
import {
  isSessionListFiltered,
  readSessionListParams,
  type SessionListParams,
  sessionListQueryFor,
  withSessionFilter,
  writeSessionListParams,
} from '../sessionListParams';

export const SESSIONS_LOAD_FAILED = 'Failed to load sessions';

/**
 * Agents seen in the rows loaded while this page is open. There is no agents API yet, so the agent filter
 * can offer only agents present in the loaded rows; an agent chosen earlier (from the URL) keeps a
 * "Agent {id}" option so it can be removed.
 */
function useSeenAgents(response: SessionListResponse | undefined, selectedIds: number[]): FilterOption[] {
  const [seen, setSeen] = useState<ReadonlyMap<number, string>>(new Map());
  useEffect(() => {
    const found = (response?.sessions ?? []).flatMap((session) =>
      session.agentArtifact ? [session.agentArtifact] : [],
    );
    setSeen((current) => {
      if (found.every((agent) => current.has(agent.id))) return current;
      const next = new Map(current);
      for (const agent of found) next.set(agent.id, agent.alias);
      return next;
    });
  }, [response]);
  const options = [...seen].map(([id, alias]) => ({ value: String(id), label: alias }));
  for (const id of selectedIds) if (!seen.has(id)) options.push({ value: String(id), label: `Agent ${id}` });
  return options.sort((a, b) => a.label.localeCompare(b.label));
}

/** "12 passed of 20 scored (60% (95% CI 39–78%, n = 20)) · 31 sessions": a rate always with its certainty. */
export function summaryLine(summary: SessionListResponse['summary']): string {
  const rate = successRate(summary.numPassed, summary.numScored);
  return `${summary.numPassed} passed of ${summary.numScored} scored${
    rate.rate === null ? '' : ` · ${formatSuccessRate(rate)}`
  } · ${summary.totalCount} ${summary.totalCount === 1 ? 'session' : 'sessions'}`;
}

/**
 * /sessions (000 §2.4): the organization's sessions, filtered through the URL (a filter change goes back to
 * page 1), 100 a page, with a summary and an optional refresh every 10 seconds. Filtered on a run group, it
 * shows the group's progress and keeps the rows up to date until every run has its verdict.
 *
 * Annotators outside admin view (000 §2.4) get only a "Score Sessions" button, no filters, and rows that do
 * not open: the server leaves out what they may not score. The Admin View switch (account admins, and
 * platform admins who annotate) shows the list as everyone else sees it.
 */
export function SessionsPage() {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const isPlatformAdmin = user.permissions.is_admin;
  const { available: adminViewAvailable, adminView, setAdminView } = useAdminView();
  const annotating = user.organization?.isAnnotator === true && !adminView;
  const nextSession = useNextSessionToScore();
  const [search, setSearch] = useSearchParams();
  const params = readSessionListParams(search);
  const [polling, setPolling] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const sessions = useSessions(
    sessionListQueryFor(params, { pageSize: PAGE_SIZE.sessions, isPlatformAdmin, adminView }),
    {
      polling,
    },
  );
  const simulators = useSimulators();
  const organizations = useAdminOrganizations(isPlatformAdmin);
  const agents = useSeenAgents(sessions.data, params.agentArtifactIds);

  const go = (next: SessionListParams) => setSearch(writeSessionListParams(next));
  const rows = sessions.data?.sessions ?? [];
  const pagination = sessions.data?.pagination;
  const summary = sessions.data?.summary;
  const selected = rows.find((session) => session.sessionId === selectedId) ?? null;

  const simulatorOptions: FilterOption[] = (simulators.data ?? []).map((simulator) => ({
    value: String(simulator.id),
    label: simulator.name,
  }));
  const organizationOptions: FilterOption[] | null = isPlatformAdmin
    ? (organizations.data ?? []).map((organization) => ({
        value: String(organization.id),
        label: organization.name,
      }))
    : null;
  const testCaseNames = [
    ...new Set(rows.flatMap((session) => (session.testCase ? [session.testCase.name] : []))),
  ].sort((a, b) => a.localeCompare(b));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Sessions"
        description="Every run of an agent or a person against a test case, as recorded."
        actions={
          <Group gap="md">
            {adminViewAvailable && (
              <Switch
                label="Admin View"
                checked={adminView}
                onChange={(event) => setAdminView(event.currentTarget.checked)}
              />
            )}
            {annotating && (
              <Button
                leftSection={<IconChecklist size={16} />}
                loading={nextSession.isPending}
                onClick={() =>
                  nextSession.mutate(undefined, {
                    onSuccess: (next) => {
                      if (next.found && next.session) navigate(paths.session(next.session.sessionId));
                      else notify.info(NO_SESSIONS_FOR_SCORING);
                    },
                    onError: (error) => notify.error(errorDetail(error), 'Failed to find a session to score'),
                  })
                }
              >
                Score Sessions
              </Button>
            )}
          </Group>
        }
      />
      {!annotating && (
        <SessionFilters
          params={params}
          agents={agents}
          simulators={simulatorOptions}
          organizations={organizationOptions}
          testCaseNames={testCaseNames}
          polling={polling}
          onPollingChange={setPolling}
          onChange={(patch) => go(withSessionFilter(params, patch))}
        />
      )}

      {params.runSessionBatchId && (
        <Group gap="xs">
          <Badge
            variant="light"
            radius="sm"
            tt="none"
            size="lg"
            rightSection={
              <CloseButton
                size="xs"
                aria-label="Show every run group"
                onClick={() => go(withSessionFilter(params, { runSessionBatchId: null }))}
              />
            }
          >
            Run group: {summary?.runGroup?.name ?? params.runSessionBatchId}
          </Badge>
        </Group>
      )}
      {params.runSessionBatchId && <RunGroupProgress batchId={params.runSessionBatchId} />}

      <QueryView query={sessions} errorTitle={SESSIONS_LOAD_FAILED} loading={{ label: 'Loading sessions' }}>
        {() =>
          pagination &&
          summary && (
            <Stack gap="md">
              <Group justify="space-between" gap="sm">
                <Text size="sm" data-testid="sessions-summary">
                  {summary.runGroup ? `${summary.runGroup.name} · ` : ''}
                  {summaryLine(summary)}
                </Text>
                {sessions.isError && (
                  <Text size="sm" c="red" role="status">
                    Could not refresh: {errorDetail(sessions.error)}
                  </Text>
                )}
              </Group>
              <SessionsTable
                sessions={rows}
                emptyText={
                  pagination.total_count > 0
                    ? 'No sessions on this page'
                    : isSessionListFiltered(params)
                      ? 'No sessions match these filters'
                      : 'No sessions yet'
                }
                withOrganization={isPlatformAdmin}
                selectedId={selectedId}
                onSelect={
                  annotating
                    ? undefined
                    : (session) => setSelectedId(session.sessionId === selectedId ? null : session.sessionId)
                }
              />
              <ListFooter
                position={positionOf(pagination, rows.length)}
                noun={SESSIONS}
                totalPages={pagination.total_pages}
                page={params.page}
                onPageChange={(page) => go({ ...params, page })}
                testId="sessions-total"
              />
            </Stack>
          )
        }
      </QueryView>
      <SessionPanel
        session={selected}
        withOrganization={isPlatformAdmin}
        onClose={() => setSelectedId(null)}
      />
    </Stack>
  );
}
