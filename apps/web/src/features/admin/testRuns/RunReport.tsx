import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  DATE_TIME_FORMAT,
  type DurationStats,
  formatPassRate,
  formatRunDuration,
  formatSuccessRate,
  NO_FIGURE,
  type ReportNode,
  type TestRunSummary,
  type TestRunVerdict,
  testRunReportTree,
} from '@proctor/contracts';
import { IconChevronDown, IconChevronRight, IconFileText, IconPdf } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { QueryView } from '../../../components/QueryView';
import { TEST_RUN_MESSAGES } from './messages';
import { RunLog } from './RunLog';
import { expandedByPreset, REPORT_PRESETS, type ReportPreset, toggled, visibleRows } from './reportTree';
import { Screenshots } from './Screenshots';
import { useExportPdf, useTestRun } from './useTestRuns';

const COLUMNS = 6;
const INDENT_PX = 24;
const VERDICT_COLORS: Record<TestRunVerdict, string> = { passed: 'teal', failed: 'red', error: 'orange' };
const STATUS_COLORS: Record<TestRunSummary['status'], string> = {
  queued: 'gray',
  running: 'blue',
  completed: 'teal',
  failed: 'red',
};

const when = (timestamp: string | null) =>
  timestamp ? dayjs(timestamp).format(DATE_TIME_FORMAT) : NO_FIGURE;

/** The run report (002 §2.4) of one test run, read from its summary; files come from its dump. */
export function RunReport({ runId }: { runId: string }) {
  const run = useTestRun(runId);
  // A failed load is told twice (002 §8): a snackbar, and inline where the report would be.
  const failed = run.isError && !run.data;
  useEffect(() => {
    if (failed) notify.error(errorDetail(run.error), TEST_RUN_MESSAGES.loadResultFailed);
  }, [failed, run.error]);
  return (
    <QueryView query={run} errorTitle={TEST_RUN_MESSAGES.loadRunDataFailed}>
      {(summary) => <Report summary={summary} />}
    </QueryView>
  );
}

function Report({ summary }: { summary: TestRunSummary }) {
  const tree = useMemo(() => testRunReportTree(summary), [summary]);
  const [preset, setPreset] = useState<ReportPreset>('simulators');
  const [expanded, setExpanded] = useState(() => expandedByPreset(tree, 'simulators'));
  const [withScreenshots, setWithScreenshots] = useState(true);
  const exportPdf = useExportPdf();
  const choosePreset = (value: ReportPreset) => {
    setPreset(value);
    setExpanded(expandedByPreset(tree, value));
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="md">
          <Switch
            label="Screenshots"
            checked={withScreenshots}
            onChange={(event) => setWithScreenshots(event.currentTarget.checked)}
          />
          <SegmentedControl
            size="xs"
            value={preset}
            onChange={(value) => choosePreset(value as ReportPreset)}
            data={REPORT_PRESETS.map((option) => ({ value: option.value, label: option.label }))}
            aria-label="Expand"
          />
        </Group>
        <Button
          size="xs"
          leftSection={<IconPdf size={16} />}
          loading={exportPdf.isPending}
          onClick={() => exportPdf.mutate({ runId: summary.run_id, screenshots: withScreenshots })}
        >
          Export PDF
        </Button>
      </Group>
      <RunHeader summary={summary} />
      <ReportTree
        runId={summary.run_id}
        tree={tree}
        expanded={expanded}
        onExpanded={setExpanded}
        withScreenshots={withScreenshots}
      />
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function RunHeader({ summary }: { summary: TestRunSummary }) {
  return (
    <Stack gap="sm">
      <Group gap="xl" align="flex-start">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Start time
          </Text>
          <Text size="sm">{when(summary.started_at)}</Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            End time
          </Text>
          <Text size="sm">{when(summary.ended_at)}</Text>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Simulators
          </Text>
          <Group gap={4}>
            {summary.simulators.map((simulator) => (
              <Badge key={simulator} variant="light" size="sm">
                {simulator}
              </Badge>
            ))}
          </Group>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Status
          </Text>
          <Group gap={4}>
            <Badge color={STATUS_COLORS[summary.status]} variant="light" size="sm">
              {summary.status}
            </Badge>
            {(summary.status === 'queued' || summary.status === 'running') && (
              <Text size="xs" c="dimmed">
                {summary.progress.done} of {summary.progress.total} environments done
              </Text>
            )}
          </Group>
        </Stack>
      </Group>
      {summary.error && (
        <Alert color="red" variant="light" title={TEST_RUN_MESSAGES.runFailed}>
          {summary.error}
        </Alert>
      )}
      <SimpleGrid cols={4}>
        <Figure label="Tests" value={String(summary.totals.tests)} testId="run-total-tests" />
        <Figure label="Passed" value={String(summary.totals.passed)} testId="run-total-passed" />
        <Figure label="Failed" value={String(summary.totals.failed)} testId="run-total-failed" />
        <Figure
          label="Duration"
          value={formatRunDuration(summary.totals.duration_ms)}
          testId="run-total-duration"
        />
      </SimpleGrid>
    </Stack>
  );
}

function Timing({ stats }: { stats: DurationStats }) {
  if (stats.count <= 1) return <Text size="sm">{formatRunDuration(stats.avg)}</Text>;
  return (
    <Text size="sm">
      {formatRunDuration(stats.avg)}{' '}
      <Text span size="xs" c="dimmed">
        max {formatRunDuration(stats.max)}
      </Text>
    </Text>
  );
}

function ReportTree({
  runId,
  tree,
  expanded,
  onExpanded,
  withScreenshots,
}: {
  runId: string;
  tree: ReportNode[];
  expanded: Set<string>;
  onExpanded: (next: Set<string>) => void;
  withScreenshots: boolean;
}) {
  const [openLogs, setOpenLogs] = useState<ReadonlySet<string>>(new Set());
  const rows = visibleRows(tree, expanded);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={900} type="native">
        <Table aria-label="Run report" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Simulator / environment / test</Table.Th>
              <Table.Th>Environment start (avg, max)</Table.Th>
              <Table.Th>Reset (avg, max)</Table.Th>
              <Table.Th>Test (avg, max)</Table.Th>
              <Table.Th>Pass rate</Table.Th>
              <Table.Th w={60}>Log</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Text c="dimmed" size="sm" ta="center" py="md">
                    No results yet
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map(({ node, depth, expanded: open }) => (
              <Fragment key={node.id}>
                <Table.Tr data-testid={`report-${node.level}-row`} data-level={node.level}>
                  <Table.Td style={{ paddingLeft: 12 + depth * INDENT_PX }}>
                    <Group gap={6} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`${open ? 'Collapse' : 'Expand'} ${node.label}`}
                        aria-expanded={open}
                        onClick={() => onExpanded(toggled(expanded, node.id))}
                      >
                        {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                      </ActionIcon>
                      <Text size="sm" fw={node.level === 'simulator' ? 600 : 400}>
                        {node.label}
                      </Text>
                      {node.verdict && (
                        <Badge size="xs" variant="light" color={VERDICT_COLORS[node.verdict]}>
                          {node.verdict}
                        </Badge>
                      )}
                      {node.level === 'environment' && node.error && (
                        <Badge size="xs" variant="light" color="orange" title={node.error}>
                          did not start
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td data-testid="report-start">
                    <Timing stats={node.start} />
                  </Table.Td>
                  <Table.Td data-testid="report-reset">
                    <Timing stats={node.reset} />
                  </Table.Td>
                  <Table.Td data-testid="report-test">
                    <Timing stats={node.test} />
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={formatSuccessRate(node.passRate)}>
                      <Text size="sm">{formatPassRate(node.passRate)}</Text>
                    </Tooltip>
                  </Table.Td>
                  <Table.Td>
                    {node.log && (
                      <ActionIcon
                        variant={openLogs.has(node.id) ? 'light' : 'subtle'}
                        aria-label={`Log of ${node.label}`}
                        onClick={() => setOpenLogs(toggled(openLogs, node.id))}
                      >
                        <IconFileText size={16} />
                      </ActionIcon>
                    )}
                  </Table.Td>
                </Table.Tr>
                {node.log && openLogs.has(node.id) && (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS} style={{ paddingLeft: 12 + (depth + 1) * INDENT_PX }}>
                      <RunLog runId={runId} path={node.log} />
                    </Table.Td>
                  </Table.Tr>
                )}
                {node.level === 'test' && open && (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS} style={{ paddingLeft: 12 + (depth + 1) * INDENT_PX }}>
                      <Stack gap="xs">
                        {node.error && (
                          <Text size="sm" c="red" style={{ whiteSpace: 'pre-wrap' }}>
                            {node.error}
                          </Text>
                        )}
                        {withScreenshots && <Screenshots runId={runId} paths={node.screenshots} />}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
