import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';

/** What every area of the route map that is not built yet shows: its name, and that it is not there yet. */
export function AreaNotAvailable({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <Paper withBorder radius="md" p="xl" data-testid="area-not-available">
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconHourglassEmpty size={26} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>This area is not available yet.</Text>
          <Text c="dimmed" size="sm" ta="center" maw={420}>
            {title} will appear here in a later release of Proctor.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
