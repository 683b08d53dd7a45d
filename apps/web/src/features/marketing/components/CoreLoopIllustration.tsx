import { Box, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowRight,
  IconBrowser,
  IconChecklist,
  IconPlayerRecord,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

const STAGES: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <IconBrowser size={22} />,
    title: 'Simulator',
    text: 'An offline copy of a web app with its own seeded database',
  },
  {
    icon: <IconPlayerRecord size={22} />,
    title: 'Session',
    text: 'Every click, keystroke, screenshot and request, step by step',
  },
  {
    icon: <IconChecklist size={22} />,
    title: 'Automatic score',
    text: 'State mutations and output compared with what the task expects',
  },
  {
    icon: <IconUsersGroup size={22} />,
    title: 'Human consensus',
    text: 'Annotators review the run until they agree on the verdict',
  },
];

/** A static picture of Proctor's core loop: no video, nothing loaded from elsewhere. */
export function CoreLoopIllustration() {
  return (
    <Paper
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-indigo-0), var(--mantine-color-gray-0))',
        border: '1px solid var(--mantine-color-indigo-1)',
      }}
      aria-label="How a run flows through Proctor"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {STAGES.map((stage, index) => (
          <Group key={stage.title} gap="sm" wrap="nowrap" align="stretch">
            <Paper withBorder radius="md" p="md" shadow="xs" style={{ flex: 1 }}>
              <Stack gap={8}>
                <Group gap={8} wrap="nowrap">
                  <ThemeIcon variant="light" radius="md" size={34}>
                    {stage.icon}
                  </ThemeIcon>
                  <Text fw={600} size="sm">
                    {index + 1}. {stage.title}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {stage.text}
                </Text>
              </Stack>
            </Paper>
            {index < STAGES.length - 1 && (
              <Box visibleFrom="md" style={{ alignSelf: 'center' }} c="indigo.4">
                <IconArrowRight size={18} />
              </Box>
            )}
          </Group>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
