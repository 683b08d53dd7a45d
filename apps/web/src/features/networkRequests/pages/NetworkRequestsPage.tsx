import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING } from '@proctor/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorDetail, isApiError } from '../../../api';
import { NetworkRequestDetail } from '../../../components/NetworkRequestDetail';
import { NetworkRequestsTable } from '../../../components/NetworkRequestsTable';
import { PageHeader } from '../../../components/PageHeader';
import { paths } from '../../../paths';
import { useNetworkRequests } from '../hooks/useNetworkRequests';
import {
  compileNetworkFilter,
  EMPTY_NETWORK_FILTER,
  filterNetworkRequests,
  type NetworkFilterInput,
} from '../networkFilter';

export const SESSION_ID_REQUIRED = 'Session ID is required';

/** Asks for the session whose requests to show (000 §2.11, §5: a session id is required). */
function SessionIdForm({ onOpen }: { onOpen: (sessionId: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sessionId = value.trim();
    if (!sessionId) setError(SESSION_ID_REQUIRED);
    else onOpen(sessionId);
  };
  return (
    <Paper withBorder radius="md" p="md" maw={560}>
      <form onSubmit={submit}>
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Session ID"
            placeholder="The id of a session"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            style={{ flex: 1 }}
          />
          <Button type="submit" mt={25}>
            Open
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** /network-requests?sessionId= (000 §2.11): a session's recorded requests, filtered as the user types. */
export function NetworkRequestsPage() {
  const [search, setSearch] = useSearchParams();
  const sessionId = search.get('sessionId')?.trim() || null;
  const requests = useNetworkRequests(sessionId);
  const [input, setInput] = useState<NetworkFilterInput>(EMPTY_NETWORK_FILTER);
  const [debounced] = useDebouncedValue(input, TIMING.filterDebounceMs);
  const compiled = useMemo(() => compileNetworkFilter(debounced), [debounced]);
  const all = requests.data ?? [];
  const shown = useMemo(() => filterNetworkRequests(all, compiled.filter), [all, compiled]);
  const set = (patch: Partial<NetworkFilterInput>) => setInput((current) => ({ ...current, ...patch }));

  if (!sessionId) {
    return (
      <Stack gap="lg">
        <PageHeader
          title="Network Requests"
          description="The requests a session's browser made, as recorded."
        />
        <SessionIdForm onOpen={(id) => setSearch({ sessionId: id })} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Network Requests"
        description={
          <>
            Session{' '}
            <Anchor component={Link} to={paths.session(sessionId)} ff="monospace" size="sm">
              {sessionId}
            </Anchor>
          </>
        }
        actions={
          <Button variant="default" onClick={() => setSearch({})}>
            Another session
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label="URL"
            placeholder="contains…"
            value={input.url}
            onChange={(e) => set({ url: e.currentTarget.value })}
            w={260}
          />
          <TextInput
            label="Method"
            placeholder="GET, POST…"
            value={input.method}
            onChange={(e) => set({ method: e.currentTarget.value })}
            w={140}
          />
          <TextInput
            label="Content type"
            placeholder="contains…"
            value={input.contentType}
            onChange={(e) => set({ contentType: e.currentTarget.value })}
            w={200}
          />
          <Textarea
            label="Request body"
            description='JSON of regular expressions for top-level fields: {"field": "regex"}'
            placeholder='{"email": "@example\\.com$"}'
            value={input.bodyMatchers}
            onChange={(e) => set({ bodyMatchers: e.currentTarget.value })}
            error={compiled.bodyMatchersError}
            autosize
            minRows={1}
            maxRows={6}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            style={{ flex: 1, minWidth: 280 }}
          />
        </Group>
      </Paper>

      {requests.isPending && (
        <Center py={60}>
          <Loader aria-label="Loading network requests" />
        </Center>
      )}
      {requests.isError && (
        <Alert
          color={isApiError(requests.error) && requests.error.status === 404 ? 'gray' : 'red'}
          variant="light"
          title="Failed to load network requests"
        >
          {errorDetail(requests.error)}
        </Alert>
      )}
      {requests.data && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed" data-testid="network-requests-count">
            {shown.length === all.length
              ? `${all.length} requests`
              : `${shown.length} of ${all.length} requests`}
          </Text>
          <NetworkRequestsTable
            requests={shown}
            detail={(request) => <NetworkRequestDetail request={request} />}
            emptyText={
              all.length === 0
                ? 'No network requests were recorded for this session'
                : 'No requests match these filters'
            }
          />
        </Stack>
      )}
    </Stack>
  );
}
