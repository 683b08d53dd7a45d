import { Badge, Group, Text } from '@mantine/core';
import type { TestRunDump } from '@proctor/contracts';
import { TEST_RUN_MESSAGES } from './messages';

/** A run's Environment column: how many fresh environments each test case ran in. */
export function environmentsLabel(dump: Pick<TestRunDump, 'environments'>): string {
  return `${dump.environments} ${dump.environments === 1 ? 'environment' : 'environments'} per test`;
}

export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {TEST_RUN_MESSAGES.noTags}
      </Text>
    );
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} size="sm" variant="light">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}
