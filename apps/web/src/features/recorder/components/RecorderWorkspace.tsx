import { Alert, Badge, Button, Code, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import {
  endpoints,
  LAYOUT,
  type OrganizationAssignment,
  RECORDER_OUTPUT_MESSAGES,
  type TestCase,
} from '@proctor/contracts';
import { IconCheck, IconDoorExit, IconListSearch, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { call, errorDetail, isApiError, useInvalidateEndpoints } from '../../../api';
import { notify } from '../../../components/notify';
import { SiteIcon } from '../../../components/SiteIcon';
import { paths } from '../../../paths';
import {
  ENVIRONMENT_OVERLAYS,
  FREE_PLAY,
  LiveViewArea,
  parseOutputValue,
  scoresOutput,
  TaskDetails,
  useEnvironmentController,
  useEnvironmentSimulators,
} from '../../environments';
import { useRecorderAssignments } from '../hooks/useRecorderAssignments';
import { nextCaseAfter, recorderOrder } from '../recorderQueue';
import { AssignedCaseList } from './AssignedCaseList';
import { OutputEditor } from './OutputEditor';
import { type RecorderChoice, RecorderPickerDialog } from './RecorderPickerDialog';

/** Who started the environment, kept on its sessions. */
const SOURCE = 'recorder';

export const RECORDER_TEXT = {
  testCaseNotFound: 'Test Case Not Found',
  loadTestCase: 'Failed to load the test case',
} as const;

/**
 * /recorder and /recorder/{testCaseId} (000 §2.8) for people who may record (mayRecord): the live environment on
 * the left; on the right the assigned test cases and the active one with its task, sign-in, the expected
 * output, and Retry, Task Complete and Exit. ?app=simulator name filters the list.
 */
export function RecorderWorkspace({ organizationId }: { organizationId: number | null }) {
  const navigate = useNavigate();
  const { testCaseId: routeTestCaseId } = useParams();
  const [search, setSearch] = useSearchParams();
  const requestedId = routeTestCaseId ?? search.get('testcaseId');
  const simulators = useEnvironmentSimulators();
  const assignments = useRecorderAssignments(organizationId);
  const controller = useEnvironmentController();
  const invalidate = useInvalidateEndpoints();
  const { phase, environment } = controller;
  const [marked, setMarked] = useState<ReadonlySet<string>>(new Set());
  const [output, setOutput] = useState('');
  const [outputError, setOutputError] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [notFound, setNotFound] = useState(false);

  const busy = ENVIRONMENT_OVERLAYS[phase] !== undefined;
  const ready = environment !== null && phase === 'ready';
  const activeTestCase = environment?.testCase ?? null;
  const simulatorList = simulators.data ?? [];
  const filter = simulatorList.find((simulator) => simulator.name === search.get('app'))?.id ?? null;
  const environmentSimulator = simulatorList.find(
    (simulator) => simulator.name === environment?.simulatorName,
  );
  const inFilter = (list: readonly OrganizationAssignment[]) =>
    filter === null ? list : list.filter((assignment) => assignment.test_case.simulator_id === filter);

  /** Starts the test case (or free play) in the environment: a reset when it is of the running simulator. */
  const record = async (
    testCase: TestCase | null,
    simulatorName: string,
    step: 'loading' | 'loadingNext',
  ): Promise<void> => {
    setOutput('');
    setOutputError(null);
    setNotFound(false);
    if (ready && environment.simulatorName === simulatorName) {
      await controller.reset(testCase, step, SOURCE);
      return;
    }
    await controller.start({
      simulatorName,
      testCase,
      source: SOURCE,
      interfaceSize: LAYOUT.liveViewReference,
    });
  };

  /** Opens an assigned (or any visible) test case by public id, with its simulator's environment. */
  const openTestCase = async (publicId: string, step: 'loading' | 'loadingNext'): Promise<void> => {
    let testCase: TestCase;
    try {
      testCase = (await call(endpoints.testCase, { params: { id: publicId } })).testCase;
    } catch (error) {
      if (isApiError(error) && error.status === 404) setNotFound(true);
      else notify.error(errorDetail(error), RECORDER_TEXT.loadTestCase);
      return;
    }
    if (testCase.simulatorId === null) {
      setNotFound(true);
      return;
    }
    // A simulator this person may not start (not in the plan, disabled) is the server's to refuse, in its words.
    const simulator = simulatorList.find((candidate) => candidate.id === testCase.simulatorId);
    navigate({ pathname: paths.recorderTestCase(publicId), search: search.toString() }, { replace: true });
    await record(testCase, simulator?.name ?? String(testCase.simulatorId), step);
  };

  // A link to /recorder/{testCaseId} opens that test case once the simulators are known. `opened` is the
  // test case last opened, so that the address this screen writes itself does not open it again.
  const opened = useRef<string | null>(null);
  const openLatest = useRef(openTestCase);
  openLatest.current = openTestCase;
  useEffect(() => {
    if (!requestedId || !simulators.isSuccess || opened.current === requestedId) return;
    opened.current = requestedId;
    void openLatest.current(requestedId, 'loading');
  }, [requestedId, simulators.isSuccess]);

  const choose = (choice: RecorderChoice) => {
    setPickerOpen(false);
    if (choice.kind === 'assignment') {
      opened.current = choice.assignment.test_case.publicId;
      void openTestCase(choice.assignment.test_case.publicId, 'loading');
      return;
    }
    opened.current = null;
    navigate({ pathname: paths.recorder, search: search.toString() }, { replace: true });
    void record(null, choice.simulator.name, 'loading');
  };

  /** The output to evaluate with, or undefined after saying what is wrong with it (000 §5). */
  const checkedOutput = (): { value: unknown } | undefined => {
    if (!activeTestCase || !scoresOutput(activeTestCase)) return { value: undefined };
    const parsed = parseOutputValue(output);
    if (!parsed.ok) {
      setOutputError(parsed.error);
      return undefined;
    }
    return { value: parsed.value };
  };

  const exit = async () => {
    if (!environment) return;
    // A blank answer is not required to leave; a malformed one is said before it is lost.
    const checked = output.trim() ? checkedOutput() : { value: undefined };
    if (!checked) return;
    const sessionId = environment.task?.session_id ?? null;
    await controller.end(checked.value);
    opened.current = null;
    void invalidate([endpoints.organizationAssignments]);
    navigate(sessionId ? paths.session(sessionId) : paths.recorder);
  };

  const taskComplete = async () => {
    if (!environment || !ready) return;
    const current = activeTestCase;
    if (current && scoresOutput(current)) {
      const checked = checkedOutput();
      if (!checked) return;
      const evaluation = await controller.evaluate(checked.value);
      if (!evaluation) return;
      const schemaErrors = evaluation.details.output?.schema_errors ?? [];
      if (schemaErrors.length > 0) {
        setOutputError(RECORDER_OUTPUT_MESSAGES.validationErrors(schemaErrors));
        return;
      }
    }
    const nowMarked = current ? new Set([...marked, current.publicId]) : marked;
    setMarked(nowMarked);
    const fresh = (await assignments.refetch()).data ?? assignments.data ?? [];
    const next = nextCaseAfter(recorderOrder(inFilter(fresh)), current?.publicId ?? null, nowMarked);
    if (!next) {
      await exit();
      return;
    }
    opened.current = next.test_case.publicId;
    await openTestCase(next.test_case.publicId, 'loadingNext');
    // The finished session now counts: the reset ended it.
    void invalidate([endpoints.organizationAssignments]);
  };

  const retry = async () => {
    if (!environment) return;
    const abandoned = environment.task?.session_id;
    setOutput('');
    setOutputError(null);
    // The attempt given up is no recording: archived, it counts neither toward the requested sessions nor as
    // the person's. A failure is only logged (as archiving is elsewhere): the retry goes on.
    if (abandoned)
      await call(endpoints.archiveSession, { params: { id: abandoned } }).catch((error: unknown) =>
        console.warn('Could not archive the abandoned session', error),
      );
    await controller.start({
      simulatorName: environment.simulatorName,
      testCase: activeTestCase,
      source: SOURCE,
      interfaceSize: LAYOUT.liveViewReference,
      restart: true,
    });
  };

  const setFilter = (simulatorId: number | null) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        const name = simulatorList.find((simulator) => simulator.id === simulatorId)?.name;
        if (name) params.set('app', name);
        else params.delete('app');
        return params;
      },
      { replace: true },
    );

  const showNotFound = notFound && !environment && !busy;

  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      {showNotFound ? (
        <Paper withBorder radius="md" p="xl" bg="gray.0" style={{ flex: 1 }}>
          <Stack align="center" gap="sm" py={80}>
            <Text fw={600} data-testid="recorder-not-found">
              {RECORDER_TEXT.testCaseNotFound}
            </Text>
            <Text size="sm" c="dimmed" ta="center" maw={420}>
              No test case {requestedId} is assigned to you in an environment you can start. Choose another on
              the right.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <LiveViewArea
          phase={phase}
          environment={environment}
          failure={controller.failure}
          evaluation={controller.evaluation}
          idle="Choose one of your assigned test cases on the right, or free play, to record in its browser here."
        />
      )}
      <Paper
        withBorder
        radius="md"
        p="md"
        w={LAYOUT.recorderPanelWidth}
        style={{ flexShrink: 0 }}
        component="aside"
        aria-label="Recorder panel"
      >
        <Stack gap="md">
          {environment && (
            <Stack gap="sm" data-testid="recorder-active">
              <Group gap="sm" wrap="nowrap">
                {environmentSimulator && (
                  <SiteIcon name={environmentSimulator.name} imgUrl={environmentSimulator.imgUrl} size={28} />
                )}
                <Text fw={600} data-testid="environment-simulator">
                  {environmentSimulator?.config.title ?? environment.simulatorName}
                </Text>
                <Badge variant="light" color={ready ? 'teal' : 'orange'} radius="sm">
                  {ready ? 'Running' : 'Starting'}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                Environment <Code data-testid="environment-id">{environment.id}</Code>
              </Text>
              <Text fw={600} data-testid="recorder-test-case-name">
                {activeTestCase?.name ?? FREE_PLAY}
              </Text>
              <TaskDetails task={environment.task} simulator={environmentSimulator} />
              {activeTestCase && scoresOutput(activeTestCase) && (
                <OutputEditor
                  testCase={activeTestCase}
                  value={output}
                  onChange={setOutput}
                  error={outputError}
                  onError={setOutputError}
                  disabled={busy}
                />
              )}
              <SimpleGrid cols={3} spacing="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconRefresh size={14} />}
                  onClick={() => void retry()}
                  disabled={busy}
                >
                  Retry
                </Button>
                <Button
                  color="teal"
                  size="xs"
                  leftSection={<IconCheck size={14} />}
                  onClick={() => void taskComplete()}
                  disabled={!ready}
                >
                  Task Complete
                </Button>
                <Button
                  color="red"
                  variant="light"
                  size="xs"
                  leftSection={<IconDoorExit size={14} />}
                  onClick={() => void exit()}
                  disabled={busy}
                >
                  Exit
                </Button>
              </SimpleGrid>
            </Stack>
          )}
          <Button
            variant="light"
            leftSection={<IconListSearch size={16} />}
            onClick={() => setPickerOpen(true)}
            disabled={busy || !simulators.isSuccess}
          >
            Choose test case
          </Button>
          {assignments.isPending || simulators.isPending ? (
            <Skeleton height={160} />
          ) : assignments.isError ? (
            <Alert color="red" variant="light" title="Failed to load your assigned test cases">
              {errorDetail(assignments.error)}
            </Alert>
          ) : (
            <AssignedCaseList
              assignments={assignments.data ?? []}
              simulators={simulatorList}
              filter={filter}
              onFilter={setFilter}
              markedThisVisit={marked}
              activePublicId={activeTestCase?.publicId ?? null}
              disabled={busy}
              onOpen={(assignment) => choose({ kind: 'assignment', assignment })}
            />
          )}
        </Stack>
      </Paper>
      {pickerOpen && (
        <RecorderPickerDialog
          opened
          onClose={() => setPickerOpen(false)}
          simulators={simulatorList}
          assignments={assignments.data ?? []}
          initialSimulatorId={filter ?? environmentSimulator?.id ?? null}
          onChoose={choose}
        />
      )}
    </Group>
  );
}
