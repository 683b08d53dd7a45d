import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { RunningSession } from '@proctor/contracts';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { notify } from '../../../components/notify';
import { useStopEnvironment } from '../hooks/useUsage';

/** Asks a platform admin why, then stops the session's environment: the session fails with the reason. */
export function StopEnvironmentDialog({
  session,
  onClose,
}: {
  session: RunningSession | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const stop = useStopEnvironment();
  const close = () => {
    setReason('');
    onClose();
  };
  const submit = () => {
    if (!session) return;
    stop.mutate(
      { environmentId: session.environment_id, reason: reason.trim() },
      {
        onSuccess: (stopped) => {
          notify.success(stopped.reason, 'Session stopped');
          close();
        },
        onError: (error) => notify.error(errorDetail(error), 'Could not stop the session'),
      },
    );
  };
  return (
    <Modal opened={session !== null} onClose={close} title="Stop session">
      <Stack>
        <Text size="sm">The session's environment closes now and the session fails with your reason.</Text>
        <TextInput
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" onClick={submit} loading={stop.isPending}>
            Stop
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
