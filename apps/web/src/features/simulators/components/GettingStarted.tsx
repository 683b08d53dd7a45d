import { Button, Divider, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Simulator } from '@proctor/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CodeBlock } from '../../../components/CodeBlock';
import { paths } from '../../../paths';
import { codeSample, installCommand, pythonInstallCommand, pythonSample } from '../../home';

/**
 * A call this server answers (GET /api/testcases with the organization's API key): the simulator's test
 * cases, with the fields an agent harness needs to run them.
 */
export function curlSnippet(origin: string, simulator: Pick<Simulator, 'id'>): string {
  return `curl -H "X-API-Key: $PROCTOR_API_KEY" \\
  '${origin}/api/testcases?simulator_id=${simulator.id}&page_size=1000'`;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff="monospace" data-testid={`getting-started-${label.toLowerCase()}`}>
        {value}
      </Text>
    </Group>
  );
}

/** The Getting Started panel of the simulator About tab (001 §2.5). */
export function GettingStarted({ simulator }: { simulator: Simulator }) {
  const origin = window.location.origin;
  const authentication = simulator.config.authentication;
  const notes = simulator.config.notes;
  return (
    <Paper withBorder radius="md" p="lg" aria-label="Getting Started" component="section">
      <Stack gap="md">
        <Title order={4}>Getting Started</Title>
        {authentication && (
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              Authentication
            </Text>
            <Field label="User" value={authentication.user} />
            <Field label="Password" value={authentication.password} />
          </Stack>
        )}
        {notes && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Notes
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {notes}
            </Text>
          </Stack>
        )}
        <Button
          component={Link}
          to={paths.playground(simulator.name)}
          leftSection={<IconPlayerPlay size={16} />}
          variant="light"
        >
          Run in Playground
        </Button>
        <Divider />
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Use it from code
          </Text>
          <Text size="xs" c="dimmed">
            Install the client from this server, start an environment of this simulator, let your agent drive
            its browser with Playwright, then evaluate the run. Every request carries your organization's API
            key (PROCTOR_API_KEY) in the X-API-Key header.
          </Text>
          <Tabs defaultValue="python">
            <Tabs.List>
              <Tabs.Tab value="python">Python</Tabs.Tab>
              <Tabs.Tab value="typescript">TypeScript</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="python" pt="sm">
              <Stack gap="sm">
                <CodeBlock label="Install" code={pythonInstallCommand(origin)} />
                <CodeBlock label="agent.py" code={pythonSample(origin, simulator.name)} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="typescript" pt="sm">
              <Stack gap="sm">
                <CodeBlock label="Install" code={installCommand(origin)} />
                <CodeBlock label="agent.mjs" code={codeSample(origin, simulator.name)} />
              </Stack>
            </Tabs.Panel>
          </Tabs>
          <CodeBlock label="Its test cases" code={curlSnippet(origin, simulator)} />
        </Stack>
      </Stack>
    </Paper>
  );
}
