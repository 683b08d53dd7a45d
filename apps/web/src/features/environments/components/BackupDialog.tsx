import { Code, Group, Modal, Stack, Text } from '@mantine/core';
import { type BackupEnvironmentResponse, DATE_TIME_FORMAT, LAYOUT } from '@proctor/contracts';
import dayjs from 'dayjs';
import { CopyIconButton } from '../../../components/CopyIconButton';

/** The backup just taken: its id to restore from later, when it was taken and how much had changed. */
export function BackupDialog({
  backup,
  onClose,
}: {
  backup: BackupEnvironmentResponse | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={backup !== null} onClose={onClose} title="Backup created" size={LAYOUT.dialogWidths.small}>
      {backup && (
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              Backup id
            </Text>
            <Code data-testid="backup-id">{backup.backup_id}</Code>
            <CopyIconButton value={backup.backup_id} label="backup id" />
          </Group>
          <Text size="sm" c="dimmed">
            Taken {dayjs(backup.taken_at).format(DATE_TIME_FORMAT)} with {backup.mutation_count}{' '}
            {backup.mutation_count === 1 ? 'mutation' : 'mutations'} since the last reset.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
