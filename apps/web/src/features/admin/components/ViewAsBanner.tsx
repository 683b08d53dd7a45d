import { Alert, Button, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useAuth } from '../../auth';
import { useStopViewAs } from '../hooks/useViewAs';

/** Shown on every dashboard page while a platform admin views the product as someone else. */
export function ViewAsBanner() {
  const auth = useAuth();
  const stop = useStopViewAs();
  if (!auth.user?.viewAs) return null;
  return (
    <Alert color="yellow" variant="light" mb="md" icon={<IconEye size={18} />} data-testid="view-as-banner">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm">
          Viewing as <strong>{auth.user.name}</strong> ({auth.user.email})
        </Text>
        <Button size="xs" color="yellow" loading={stop.isPending} onClick={() => stop.mutate()}>
          Stop
        </Button>
      </Group>
    </Alert>
  );
}
