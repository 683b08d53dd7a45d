import { Group, Paper, Stack, Text } from '@mantine/core';
import { CopyIconButton } from '../../../components/CopyIconButton';
import { JsonViewer } from '../../../components/JsonViewer';

/** The builder's Output (002 §2.8): the JSON the extracts of the last run read, merged as each one ended. */
export function OutputPanel({ output }: { output: Record<string, unknown> | null }) {
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
        {empty ? (
          <Text size="sm" c="dimmed">
            Run the flow: what its extracts read shows here as JSON.
          </Text>
        ) : (
          <JsonViewer value={output} label="Output" maxHeight={320} />
        )}
      </Stack>
    </Paper>
  );
}
