import { Box, Select } from '@mantine/core';
import {
  SIMULATOR_STATUSES,
  type Simulator,
  SimulatorStatus,
  simulatorStatusColor,
  simulatorStatusOf,
  vocabularyLabel,
} from '@proctor/contracts';
import { notify } from '../../../components/notify';
import { useUpdateSimulatorStatus } from '../hooks/useUpdateSimulatorStatus';

export const STATUS_UPDATED = 'Status updated';
export const STATUS_UPDATE_FAILED = 'Error: Failed to update simulator status.';

const STATUS_OPTIONS = SIMULATOR_STATUSES.map((status) => ({
  value: status,
  label: vocabularyLabel(status),
}));

const dot = (status: string) => (
  <Box
    w={8}
    h={8}
    style={{ borderRadius: '50%', background: `var(--mantine-color-${simulatorStatusColor(status)}-6)` }}
  />
);

/** Admins change a simulator's status in place (001 §2.4); any status may follow any other (001 §4.1). */
export function SimulatorStatusSelect({ simulator }: { simulator: Simulator }) {
  const update = useUpdateSimulatorStatus();
  const status = simulatorStatusOf(simulator);
  return (
    <Select
      aria-label={`Status of ${simulator.name}`}
      data={STATUS_OPTIONS}
      value={status}
      allowDeselect={false}
      size="xs"
      w={200}
      leftSection={dot(status)}
      renderOption={({ option }) => (
        <Box style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          {dot(option.value)}
          {option.label}
        </Box>
      )}
      disabled={update.isPending}
      onChange={(value) => {
        const parsed = SimulatorStatus.safeParse(value);
        if (!parsed.success || parsed.data === status) return;
        update.mutate(
          { simulator, status: parsed.data },
          {
            onSuccess: () => notify.success(STATUS_UPDATED),
            onError: () => notify.error(STATUS_UPDATE_FAILED),
          },
        );
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
