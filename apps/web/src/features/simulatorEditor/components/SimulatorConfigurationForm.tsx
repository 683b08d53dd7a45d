import {
  Alert,
  Button,
  Group,
  JsonInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  SIMULATOR_STATUSES,
  type Simulator,
  type SimulatorStatus,
  vocabularyLabel,
} from '@proctor/contracts';
import { IconUsersGroup, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { AssignForDataCreationDialog } from '../../assignments';
import { RescoreButton, useAssignableUsers } from '../../simulators';
import { useSaveSimulator } from '../hooks/useSaveSimulator';
import {
  draftFrom,
  INVALID_CONFIGURATION,
  isChanged,
  type SimulatorDraft,
  updateFor,
} from '../simulatorDraft';

export const SIMULATOR_UPDATED = 'Simulator updated successfully';
export const SIMULATOR_UPDATE_FAILED = 'Failed to update simulator';

const STATUS_OPTIONS = SIMULATOR_STATUSES.map((status) => ({
  value: status,
  label: vocabularyLabel(status),
}));

/**
 * The Configuration tab (001 §2.6). Only platform admins may change a simulator (the server's rule), so others
 * see the fields read-only without Save or Assign for Data Creation. The parent keys this form by the loaded values, so a save that
 * changes them starts the form again from what the server kept.
 */
export function SimulatorConfigurationForm({
  simulator,
  isAdmin,
  mayGenerate,
  generating,
  onGenerate,
}: {
  simulator: Simulator;
  isAdmin: boolean;
  mayGenerate: boolean;
  generating: boolean;
  onGenerate: () => void;
}) {
  const navigate = useNavigate();
  const loaded = draftFrom(simulator);
  const [draft, setDraft] = useState<SimulatorDraft>(loaded);
  const [configError, setConfigError] = useState<string | null>(null);
  const [assigning, setAssigning] = useState(false);
  const save = useSaveSimulator((saved) => {
    notify.success(SIMULATOR_UPDATED);
    if (saved.name !== simulator.name) navigate(paths.simulatorEditor(saved.name), { replace: true });
  });
  const users = useAssignableUsers(isAdmin);
  const changed = isChanged(draft, loaded);
  const set = (patch: Partial<SimulatorDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const submit = () => {
    const body = updateFor(draft, loaded);
    if (!body) {
      setConfigError(INVALID_CONFIGURATION);
      notify.error(INVALID_CONFIGURATION);
      return;
    }
    setConfigError(null);
    save.mutate(
      { id: simulator.id, body },
      { onError: (error) => notify.error(errorDetail(error), SIMULATOR_UPDATE_FAILED) },
    );
  };

  const userOptions = (users.data ?? []).map((user) => ({ value: String(user.id), label: user.name }));
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        {!isAdmin && (
          <Alert color="gray" variant="light">
            Only platform admins change simulators; you can rescore sessions and generate mutations.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <TextInput
            label="Name"
            value={draft.name}
            readOnly={!isAdmin}
            onChange={(event) => set({ name: event.currentTarget.value })}
          />
          <TextInput
            label="URL"
            value={draft.url}
            readOnly={!isAdmin}
            onChange={(event) => set({ url: event.currentTarget.value })}
          />
          <TextInput
            label="Image URL"
            value={draft.imgUrl}
            readOnly={!isAdmin}
            onChange={(event) => set({ imgUrl: event.currentTarget.value })}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={draft.status}
            readOnly={!isAdmin}
            allowDeselect={false}
            onChange={(value) => value && set({ status: value as SimulatorStatus })}
          />
          {isAdmin && (
            <Select
              label="Assigned User"
              placeholder="Unassigned"
              data={userOptions}
              value={draft.assignedUserId === '' ? null : draft.assignedUserId}
              onChange={(value) => set({ assignedUserId: value ?? '' })}
              clearable
              searchable
            />
          )}
          <TextInput
            label="Job Name"
            value={draft.jobName}
            readOnly={!isAdmin}
            onChange={(event) => set({ jobName: event.currentTarget.value })}
          />
          <TextInput
            label="Internal App Port"
            inputMode="numeric"
            value={draft.internalAppPort}
            readOnly={!isAdmin}
            onChange={(event) => set({ internalAppPort: event.currentTarget.value })}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={8}
          value={draft.description}
          readOnly={!isAdmin}
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
        <Switch
          label="Enabled"
          checked={draft.enabled}
          disabled={!isAdmin}
          onChange={(event) => set({ enabled: event.currentTarget.checked })}
        />
        <JsonInput
          label="Configuration"
          description="The simulator's config as JSON; status and the assigned user are set above"
          autosize
          minRows={8}
          maxRows={30}
          formatOnBlur
          value={draft.config}
          readOnly={!isAdmin}
          onChange={(value) => {
            set({ config: value });
            setConfigError(null);
          }}
          error={configError}
        />
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            {mayGenerate && (
              <Button
                variant="default"
                leftSection={<IconWand size={16} />}
                loading={generating}
                onClick={onGenerate}
              >
                Generate Mutations
              </Button>
            )}
            <RescoreButton simulator={simulator} />
            {isAdmin && (
              <Button
                variant="default"
                leftSection={<IconUsersGroup size={16} />}
                onClick={() => setAssigning(true)}
              >
                Assign for Data Creation
              </Button>
            )}
          </Group>
          {isAdmin && (
            <Group gap="sm">
              <Button
                variant="default"
                disabled={!changed || save.isPending}
                onClick={() => {
                  setDraft(loaded);
                  setConfigError(null);
                }}
              >
                Cancel
              </Button>
              <Button disabled={!changed} loading={save.isPending} onClick={submit}>
                Save Changes
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
      <AssignForDataCreationDialog
        simulator={simulator}
        opened={assigning}
        onClose={() => setAssigning(false)}
      />
    </Paper>
  );
}
