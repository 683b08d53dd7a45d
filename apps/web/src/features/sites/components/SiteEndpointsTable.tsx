import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import type { Site, SiteEndpoint } from '@proctor/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';

/**
 * Site endpoints (002 §2.6, §3): method, origin, URL pattern and content type, with the model of the response when
 * one is linked. With `sites`, a first column names each endpoint's site (the organization's list).
 */
export function SiteEndpointsTable({
  endpoints,
  emptyText,
  sites,
  modelName,
  onModel,
}: {
  endpoints: SiteEndpoint[];
  emptyText: ReactNode;
  sites?: ReadonlyMap<number, Site>;
  modelName?: (modelId: number) => string | undefined;
  onModel?: (modelId: number) => void;
}) {
  const columns = (sites ? 1 : 0) + (modelName ? 1 : 0) + 4;
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
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
