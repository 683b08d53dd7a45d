import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';

/**
 * What stands in for a part of the dashboard that is not built yet: a whole area of the route map or one
 * tab of a page. It says so plainly instead of showing an empty list the server was never asked for.
 */
export function NotAvailableYet({ part, what }: { part: 'area' | 'tab'; what: string }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid={`${part}-not-available`}>
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconHourglassEmpty size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>This {part} is not available yet.</Text>
        <Text c="dimmed" size="sm" ta="center" maw={420}>
          {what} will appear here in a later release of Proctor.
        </Text>
      </Stack>
    </Paper>
  );
}
