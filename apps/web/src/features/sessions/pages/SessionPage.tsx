import { Alert, Button, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IN_PROGRESS_SESSION_STATUSES,
  NO_SESSIONS_FOR_SCORING,
  RUN_PERMISSIONS,
  type SessionStatus,
} from '@proctor/contracts';
import {
  IconArchive,
  IconLock,
  IconNetwork,
  IconPlayerTrackNext,
  IconRepeat,
  IconWorld,
} from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorDetail, isApiError } from '../../../api';
import { BackButton } from '../../../components/BackButton';
import { notify } from '../../../components/notify';
import { paths } from '../../../paths';
import { useSignedInUser } from '../../auth';
import { SessionTestActions } from '../../testCaseAuthoring';
import { AnnotatorTimerDisplay } from '../components/AnnotatorTimerDisplay';
import { ConvertLabelsButton } from '../components/ConvertLabelsDialog';
import { SessionLiveView } from '../components/SessionLiveView';
import { SessionSidePanel } from '../components/SessionSidePanel';
import { SessionStatusBadge } from '../components/SessionStatusBadge';
import { StepViewer } from '../components/StepViewer';
import { useAdminView } from '../hooks/useAdminView';
import { useAnnotatorTimer } from '../hooks/useAnnotatorTimer';
import { useSession } from '../hooks/useSession';
import {
  useArchiveSession,
  useNextSessionToScore,
  useReplaySession,
  useSetSessionPublic,
} from '../hooks/useSessionMutations';

export const SESSION_NOT_FOUND = 'Session not found';
export const ARCHIVE_SESSION_CONFIRMATION = 'Are you sure you want to archive this session?';

/** ?step= is the selected step, 1-based; anything else reads as the first. */
function stepFrom(value: string | null): number {
  return value && /^[1-9][0-9]{0,6}$/.test(value) ? Number(value) - 1 : 0;
}

/**
 * /sessions/{sessionId}. Each session gets a page of its own: going to the next one starts a new timer and
 * closes whatever dialog was open.
 */
export function SessionPage() {
  const sessionId = useParams().sessionId ?? '';
  return <SessionScreen key={sessionId} sessionId={sessionId} />;
}

/**
 * A session (000 §2.5): the live view while the run is set up and going, else its steps. Account admins get
 * the Admin View switch; annotators outside admin view a timer and a Next Session button.
 */
function SessionScreen({ sessionId }: { sessionId: string }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { available: adminViewAvailable, adminView, setAdminView } = useAdminView();
  const session = useSession(sessionId, adminView);
  const archive = useArchiveSession();
  const setPublic = useSetSessionPublic();
  const nextSession = useNextSessionToScore();
  const replay = useReplaySession();
  const timer = useAnnotatorTimer();
  const annotating = user.organization?.isAnnotator === true && !adminView;

  const backButton = <BackButton fallback={paths.sessions} />;

  if (session.isPending) {
    return (
      <Stack gap="lg">
        <Skeleton height={44} width={420} />
        <Skeleton height={480} />
      </Stack>
    );
  }
  if (session.isError) {
    const missing = isApiError(session.error) && session.error.status === 404;
    return (
      <Stack gap="lg">
        <Group gap="sm">
          {backButton}
          <Title order={2}>{missing ? SESSION_NOT_FOUND : 'Failed to load session'}</Title>
        </Group>
        <Alert color={missing ? 'gray' : 'red'} variant="light">
          {missing
            ? `There is no session "${sessionId}" that you can see. It may belong to another organization or have been archived.`
            : errorDetail(session.error)}
        </Alert>
      </Stack>
    );
  }

  const detail = session.data;
  const current = detail.session;
  const live = current.status === 'run_setup_completed' && current.job !== null;
  const ownsSession = current.organizationId !== null && current.organizationId === user.organizationId;
  const hasNetworkRequests = detail.network_summary.length > 0;
  // The replay agent re-enacts an ended session's recorded steps (the server says why when it cannot).
  const mayReplay =
    ownsSession &&
    !annotating &&
    RUN_PERMISSIONS.some((flag) => user.permissions[flag]) &&
    current.testCase !== null &&
    detail.recorded.steps &&
    !IN_PROGRESS_SESSION_STATUSES.includes(current.status as SessionStatus) &&
    current.status !== 'run_queued';
  const startReplay = () =>
    replay.mutate(current.sessionId, {
      onSuccess: (run) => {
        notify.success('The replay agent re-enacts this session in a fresh environment', 'Replay started');
        navigate(paths.runGroup(run.batch_id));
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to start the replay'),
    });

  const selectStep = (index: number) => {
    const next = new URLSearchParams(search);
    if (index <= 0) next.delete('step');
    else next.set('step', String(index + 1));
    setSearch(next, { replace: true });
  };

  const steps = <StepViewer detail={detail} selected={stepFrom(search.get('step'))} onSelect={selectStep} />;

  const confirmArchive = () =>
    modals.openConfirmModal({
      title: 'Archive session',
      children: <Text size="sm">{ARCHIVE_SESSION_CONFIRMATION}</Text>,
      labels: { confirm: 'Archive', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        archive.mutate(current.sessionId, {
          onSuccess: () => {
            notify.success('Session archived');
            navigate(paths.sessions);
          },
          onError: (error) => notify.error(errorDetail(error), 'Failed to archive session'),
        }),
    });

  const goToNextSession = () =>
    nextSession.mutate(current.sessionId, {
      onSuccess: (next) => {
        if (next.found && next.session) navigate(paths.session(next.session.sessionId));
        else notify.info(NO_SESSIONS_FOR_SCORING);
      },
      onError: (error) => notify.error(errorDetail(error), 'Failed to find the next session'),
    });

  const togglePublic = () =>
    setPublic.mutate(
      { sessionId: current.sessionId, isPublic: !current.isPublic },
      {
        onSuccess: (result) => notify.success(result.isPublic ? 'Session is public' : 'Session is private'),
        onError: (error) => notify.error(errorDetail(error), 'Failed to change the session visibility'),
      },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="sm" align="center" wrap="nowrap">
          {backButton}
          <Title order={2} ff="monospace" fz="h3" style={{ wordBreak: 'break-all' }}>
            {current.sessionId}
          </Title>
          <SessionStatusBadge session={current} />
        </Group>
        <Group gap="sm">
          {annotating && <AnnotatorTimerDisplay timer={timer} />}
          {annotating && (
            <Button
              variant="light"
              rightSection={<IconPlayerTrackNext size={16} />}
              onClick={goToNextSession}
              loading={nextSession.isPending}
            >
              Next Session
            </Button>
          )}
          {adminViewAvailable && (
            <Switch
              label="Admin View"
              checked={adminView}
              onChange={(event) => setAdminView(event.currentTarget.checked)}
            />
          )}
          {hasNetworkRequests && (
            <Button
              component={Link}
              to={paths.networkRequests(current.sessionId)}
              variant="default"
              leftSection={<IconNetwork size={16} />}
            >
              View Network Requests
            </Button>
          )}
          {user.permissions.is_admin && (
            <Button
              variant="default"
              leftSection={current.isPublic ? <IconLock size={16} /> : <IconWorld size={16} />}
              onClick={togglePublic}
              loading={setPublic.isPending}
            >
              {current.isPublic ? 'Make Private' : 'Make Public'}
            </Button>
          )}
          {mayReplay && (
            <Button
              variant="default"
              leftSection={<IconRepeat size={16} />}
              onClick={startReplay}
              loading={replay.isPending}
            >
              Replay
            </Button>
          )}
          <ConvertLabelsButton sessionId={current.sessionId} isSample={current.testCase?.isSample === true} />
          {ownsSession && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconArchive size={16} />}
              onClick={confirmArchive}
              loading={archive.isPending}
            >
              Archive
            </Button>
          )}
        </Group>
      </Group>

      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }} component="section" aria-label="Session recording">
          {live && current.job ? (
            <SessionLiveView environmentId={current.job.jobGroupId} whenUnreachable={steps} />
          ) : (
            steps
          )}
          {ownsSession && user.permissions.create_test_cases && !live && (
            <SessionTestActions detail={detail} selectedStep={stepFrom(search.get('step'))} />
          )}
        </Stack>
        <SessionSidePanel detail={detail} adminView={adminView} timer={annotating ? timer : null} />
      </Group>
    </Stack>
  );
}
