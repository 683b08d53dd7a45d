import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { DOCS_PATH } from '@proctor/contracts';
import { Link } from 'react-router';
import { ApiKeyWithheld } from '../../../components/ApiKeyWithheld';
import { CodeBlock } from '../../../components/CodeBlock';
import { codeSample, installCommand } from '../quickStart';

/**
 * The install command and a code sample that call this server with the organization's API key (000 §2.3).
 * The sample reads the key from PROCTOR_API_KEY; `apiKey` only says whether this member may see it.
 */
export function QuickStart({
  apiKey,
  organizationName,
}: {
  apiKey: string | null;
  organizationName: string;
}) {
  const origin = window.location.origin;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={4}>Call Proctor from your code</Title>
          <Text size="sm" c="dimmed">
            Every screen of this dashboard is built on the same HTTP API your programs use. Generate typed
            definitions from this server's OpenAPI description, then call it with your organization's API key.
            The full reference is in the{' '}
            <Anchor href={DOCS_PATH} target="_blank" rel="noopener noreferrer" size="sm">
              API docs
            </Anchor>
            .
          </Text>
        </Stack>
        <CodeBlock label="Install" code={installCommand(origin)} />
        <CodeBlock label="list-members.mjs" code={codeSample(origin)} />
        {apiKey === null ? (
          <ApiKeyWithheld organizationName={organizationName} />
        ) : (
          <Text size="sm" c="dimmed">
            Set <code>PROCTOR_API_KEY</code> to the key on the{' '}
            <Anchor component={Link} to="/settings" size="sm">
              Settings
            </Anchor>{' '}
            page before you run it.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
