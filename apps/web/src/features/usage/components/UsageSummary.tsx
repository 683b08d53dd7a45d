import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { UsageResponse } from '@proctor/contracts';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { useUsage } from '../hooks/useUsage';

export const USAGE_LOAD_FAILED = 'Failed to load usage data. Please try again.';
export const NO_BILLING_DATA = 'No billing data available';

export const formatCost = (cost: number) => `$${cost.toFixed(2)}`;

/** `2026-11` as "Nov 2026". */
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={600}>
        {value}
      </Text>
    </Card>
  );
}

function UsageFigures({ usage }: { usage: UsageResponse }) {
  const history = usage.history.map(([month, figures]) => ({
    month: monthLabel(month),
    sessions: figures.sessions,
  }));
  const cycles = Object.entries(usage.billing_cycles).sort(([a], [b]) => b.localeCompare(a));
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Figure label="Scored sessions this month" value={String(usage.current_month.sessions)} />
        <Figure label="Total cost this month" value={formatCost(usage.current_month.cost)} />
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Title order={4} mb="md">
          Usage history
        </Title>
        <BarChart
          h={260}
          data={history}
          dataKey="month"
          series={[{ name: 'sessions', label: 'Scored sessions', color: 'blue.6' }]}
          aria-label="Scored sessions per month"
        />
      </Card>
      <Card withBorder padding="lg">
        <Title order={4} mb="md">
          Billing cycles
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Cycle start</Table.Th>
              <Table.Th>Scored sessions</Table.Th>
              <Table.Th>Cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cycles.length === 0 ? (
              <TableMessage colSpan={3}>{NO_BILLING_DATA}</TableMessage>
            ) : (
              cycles.map(([start, figures]) => (
                <Table.Tr key={start}>
                  <Table.Td>{start}</Table.Td>
                  <Table.Td>{figures.sessions}</Table.Td>
                  <Table.Td>{formatCost(figures.cost)}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

/** Organization usage (v1): this month's scored sessions and cost, the last twelve months, billing cycles. */
export function UsageSummary() {
  const usage = useUsage();
  return (
    <Stack gap="md">
      <Group>
        <Title order={3}>Organization Usage</Title>
      </Group>
      <QueryView query={usage} errorTitle={USAGE_LOAD_FAILED} loading={{ rows: 4, height: 40 }}>
        {(data) => <UsageFigures usage={data} />}
      </QueryView>
    </Stack>
  );
}
