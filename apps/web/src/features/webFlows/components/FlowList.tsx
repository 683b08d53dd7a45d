import { Loader, NavLink, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { TIMING, WEB_FLOW_DEFAULT_NAME, type WebFlow } from '@proctor/contracts';
import { IconPlus, IconRoute, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/QueryView';
import { formatSessionDate } from '../../sessions';
import { useWebFlows } from '../hooks/useWebFlows';

/**
 * The builder's flow list (002 §2.8): 'Search or create' filters the organization's flows by name (300 ms after
 * typing stops); the first entry creates a flow, named as typed or 'New Web Flow', and Enter opens the flow of the
 * name typed or creates it.
 */
export function FlowList({
  onOpen,
  onCreate,
}: {
  onOpen: (flow: WebFlow) => void;
  /** `startUrl`: where the install says new flows start (null: nowhere yet). */
  onCreate: (name: string, startUrl: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, TIMING.filterDebounceMs);
  const flows = useWebFlows(debounced.trim());
  const typed = search.trim();
  const startUrl = flows.data?.default_start_url ?? null;

  return (
    <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
      <TextInput
        aria-label="Search or create"
        placeholder="Search or create"
        leftSection={<IconSearch size={16} />}
        rightSection={flows.isFetching ? <Loader size={14} /> : null}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !typed) return;
          // Enter opens the flow of that name when there is one, and creates it otherwise.
          const named = flows.data?.flows.find((flow) => flow.name.toLowerCase() === typed.toLowerCase());
          if (named) onOpen(named);
          else onCreate(typed, startUrl);
        }}
      />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={2}>
          <NavLink
            component="button"
            label={typed ? `Create “${typed}”` : WEB_FLOW_DEFAULT_NAME}
            description={typed ? 'New web flow' : 'Create a web flow'}
            leftSection={<IconPlus size={16} />}
            onClick={() => onCreate(typed || WEB_FLOW_DEFAULT_NAME, startUrl)}
          />
          {flows.isError && (
            <QueryError title="Failed to load web flows" error={flows.error} onRetry={flows.refetch} />
          )}
          {flows.data?.flows.map((flow) => (
            <NavLink
              key={flow.id}
              component="button"
              data-testid="web-flow-item"
              label={flow.name}
              description={`${flow.nodes.length} ${flow.nodes.length === 1 ? 'node' : 'nodes'} · ${formatSessionDate(flow.updated_at)}`}
              leftSection={<IconRoute size={16} />}
              onClick={() => onOpen(flow)}
            />
          ))}
          {flows.data?.flows.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="md">
              {debounced.trim() ? 'No web flows match this name' : 'No web flows yet'}
            </Text>
          )}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
