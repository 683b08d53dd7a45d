import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { BrowserSession, ResponseFormat } from '@proctor/contracts';
import { EXTENSION_MESSAGES } from '@proctor/contracts';
import { IconBrandChrome, IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { OutputPanel } from '../../../components/OutputPanel';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { canOpenBrowserSessions, RemoteBrowser, useElementAt } from '../../browserSessions';
import { ElapsedTimer } from '../components/ElapsedTimer';
import { ResponseSchemaFields } from '../components/ResponseSchemaFields';
import { StartTestSessionDialog } from '../components/StartTestSessionDialog';
import { useChromeExtension, useStopChromeRecording } from '../hooks/useChromeExtension';
import { useTrainerSession } from '../hooks/useTrainerSession';
import { TASK_SESSION_PAGES, type TaskSessionKind } from '../taskSessionKinds';
import { type FieldTexts, pickedText, trainerOutput } from '../trainerOutput';

const PANEL_WIDTH = 420;

/** /trainer (002 §2.11). */
export const TrainerPage = () => <TaskSessionPage kind="trainer" />;

/** /offline (002 §2.11): the trainer's page on an offline session, badged so, with no Task Completed. */
export const OfflinePage = () => <TaskSessionPage kind="offline" />;

/**
 * The trainer's and offline sessions' page for those who may open browser sessions (BROWSER_SESSION_PERMISSIONS,
 * the server's rule); anyone else is told why, and no browser is opened for them.
 */
function TaskSessionPage({ kind }: { kind: TaskSessionKind }) {
  const user = useSignedInUser();
  if (canOpenBrowserSessions(user)) return <TrainerWorkspace kind={kind} />;
  return (
    <Stack gap="lg">
      <Title order={2}>{TASK_SESSION_PAGES[kind].title}</Title>
      <Paper withBorder radius="md" p="xl" data-testid="trainer-not-allowed">
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray">
            <IconLock size={26} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>Test sessions run in a remote browser, which your account may not open.</Text>
          <Text c="dimmed" size="sm" ta="center" maw={460}>
            Remote browsers are for members with dashboard or playground access, human recorders and admins.
            Ask an account admin of your organization or a platform admin of this Proctor server for one of
            them.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * The page's session is the browserSessionId in the address; without one the start dialog opens, and a started
 * session's page is this one with its id.
 */
function TrainerWorkspace({ kind }: { kind: TaskSessionKind }) {
  const page = TASK_SESSION_PAGES[kind];
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const publicId = params.get('browserSessionId');
  const [starting, setStarting] = useState(publicId === null);
  useEffect(() => {
    if (publicId === null) setStarting(true);
  }, [publicId]);

  return (
    <>
      <StartTestSessionDialog
        kind={kind}
        opened={starting}
        onClose={() => setStarting(false)}
        onStarted={(session) => {
          setStarting(false);
          navigate(page.path(session.publicId));
        }}
      />
      {publicId ? (
        <TestSession
          key={publicId}
          kind={kind}
          publicId={publicId}
          onStartAnother={() => setStarting(true)}
        />
      ) : (
        <NoTestSession kind={kind} onStart={() => setStarting(true)} />
      )}
    </>
  );
}

function NoTestSession({
  kind,
  onStart,
  reason,
}: {
  kind: TaskSessionKind;
  onStart: () => void;
  reason?: string;
}) {
  const page = TASK_SESSION_PAGES[kind];
  return (
    <Stack gap="lg">
      <Title order={2}>{page.title}</Title>
      <Paper withBorder radius="md" p="xl" data-testid="trainer-no-session">
        <Stack align="center" gap="sm" py="xl">
          <Text fw={600}>{reason ?? page.noSession}</Text>
          <Button onClick={onStart}>{page.startLabel}</Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The session's page while it loads, when it cannot be shown, once it has ended, or running. */
function TestSession({
  kind,
  publicId,
  onStartAnother,
}: {
  kind: TaskSessionKind;
  publicId: string;
  onStartAnother: () => void;
}) {
  const page = TASK_SESSION_PAGES[kind];
  const trainer = useTrainerSession(publicId);
  const { session } = trainer;
  if (session.isPending)
    return (
      <Center mih={300}>
        <Loader />
      </Center>
    );
  if (session.isError)
    return <NoTestSession kind={kind} onStart={onStartAnother} reason={errorDetail(session.error)} />;
  const options = session.data.trainerSessionOptions;
  if (!options)
    return <NoTestSession kind={kind} onStart={onStartAnother} reason="This browser session has no task." />;
  if (session.data.status !== 'running')
    return (
      <Stack gap="lg">
        <Title order={2}>{page.title}</Title>
        <Alert color="gray" variant="light" title={`This session is ${session.data.status}`}>
          <Group gap="md">
            {session.data.sessionPublicId && (
              <Anchor component={Link} to={paths.session(session.data.sessionPublicId)} size="sm">
                Its recorded session
              </Anchor>
            )}
            <Button size="xs" onClick={onStartAnother}>
              {page.startLabel}
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  return (
    <RunningTestSession
      kind={kind}
      session={session.data}
      format={options.responseFormat}
      task={options.task}
      trainer={trainer}
    />
  );
}

function RunningTestSession({
  kind,
  session,
  task,
  format,
  trainer,
}: {
  kind: TaskSessionKind;
  session: BrowserSession;
  task: string;
  format: ResponseFormat;
  trainer: ReturnType<typeof useTrainerSession>;
}) {
  const navigate = useNavigate();
  const [texts, setTexts] = useState<FieldTexts>({});
  const [selecting, setSelecting] = useState<string | null>(null);
  const elementAt = useElementAt(session.publicId);
  const output = trainerOutput(format, texts);
  const extension = useChromeExtension();
  const stopRecording = useStopChromeRecording();
  // Recorded in the person's Chrome (the extension says so): no live view; End and Task Completed stop it first.
  const inChrome = kind === 'trainer' && extension.data?.recording === session.publicId;
  const busy = trainer.complete.isPending || trainer.end.isPending || stopRecording.isPending;
  /** Runs `then` once the extension has uploaded the recording and closed its window (at once without one). */
  const afterRecording = (then: () => void) =>
    inChrome
      ? stopRecording.mutate(session.publicId, {
          onSuccess: then,
          onError: () => notify.error(EXTENSION_MESSAGES.communicationFailed, 'The recording did not stop'),
        })
      : then();

  // A refusal was of the Output it named: a changed value clears it.
  const setText = (name: string, text: string) => {
    trainer.complete.reset();
    setTexts((current) => ({ ...current, [name]: text }));
  };

  const select = (point: { x: number; y: number }) => {
    const field = selecting;
    if (!field) return;
    elementAt.mutate(point, {
      onSuccess: (element) => {
        setText(field, pickedText(element.text, format[field] ?? 'string'));
        setSelecting(null);
      },
      onError: (error) => notify.error(errorDetail(error), 'Nothing selected'),
    });
  };

  const page = TASK_SESSION_PAGES[kind];
  // An offline session has no Task Completed: its End keeps the Output once every field has a value.
  const keepsOutput = !page.completes && Object.keys(format).every((name) => (texts[name] ?? '').trim());
  const end = () =>
    afterRecording(() =>
      keepsOutput
        ? trainer.complete.mutate(output, { onSuccess: () => navigate(paths.sessions) })
        : trainer.end.mutate(undefined, {
            onSuccess: () => navigate(paths.sessions),
            onError: (error) => notify.error(errorDetail(error), 'Failed to end the session'),
          }),
    );

  // The recorded session's page shows the answer just given with its recording, where scoring will land.
  const completed = () =>
    afterRecording(() =>
      trainer.complete.mutate(output, {
        onSuccess: (closed) =>
          navigate(closed.sessionPublicId ? paths.session(closed.sessionPublicId) : paths.sessions),
      }),
    );

  return (
    <Group align="stretch" gap="md" wrap="nowrap" mih={560}>
      <Paper withBorder radius="md" p="md" w={PANEL_WIDTH} style={{ flexShrink: 0 }}>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs">
              <Title order={3}>{page.title}</Title>
              {kind === 'offline' && (
                <Badge color="gray" variant="light" data-testid="offline-badge">
                  Offline
                </Badge>
              )}
            </Group>
            <ElapsedTimer since={session.createdAt} until={session.completedAt} />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Task
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="trainer-task">
              {task}
            </Text>
          </Stack>
          <ResponseSchemaFields
            format={format}
            texts={texts}
            onChange={setText}
            selecting={selecting}
            onSelect={inChrome ? undefined : setSelecting}
            disabled={busy}
          />
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={end}
              loading={
                trainer.end.isPending ||
                (keepsOutput && trainer.complete.isPending) ||
                stopRecording.isPending
              }
              disabled={busy}
            >
              End
            </Button>
            {page.completes && (
              <Button onClick={completed} loading={trainer.complete.isPending} disabled={busy}>
                Task Completed
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <Box>
          {inChrome ? (
            <Paper withBorder radius="md" p="xl" data-testid="chrome-recording">
              <Stack align="center" gap="sm" py="xl">
                <ThemeIcon size={48} radius="xl" variant="light">
                  <IconBrandChrome size={26} stroke={1.6} />
                </ThemeIcon>
                <Text fw={600}>Recording in your Chrome window</Text>
                <Text c="dimmed" size="sm" ta="center" maw={460}>
                  Do the task in the window the Proctor extension opened: each click, typed text and page is
                  recorded with a screenshot. Type the answer here, then press Task Completed (or End): the
                  recording stops and its window closes.
                </Text>
              </Stack>
            </Paper>
          ) : (
            <RemoteBrowser
              browserSessionId={session.publicId}
              failure={null}
              onRetry={() => undefined}
              picking={selecting !== null}
              onPick={select}
            />
          )}
        </Box>
        <OutputPanel
          output={output}
          placeholder="Select content or type a value for each field of the response schema."
          error={trainer.complete.isError ? errorDetail(trainer.complete.error) : null}
        />
      </Stack>
    </Group>
  );
}
