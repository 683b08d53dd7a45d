import { Button, Paper, Stack, Text } from '@mantine/core';
import type { HubSimulator } from '@proctor/contracts';
import { IconGitBranch } from '@tabler/icons-react';
import { notify } from '../../../components/notify';
import { useCreateSimulatorRepository } from '../hooks/useHub';
import { HUB_PAGE_MESSAGES } from '../messages';
import { createFailure } from '../repositoryBrowsing';

/** A simulator without a repository: what creating one gives, and 'Create Repository' for those who may. */
export function CreateRepositoryPanel({
  simulator,
  canWrite,
  gitAvailable,
}: {
  simulator: HubSimulator;
  canWrite: boolean;
  /** Without git on the server no repository can be made; the page's banner says why. */
  gitAvailable: boolean;
}) {
  const create = useCreateSimulatorRepository();
  return (
    <Paper withBorder radius="md" p="xl" data-testid="no-repository">
      <Stack align="center" gap="sm" py="lg">
        <Text fw={600}>{simulator.name} has no repository yet.</Text>
        <Text c="dimmed" size="sm" ta="center" maw={460}>
          {simulator.built_in
            ? "Its repository starts with the simulator's source as a kit project: clone it, change it, push."
            : 'Its repository starts empty: clone it and push the simulator’s source.'}
        </Text>
        {!gitAvailable ? (
          <Text size="sm" c="dimmed">
            Repositories can be created once git is installed on the server.
          </Text>
        ) : canWrite ? (
          <Button
            leftSection={<IconGitBranch size={16} />}
            loading={create.isPending}
            // The promise, not mutate()'s callbacks: the panel unmounts when the list turns the dot green, and
            // mutate()'s callbacks are dropped for an unmounted component.
            onClick={() =>
              create.mutateAsync(simulator.name).then(
                () => notify.success(HUB_PAGE_MESSAGES.created(simulator.name)),
                (error: unknown) => notify.error(createFailure(error)),
              )
            }
          >
            Create Repository
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Creating a repository needs the permission to create simulators.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
