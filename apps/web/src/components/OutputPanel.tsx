import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyIconButton } from './CopyIconButton';
import { JsonViewer } from './JsonViewer';

/**
 * The Output of a page that runs something in a remote browser (the builder's flows, the AI browser's tasks; 002
 * §2.8–2.9): the JSON it answered, or why it failed, or `placeholder` before anything ran. `footer` goes under it
 * (a link to the recorded session).
 */
export function OutputPanel({
  output,
  placeholder,
  error = null,
  footer,
}: {
  output: Record<string, unknown> | null;
  placeholder: string;
  error?: string | null;
  footer?: ReactNode;
}) {
  const empty = output === null || Object.keys(output).length === 0;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="output-panel">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            Output
          </Text>
          {!empty && <CopyIconButton value={JSON.stringify(output, null, 2)} label="output" />}
        </Group>
        {error !== null && <Alert color="red" variant="light" title={error} data-testid="output-error" />}
        {empty ? (
          error === null && (
            <Text size="sm" c="dimmed">
              {placeholder}
            </Text>
          )
        ) : (
          <JsonViewer value={output} label="Output" maxHeight={320} />
        )}
        {footer}
      </Stack>
    </Paper>
  );
}
