import { Avatar, Group, Text } from '@mantine/core';
import type { User } from '@proctor/contracts';
import { Brand } from '../../components/Brand';
import { ownImage } from '../../components/ownImage';

/**
 * The sidebar's header: the organization's logo when Proctor serves it (or the first letter of its name) and its
 * name (000 §2.2).
 */
export function OrganizationHeader({ user }: { user: User | null }) {
  const organization = user?.organization;
  if (!organization) return <Brand size="sm" />;
  return (
    <Group gap={10} wrap="nowrap" data-testid="sidebar-organization">
      <Avatar
        src={ownImage(organization.logoUrl)}
        alt={organization.name}
        radius="md"
        size={32}
        color="indigo"
        variant="filled"
      >
        {organization.name.trim().charAt(0).toUpperCase()}
      </Avatar>
      <Text fw={600} size="sm" truncate="end" title={organization.name}>
        {organization.name}
      </Text>
    </Group>
  );
}
