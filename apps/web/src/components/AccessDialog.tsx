import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '../paths';

/**
 * Blocks a screen the user may not use yet (000 §2.8: recorder and playground without playground_access).
 * It cannot be dismissed; Return to Dashboard goes to /landing.
 */
export function AccessDialog({ title, description }: { title: string; description: string }) {
  const navigate = useNavigate();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={title}
    >
      <Stack align="center" gap="md" py="sm">
        <ThemeIcon size={52} radius="xl" variant="light">
          <IconLock size={28} stroke={1.6} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          We will be in touch shortly
        </Text>
        <Text c="dimmed" size="sm" ta="center">
          {description}
        </Text>
        <Button fullWidth onClick={() => navigate(paths.landing)}>
          Return to Dashboard
        </Button>
      </Stack>
    </Modal>
  );
}
