import {
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  EMPTY_SIMULATOR_FILTER,
  isSimulatorFilterActive,
  SIMULATOR_KIND_LABELS,
  SIMULATOR_STATUSES,
  type SimulatorListFilter,
  SimulatorStatus,
  vocabularyLabel,
} from '@proctor/contracts';
import { IconSearch } from '@tabler/icons-react';
import type { AssignableUser } from '../hooks/useAssignableUsers';

const KIND_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'app', label: SIMULATOR_KIND_LABELS.app },
  { value: 'proxy', label: SIMULATOR_KIND_LABELS.proxy },
];
const STATUS_OPTIONS = SIMULATOR_STATUSES.map((status) => ({
  value: status,
  label: vocabularyLabel(status),
}));

/** The filters of /simulators (001 §2.4); assigned user and notes are for admins. */
export function SimulatorFilters({
  filter,
  onChange,
  isAdmin,
  users,
  licenses,
}: {
  filter: SimulatorListFilter;
  onChange: (filter: SimulatorListFilter) => void;
  isAdmin: boolean;
  users: AssignableUser[];
  licenses: string[];
}) {
  const set = (patch: Partial<SimulatorListFilter>) => onChange({ ...filter, ...patch });
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Name"
          placeholder="Search simulators"
          leftSection={<IconSearch size={15} />}
          value={filter.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
          w={200}
        />
        <MultiSelect
          label="Status"
          placeholder={filter.statuses.length ? undefined : 'All statuses'}
          data={STATUS_OPTIONS}
          value={filter.statuses}
          onChange={(values) =>
            set({ statuses: values.flatMap((value) => SimulatorStatus.safeParse(value).data ?? []) })
          }
          clearable
          w={240}
        />
        {isAdmin && (
          <Select
            label="Assigned user"
            placeholder="Anyone"
            data={users.map((user) => ({ value: String(user.id), label: user.name }))}
            value={filter.assignedUserId === null ? null : String(filter.assignedUserId)}
            onChange={(value) => set({ assignedUserId: value === null ? null : Number(value) })}
            searchable
            clearable
            w={180}
          />
        )}
        {isAdmin && (
          <TextInput
            label="Notes"
            placeholder="Search notes"
            value={filter.notes}
            onChange={(event) => set({ notes: event.currentTarget.value })}
            w={170}
          />
        )}
        <Select
          label="License"
          placeholder="Any license"
          data={licenses}
          value={filter.license}
          onChange={(value) => set({ license: value })}
          clearable
          w={160}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} component="span">
            Type
          </Text>
          <SegmentedControl
            aria-label="Type"
            data={KIND_OPTIONS}
            value={filter.kind}
            onChange={(value) => set({ kind: value === 'app' || value === 'proxy' ? value : 'all' })}
          />
        </Stack>
        <Button
          variant="subtle"
          color="gray"
          onClick={() => onChange(EMPTY_SIMULATOR_FILTER)}
          disabled={!isSimulatorFilterActive(filter)}
        >
          Clear All
        </Button>
      </Group>
    </Paper>
  );
}
