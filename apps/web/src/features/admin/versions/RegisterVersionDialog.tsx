import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { SHORT_HASH_LENGTH, TAG_NAME_REQUIRED } from '@proctor/contracts';
import { useState } from 'react';
import { useRegisterVersion } from './useSimulatorVersions';

/** 'Register Version': enters one version in the registry under a tag; Enter submits (002 §2.3). */
export function RegisterVersionDialog({
  simulatorName,
  hash,
  onClose,
}: {
  simulatorName: string;
  /** The version to register; null while the dialog is closed. */
  hash: string | null;
  onClose: () => void;
}) {
  const [tag, setTag] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const registration = useRegisterVersion(simulatorName);

  const close = () => {
    setTag('');
    setProblem(null);
    onClose();
  };

  const submit = () => {
    const trimmed = tag.trim();
    if (!trimmed) {
      setProblem(TAG_NAME_REQUIRED);
      return;
    }
    if (hash) registration.register({ hash, tag: trimmed }, close);
  };

  return (
    <Modal opened={hash !== null} onClose={close} title="Register Version">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {simulatorName} at <code>{hash?.slice(0, SHORT_HASH_LENGTH)}</code>
          </Text>
          <TextInput
            label="Tag Name"
            required
            data-autofocus
            placeholder="prod-latest"
            value={tag}
            error={problem}
            onChange={(event) => {
              setTag(event.currentTarget.value);
              setProblem(null);
            }}
            // Enter submits even while the button is disabled, so a blank tag is told why.
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              submit();
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={tag.trim() === ''} loading={registration.isPending}>
              Register
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
