import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { type EvaluatorCheck, type EvaluatorHealth, LAYOUT, type TestCase } from '@proctor/contracts';
import { IconAlertTriangle, IconCircleCheck, IconCircleMinus, IconCircleX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import {
  CHECK_STATUS_TONES,
  checkingText,
  EVALUATOR_CHECK_LABELS,
  evaluatorBadge,
  formatCheckedAt,
  HEALTH_STATUS_TONES,
  healthSummary,
  verdictLabel,
} from '../evaluatorHealth';
import { useCheckEvaluator } from '../hooks/useCheckEvaluator';

const CHECK_ICONS: Record<EvaluatorCheck['status'], typeof IconCircleCheck> = {
  ok: IconCircleCheck,
  broken: IconCircleX,
  not_checked: IconCircleMinus,
};

const wrapping = { wordBreak: 'break-word', whiteSpace: 'pre-wrap' } as const;

/** The sessions the evaluator now judges differently from the people who scored them. */
function DisagreeingSessions({ sessions }: { sessions: NonNullable<EvaluatorCheck['disagreeing']> }) {
  return (
    <Table.ScrollContainer minWidth={420} type="native" mah={260}>
      <Table aria-label="Sessions judged differently" stickyHeader verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Session</Table.Th>
            <Table.Th w={130}>People said</Table.Th>
            <Table.Th w={140}>Evaluator says</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={session.sessionId} data-testid="disagreeing-session">
              <Table.Td>
                <Anchor component={Link} to={paths.session(session.sessionId)} size="sm" ff="monospace">
                  {session.sessionId}
                </Anchor>
              </Table.Td>
              <Table.Td>{verdictLabel(session.human)}</Table.Td>
              <Table.Td>{verdictLabel(session.automatic)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CheckRow({ check }: { check: EvaluatorCheck }) {
  const tone = CHECK_STATUS_TONES[check.status];
  const Icon = CHECK_ICONS[check.status];
  return (
    <Paper withBorder radius="md" p="sm" data-testid="evaluator-check" data-check={check.check}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <ThemeIcon variant="light" color={tone.color} radius="xl" size="md" aria-hidden>
          <Icon size={18} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {EVALUATOR_CHECK_LABELS[check.check]}
            </Text>
            <Badge
              size="xs"
              radius="sm"
              variant="light"
              tt="none"
              color={tone.color}
              data-testid="check-status"
            >
              {tone.label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" style={wrapping} data-testid="check-detail">
            {check.detail}
          </Text>
          {check.disagreeing && check.disagreeing.length > 0 && (
            <DisagreeingSessions sessions={check.disagreeing} />
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

function HealthReport({ health }: { health: EvaluatorHealth }) {
  const tone = HEALTH_STATUS_TONES[health.status];
  return (
    <Stack gap="md">
      <Group gap="sm">
        <Badge
          variant="filled"
          radius="sm"
          tt="none"
          color={tone.color}
          data-testid="evaluator-health-status"
        >
          {tone.label}
        </Badge>
        <Text size="sm" c="dimmed">
          Checked {formatCheckedAt(health.checked_at)}
        </Text>
      </Group>
      <Text size="sm" data-testid="evaluator-health-summary">
        {healthSummary(health)}
      </Text>
      <Stack gap="sm">
        {health.checks.map((check) => (
          <CheckRow key={check.check} check={check} />
        ))}
      </Stack>
    </Stack>
  );
}

/** The check run from the page: its result, or its error. */
export interface CheckOutcome {
  health: EvaluatorHealth | null;
  error: unknown;
}

/**
 * The "Evaluator health" dialog (issue 8 §6): a check in progress, its result or its error, or the result kept
 * from the last check (`outcome` null). Medium width: the detail sentences and the disagreeing sessions' table
 * need more than the small dialogs' form width.
 */
export function EvaluatorHealthDialog({
  testCase,
  opened,
  onClose,
  running,
  outcome,
  onCheckAgain,
}: {
  testCase: Pick<TestCase, 'builtIn' | 'evaluatorHealth'>;
  opened: boolean;
  onClose: () => void;
  running: boolean;
  outcome: CheckOutcome | null;
  /** Absent for those who may not run the check. */
  onCheckAgain?: () => void;
}) {
  const health = outcome ? outcome.health : testCase.evaluatorHealth;
  return (
    <Modal opened={opened} onClose={onClose} title="Evaluator health" size={LAYOUT.dialogWidths.medium}>
      <Stack gap="md" data-testid="evaluator-health">
        {running ? (
          <Stack gap={6} data-testid="evaluator-check-running">
            <Group gap="sm" wrap="nowrap">
              <Loader size="sm" />
              <Text size="sm">{checkingText(testCase)}</Text>
            </Group>
            <Text size="xs" c="dimmed">
              It checks the test case as saved, not unsaved changes. You may close this dialog: the result
              shows on the page when the check ends.
            </Text>
          </Stack>
        ) : outcome?.error ? (
          <Alert color="red" variant="light" title="The check failed" data-testid="evaluator-check-error">
            {errorDetail(outcome.error)}
          </Alert>
        ) : health ? (
          <HealthReport health={health} />
        ) : (
          <Text size="sm" c="dimmed">
            The evaluator of this test case has not been checked yet.
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {onCheckAgain && !running && (
            <Button variant="default" onClick={onCheckAgain}>
              Check again
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The evaluator health check of the test case a page shows, and its dialog's state: `check` (the button) runs
 * it, `show` (the header badge) shows the result kept from the last check; render <EvaluatorHealthDialog> with
 * `dialog`. Keyed by the page's test case id, so that the page can call it before the test case has loaded.
 * The dialog opens at once when the check starts, since a built-in test case's check takes about ten seconds.
 * Closed before the check ends, the result comes as a notification (and in the header badge).
 */
export function useEvaluatorHealthDialog(testCaseId: string) {
  const checkEvaluator = useCheckEvaluator();
  const [opened, setOpened] = useState(false);
  // What the dialog shows when no check is running: the check run from here, or the stored result.
  const [shown, setShown] = useState<'check' | 'stored'>('stored');
  const openedRef = useRef(false);
  // The page stays mounted from one test case to the next: a check of another one is not this one's.
  const ours = checkEvaluator.variables === testCaseId;
  const running = ours && checkEvaluator.isPending;

  const setOpen = (open: boolean) => {
    openedRef.current = open;
    setOpened(open);
  };

  const check = () => {
    setShown('check');
    setOpen(true);
    checkEvaluator.mutate(testCaseId, {
      onSuccess: ({ testCase, health }) => {
        if (openedRef.current) return;
        const title = `Evaluator check of "${testCase.name}"`;
        if (health.status === 'broken') notify.error(healthSummary(health), title);
        else notify.success(healthSummary(health), title);
      },
      onError: (error) => {
        if (!openedRef.current) notify.error(errorDetail(error), 'Evaluator check failed');
      },
    });
  };
  const show = () => {
    if (!running) setShown('stored');
    setOpen(true);
  };

  const outcome: CheckOutcome | null =
    ours && shown === 'check'
      ? { health: checkEvaluator.data?.health ?? null, error: checkEvaluator.error }
      : null;
  return {
    check,
    show,
    running,
    dialog: { opened, onClose: () => setOpen(false), running, outcome },
  };
}

/**
 * The last check's result in the page header (issue 8 §6), next to the scoring badges: "Evaluator broken" with
 * what is broken as its tooltip, or "Evaluator checked" with the date; nothing before the first check.
 * Every badge opens the stored result, not only the broken one: it is the only way to read a result later.
 */
export function EvaluatorHealthBadge({
  health,
  onOpen,
}: {
  health: EvaluatorHealth | null;
  onOpen: () => void;
}) {
  const badge = evaluatorBadge(health);
  if (!badge) return null;
  const Icon = badge.status === 'broken' ? IconAlertTriangle : CHECK_ICONS.ok;
  return (
    <Tooltip
      multiline
      maw={420}
      withArrow
      label={
        <Stack gap={2}>
          {badge.tooltip.map((line) => (
            <Text key={line} size="xs" style={wrapping}>
              {line}
            </Text>
          ))}
        </Stack>
      }
    >
      <Badge
        component="button"
        type="button"
        onClick={onOpen}
        size="sm"
        radius="sm"
        tt="none"
        variant="light"
        color={badge.color}
        leftSection={badge.status === 'unknown' ? undefined : <Icon size={12} />}
        style={{ cursor: 'pointer', flexShrink: 0 }}
        data-testid="evaluator-health-badge"
        data-status={badge.status}
      >
        {badge.label}
      </Badge>
    </Tooltip>
  );
}
