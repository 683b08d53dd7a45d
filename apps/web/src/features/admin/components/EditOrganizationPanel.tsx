import { Button, Checkbox, Drawer, List, Stack, Text, Title } from '@mantine/core';
import {
  type AdminOrganization,
  LAYOUT,
  ORGANIZATION_PERMISSION_FLAGS,
  type OrganizationPermissions,
} from '@proctor/contracts';
import { useState } from 'react';
import { useSimulators } from '../../simulators';
import { useUpdateOrganization } from '../hooks/useUpdateOrganization';
import { ADMIN_MESSAGES } from '../messages';

/**
 * 'Edit Organization' (002 §2.3): its users; allowed simulators, each saved at once; the two organization-wide
 * permissions, held until 'Save Changes'.
 */
export function EditOrganizationPanel({
  organization,
  onClose,
}: {
  organization: AdminOrganization | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={organization !== null}
      onClose={onClose}
      position="right"
      size={LAYOUT.adminUserPanelWidth}
      withOverlay={false}
      lockScroll={false}
      shadow="lg"
      title={<Title order={4}>Edit Organization</Title>}
      closeButtonProps={{ 'aria-label': 'Close Edit Organization' }}
    >
      {organization && <OrganizationForm key={organization.id} organization={organization} />}
    </Drawer>
  );
}

function OrganizationForm({ organization }: { organization: AdminOrganization }) {
  const update = useUpdateOrganization(organization.id);
  const simulators = useSimulators();
  const [draft, setDraft] = useState<OrganizationPermissions>(organization.permissions);
  const changed = ORGANIZATION_PERMISSION_FLAGS.some(
    (flag) => draft[flag] !== organization.permissions[flag],
  );
  // While a change is on its way, show it rather than the plan it replaces.
  const plan = (update.isPending && update.variables?.plan) || organization.plan;
  const allowed = new Set(plan.allowed_simulators);

  const setAllowed = (simulatorId: number, on: boolean) => {
    const next = on ? [...allowed, simulatorId] : plan.allowed_simulators.filter((id) => id !== simulatorId);
    update.save({ plan: { ...plan, allowed_simulators: next } });
  };

  return (
    <Stack gap="lg">
      <Text fw={500}>{organization.name}</Text>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Users
        </Text>
        {organization.users.length === 0 ? (
          <Text size="sm" c="dimmed">
            {ADMIN_MESSAGES.noUsers}
          </Text>
        ) : (
          <List size="sm" aria-label="Organization users">
            {organization.users.map((user) => (
              <List.Item key={user.id}>{user.name}</List.Item>
            ))}
          </List>
        )}
      </Stack>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Allowed simulators
        </Text>
        {simulators.isError && (
          <Text size="sm" c="red">
            {ADMIN_MESSAGES.loadFailed}
          </Text>
        )}
        {simulators.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {ADMIN_MESSAGES.noSimulators}
          </Text>
        )}
        {simulators.data?.map((simulator) => (
          <Checkbox
            key={simulator.id}
            label={simulator.name}
            checked={allowed.has(simulator.id)}
            disabled={update.isPending}
            onChange={(event) => setAllowed(simulator.id, event.currentTarget.checked)}
          />
        ))}
      </Stack>
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Permissions
        </Text>
        {ORGANIZATION_PERMISSION_FLAGS.map((flag) => (
          <Checkbox
            key={flag}
            label={flag}
            checked={draft[flag]}
            onChange={(event) => {
              const on = event.currentTarget.checked;
              setDraft((current) => ({ ...current, [flag]: on }));
            }}
          />
        ))}
        {changed && (
          <Button
            mt="xs"
            loading={update.isPending}
            onClick={() => update.save({ permissions: draft })}
            style={{ alignSelf: 'flex-start' }}
          >
            Save Changes
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
