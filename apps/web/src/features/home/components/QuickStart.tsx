import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { DOCS_PATH } from '@proctor/contracts';
import { Link } from 'react-router';
import { ApiKeyWithheld } from '../../../components/ApiKeyWithheld';
import { CodeBlock } from '../../../components/CodeBlock';
import { paths } from '../../../paths';
import { codeSample, curlSample, installCommand } from '../quickStart';

/**
 * The install command for the SDK this server serves and a code sample of an agent's run, both against
 * this server with the organization's API key (000 §2.3). The samples read the key from PROCTOR_API_KEY;
 * `apiKey` only says whether this member may see it.
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
          <Title order={4}>Run your agent on Proctor</Title>
          <Text size="sm" c="dimmed">
            Install the TypeScript SDK from this server, start an environment (a simulator with its own
            browser), let your agent drive the browser with Playwright, then evaluate the run against the test
            case. Every other call is in the{' '}
            <Anchor href={DOCS_PATH} target="_blank" rel="noopener noreferrer" size="sm">
              API docs
            </Anchor>{' '}
            and takes the same key.
          </Text>
        </Stack>
        <CodeBlock label="Install" code={installCommand(origin)} />
        <CodeBlock label="agent.mjs" code={codeSample(origin)} />
        <CodeBlock label="Any other call" code={curlSample(origin)} />
        {apiKey === null ? (
          <ApiKeyWithheld organizationName={organizationName} />
        ) : (
          <Text size="sm" c="dimmed">
            Set <code>PROCTOR_API_KEY</code> to the key on the{' '}
            <Anchor component={Link} to={paths.settings} size="sm">
              Settings
            </Anchor>{' '}
            page before you run it.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
