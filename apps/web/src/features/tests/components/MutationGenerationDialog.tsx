import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { LAYOUT } from '@proctor/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { type GenerationRun, useMutationGeneration } from '../hooks/useMutationGeneration';
import {
  formatRemaining,
  type GenerationOutcome,
  type GenerationTarget,
  generationFraction,
  generationOutcome,
  remainingSeconds,
  STEP_LABELS,
  type TestCaseGeneration,
  testCaseFraction,
} from '../mutationGeneration';

const STATUS_BADGES: Record<TestCaseGeneration['status'], { label: string; color: string }> = {
  processing: { label: 'Processing', color: 'blue' },
  success: { label: 'Success', color: 'green' },
  error: { label: 'Error', color: 'red' },
};

const OUTCOME_COLORS: Record<GenerationOutcome['tone'], string> = {
  success: 'green',
  partial: 'yellow',
  failed: 'red',
};

const cellText = { wordBreak: 'break-word', whiteSpace: 'pre-wrap' } as const;

function stepText(testCase: TestCaseGeneration): string {
  if (testCase.step === null) return 'Starting';
  const label = STEP_LABELS[testCase.step];
  if (testCase.step === 'reading_sessions' && testCase.sessionsTotal)
    return `${label} (${testCase.sessionsRead ?? 0} of ${testCase.sessionsTotal})`;
  return label;
}

function TestCaseProgress({ testCase }: { testCase: TestCaseGeneration }): ReactNode {
  if (testCase.status === 'processing')
    return (
      <Stack gap={6}>
        <Text size="sm" data-testid="generation-step">
          {stepText(testCase)}
        </Text>
        <Progress value={testCaseFraction(testCase) * 100} size="sm" animated aria-label="Progress" />
      </Stack>
    );
  if (testCase.status === 'error')
    return (
      <Text size="sm" c="red" style={cellText} data-testid="generation-error">
        {testCase.error}
      </Text>
    );
  const result = testCase.result;
  return (
    <Text size="sm" c="dimmed">
      {result
        ? `${result.mutation_count} ${result.mutation_count === 1 ? 'mutation' : 'mutations'} from ${
            result.num_sessions_used
          } ${result.num_sessions_used === 1 ? 'session' : 'sessions'}`
        : 'Generated'}
    </Text>
  );
}

/** The clock the time estimate reads, ticking each second while the run goes on. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return now;
}

function remainingText(run: GenerationRun, fraction: number, now: number): string {
  if (run.startedAt === null) return '';
  const elapsed = now - run.startedAt;
  if (run.done) return `Took ${formatRemaining(elapsed / 1000)}`;
  const remaining = remainingSeconds(elapsed, fraction);
  return remaining === null ? 'Estimating time remaining…' : `About ${formatRemaining(remaining)} remaining`;
}

/**
 * The mutation generation dialog (001 §2.12): each test case with its status, current step and progress, its
 * error when it failed, the time remaining for the whole run, and how the run ended.
 */
export function MutationGenerationDialog({
  run,
  opened,
  onClose,
}: {
  run: GenerationRun;
  opened: boolean;
  onClose: () => void;
}) {
  const now = useNow(opened && !run.done);
  const fraction = generationFraction(run);
  const outcome = generationOutcome(run);
  const total = Math.max(run.total ?? 0, run.testCases.length);
  const finished = run.testCases.filter((testCase) => testCase.status !== 'processing').length;
  const waiting = total - run.testCases.length;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Generate Mutations"
      size={LAYOUT.dialogWidths.medium}
      closeOnClickOutside={false}
    >
      <Stack gap="md" data-testid="mutation-generation">
        <Stack gap={6}>
          <Group justify="space-between" gap="sm">
            <Text size="sm" data-testid="generation-count">
              {total === 0
                ? 'Starting…'
                : `${finished} of ${total} ${total === 1 ? 'test case' : 'test cases'} done`}
            </Text>
            <Text size="sm" c="dimmed" data-testid="time-remaining">
              {remainingText(run, fraction, now)}
            </Text>
          </Group>
          <Progress
            value={fraction * 100}
            animated={!run.done}
            color={outcome ? OUTCOME_COLORS[outcome.tone] : undefined}
            aria-label="Generation progress"
          />
        </Stack>

        {run.testCases.length > 0 && (
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={560} type="native" mah={420}>
              <Table aria-label="Test cases being generated" stickyHeader verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Test case</Table.Th>
                    <Table.Th w={130}>Status</Table.Th>
                    <Table.Th w="45%">Progress</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {run.testCases.map((testCase) => {
                    const badge = STATUS_BADGES[testCase.status];
                    return (
                      <Table.Tr
                        key={testCase.publicId}
                        data-testid="generation-row"
                        data-test-case-id={testCase.publicId}
                        data-status={testCase.status}
                      >
                        <Table.Td>
                          <Stack gap={2}>
                            <Text size="sm" fw={500} style={cellText}>
                              {testCase.name}
                            </Text>
                            <Code fz="xs">{testCase.publicId}</Code>
                          </Stack>
                        </Table.Td>
                        <Table.Td>
                          <Badge
                            variant="light"
                            radius="sm"
                            tt="none"
                            color={badge.color}
                            leftSection={
                              testCase.status === 'processing' ? <Loader size={10} color="blue" /> : undefined
                            }
                          >
                            {badge.label}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <TestCaseProgress testCase={testCase} />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        {!run.done && waiting > 0 && (
          <Text size="sm" c="dimmed">
            {waiting} {waiting === 1 ? 'test case waits' : 'test cases wait'} for a free slot.
          </Text>
        )}
        {!run.done && run.testCases.length === 0 && (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Starting the generation…
            </Text>
          </Group>
        )}

        {outcome && (
          <Alert color={OUTCOME_COLORS[outcome.tone]} variant="light" data-testid="generation-outcome">
            {outcome.message}
          </Alert>
        )}

        <Group justify="space-between" gap="sm">
          <Text size="xs" c="dimmed">
            {run.done ? '' : 'Closing this dialog does not stop the generation on the server.'}
          </Text>
          <Button variant={run.done ? 'filled' : 'default'} onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Opens the mutation generation dialog and starts the run at once (001 §2.12: processing starts when the
 * dialog opens), for test cases or a simulator. Render `dialog` once; call `open` from a button.
 */
export function useMutationGenerationDialog() {
  const generation = useMutationGeneration();
  const [opened, setOpened] = useState(false);
  const { run, start, stop, refresh } = generation;

  const open = (target: GenerationTarget) => {
    start(target);
    setOpened(true);
  };
  const close = () => {
    if (!run.done) {
      // The server goes on: read the test cases again for what it has finished so far.
      stop();
      void refresh();
    }
    setOpened(false);
  };

  return {
    open,
    running: opened && !run.done,
    dialog: <MutationGenerationDialog run={run} opened={opened} onClose={close} />,
  };
}
