import { Button, Group, Modal, Text } from '@mantine/core';

export const INVITE_EXPIRED_TEXT =
  'The invite link is expired, please request another one from the organization manager.';

export function InviteExpiredDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Invite Expired" centered>
      <Text size="sm">{INVITE_EXPIRED_TEXT}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>OK</Button>
      </Group>
    </Modal>
  );
}
