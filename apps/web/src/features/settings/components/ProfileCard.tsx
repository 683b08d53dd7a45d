import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PERMISSION_FLAGS, type User } from '@proctor/contracts';

const FLAG_LABELS: Record<(typeof PERMISSION_FLAGS)[number], string> = {
  is_admin: 'Platform admin',
  is_account_admin: 'Account admin',
  create_test_cases: 'Create test cases',
  record_testcases: 'Record test cases',
  playground_access: 'Playground access',
  dashboard_access: 'Dashboard access',
  create_simulator: 'Create simulators',
  is_human_recorder: 'Human recorder',
  is_super_scorer: 'Super scorer',
};

/** Who is signed in and what they may do here. */
export function ProfileCard({ user }: { user: User }) {
  const granted = PERMISSION_FLAGS.filter((flag) => user.permissions[flag]);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={4}>Your account</Title>
        <Group gap="xl">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              Name
            </Text>
            <Text size="sm">{user.name}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              E-mail
            </Text>
            <Text size="sm">{user.email}</Text>
          </Stack>
          {user.organization && (
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                Organization
              </Text>
              <Text size="sm">{user.organization.name}</Text>
            </Stack>
          )}
        </Group>
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            Permissions
          </Text>
          {granted.length ? (
            <Group gap={6}>
              {granted.map((flag) => (
                <Badge key={flag} variant="light" radius="sm">
                  {FLAG_LABELS[flag]}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              None yet. A platform admin or your organization's plan grants them.
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
