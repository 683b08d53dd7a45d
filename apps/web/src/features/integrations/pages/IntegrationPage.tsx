import { Anchor, Badge, Breadcrumbs, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { INTEGRATION_APPS, type IntegrationDetail, type IntegrationMethod } from '@proctor/contracts';
import { IconKey, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { AddEndpointMethodDialog } from '../components/AddEndpointMethodDialog';
import { ApiKeyDialog } from '../components/ApiKeyDialog';
import { CallMethodDialog } from '../components/CallMethodDialog';
import { useConfigureIntegration, useIntegration, useWebScrapers } from '../hooks/useIntegrations';
import { canEditIntegrations } from '../integrationAccess';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>{title}</Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** API Authentication: whether a key is set (never the key) and the schemes the document declares for it. */
function Authentication({ detail, editor }: { detail: IntegrationDetail; editor: boolean }) {
  const [configuring, setConfiguring] = useState(false);
  const configure = useConfigureIntegration(detail.integration.id);
  const schemes = Object.entries(detail.source.api_components.securitySchemes);
  return (
    <Section
      title="API Authentication"
      action={
        editor && (
          <Button variant="light" leftSection={<IconKey size={16} />} onClick={() => setConfiguring(true)}>
            Configure
          </Button>
        )
      }
    >
      <Group gap="xs">
        <Text size="sm" fw={500}>
          API key
        </Text>
        {detail.integration.apiKeySet ? (
          <Badge color="green" variant="light" data-testid="api-key-set">
            Set
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            Not set
          </Badge>
        )}
      </Group>
      {schemes.length === 0 ? (
        <Text size="sm" c="dimmed">
          The document declares no security scheme: calls are sent without the key.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Scheme</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Sent as</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schemes.map(([name, scheme]) => (
              <Table.Tr key={name}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>{scheme.type}</Table.Td>
                <Table.Td>
                  {scheme.type === 'apiKey'
                    ? `${scheme.in} ${scheme.name}`
                    : scheme.type === 'http' && scheme.scheme?.toLowerCase() !== 'bearer'
                      ? `not filled by an API key (${scheme.scheme})`
                      : 'Authorization: Bearer'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ApiKeyDialog
        opened={configuring}
        title="Configure API key"
        submitLabel="Save"
        description="The new key replaces the stored one. It is stored encrypted and never shown again."
        pending={configure.isPending}
        onClose={() => setConfiguring(false)}
        onSubmit={(apiKey, done) =>
          configure.mutate(
            { api_key: apiKey },
            {
              onSuccess: () => {
                notify.success('API key saved');
                done();
                setConfiguring(false);
              },
              onError: (error) => notify.error(errorDetail(error), 'Failed to save the API key'),
            },
          )
        }
      />
    </Section>
  );
}

/** API Endpoints: the source's operations and the site endpoints added to it, each callable. */
function Endpoints({ detail, editor }: { detail: IntegrationDetail; editor: boolean }) {
  const [adding, setAdding] = useState(false);
  const [calling, setCalling] = useState<IntegrationMethod | null>(null);
  const methods = detail.source.methods.filter((method) => method.type === 'endpoint');
  return (
    <Section
      title="API Endpoints"
      action={
        editor && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add
          </Button>
        )
      }
    >
      <Table verticalSpacing="xs" data-testid="integration-methods">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Method</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>URL</Table.Th>
            <Table.Th>Parameters</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {methods.length === 0 && <TableMessage colSpan={5}>No endpoints</TableMessage>}
          {methods.map((method) => (
            <Table.Tr key={method.id}>
              <Table.Td>
                <Badge variant="light">{method.method}</Badge>
              </Table.Td>
              <NameCells name={method.name} description={method.description} address={method.urlTemplate} />
              <Table.Td>
                <Text size="xs">
                  {method.parameters.map((parameter) => `${parameter.name}: ${parameter.type}`).join(', ') ||
                    '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {editor && (
                  <Button
                    size="xs"
                    variant="subtle"
                    leftSection={<IconPlayerPlay size={14} />}
                    onClick={() => setCalling(method)}
                  >
                    Call
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <AddEndpointMethodDialog
        integrationId={detail.integration.id}
        apiBaseUrl={detail.source.baseUrl}
        opened={adding}
        onClose={() => setAdding(false)}
      />
      {calling && (
        <CallMethodDialog
          integrationId={detail.integration.id}
          method={calling}
          onClose={() => setCalling(null)}
        />
      )}
    </Section>
  );
}

/**
 * Web Scrapers: the organization's web flows (each acts on a site and extracts JSON), made and run in the Builder;
 * Add opens it.
 */
function WebScrapers() {
  const flows = useWebScrapers();
  return (
    <Section
      title="Web Scrapers"
      action={
        <Button component={Link} to={paths.builder} variant="light" leftSection={<IconPlus size={16} />}>
          Add
        </Button>
      }
    >
      <QueryView query={flows} errorTitle="Failed to load the web flows">
        {(list) => (
          <Table verticalSpacing="xs" data-testid="web-scrapers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Start URL</Table.Th>
                <Table.Th>Steps</Table.Th>
                <Table.Th>Parameters</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.length === 0 && (
                <TableMessage colSpan={4}>
                  No web flows yet: Add opens the Builder, where you make one
                </TableMessage>
              )}
              {list.map((flow) => (
                <Table.Tr key={flow.id}>
                  <NameCells name={flow.name} description={flow.description} address={flow.start_url} />
                  <Table.Td>{flow.nodes.length}</Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {flow.parameters.map((parameter) => parameter.name).join(', ') || '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryView>
    </Section>
  );
}

/** /integrations/{id} (002 §2.7): breadcrumbs, API Authentication, API Endpoints and Web Scrapers. */
export function IntegrationPage() {
  const { integrationId } = useParams<{ integrationId: string }>();
  const user = useSignedInUser();
  const editor = canEditIntegrations(user);
  const integration = useIntegration(Number(integrationId));
  return (
    <QueryView
      query={integration}
      errorTitle="Failed to load the integration"
      loading={{ label: 'Loading the integration' }}
    >
      {(detail) => (
        <Stack gap="lg">
          <Breadcrumbs>
            <Anchor component={Link} to={paths.apps}>
              Apps
            </Anchor>
            <Anchor component={Link} to={paths.apps}>
              {INTEGRATION_APPS[0].name}
            </Anchor>
            <Text>{detail.integration.name}</Text>
          </Breadcrumbs>
          <Stack gap={4}>
            <Title order={2}>{detail.integration.name}</Title>
            {detail.source.description && (
              <Text c="dimmed" size="sm">
                {detail.source.description}
              </Text>
            )}
            <Text size="sm" ff="monospace">
              {detail.source.baseUrl || 'No server URL: only methods with a full URL can be called'}
            </Text>
          </Stack>
          <Authentication detail={detail} editor={editor} />
          <Endpoints detail={detail} editor={editor} />
          <WebScrapers />
        </Stack>
      )}
    </QueryView>
  );
}

/** A method's or a web flow's name with its description, then its address: the first cells of both tables. */
function NameCells({ name, description, address }: { name: string; description: string; address: string }) {
  return (
    <>
      <Table.Td>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        {description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {address}
        </Text>
      </Table.Td>
    </>
  );
}
