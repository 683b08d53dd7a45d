import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/**
 * Why a page that drives a remote browser opens none for this user: browser sessions are for members with
 * dashboard or playground access, human recorders and admins (BROWSER_SESSION_PERMISSIONS).
 */
export function BrowserNotAllowed({ what }: { what: string }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="browser-not-allowed">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconLock size={26} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600}>{what} needs a remote browser, which your account may not open.</Text>
        <Text c="dimmed" size="sm" ta="center" maw={460}>
          Remote browsers are for members with dashboard or playground access, human recorders and admins. Ask
          an account admin of your organization or a platform admin of this Proctor server for dashboard
          access.
        </Text>
      </Stack>
    </Paper>
  );
}
