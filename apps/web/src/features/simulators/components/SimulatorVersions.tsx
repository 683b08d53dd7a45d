import { Badge, Group, Paper, Stack, Text, Timeline } from '@mantine/core';
import { DATE_TIME_FORMAT, type Simulator } from '@proctor/contracts';
import dayjs from 'dayjs';

export const NO_VERSIONS = 'No versions found for this simulator';

/** The version history of a simulator (001 §2.5), latest first. */
export function SimulatorVersions({ versions }: { versions: Simulator['versions'] }) {
  if (versions.length === 0)
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" size="sm" ta="center">
          {NO_VERSIONS}
        </Text>
      </Paper>
    );
  return (
    <Paper withBorder radius="md" p="lg">
      <Timeline active={0} bulletSize={14} lineWidth={2}>
        {versions.map((version) => (
          <Timeline.Item
            key={`${version.version}-${version.publishedDate}`}
            title={
              <Group gap="xs">
                <Text fw={600} size="sm" data-testid="version">
                  {version.version}
                </Text>
                {version.tag && (
                  <Badge size="xs" radius="sm" variant="light">
                    {version.tag}
                  </Badge>
                )}
              </Group>
            }
          >
            <Stack gap={2}>
              {version.description && <Text size="sm">{version.description}</Text>}
              <Text size="xs" c="dimmed">
                Published {dayjs(version.publishedDate).format(DATE_TIME_FORMAT)}
              </Text>
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
