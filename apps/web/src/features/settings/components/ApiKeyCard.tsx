import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The organization's API key (000 §2.11) with a Copy button. */
export function ApiKeyCard({ apiKey, organizationName }: { apiKey: string; organizationName: string }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={4}>API key</Title>
          <Text size="sm" c="dimmed">
            Programs use this key to act for {organizationName}: send it in the <code>X-API-Key</code> header
            of every request. Keep it secret: anyone who has it can call the API as your organization.
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            label="Organization API key"
            readOnly
            value={apiKey}
            onFocus={(event) => event.currentTarget.select()}
            ff="monospace"
            style={{ flex: 1 }}
            data-testid="api-key"
          />
          <CopyButton value={apiKey}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                color={copied ? 'teal' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Paper>
  );
}
