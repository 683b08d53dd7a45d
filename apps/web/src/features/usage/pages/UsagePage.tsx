import { Divider, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { UsageAnalytics } from '../components/UsageAnalytics';
import { UsageSummary } from '../components/UsageSummary';

/** /usage: the organization's usage and cost above the analytics of environments open at once. */
export function UsagePage() {
  return (
    <Stack gap="xl">
      <PageHeader title="Usage" />
      <UsageSummary />
      <Divider />
      <UsageAnalytics />
    </Stack>
  );
}
