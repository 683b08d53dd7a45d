import { Badge, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { LAYOUT, type SnapshotStep } from '@proctor/contracts';
import { useEffect, useRef } from 'react';
import { actionSummary } from '../actionSummary';
import { formatOffset } from '../sessionFormat';

/**
 * "Steps Taken" (000 §2.5): one 260 px tile per recorded action with its type and main detail. The selected
 * tile is highlighted and kept in view; choosing a tile selects its step.
 */
export function StepTiles({
  steps,
  selected,
  onSelect,
}: {
  steps: readonly SnapshotStep[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  const tiles = useRef<Array<HTMLButtonElement | null>>([]);
  useEffect(() => {
    tiles.current[selected]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selected]);

  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        Steps Taken
      </Text>
      <ScrollArea type="auto" offsetScrollbars scrollbarSize={8}>
        <Group gap="xs" wrap="nowrap" align="stretch" pb={4} role="list" aria-label="Steps taken">
          {steps.map((step, index) => {
            const summary = actionSummary(step.action);
            const active = index === selected;
            return (
              <UnstyledButton
                key={step.action.id}
                ref={(element) => {
                  tiles.current[index] = element;
                }}
                role="listitem"
                aria-current={active ? 'step' : undefined}
                aria-label={`Step ${index + 1}: ${summary.label} ${summary.detail}`}
                onClick={() => onSelect(index)}
                style={{ flex: `0 0 ${LAYOUT.actionTileWidth}px` }}
                data-testid="step-tile"
              >
                <Paper
                  withBorder
                  radius="md"
                  p="xs"
                  h="100%"
                  bg={active ? 'indigo.0' : undefined}
                  style={{ borderColor: active ? 'var(--mantine-color-indigo-5)' : undefined }}
                >
                  <Group justify="space-between" gap={6} wrap="nowrap">
                    <Group gap={6} wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {index + 1}
                      </Text>
                      <Badge size="sm" radius="sm" variant="light" tt="none">
                        {summary.label}
                      </Badge>
                      {step.action.is_simulator_action && (
                        <Badge size="xs" radius="sm" variant="outline" color="gray" tt="none">
                          platform
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatOffset(step.offset_ms)}
                    </Text>
                  </Group>
                  <Text
                    size="xs"
                    mt={6}
                    lineClamp={2}
                    style={{ wordBreak: 'break-word' }}
                    title={summary.detail}
                  >
                    {summary.detail}
                  </Text>
                </Paper>
              </UnstyledButton>
            );
          })}
        </Group>
      </ScrollArea>
    </Stack>
  );
}
