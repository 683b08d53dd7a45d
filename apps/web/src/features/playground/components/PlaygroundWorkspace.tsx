import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { type BackupEnvironmentResponse, type EnvironmentConfig, LAYOUT } from '@proctor/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { SiteIcon } from '../../../components/SiteIcon';
import {
  BackupDialog,
  ENVIRONMENT_OVERLAYS,
  EnvironmentStateDialog,
  type EnvironmentStateView,
  LiveViewArea,
  parseOutputValue,
  scoresOutput,
  TaskDetails,
  TestCasePicker,
  useBackupEnvironment,
  useEnvironmentController,
  useEnvironmentSimulators,
} from '../../environments';
import { useSimulatorTaskList } from '../hooks/useSimulatorTaskList';
import { EnvironmentActions } from './EnvironmentActions';
import { SimulatorList } from './SimulatorList';

/** Who started the environment, kept on its sessions. */
const SOURCE = 'playground';

export const PLAYGROUND_ERRORS = {
  noEnvironment: 'Please start a simulator first',
  backup: 'Failed to create backup',
  loadSimulators: 'Failed to load simulators',
  testCaseNotFound: 'Test Case Not Found',
} as const;

/** What the Fast Mode switch changes, under it. */
const FAST_MODE_HELP =
  'Records less while you explore: no mouse movements, and lighter screenshots. Every click, keystroke, scroll, page and data change is recorded as usual.';

/**
 * /playground for members with playground_access (000 §2.8): pick a simulator (?app=name) and a test case
 * (?testcaseId=public id), start it, and work in its browser through the live view; State, Mutations, Reset,
 * Backup and End act on the running environment. The query string holds the choice, so a link or a reload
 * lands on the same one.
 */
export function PlaygroundWorkspace() {
  const [search, setSearch] = useSearchParams();
  const app = search.get('app');
  const testCaseId = search.get('testcaseId');
  const simulators = useEnvironmentSimulators();
  const controller = useEnvironmentController();
  const { phase, environment } = controller;
  const backup = useBackupEnvironment();
  const [fastMode, setFastMode] = useState(true);
  const [stateView, setStateView] = useState<EnvironmentStateView | null>(null);
  const [backupTaken, setBackupTaken] = useState<BackupEnvironmentResponse | null>(null);
  const [output, setOutput] = useState('');
  const [outputError, setOutputError] = useState<string | null>(null);

  const busy = ENVIRONMENT_OVERLAYS[phase] !== undefined;
  const ready = environment !== null && phase === 'ready';
  const selected = simulators.data?.find((simulator) => simulator.name === app && simulator.enabled);
  const simulator = environment
    ? simulators.data?.find((candidate) => candidate.name === environment.simulatorName)
    : selected;
  const testCases = useSimulatorTaskList(simulator?.id);
  const chosenTestCase = testCases.data?.find((testCase) => testCase.publicId === testCaseId) ?? null;
  const testCaseMissing = testCaseId !== null && testCases.isSuccess && chosenTestCase === null;
  const activeTestCase = environment ? environment.testCase : chosenTestCase;
  const withOutput = scoresOutput(activeTestCase);

  const choose = (next: { app?: string | null; testcaseId?: string | null }) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next)) {
          if (value) params.set(name, value);
          else params.delete(name);
        }
        return params;
      },
      { replace: true },
    );

  const chooseTestCase = (publicId: string | null) => {
    choose({ testcaseId: publicId });
    setOutput('');
    setOutputError(null);
    if (ready) {
      const testCase = testCases.data?.find((candidate) => candidate.publicId === publicId) ?? null;
      void controller.reset(testCase, 'loading', SOURCE);
    }
  };

  const start = () => {
    if (!selected) return;
    setOutput('');
    setOutputError(null);
    void controller.start({
      simulatorName: selected.name,
      testCase: chosenTestCase,
      source: SOURCE,
      // What Fast Mode leaves out of the recording: FAST_MODE in the contracts, docs/architecture.md.
      envConfig: { fast_mode: fastMode } satisfies EnvironmentConfig,
      // The browser at the live view's reference size: shown 1:1 where the screen allows.
      interfaceSize: LAYOUT.liveViewReference,
    });
  };

  /** Runs an action on the ready environment, or says there is none. */
  const withEnvironment = (action: (environmentId: string) => void) => () => {
    if (!environment || !ready) {
      notify.error(PLAYGROUND_ERRORS.noEnvironment);
      return;
    }
    action(environment.id);
  };

  const end = withEnvironment(() => {
    if (!withOutput) {
      void controller.end();
      return;
    }
    const parsed = parseOutputValue(output);
    if (!parsed.ok) {
      setOutputError(parsed.error);
      return;
    }
    setOutputError(null);
    void controller.end(parsed.value);
  });

  return (
    <Stack gap="md">
      <PageHeader
        title="Playground"
        description="Start a simulator, work in its browser by hand and check what it recorded."
      />
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <LiveViewArea
          phase={phase}
          environment={environment}
          failure={controller.failure}
          evaluation={controller.evaluation}
          idle="Choose a simulator and a test case on the right, then start it to work in its browser here."
        />
        <Paper
          withBorder
          radius="md"
          p="md"
          w={LAYOUT.recorderPanelWidth}
          style={{ flexShrink: 0 }}
          component="aside"
          aria-label="Playground panel"
        >
          <Stack gap="md">
            {environment ? (
              <Stack gap={6}>
                <Group gap="sm" wrap="nowrap">
                  <SiteIcon name={environment.simulatorName} imgUrl={simulator?.imgUrl ?? null} size={28} />
                  <Text fw={600} data-testid="environment-simulator">
                    {simulator?.config.title ?? environment.simulatorName}
                  </Text>
                  <Badge variant="light" color={ready ? 'teal' : 'orange'} radius="sm">
                    {ready ? 'Running' : 'Starting'}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  Environment <Code data-testid="environment-id">{environment.id}</Code>
                </Text>
              </Stack>
            ) : (
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  Environment
                </Text>
                {simulators.isPending ? (
                  <Skeleton height={160} />
                ) : simulators.isError ? (
                  <Alert color="red" variant="light" title={PLAYGROUND_ERRORS.loadSimulators}>
                    {errorDetail(simulators.error)}
                  </Alert>
                ) : (
                  <SimulatorList
                    simulators={simulators.data}
                    selected={selected?.name ?? null}
                    onSelect={(next) => {
                      if (next.name !== app) choose({ app: next.name, testcaseId: null });
                    }}
                  />
                )}
                <Switch
                  label="Fast Mode"
                  description={FAST_MODE_HELP}
                  checked={fastMode}
                  onChange={(event) => setFastMode(event.currentTarget.checked)}
                />
              </Stack>
            )}

            {simulator && (
              <TestCasePicker
                testCases={testCases.data ?? []}
                selected={
                  environment ? (environment.testCase?.publicId ?? null) : (chosenTestCase?.publicId ?? null)
                }
                onChange={chooseTestCase}
                loading={testCases.isPending}
                disabled={busy}
              />
            )}
            {testCaseMissing && !environment && (
              <Alert color="gray" variant="light" title={PLAYGROUND_ERRORS.testCaseNotFound}>
                No test case {testCaseId} of this simulator is visible to you; the run starts in free play.
              </Alert>
            )}

            {!environment && (
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={start}
                disabled={!selected || busy}
                loading={busy}
              >
                Start
              </Button>
            )}

            {(environment || simulator) && (
              <TaskDetails task={environment?.task ?? null} simulator={simulator} />
            )}

            {environment && withOutput && (
              <Textarea
                label="Output"
                description="The answer to evaluate, as JSON."
                autosize
                minRows={3}
                maxRows={10}
                ff="monospace"
                value={output}
                onChange={(event) => setOutput(event.currentTarget.value)}
                error={outputError}
              />
            )}

            <EnvironmentActions
              busy={busy}
              backingUp={backup.isPending}
              onState={withEnvironment(() => setStateView('state'))}
              onMutations={withEnvironment(() => setStateView('mutations'))}
              onReset={withEnvironment(
                () => void controller.reset(environment?.testCase ?? null, 'resetting', SOURCE),
              )}
              onBackup={withEnvironment((id) =>
                backup.mutate(id, {
                  onSuccess: setBackupTaken,
                  onError: (error) => notify.error(errorDetail(error), PLAYGROUND_ERRORS.backup),
                }),
              )}
              onEnd={end}
            />
          </Stack>
        </Paper>
      </Group>
      <EnvironmentStateDialog
        environmentId={environment?.id ?? null}
        view={stateView}
        onClose={() => setStateView(null)}
      />
      <BackupDialog backup={backupTaken} onClose={() => setBackupTaken(null)} />
    </Stack>
  );
}
