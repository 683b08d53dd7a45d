import { Group, Loader, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useRunGroup } from '../hooks/useRunGroup';
import { runGroupDone, runGroupProgressLine, runGroupSections } from '../runGroupProgress';

/**
 * The progress of the run group the list is filtered on: a bar of its runs' outcomes and the counts in words.
 * Nothing at all when the group cannot be read (another organization's, or a viewer who may not run agents):
 * the list below says what there is to see.
 */
export function RunGroupProgress({ batchId }: { batchId: string }) {
  const runGroup = useRunGroup(batchId);
  const group = runGroup.data;
  if (!group) return null;
  const done = runGroupDone(group);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="run-group-progress" data-done={done}>
      <Stack gap={8}>
        <Progress.Root size="lg" aria-label="Run group progress">
          {runGroupSections(group).map((section) => (
            <Tooltip key={section.key} label={`${section.label}: ${section.count}`} withArrow>
              <Progress.Section
                value={section.value}
                color={section.color}
                striped={section.key === 'running'}
                animated={section.key === 'running'}
                data-testid={`run-group-${section.key}`}
              />
            </Tooltip>
          ))}
        </Progress.Root>
        <Group gap="sm" wrap="nowrap">
          {!done && <Loader size={12} aria-hidden />}
          <Text size="sm" data-testid="run-group-progress-line">
            {runGroupProgressLine(group)}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
