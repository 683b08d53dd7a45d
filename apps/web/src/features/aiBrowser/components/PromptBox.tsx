import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { RUN_TASK } from '@proctor/contracts';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import type { FormEvent } from 'react';

/** The demo's prompt box (002 §2.10): what to do, and Run; when Run cannot be used, `blocked` says why. */
export function PromptBox({
  value,
  onChange,
  onRun,
  running = false,
  blocked,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onRun: (event?: FormEvent) => void;
  running?: boolean;
  blocked: string | null;
  error?: string;
}) {
  return (
    <form onSubmit={onRun} noValidate>
      <Stack gap={6}>
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label="Prompt"
            placeholder="What should I do?"
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            maxLength={RUN_TASK.maxTaskLength}
            disabled={blocked !== null || running}
            error={error}
            size="md"
            style={{ flex: 1 }}
          />
          <Button
            type="submit"
            size="md"
            leftSection={<IconPlayerPlayFilled size={14} />}
            loading={running}
            disabled={blocked !== null}
          >
            Run
          </Button>
        </Group>
        {blocked !== null && (
          <Text size="sm" c="dimmed" data-testid="demo-run-blocked">
            {blocked}
          </Text>
        )}
      </Stack>
    </form>
  );
}
