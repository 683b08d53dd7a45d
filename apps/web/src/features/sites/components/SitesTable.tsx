import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { Site } from '@proctor/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteIcon } from '../../../components/SiteIcon';
import { TableMessage } from '../../../components/TableMessage';
import { paths } from '../../../paths';

/** The sites list (002 §2.6): icon and name (to the site's page), URL, and whether it is shared. */
export function SitesTable({ sites, emptyText }: { sites: Site[]; emptyText: ReactNode }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table aria-label="Sites" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Site</Table.Th>
            <Table.Th>URL</Table.Th>
            <Table.Th w={120} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites.length === 0 && <TableMessage colSpan={3}>{emptyText}</TableMessage>}
          {sites.map((site) => (
            <Table.Tr key={site.id} data-testid="site-row">
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <SiteIcon name={site.name} imgUrl={site.imgUrl} />
                  <Anchor component={Link} to={paths.site(site.id)} fw={600} size="sm">
                    {site.name}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace" truncate="end" title={site.url}>
                  {site.url}
                </Text>
              </Table.Td>
              <Table.Td>
                {site.shared && (
                  <Badge variant="light" color="gray" radius="sm">
                    Shared
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
