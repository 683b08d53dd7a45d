import { MultiSelect } from '@mantine/core';
import { ENVIRONMENT } from '@proctor/contracts';
import type { AppOption } from '../testCaseApps';

/** The other apps a test case spans, beside its own simulator: run with it in one browser, one session. */
export function OtherSimulatorsField({
  value,
  options,
  onChange,
  readOnly,
  error,
}: {
  value: string[];
  options: AppOption[];
  onChange: (ids: string[]) => void;
  readOnly?: boolean;
  error?: string;
}) {
  return (
    <MultiSelect
      label="Other simulators"
      description={`Apps the task also spans, each on its own site in the same browser (up to ${ENVIRONMENT.maxExtraSimulators})`}
      placeholder={value.length ? undefined : 'None: the task stays in one app'}
      data={options}
      value={value}
      maxValues={ENVIRONMENT.maxExtraSimulators}
      readOnly={readOnly}
      searchable
      onChange={onChange}
      error={error}
    />
  );
}
