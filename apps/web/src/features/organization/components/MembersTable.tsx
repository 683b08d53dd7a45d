import { Avatar, Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { Member } from '@proctor/contracts';
import { ownImage } from '../../../components/ownImage';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

export function MembersTable({ members, currentUserId }: { members: Member[]; currentUserId: number }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table aria-label="Organization members">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Role</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    {/* A sign-in provider's picture lives on its site: initials instead of a call there. */}
                    <Avatar src={ownImage(member.imageUrl)} radius="xl" size={30} color="indigo" aria-hidden>
                      {initials(member.name)}
                    </Avatar>
                    <Text size="sm" fw={500} data-testid="member-name">
                      {member.name}
                    </Text>
                    {member.id === currentUserId && (
                      <Text size="xs" c="dimmed">
                        (you)
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{member.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={member.role === 'Admin' ? 'indigo' : 'gray'} radius="sm">
                    {member.role}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
