import { Box, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowRight, IconBrowser, IconChecklist, IconCode, IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const STAGES: Array<{ icon: ReactNode; title: string; text: string }> = [
  {
    icon: <IconBrowser size={22} />,
    title: 'Simulator',
    text: 'An offline copy of a web app with its own seeded database',
  },
  {
    icon: <IconChecklist size={22} />,
    title: 'Test case',
    text: 'A prompt, a start page and the database changes that complete the task',
  },
  {
    icon: <IconPlayerPlay size={22} />,
    title: 'Reference solution',
    text: 'A scripted run in real Chromium that must produce exactly those changes',
  },
  {
    icon: <IconCode size={22} />,
    title: 'Dashboard and API',
    text: 'Browse, edit and group the test cases, by hand or from your code',
  },
];

/** A static picture of how a task is built in Proctor: no video, nothing loaded from elsewhere. */
export function CoreLoopIllustration() {
  return (
    <Paper
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-indigo-0), var(--mantine-color-gray-0))',
        border: '1px solid var(--mantine-color-indigo-1)',
      }}
      aria-label="How a task is built in Proctor"
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
