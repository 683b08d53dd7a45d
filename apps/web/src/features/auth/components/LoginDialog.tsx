import { Anchor, Button, Group, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../../paths';
import { loginPathFor } from '../signInPaths';

/** Shown over screens a signed-out visitor may open but not use (000 §2.8: the recorder). */
export function LoginDialog() {
  const location = useLocation();
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="sm"
    >
      <Stack align="center" gap="md" py="md">
        <ThemeIcon size={52} radius="xl" variant="light">
          <IconLogin2 size={28} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={4} align="center">
          <Title order={3}>Welcome</Title>
          <Text c="dimmed" size="sm">
            Sign in to continue
          </Text>
        </Stack>
        <Button component={Link} to={loginPathFor(location)} fullWidth size="md">
          Sign in
        </Button>
        <Group gap="xs">
          <Anchor component={Link} to={paths.privacy} size="xs" c="dimmed">
            Privacy Policy
          </Anchor>
          <Text size="xs" c="dimmed">
            ·
          </Text>
          <Anchor component={Link} to={paths.terms} size="xs" c="dimmed">
            Terms of Service
          </Anchor>
        </Group>
      </Stack>
    </Modal>
  );
}
