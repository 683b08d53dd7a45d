import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { EvaluateEnvironmentResponse } from '@proctor/contracts';

/** How the last run went against its test case: passed or failed, and the server's reasons. */
export function EvaluationResult({ evaluation }: { evaluation: EvaluateEnvironmentResponse }) {
  const { passed, details } = evaluation;
  const { mutations } = details;
  return (
    <Alert
      color={passed ? 'teal' : 'red'}
      variant="light"
      data-testid="evaluation-result"
      title={
        <Group gap="xs">
          <Text fw={600} size="sm">
            Evaluation
          </Text>
          <Badge color={passed ? 'teal' : 'red'} radius="sm" data-testid="evaluation-verdict">
            {passed ? 'Passed' : 'Failed'}
          </Badge>
        </Group>
      }
    >
      <Stack gap={4}>
        {mutations && (
          <Text size="sm" c="dimmed">
            Expected changes matched: {mutations.matched}; missing: {mutations.missing.length}; unexpected:{' '}
            {mutations.unexpected.length}
          </Text>
        )}
        {details.explanation && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="evaluation-explanation">
            {details.explanation}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
