import { Alert, Code, Group, Loader, Text } from '@mantine/core';
import { errorDetail } from '../../../api';
import { TEST_RUN_MESSAGES } from './messages';
import { useDumpText } from './useTestRuns';

/** One level's log (simulator, environment or test), read from the dump when opened. */
export function RunLog({ runId, path }: { runId: string; path: string }) {
  const log = useDumpText(runId, path);
  if (log.isPending)
    return (
      <Group gap="xs" py="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {TEST_RUN_MESSAGES.loadingLogs}
        </Text>
      </Group>
    );
  if (log.isError)
    return (
      <Alert color="red" variant="light" py="xs">
        {TEST_RUN_MESSAGES.logFailed}
        {errorDetail(log.error)}
      </Alert>
    );
  return (
    <Code block data-testid="run-log" style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
      {log.data}
    </Code>
  );
}
