import { Select } from '@mantine/core';
import type { TestCase } from '@proctor/contracts';

export const FREE_PLAY = 'No Test Case (Free Play)';
/** The picker's value for free play: a test case's public id never has this form. */
const FREE_PLAY_VALUE = '(free-play)';

/** Chooses the task of the run: one of the simulator's test cases, or free play (000 §2.8). */
export function TestCasePicker({
  testCases,
  selected,
  onChange,
  loading,
  disabled,
}: {
  testCases: TestCase[];
  selected: string | null;
  onChange: (publicId: string | null) => void;
  loading: boolean;
  disabled?: boolean;
}) {
  return (
    <Select
      label="Test case"
      searchable
      allowDeselect={false}
      disabled={disabled}
      placeholder={loading ? 'Loading test cases…' : undefined}
      data={[
        { value: FREE_PLAY_VALUE, label: FREE_PLAY },
        ...testCases.map((testCase) => ({ value: testCase.publicId, label: testCase.name })),
      ]}
      value={selected ?? FREE_PLAY_VALUE}
      onChange={(value) => onChange(value === null || value === FREE_PLAY_VALUE ? null : value)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
