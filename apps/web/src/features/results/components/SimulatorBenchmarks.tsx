import { Alert, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { RESULTS_MESSAGES } from '@proctor/contracts';
import { errorDetail } from '../../../api';
import { useBenchmarkResults } from '../hooks/useBenchmarkResults';
import { BenchmarkResults } from './BenchmarkResults';

/** A simulator's Benchmarks tab (001 §2.5): the comparison of /results for this one simulator. */
export function SimulatorBenchmarks({ simulatorName }: { simulatorName: string }) {
  const results = useBenchmarkResults([simulatorName]);
  if (results.isPending) {
    return (
      <Stack gap="lg">
        <Skeleton height={320} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (results.isError) {
    return (
      <Alert color="red" variant="light" title="Error loading data">
        {errorDetail(results.error)}
      </Alert>
    );
  }
  if (results.data.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" size="sm" ta="center" data-testid="benchmarks-empty">
          {RESULTS_MESSAGES.noBenchmarkResults}
        </Text>
      </Paper>
    );
  }
  return <BenchmarkResults families={results.data} withSimulator={false} />;
}
