import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSignedInUser } from '../features/auth';
import { paths } from '../paths';

/**
 * The work areas (tests, simulators, datasets; 000 §2.2, 001 §6): annotator organizations do not see them
 * and go home; without dashboard_access they are disabled. The server refuses the same calls.
 */
export function RequireDashboardAccess({ title, children }: { title: string; children: ReactNode }) {
  const user = useSignedInUser();
  if (user.organization?.isAnnotator) return <Navigate to={paths.home} replace />;
  if (!user.permissions.dashboard_access) {
    return (
      <Stack gap="lg">
        <Title order={2}>{title}</Title>
        <Paper withBorder radius="md" p="xl" data-testid="dashboard-access-required">
          <Stack align="center" gap="sm" py="xl">
            <ThemeIcon size={48} radius="xl" variant="light" color="gray">
              <IconLock size={26} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600}>Dashboard access is not enabled for your account.</Text>
            <Text c="dimmed" size="sm" ta="center" maw={440}>
              {title} needs dashboard access. Ask a platform admin of this Proctor server to enable it for you
              or your organization.
            </Text>
          </Stack>
        </Paper>
      </Stack>
    );
  }
  return children;
}
