import { ActionIcon, CopyButton, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import dayjs from 'dayjs';

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
          rightSection={
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label="Copy"
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
        <Text size="xs" c="dimmed">
          Anyone signed in who opens this link joins your organization as a member. It expires on{' '}
          {dayjs(expiresAt).format('MMM DD, YYYY hh:mm a')}.
        </Text>
      </Stack>
    </Paper>
  );
}
