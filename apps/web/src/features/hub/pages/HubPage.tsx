import { Alert, Grid, Paper, Text } from '@mantine/core';
import type { HubSimulator } from '@proctor/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { useSignedInUser } from '../../auth';
import { CreateRepositoryPanel } from '../components/CreateRepositoryPanel';
import {
  ClonePopover,
  GitCredentialsPopover,
  type HubPopover,
  SandboxPopover,
} from '../components/HubPopovers';
import { RepositoryView } from '../components/RepositoryView';
import { SimulatorList } from '../components/SimulatorList';
import { useHubSimulators } from '../hooks/useHub';
import { HUB_PAGE_MESSAGES } from '../messages';

/**
 * /hub (002 §2.5), for platform admins: the simulators with their repository dots on the left, the chosen one's
 * repository on the right, and the Git credentials, Clone and Sandbox popovers (one open at a time).
 */
export function HubPage() {
  const user = useSignedInUser();
  if (!user.permissions.is_admin)
    return (
      <Alert color="gray" title="Hub">
        This page is for platform admins.
      </Alert>
    );
  return <HubScreen />;
}

function HubScreen() {
  const simulators = useHubSimulators();
  const [selectedName, setSelectedName] = useState<string | null>(null);
  const [popover, setPopover] = useState<HubPopover>(null);
  const list = simulators.data?.simulators ?? [];
  const selected: HubSimulator | null = list.find((simulator) => simulator.name === selectedName) ?? null;

  return (
    <>
      <PageHeader
        title="Hub"
        description="Each simulator's source in a git repository: browse it here, clone it, change it and push."
        actions={
          <>
            <GitCredentialsPopover open={popover} onOpen={setPopover} />
            {selected?.has_repository && (
              <>
                <ClonePopover open={popover} onOpen={setPopover} simulatorName={selected.name} />
                <SandboxPopover
                  open={popover}
                  onOpen={setPopover}
                  simulatorName={selected.name}
                  repositoryName={selected.repository?.name ?? selected.name}
                />
              </>
            )}
          </>
        }
      />
      {simulators.data && !simulators.data.git_available && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          mb="md"
          data-testid="git-missing"
        >
          {simulators.data.git_detail ?? 'Git is not installed on this server.'} Repositories can be browsed,
          not cloned or pushed, until it is installed.
        </Alert>
      )}
      <QueryView query={simulators} errorTitle={HUB_PAGE_MESSAGES.loadSimulators} loading={{ rows: 6 }}>
        {(hub) => (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 3 }}>
              <SimulatorList
                simulators={hub.simulators}
                selected={selectedName}
                onSelect={(simulator) => setSelectedName(simulator.name)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              {selected === null ? (
                <Paper withBorder radius="md" p="xl">
                  <Text c="dimmed" size="sm" ta="center">
                    Choose a simulator to see its repository.
                  </Text>
                </Paper>
              ) : selected.has_repository ? (
                // Keyed by simulator: another simulator opens at its own preferred branch and root folder.
                <RepositoryView key={selected.name} simulatorName={selected.name} />
              ) : (
                <CreateRepositoryPanel
                  simulator={selected}
                  canWrite={hub.can_write}
                  gitAvailable={hub.git_available}
                />
              )}
            </Grid.Col>
          </Grid>
        )}
      </QueryView>
    </>
  );
}
