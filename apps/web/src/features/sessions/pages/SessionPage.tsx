import { ActionIcon, Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArchive, IconArrowLeft, IconLock, IconNetwork, IconWorld } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorDetail, isApiError } from '../../../api';
import { paths } from '../../../app/paths';
import { notify } from '../../../components/notify';
import { useSignedInUser } from '../../auth';
import { SessionLiveView } from '../components/SessionLiveView';
import { SessionSidePanel } from '../components/SessionSidePanel';
import { SessionStatusBadge } from '../components/SessionStatusBadge';
import { StepViewer } from '../components/StepViewer';
import { useSession } from '../hooks/useSession';
import { useArchiveSession, useSetSessionPublic } from '../hooks/useSessionMutations';

export const SESSION_NOT_FOUND = 'Session not found';
export const ARCHIVE_SESSION_CONFIRMATION = 'Are you sure you want to archive this session?';

/** ?step= is the selected step, 1-based; anything else reads as the first. */
function stepFrom(value: string | null): number {
  return value && /^[1-9][0-9]{0,6}$/.test(value) ? Number(value) - 1 : 0;
}

/** /sessions/{sessionId} (000 §2.5): the live view while the run is set up and going, else its steps. */
export function SessionPage() {
  const sessionId = useParams().sessionId ?? '';
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const session = useSession(sessionId);
  const archive = useArchiveSession();
  const setPublic = useSetSessionPublic();

  // react-router numbers its history entries: 0 means this page was opened directly.
  const back = () => {
    const index: unknown = window.history.state?.idx;
    if (typeof index === 'number' && index > 0) navigate(-1);
    else navigate(paths.sessions);
  };
  const backButton = (
    <ActionIcon variant="subtle" color="gray" size="lg" onClick={back} aria-label="Back">
      <IconArrowLeft size={20} />
    </ActionIcon>
  );

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
        </Stack>
        <SessionSidePanel detail={detail} />
      </Group>
    </Stack>
  );
}
