import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export const AGENTS_NOT_FOR_ANNOTATORS = 'Agents are not available to annotator organizations.';

/** What an annotator organization's member sees instead of agents: the server refuses them the agent calls. */
export function AgentsUnavailable() {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="agents-unavailable">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconLock size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>{AGENTS_NOT_FOR_ANNOTATORS}</Text>
        <Text c="dimmed" size="sm" ta="center" maw={440}>
          Annotator organizations record and score sessions; the agents that run test cases, and their
          results, belong to the organizations that run them.
        </Text>
      </Stack>
    </Paper>
  );
}
