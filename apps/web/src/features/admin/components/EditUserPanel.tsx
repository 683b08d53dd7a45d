import { Checkbox, Drawer, Select, Stack, Text, Title } from '@mantine/core';
import { type AdminOrganization, type AdminUser, LAYOUT, PERMISSION_FLAGS } from '@proctor/contracts';
import { type UserChange, useUpdateUser } from '../hooks/useUpdateUser';
import { NO_ORGANIZATION, organizationOptions } from '../organizationOptions';

/** The 400 px 'Edit User' side panel; every change is saved at once. */
export function EditUserPanel({
  user,
  organizations,
  onClose,
}: {
  user: AdminUser | null;
  organizations: AdminOrganization[];
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={user !== null}
      onClose={onClose}
      position="right"
      size={LAYOUT.adminUserPanelWidth}
      withOverlay={false}
      lockScroll={false}
      shadow="lg"
      title={<Title order={4}>Edit User</Title>}
      closeButtonProps={{ 'aria-label': 'Close Edit User' }}
    >
      {user && <UserForm key={user.id} user={user} organizations={organizations} />}
    </Drawer>
  );
}

function UserForm({ user, organizations }: { user: AdminUser; organizations: AdminOrganization[] }) {
  const update = useUpdateUser(user.id);
  // While a change is on its way, show it rather than the value it replaces.
  const pending: UserChange | undefined = update.isPending ? update.variables : undefined;
  const organizationId =
    pending && 'organization_id' in pending ? (pending.organization_id ?? null) : user.organizationId;
  const flag = (name: (typeof PERMISSION_FLAGS)[number]) =>
    pending?.permissions?.[name] ?? user.permissions[name];

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text fw={500}>{user.name}</Text>
        <Text size="sm" c="dimmed">
          {user.email}
        </Text>
      </Stack>
      <Select
        label="Organization"
        data={organizationOptions(organizations)}
        value={organizationId === null ? NO_ORGANIZATION : String(organizationId)}
        allowDeselect={false}
        onChange={(value) =>
          value && update.save({ organization_id: value === NO_ORGANIZATION ? null : Number(value) })
        }
      />
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Permissions
        </Text>
        {PERMISSION_FLAGS.map((name) => (
          <Checkbox
            key={name}
            label={name}
            checked={flag(name)}
            disabled={update.isPending}
            onChange={(event) => update.save({ permissions: { [name]: event.currentTarget.checked } })}
          />
        ))}
        <Checkbox
          label="has_beta_access"
          checked={pending?.has_beta_access ?? user.has_beta_access}
          disabled={update.isPending}
          onChange={(event) => update.save({ has_beta_access: event.currentTarget.checked })}
        />
      </Stack>
    </Stack>
  );
}
