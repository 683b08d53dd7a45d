import { Alert, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { LAYOUT } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { JsonViewer } from '../../../components/JsonViewer';
import { useEnvironmentState } from '../hooks/useEnvironmentState';
import { MutationsTable } from './MutationsTable';

export type EnvironmentStateView = 'state' | 'mutations';

export const STATE_VIEW_ERRORS: Record<EnvironmentStateView, string> = {
  state: 'Failed to fetch state',
  mutations: 'Failed to fetch mutations',
};

/**
 * An environment's state read fresh when opened: the count of mutations since the last reset and the state
 * as JSON, or the mutations as a table and as JSON.
 */
export function EnvironmentStateDialog({
  environmentId,
  view,
  title,
  onClose,
}: {
  environmentId: string | null;
  /** null: closed. */
  view: EnvironmentStateView | null;
  title?: string;
  onClose: () => void;
}) {
  const state = useEnvironmentState(environmentId, view !== null);
  const heading = title ?? (view === 'mutations' ? 'Mutations' : 'State');
  return (
    <Modal opened={view !== null} onClose={onClose} title={heading} size={LAYOUT.dialogWidths.medium}>
      {state.isPending ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : state.isError ? (
        <Alert color="red" variant="light" title={STATE_VIEW_ERRORS[view ?? 'state']}>
          {errorDetail(state.error)}
        </Alert>
      ) : view === 'mutations' ? (
        <Stack gap="md">
          <MutationsTable mutations={state.data.state.mutations} />
          <JsonViewer label="Mutations JSON" value={state.data.state.mutations} maxHeight={300} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" data-testid="mutation-count">
            {state.data.state.mutations.length}{' '}
            {state.data.state.mutations.length === 1 ? 'mutation' : 'mutations'} since the last reset
          </Text>
          {state.data.state.by_simulator && (
            <Text size="sm" c="dimmed" data-testid="mutations-by-app">
              {Object.entries(state.data.state.by_simulator)
                .map(([app, mutations]) => `${app}: ${mutations.length}`)
                .join(' · ')}
            </Text>
          )}
          <JsonViewer label="State JSON" value={state.data.state} />
        </Stack>
      )}
    </Modal>
  );
}
