import { Paper, Stack, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { CopyIconButton } from '../../../components/CopyIconButton';

/** The last invite link created, kept on screen in case the clipboard was not available. */
export function InviteLink({ url, expiresAt }: { url: string; expiresAt: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={6}>
        <TextInput
          label="Invite URL"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="invite-url"
          rightSection={<CopyIconButton value={url} />}
        />
        <Text size="xs" c="dimmed">
          Anyone signed in who opens this link joins your organization as a member. It expires on{' '}
          {dayjs(expiresAt).format('MMM DD, YYYY hh:mm a')}.
        </Text>
      </Stack>
    </Paper>
  );
}
