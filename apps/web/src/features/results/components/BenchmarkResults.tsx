import { Stack, Title } from '@mantine/core';
import type { FamilyResults } from '@proctor/contracts';
import { FamilySuccessChart } from './FamilySuccessChart';
import { TestCaseComparisonTable } from './TestCaseComparisonTable';

/** The comparison of /results and of a simulator's Benchmarks tab: the chart per family, then each test case. */
export function BenchmarkResults({
  families,
  withSimulator,
}: {
  families: FamilyResults[];
  withSimulator: boolean;
}) {
  return (
    <Stack gap="lg">
      <FamilySuccessChart families={families} label="Success rate per agent family" />
      <Stack gap="sm">
        <Title order={4}>Results by test case</Title>
        <TestCaseComparisonTable families={families} withSimulator={withSimulator} />
      </Stack>
    </Stack>
  );
}
