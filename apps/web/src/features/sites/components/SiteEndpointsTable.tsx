import { ActionIcon, Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import type { Site, SiteEndpoint } from '@proctor/contracts';
import { IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';
import { EditEndpointDialog } from './EditEndpointDialog';

/**
 * Site endpoints (002 §2.6, §3): method, origin, URL pattern and content type, with the model of the response when
 * one is linked. With `sites`, a first column names each endpoint's site (the organization's list). With
 * `editable`, the endpoints it allows have an Edit button.
 */
export function SiteEndpointsTable({
  endpoints,
  emptyText,
  sites,
  modelName,
  onModel,
  editable,
}: {
  endpoints: SiteEndpoint[];
  emptyText: ReactNode;
  sites?: ReadonlyMap<number, Site>;
  modelName?: (modelId: number) => string | undefined;
  onModel?: (modelId: number) => void;
  editable?: (endpoint: SiteEndpoint) => boolean;
}) {
  const [editing, setEditing] = useState<SiteEndpoint | null>(null);
  const columns = (sites ? 1 : 0) + (modelName ? 1 : 0) + (editable ? 1 : 0) + 4;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table aria-label="Site endpoints" layout="fixed">
          <Table.Thead>
            <Table.Tr>
              {sites && <Table.Th w={160}>Site</Table.Th>}
              <Table.Th w={80}>Method</Table.Th>
              <Table.Th w={270}>Origin</Table.Th>
              <Table.Th>URL pattern</Table.Th>
              <Table.Th w={180}>Content type</Table.Th>
              {modelName && <Table.Th w={180}>Model</Table.Th>}
              {editable && <Table.Th w={56} />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {endpoints.length === 0 && <TableMessage colSpan={columns}>{emptyText}</TableMessage>}
            {endpoints.map((endpoint) => {
              const site = sites?.get(endpoint.siteId);
              const model = endpoint.modelId !== null ? modelName?.(endpoint.modelId) : undefined;
              return (
                <Table.Tr key={endpoint.id} data-testid="site-endpoint-row">
                  {sites && (
                    <Table.Td>
                      <Anchor component={Link} to={paths.site(endpoint.siteId)} size="sm">
                        {site?.name ?? `Site ${endpoint.siteId}`}
                      </Anchor>
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Text size="sm" ff="monospace" fw={600}>
                      {endpoint.method}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" truncate="end" title={endpoint.originUrl}>
                      {endpoint.originUrl}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" truncate="end" title={endpoint.url}>
                      {endpoint.urlPattern}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate="end">
                      {endpoint.contentType ?? '—'}
                    </Text>
                  </Table.Td>
                  {modelName && (
                    <Table.Td>
                      {model !== undefined && endpoint.modelId !== null ? (
                        <Badge
                          component="button"
                          variant="light"
                          radius="sm"
                          style={{ cursor: 'pointer' }}
                          onClick={() => endpoint.modelId !== null && onModel?.(endpoint.modelId)}
                        >
                          {model}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  )}
                  {editable && (
                    <Table.Td>
                      {editable(endpoint) && (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Edit endpoint ${endpoint.method} ${endpoint.urlPattern}`}
                          onClick={() => setEditing(endpoint)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing && <EditEndpointDialog endpoint={editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
