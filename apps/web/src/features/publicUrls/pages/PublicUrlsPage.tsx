import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { BackupEnvironmentResponse, KeepaliveJobGroup } from '@proctor/contracts';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { PageHeader } from '../../../components/PageHeader';
import { useSignedInUser } from '../../auth';
import {
  BackupDialog,
  ENVIRONMENT_ACTION_ERRORS,
  EnvironmentStateDialog,
  useBackupEnvironment,
  useCloseEnvironment,
  useKeepaliveJobs,
  useResetEnvironment,
} from '../../environments';
import { CreateEnvironmentDialog } from '../components/CreateEnvironmentDialog';
import { type KeepaliveRowActions, KeepaliveTable } from '../components/KeepaliveTable';

export const PUBLIC_URLS_ERRORS = {
  load: 'Failed to load public environments',
  backup: 'Failed to create backup',
} as const;
export const ENVIRONMENT_RESET = 'Environment reset';
export const ENVIRONMENT_CLOSED = 'Environment closed';

/**
 * /public-urls (002 §2.13): the organization's keepalive environments, which run without heartbeats until
 * closed, with Reset, Backup (create_test_cases), Get State and Open; Refresh and Create Environment.
 */
export function PublicUrlsPage() {
  const user = useSignedInUser();
  const groups = useKeepaliveJobs();
  const reset = useResetEnvironment();
  const backup = useBackupEnvironment();
  const close = useCloseEnvironment();
  const [creating, setCreating] = useState(false);
  const [stateOf, setStateOf] = useState<KeepaliveJobGroup | null>(null);
  const [backupTaken, setBackupTaken] = useState<BackupEnvironmentResponse | null>(null);

  const pending: KeepaliveRowActions['pending'] = reset.isPending
    ? { id: reset.variables.id, action: 'reset' }
    : backup.isPending
      ? { id: backup.variables, action: 'backup' }
      : close.isPending
        ? { id: close.variables, action: 'close' }
        : null;

  const actions: KeepaliveRowActions = {
    pending,
    onReset: (group) =>
      reset.mutate(
        { id: group.group_id, body: { source: 'public-urls' } },
        {
          onSuccess: () => notify.success(ENVIRONMENT_RESET),
          onError: (error) => notify.error(errorDetail(error), ENVIRONMENT_ACTION_ERRORS.reset),
        },
      ),
    onBackup: user.permissions.create_test_cases
      ? (group) =>
          backup.mutate(group.group_id, {
            onSuccess: setBackupTaken,
            onError: (error) => notify.error(errorDetail(error), PUBLIC_URLS_ERRORS.backup),
          })
      : undefined,
    onState: setStateOf,
    onClose: (group) =>
      modals.openConfirmModal({
        title: 'Close environment',
        children: (
          <Text size="sm">
            Close “{group.alias}”? Everyone using its live view or its address loses it, and its data is gone.
          </Text>
        ),
        labels: { confirm: 'Close environment', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          close.mutate(group.group_id, {
            onSuccess: () => notify.success(ENVIRONMENT_CLOSED),
            onError: (error) => notify.error(errorDetail(error), ENVIRONMENT_ACTION_ERRORS.close),
          }),
      }),
  };

  return (
    <>
      <PageHeader
        title="Public environments"
        description="Environments that stay up for your whole organization until closed, with their live view."
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={groups.isFetching}
              onClick={() => void groups.refetch()}
            >
              Refresh
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Create Environment
            </Button>
          </>
        }
      />
      <KeepaliveTable
        groups={groups.data ?? []}
        message={
          groups.isPending
            ? 'Loading…'
            : groups.isError
              ? `${PUBLIC_URLS_ERRORS.load}: ${errorDetail(groups.error)}`
              : undefined
        }
        actions={actions}
      />
      <CreateEnvironmentDialog opened={creating} onClose={() => setCreating(false)} />
      <EnvironmentStateDialog
        environmentId={stateOf?.group_id ?? null}
        view={stateOf ? 'state' : null}
        title={stateOf ? `State of ${stateOf.alias}` : undefined}
        onClose={() => setStateOf(null)}
      />
      <BackupDialog backup={backupTaken} onClose={() => setBackupTaken(null)} />
    </>
  );
}
