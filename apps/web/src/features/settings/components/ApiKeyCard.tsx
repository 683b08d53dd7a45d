import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { ApiKeyWithheld } from '../../../components/ApiKeyWithheld';

/**
 * The organization's API key (000 §2.11) with a Copy button; null when the server withholds it from this
 * member (the key carries permissions they lack).
 */
export function ApiKeyCard({
  apiKey,
  organizationName,
}: {
  apiKey: string | null;
  organizationName: string;
}) {
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
        {apiKey === null ? (
          <ApiKeyWithheld organizationName={organizationName} />
        ) : (
          <Group gap="sm" align="flex-end" wrap="nowrap">
            <TextInput
              label="Organization API key"
              readOnly
              value={apiKey}
              onFocus={(event) => event.currentTarget.select()}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
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
        )}
      </Stack>
    </Paper>
  );
}
