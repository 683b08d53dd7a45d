import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { UsageSummary } from '../components/UsageSummary';

/** /usage-old: the usage and cost page alone, without the analytics. */
export function UsageOldPage() {
  return (
    <Stack gap="xl">
      <PageHeader title="Usage" />
      <UsageSummary />
    </Stack>
  );
}
