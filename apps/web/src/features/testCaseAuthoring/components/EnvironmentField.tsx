import { Select } from '@mantine/core';
import { useSimulators } from '../../simulators';

/** A test case's environment: the simulator it runs on, of those the user may use (the create forms). */
export function EnvironmentField({
  value,
  onChange,
  error,
}: {
  /** The simulator's id, as text. */
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string;
}) {
  const simulators = useSimulators();
  return (
    <Select
      label="Environment"
      required
      placeholder={simulators.isPending ? 'Loading simulators…' : 'Choose a simulator'}
      data={(simulators.data ?? []).map((simulator) => ({
        value: String(simulator.id),
        label: simulator.name,
      }))}
      value={value}
      onChange={onChange}
      searchable
      error={error}
    />
  );
}
