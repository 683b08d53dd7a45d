import { Button, Stack, Text } from '@mantine/core';
import {
  EMPTY_SIMULATOR_FILTER,
  filterSimulators,
  isSimulatorFilterActive,
  mayCreateSimulators,
  type SimulatorListFilter,
  simulatorLicenses,
} from '@proctor/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { useSignedInUser } from '../../auth';
import { AddSimulatorDialog } from '../components/AddSimulatorDialog';
import { SimulatorFilters } from '../components/SimulatorFilters';
import { SimulatorsTable } from '../components/SimulatorsTable';
import { useAssignableUsers } from '../hooks/useAssignableUsers';
import { useSimulators } from '../hooks/useSimulators';

export const SIMULATORS_LOAD_FAILED = 'Failed to load simulators';

/** /simulators (001 §2.4). */
export function SimulatorsPage() {
  const user = useSignedInUser();
  const isAdmin = user.permissions.is_admin;
  const mayCreate = mayCreateSimulators(user.permissions);
  const simulators = useSimulators();
  const users = useAssignableUsers(isAdmin);
  const [filter, setFilter] = useState<SimulatorListFilter>(EMPTY_SIMULATOR_FILTER);
  const [adding, setAdding] = useState(false);

  const all = simulators.data ?? [];
  const shown = filterSimulators(all, filter);
  const filtered = isSimulatorFilterActive(filter);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Simulators"
        description="Simulated web apps that agents are judged in, and their readiness."
        actions={
          mayCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Add Simulator
            </Button>
          )
        }
      />
      <SimulatorFilters
        filter={filter}
        onChange={setFilter}
        isAdmin={isAdmin}
        users={users.data ?? []}
        licenses={simulatorLicenses(all)}
      />
      {filtered && simulators.data && (
        <Text size="sm" c="dimmed" data-testid="simulators-showing">
          Showing {shown.length} of {all.length} simulators
        </Text>
      )}
      <QueryView query={simulators} errorTitle={SIMULATORS_LOAD_FAILED}>
        {() => (
          <SimulatorsTable
            simulators={shown}
            isAdmin={isAdmin}
            users={users.data ?? []}
            emptyText={
              filtered
                ? 'No simulators match these filters'
                : isAdmin
                  ? 'No simulators yet. Add one to get started.'
                  : "Your organization's plan does not include any simulators yet."
            }
          />
        )}
      </QueryView>
      {mayCreate && <AddSimulatorDialog opened={adding} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
