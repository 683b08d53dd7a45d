import { Button, SimpleGrid } from '@mantine/core';
import { IconCamera, IconDatabase, IconList, IconPlayerStop, IconRefresh } from '@tabler/icons-react';

/** The playground's tools for the running environment (000 §2.8). */
export function EnvironmentActions({
  busy,
  onState,
  onMutations,
  onReset,
  onBackup,
  onEnd,
  backingUp,
}: {
  busy: boolean;
  backingUp: boolean;
  onState: () => void;
  onMutations: () => void;
  onReset: () => void;
  onBackup: () => void;
  onEnd: () => void;
}) {
  return (
    <SimpleGrid cols={3} spacing="xs">
      <Button
        variant="default"
        size="xs"
        leftSection={<IconDatabase size={14} />}
        onClick={onState}
        disabled={busy}
      >
        State
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconList size={14} />}
        onClick={onMutations}
        disabled={busy}
      >
        Mutations
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconRefresh size={14} />}
        onClick={onReset}
        disabled={busy}
      >
        Reset
      </Button>
      <Button
        variant="default"
        size="xs"
        leftSection={<IconCamera size={14} />}
        onClick={onBackup}
        disabled={busy}
        loading={backingUp}
      >
        Backup
      </Button>
      <Button
        color="red"
        size="xs"
        leftSection={<IconPlayerStop size={14} />}
        onClick={onEnd}
        disabled={busy}
      >
        End
      </Button>
    </SimpleGrid>
  );
}
