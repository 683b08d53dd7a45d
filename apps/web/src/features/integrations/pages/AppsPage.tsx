import {
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { INTEGRATION_APPS, type IntegrationSource } from '@proctor/contracts';
import { IconApi, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { ConnectSourceDialog } from '../components/ConnectSourceDialog';
import { InstallSourceDialog } from '../components/InstallSourceDialog';
import { useIntegrationSources } from '../hooks/useIntegrations';
import { canEditIntegrations } from '../integrationAccess';

type Shown = 'all' | 'installed';

const matches = (search: string, ...texts: string[]) =>
  texts.some((text) => text.toLowerCase().includes(search.trim().toLowerCase()));

/** The installed sources: each connected (open its page) or waiting for its API key (Connect). */
function SourcesTable({
  sources,
  editor,
  onConnect,
}: {
  sources: IntegrationSource[];
  editor: boolean;
  onConnect: (source: IntegrationSource) => void;
}) {
  return (
    <Table verticalSpacing="sm" data-testid="integration-sources">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Server</Table.Th>
          <Table.Th>Methods</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sources.length === 0 && <TableMessage colSpan={4}>No source matches the search</TableMessage>}
        {sources.map((source) => (
          <Table.Tr key={source.id}>
            <Table.Td>
              <Text fw={500}>{source.name}</Text>
              {source.description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {source.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {source.baseUrl || 'none given'}
              </Text>
            </Table.Td>
            <Table.Td>{source.methods.length}</Table.Td>
            <Table.Td ta="right">
              {source.integrationId !== null ? (
                <Button
                  component={Link}
                  to={paths.integration(source.integrationId)}
                  variant="light"
                  size="xs"
                >
                  Open
                </Button>
              ) : editor ? (
                <Button size="xs" onClick={() => onConnect(source)}>
                  Connect
                </Button>
              ) : (
                <Badge color="gray" variant="light">
                  Not connected
                </Badge>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /apps (002 §2.7): the fixed list of apps (one: HTTP API (OpenAPI)) with an All/Installed filter and a search
 * box, and the app's installed sources, each connected with an API key.
 */
export function AppsPage() {
  const user = useSignedInUser();
  const editor = canEditIntegrations(user);
  const sources = useIntegrationSources();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown>('all');
  const [search, setSearch] = useState('');
  const [installing, setInstalling] = useState(false);
  const [connecting, setConnecting] = useState<IntegrationSource | null>(null);

  return (
    <Stack gap="lg">
      <PageHeader title="Apps" description="Connect the APIs your flows and agents call." />
      <Group gap="md">
        <SegmentedControl
          value={shown}
          onChange={(value) => setShown(value as Shown)}
          data={[
            { value: 'all', label: 'All' },
            { value: 'installed', label: 'Installed' },
          ]}
        />
        <TextInput
          placeholder="Search apps"
          aria-label="Search apps"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
      </Group>
      <QueryView query={sources} errorTitle="Failed to load the installed apps">
        {(installed) => {
          const apps = INTEGRATION_APPS.filter(
            (app) =>
              (shown === 'all' || installed.length > 0) &&
              (matches(search, app.name, app.description) ||
                installed.some((source) => matches(search, source.name))),
          );
          if (apps.length === 0)
            return (
              <Text c="dimmed" ta="center" py="xl">
                {shown === 'installed' && installed.length === 0
                  ? 'No app installed yet: install one from All'
                  : 'No app matches the search'}
              </Text>
            );
          return apps.map((app) => (
            <Card key={app.id} withBorder padding="lg" data-testid={`app-${app.id}`}>
              <Stack gap="md">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Group gap="md" wrap="nowrap" align="flex-start">
                    <ThemeIcon size={40} variant="light" radius="md">
                      <IconApi size={22} />
                    </ThemeIcon>
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Title order={4}>{app.name}</Title>
                        {installed.length > 0 && (
                          <Badge variant="light" color="green">
                            Installed
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {app.description}
                      </Text>
                    </Stack>
                  </Group>
                  {editor && (
                    <Button leftSection={<IconPlus size={16} />} onClick={() => setInstalling(true)}>
                      Install
                    </Button>
                  )}
                </Group>
                {installed.length > 0 && (
                  <SourcesTable
                    sources={installed.filter(
                      (source) => matches(search, app.name, app.description) || matches(search, source.name),
                    )}
                    editor={editor}
                    onConnect={setConnecting}
                  />
                )}
                {installed.length === 0 && !editor && (
                  <Text size="sm" c="dimmed">
                    Not installed: ask a member with dashboard access to install it.
                  </Text>
                )}
              </Stack>
            </Card>
          ));
        }}
      </QueryView>
      <InstallSourceDialog
        opened={installing}
        onClose={() => setInstalling(false)}
        onInstalled={(source) => {
          setInstalling(false);
          setConnecting(source);
        }}
      />
      <ConnectSourceDialog
        source={connecting}
        onClose={() => setConnecting(null)}
        onConnected={(integration) => {
          setConnecting(null);
          navigate(paths.integration(integration.id));
        }}
      />
    </Stack>
  );
}
