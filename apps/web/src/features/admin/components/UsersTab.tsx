import { ActionIcon, Paper, Table, Text, Tooltip } from '@mantine/core';
import type { AdminUser } from '@proctor/contracts';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { useAdminOrganizations } from '../hooks/useAdminOrganizations';
import { useAdminUsers } from '../hooks/useAdminUsers';
import { useViewAs } from '../hooks/useViewAs';
import { ADMIN_MESSAGES } from '../messages';
import { EditUserPanel } from './EditUserPanel';

/** Users tab (002 §2.3): every account; a row opens 'Edit User', the eye views the product as that user. */
export function UsersTab() {
  const users = useAdminUsers();
  const organizations = useAdminOrganizations();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = users.data?.find((user) => user.id === selectedId) ?? null;
  return (
    <>
      <QueryView query={users} errorTitle={ADMIN_MESSAGES.loadFailed}>
        {(list) => <UsersTable users={list} selectedId={selectedId} onSelect={setSelectedId} />}
      </QueryView>
      <EditUserPanel
        user={selected}
        organizations={organizations.data ?? []}
        onClose={() => setSelectedId(null)}
      />
    </>
  );
}

function UsersTable({
  users,
  selectedId,
  onSelect,
}: {
  users: AdminUser[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const viewAs = useViewAs();
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table aria-label="Users" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Organization</Table.Th>
              <Table.Th w={60} aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.length === 0 && <TableMessage colSpan={4}>No users yet</TableMessage>}
            {users.map((user) => (
              <Table.Tr
                key={user.id}
                onClick={() => onSelect(user.id)}
                style={{ cursor: 'pointer' }}
                bg={user.id === selectedId ? 'var(--mantine-color-indigo-light)' : undefined}
                data-testid="admin-user-row"
              >
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {user.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={user.organization_name ? undefined : 'dimmed'}>
                    {user.organization_name ?? 'No Organization'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* Without an organization there is only the create-organization form, and no banner to stop from. */}
                  <Tooltip
                    label={user.organizationId === null ? 'Has no organization to view' : 'View as this user'}
                  >
                    <ActionIcon
                      variant="subtle"
                      aria-label={`View as ${user.name}`}
                      disabled={user.organizationId === null}
                      loading={viewAs.isPending && viewAs.variables === user.email}
                      onClick={(event) => {
                        event.stopPropagation();
                        viewAs.mutate(user.email);
                      }}
                    >
                      <IconEye size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
