import { Paper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { useAdminOrganizations } from '../hooks/useAdminOrganizations';
import { ADMIN_MESSAGES } from '../messages';
import { EditOrganizationPanel } from './EditOrganizationPanel';

/** Organizations tab (002 §2.3): name and user count; a row opens 'Edit Organization'. */
export function OrganizationsTab() {
  const organizations = useAdminOrganizations();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = organizations.data?.find((org) => org.id === selectedId) ?? null;
  return (
    <>
      <QueryView query={organizations} errorTitle={ADMIN_MESSAGES.loadFailed}>
        {(list) => (
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table aria-label="Organizations" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th w={120}>Users</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.length === 0 && <TableMessage colSpan={2}>No organizations yet</TableMessage>}
                {list.map((org) => (
                  <Table.Tr
                    key={org.id}
                    onClick={() => setSelectedId(org.id)}
                    style={{ cursor: 'pointer' }}
                    bg={org.id === selectedId ? 'var(--mantine-color-indigo-light)' : undefined}
                    data-testid="admin-organization-row"
                  >
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {org.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{org.user_count}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </QueryView>
      <EditOrganizationPanel organization={selected} onClose={() => setSelectedId(null)} />
    </>
  );
}
