import { Anchor, Badge, Group, Text } from '@mantine/core';
import { formatDuration, type RunTaskResponse } from '@proctor/contracts';
import { Link } from 'react-router';
import { errorDetail } from '../../../api';
import { OutputPanel } from '../../../components/OutputPanel';
import { paths } from '../../../paths';

/** The AI browser's Output (002 §2.9): the answer as JSON, or why the task failed, and its recorded session. */
export function RunTaskOutput({
  result,
  failure,
}: {
  result: RunTaskResponse | undefined;
  /** The call itself failed (refused, the server unreachable). */
  failure: unknown;
}) {
  const error = result ? result.error : failure ? errorDetail(failure) : null;
  return (
    <OutputPanel
      output={result?.output ?? null}
      error={error}
      placeholder="Run a task: its answer shows here as JSON."
      footer={
        result && (
          <Group gap="sm" data-testid="run-task-result">
            <Badge color={result.status === 'completed' ? 'green' : 'red'} variant="light">
              {result.status}
            </Badge>
            <Text size="sm" c="dimmed">
              in {formatDuration(result.duration)}
            </Text>
            <Anchor component={Link} to={paths.session(result.session_id)} size="sm">
              Recorded session
            </Anchor>
          </Group>
        )
      }
    />
  );
}
