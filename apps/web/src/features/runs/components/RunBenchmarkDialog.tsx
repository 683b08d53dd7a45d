import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { LAYOUT, RUN_MESSAGES, type TestCase } from '@proctor/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorDetail } from '../../../api';
import { DialogActions } from '../../../components/DialogActions';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import {
  atLeastOne,
  BENCHMARK_LIMITS,
  BENCHMARK_SETTINGS_STORAGE_KEY,
  type BenchmarkSettings,
  benchmarkRequestOf,
  DEFAULT_BENCHMARK_SETTINGS,
  parseBenchmarkSettings,
  pastLimit,
} from '../benchmarkSettings';
import { useAgentChoice } from '../hooks/useAgentChoice';
import { useBenchmarkerStatus } from '../hooks/useBenchmarkerStatus';
import { useStartBenchmark } from '../hooks/useStartRuns';
import { AgentPicker } from './AgentPicker';

type BenchmarkedTestCase = Pick<TestCase, 'publicId' | 'name' | 'builtIn'>;

/**
 * Run Benchmark (001 §2.2, §4.5, §5 Benchmark run, §7 Benchmarker): the benchmarker's status, checked when the
 * dialog opens, and agent, version, runs and concurrency, kept in the browser. Start is enabled only when the
 * benchmarker is online and an agent is chosen; it lands on the benchmark's sessions.
 */
export function RunBenchmarkDialog({
  testCase,
  opened,
  onClose,
}: {
  testCase: BenchmarkedTestCase;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Run Benchmark" size={LAYOUT.dialogWidths.small}>
      <BenchmarkForm testCase={testCase} onClose={onClose} />
    </Modal>
  );
}

function BenchmarkerStatusView({ status }: { status: ReturnType<typeof useBenchmarkerStatus> }) {
  if (status.isPending)
    return (
      <Group gap="sm" data-testid="benchmarker-status" data-status="checking">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Checking the benchmarker…
        </Text>
      </Group>
    );
  const online = status.data?.status === 'online';
  if (online && status.data) {
    const { queued, running } = status.data;
    return (
      <Group gap={6} data-testid="benchmarker-status" data-status="online">
        <IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
        <Text size="sm">Benchmarker online</Text>
        <Text size="sm" c="dimmed">
          · {running} running · {queued} queued
        </Text>
      </Group>
    );
  }
  // Offline, or the status could not be read: either way nothing can start now (001 §8: text and Retry).
  const detail = status.data ? status.data.detail : errorDetail(status.error);
  return (
    <Alert
      color="red"
      variant="light"
      title={status.data ? RUN_MESSAGES.benchmarkerOffline : RUN_MESSAGES.benchmarkerUnavailable}
      data-testid="benchmarker-status"
      data-status="offline"
    >
      <Stack gap="xs" align="flex-start">
        {detail && <Text size="sm">{detail}</Text>}
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={status.isFetching}
          onClick={() => status.refetch()}
        >
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

function BenchmarkForm({ testCase, onClose }: { testCase: BenchmarkedTestCase; onClose: () => void }) {
  const navigate = useNavigate();
  const status = useBenchmarkerStatus();
  const [settings, setSettings] = useLocalStorage<BenchmarkSettings>({
    key: BENCHMARK_SETTINGS_STORAGE_KEY,
    defaultValue: DEFAULT_BENCHMARK_SETTINGS,
    getInitialValueInEffect: false,
    serialize: JSON.stringify,
    deserialize: parseBenchmarkSettings,
  });
  const [form, setForm] = useState(() => ({
    version: settings.version,
    runs: String(settings.runs),
    concurrency: String(settings.concurrency),
  }));
  const choice = useAgentChoice(settings.agent, { builtInTestCase: testCase.builtIn });
  const start = useStartBenchmark();
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));

  const online = status.data?.status === 'online';
  const agent = choice.chosen;

  const submit = () => {
    if (!online || !agent) return;
    const chosen: BenchmarkSettings = {
      agent: agent.alias,
      version: form.version.trim(),
      runs: atLeastOne(form.runs, BENCHMARK_LIMITS.runs),
      concurrency: atLeastOne(form.concurrency, BENCHMARK_LIMITS.concurrency),
    };
    setSettings(chosen);
    start.mutate(benchmarkRequestOf(chosen, [testCase.publicId]), {
      onSuccess: ({ batch_id }) => {
        notify.success(RUN_MESSAGES.benchmarkStarted);
        onClose();
        navigate(paths.runGroup(batch_id));
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <BenchmarkerStatusView status={status} />
        <Text size="sm">
          Runs the agent on <strong>{testCase.name}</strong> as many times as you ask; every run is a session
          of its own, scored when it ends.
        </Text>
        <AgentPicker choice={choice} />
        <TextInput
          label="Version"
          description="Optional: which version of the agent this is, in the benchmark's name"
          value={form.version}
          onChange={(event) => set({ version: event.currentTarget.value })}
          onBlur={() => set({ version: form.version.trim() })}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Runs"
            description={`Of the test case, from 1 to ${BENCHMARK_LIMITS.runs}`}
            inputMode="numeric"
            value={form.runs}
            error={pastLimit(form.runs, BENCHMARK_LIMITS.runs, 'runs per benchmark')}
            onChange={(event) => set({ runs: event.currentTarget.value })}
            onBlur={() => set({ runs: String(atLeastOne(form.runs, BENCHMARK_LIMITS.runs)) })}
          />
          <TextInput
            label="Concurrency"
            description={`Runs at once, from 1 to ${BENCHMARK_LIMITS.concurrency}`}
            inputMode="numeric"
            value={form.concurrency}
            error={pastLimit(form.concurrency, BENCHMARK_LIMITS.concurrency, 'at once')}
            onChange={(event) => set({ concurrency: event.currentTarget.value })}
            onBlur={() =>
              set({ concurrency: String(atLeastOne(form.concurrency, BENCHMARK_LIMITS.concurrency)) })
            }
          />
        </Group>
        {start.isError && (
          <Alert color="red" variant="light" title={RUN_MESSAGES.benchmarkFailed} role="alert">
            {errorDetail(start.error)}
          </Alert>
        )}
        <DialogActions
          submitLabel="Start"
          onCancel={onClose}
          pending={start.isPending}
          disabled={!online || !agent}
        />
      </Stack>
    </form>
  );
}
