import { LineChart } from '@mantine/charts';
import { Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  type RunningSession,
  USAGE_DEFAULT_TIME_FRAME_DAYS,
  USAGE_TIME_FRAMES,
  type UsageV2Response,
} from '@proctor/contracts';
import { useState } from 'react';
import { QueryView } from '../../../components/QueryView';
import { TableMessage } from '../../../components/TableMessage';
import { useSignedInUser } from '../../auth';
import { useRunningSessions, useUsageAnalytics } from '../hooks/useUsage';
import { StopEnvironmentDialog } from './StopEnvironmentDialog';
import { USAGE_LOAD_FAILED } from './UsageSummary';

/** The spec's "peak last hour" reads this many of the latest data points. */
const PEAK_LAST_HOUR_POINTS = 12;

const timeLabel = (timestamp: string, days: number) =>
  new Date(timestamp).toLocaleString(
    undefined,
    days <= 1 ? { hour: '2-digit', minute: '2-digit' } : { month: 'short', day: 'numeric', hour: '2-digit' },
  );

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="lg">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={600} aria-label={label}>
        {value}
      </Text>
    </Card>
  );
}

function ActivityChart({ usage, days }: { usage: UsageV2Response; days: number }) {
  const counts = usage.data.map((point) => point.active_count);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Stat label="Peak concurrent" value={Math.max(0, ...counts)} />
        <Stat label="Peak last hour" value={Math.max(0, ...counts.slice(-PEAK_LAST_HOUR_POINTS))} />
        <Stat label="Running sessions" value={usage.running_sessions} />
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Title order={4} mb="md">
          Active sessions over time
        </Title>
        <LineChart
          h={260}
          data={usage.data.map((point) => ({
            time: timeLabel(point.timestamp, days),
            active: point.active_count,
          }))}
          dataKey="time"
          series={[{ name: 'active', label: 'Active sessions', color: 'teal.6' }]}
          curveType="step"
          withDots={false}
        />
      </Card>
    </Stack>
  );
}

function RunningSessionsTable({ canStop }: { canStop: boolean }) {
  const sessions = useRunningSessions();
  const [stopping, setStopping] = useState<RunningSession | null>(null);
  return (
    <Card withBorder padding="lg">
      <Title order={4} mb="md">
        Running sessions
      </Title>
      <QueryView query={sessions} errorTitle={USAGE_LOAD_FAILED} loading={{ rows: 2, height: 20 }}>
        {(list) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Session</Table.Th>
                <Table.Th>Simulator</Table.Th>
                <Table.Th>Started by</Table.Th>
                <Table.Th>Started</Table.Th>
                {canStop && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.length === 0 ? (
                <TableMessage colSpan={canStop ? 5 : 4}>No sessions are running</TableMessage>
              ) : (
                list.map((session) => (
                  <Table.Tr key={session.environment_id}>
                    <Table.Td ff="monospace">{session.session_id}</Table.Td>
                    <Table.Td>{session.simulator ?? '—'}</Table.Td>
                    <Table.Td>{session.user ?? 'API key'}</Table.Td>
                    <Table.Td>{new Date(session.started_at).toLocaleString()}</Table.Td>
                    {canStop && (
                      <Table.Td>
                        <Button size="xs" color="red" variant="light" onClick={() => setStopping(session)}>
                          Stop
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        )}
      </QueryView>
      <StopEnvironmentDialog session={stopping} onClose={() => setStopping(null)} />
    </Card>
  );
}

/** Usage analytics (v2): environments open at once over a time frame, and the sessions running now. */
export function UsageAnalytics() {
  const user = useSignedInUser();
  const [days, setDays] = useState<number>(USAGE_DEFAULT_TIME_FRAME_DAYS);
  const usage = useUsageAnalytics(days);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>Usage Analytics</Title>
        <Select
          aria-label="Time frame"
          data={USAGE_TIME_FRAMES.map((frame) => ({ value: String(frame.days), label: frame.label }))}
          value={String(days)}
          onChange={(value) => value && setDays(Number(value))}
          allowDeselect={false}
          w={200}
        />
      </Group>
      <QueryView query={usage} errorTitle={USAGE_LOAD_FAILED} loading={{ rows: 3, height: 40 }}>
        {(data) => <ActivityChart usage={data} days={days} />}
      </QueryView>
      <RunningSessionsTable canStop={user.permissions.is_admin} />
    </Stack>
  );
}
