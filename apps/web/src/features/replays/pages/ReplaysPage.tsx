import { Button, CloseButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { NO_REPLAY_SESSIONS, type ReplayGroup, sessionIdsIn } from '@proctor/contracts';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorDetail } from '../../../api';
import type { FilterOption } from '../../../components/ListFilters';
import { ListFooter } from '../../../components/ListFooter';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { useAgentArtifacts } from '../../agents';
import { useSignedInUser } from '../../auth';
import { useSimulators } from '../../simulators';
import { ReplayFilters } from '../components/ReplayFilters';
import { ReplayGroupCard } from '../components/ReplayGroupCard';
import { useGroupedReplays, useReplaySearch } from '../hooks/useReplayGroups';
import {
  groupedReplaysQueryFor,
  type ReplayListParams,
  readReplayListParams,
  withReplayFilter,
  writeReplayListParams,
} from '../replayListParams';

export const REPLAYS_LOAD_FAILED = 'Failed to load replay sessions';

/**
 * The agent filter's choices: the organization's agents, the agents of the originals on screen (a platform
 * admin sees other organizations' too), and an "Agent {id}" for one chosen earlier (from the address) that
 * neither names, so it can still be removed.
 */
function agentOptions(
  artifacts: ReadonlyArray<{ id: number; alias: string }>,
  groups: readonly ReplayGroup[],
  selectedIds: readonly number[],
): FilterOption[] {
  const names = new Map(artifacts.map((agent) => [agent.id, agent.alias]));
  for (const { original_session: original } of groups)
    if (original.agentArtifact) names.set(original.agentArtifact.id, original.agentArtifact.alias);
  for (const id of selectedIds) if (!names.has(id)) names.set(id, `Agent ${id}`);
  return [...names]
    .map(([id, alias]) => ({ value: String(id), label: alias }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

function Groups({ groups, withOrganization }: { groups: readonly ReplayGroup[]; withOrganization: boolean }) {
  if (groups.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" size="sm" ta="center" data-testid="replays-empty">
          {NO_REPLAY_SESSIONS}
        </Text>
      </Paper>
    );
  return (
    <Stack gap="md">
      {groups.map((group) => (
        <ReplayGroupCard
          key={group.original_session.sessionId}
          group={group}
          withOrganization={withOrganization}
        />
      ))}
    </Stack>
  );
}

const LOADING = { label: 'Loading replay sessions' };

/**
 * /replays (001 §2.10): sessions the replay agent re-enacted, each group an original session with its replays,
 * the group with the newest replay first, 45 groups a page, filtered through the address on the originals.
 * A search by session ids (space-separated: an original's or a replay's) stands in for the list until it is
 * cleared; Search is disabled while the box is blank, and Enter searches too.
 */
export function ReplaysPage() {
  const user = useSignedInUser();
  const isPlatformAdmin = user.permissions.is_admin;
  const [search, setSearch] = useSearchParams();
  const params = readReplayListParams(search);
  const [searchText, setSearchText] = useState('');
  const [searchedIds, setSearchedIds] = useState<string[] | null>(null);

  const groups = useGroupedReplays(groupedReplaysQueryFor(params), { enabled: searchedIds === null });
  const found = useReplaySearch(searchedIds);
  const agents = useAgentArtifacts();
  const simulators = useSimulators();

  const go = (next: ReplayListParams) => setSearch(writeReplayListParams(next));
  const runSearch = () => {
    const ids = sessionIdsIn(searchText);
    if (ids.length > 0) setSearchedIds(ids);
  };
  const clearSearch = () => {
    setSearchText('');
    setSearchedIds(null);
  };

  const listed = groups.data?.grouped_sessions ?? [];
  const simulatorOptions: FilterOption[] = (simulators.data ?? []).map((simulator) => ({
    value: String(simulator.id),
    label: simulator.name,
  }));
  const testCaseNames = [
    ...new Set([
      ...listed.flatMap((group) =>
        group.original_session.testCase ? [group.original_session.testCase.name] : [],
      ),
      ...params.testCaseNames,
    ]),
  ].sort((a, b) => a.localeCompare(b));

  return (
    <Stack gap="lg">
      <PageHeader
        title="Replays"
        description="Sessions the replay agent re-enacted, each under the session it replayed."
      />
      <Group
        component="form"
        gap="sm"
        align="flex-end"
        onSubmit={(event) => {
          event.preventDefault();
          runSearch();
        }}
      >
        <TextInput
          label="Search by session IDs"
          placeholder="Session IDs separated by spaces"
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          rightSection={
            searchText !== '' || searchedIds !== null ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={clearSearch} />
            ) : undefined
          }
          style={{ flex: 1 }}
          maw={720}
        />
        <Button type="submit" disabled={searchText.trim() === ''}>
          Search
        </Button>
      </Group>

      {searchedIds !== null ? (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm" data-testid="replays-search-summary">
              {found.data
                ? `${found.data.totalCount} ${found.data.totalCount === 1 ? 'group' : 'groups'} for ${searchedIds.length} ${searchedIds.length === 1 ? 'session ID' : 'session IDs'}`
                : `Searching ${searchedIds.length} ${searchedIds.length === 1 ? 'session ID' : 'session IDs'}`}
            </Text>
            <Button variant="subtle" size="xs" onClick={clearSearch}>
              Back to all replays
            </Button>
          </Group>
          <QueryView query={found} errorTitle={REPLAYS_LOAD_FAILED} loading={LOADING}>
            {(data) => <Groups groups={data.grouped_sessions} withOrganization={isPlatformAdmin} />}
          </QueryView>
        </Stack>
      ) : (
        <>
          <ReplayFilters
            params={params}
            agents={agentOptions(agents.data ?? [], listed, params.agentArtifactIds)}
            simulators={simulatorOptions}
            testCaseNames={testCaseNames}
            onChange={(patch) => go(withReplayFilter(params, patch))}
          />
          <QueryView query={groups} errorTitle={REPLAYS_LOAD_FAILED} loading={LOADING}>
            {(listing) => (
              <Stack gap="md">
                {groups.isError && (
                  <Text size="sm" c="red" role="status">
                    Could not refresh: {errorDetail(groups.error)}
                  </Text>
                )}
                <Groups groups={listed} withOrganization={isPlatformAdmin} />
                <ListFooter
                  position={{ ...listing, onPage: listed.length }}
                  noun={{ one: 'group', many: 'groups' }}
                  totalPages={listing.totalPages}
                  page={params.page}
                  onPageChange={(page) => go({ ...params, page })}
                  testId="replays-total"
                />
              </Stack>
            )}
          </QueryView>
        </>
      )}
    </Stack>
  );
}
