import { Box, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { type FamilyResults, formatSuccessRate, RESULTS_CHART } from '@proctor/contracts';
import { SuccessBadge } from './SuccessBadge';

const PLOT_HEIGHT = 240;
const AXIS_WIDTH = 44;
/** Room above the plot for the badge over a full bar. */
const HEADROOM = 32;
/** The 95 % interval: a line with a cap at each end. */
const WHISKER_CAP = 14;
const WHISKER_LINE = '2px solid var(--mantine-color-dark-3)';
/** A family's column: wider than its bar, so that its label and figures fit under it. */
const COLUMN_WIDTH = 180;

/** A share (0–1) as a height on the 0–100 axis. */
const onAxis = (share: number) => `${((share * 100) / RESULTS_CHART.axisMax) * 100}%`;

/** The rate axis: 0 to 100 % with its ticks. */
function Axis() {
  return (
    <Box pos="relative" w={AXIS_WIDTH} h={PLOT_HEIGHT} style={{ flexShrink: 0 }} aria-hidden>
      {RESULTS_CHART.axisTicks.map((tick) => (
        <Text
          key={tick}
          size="xs"
          c="dimmed"
          pos="absolute"
          right={8}
          bottom={onAxis(tick / 100)}
          style={{ transform: 'translateY(50%)', lineHeight: 1 }}
        >
          {tick}%
        </Text>
      ))}
    </Box>
  );
}

/** The grid behind the bars: a line at each tick, solid at 0. */
function Grid() {
  return (
    <Box
      pos="absolute"
      top={0}
      left={0}
      right={0}
      h={PLOT_HEIGHT}
      style={{ borderLeft: '1px solid var(--mantine-color-gray-4)' }}
      aria-hidden
    >
      {RESULTS_CHART.axisTicks.map((tick) => (
        <Box
          key={tick}
          pos="absolute"
          left={0}
          right={0}
          bottom={onAxis(tick / 100)}
          style={{
            borderTop: `1px ${tick === 0 ? 'solid' : 'dashed'} var(--mantine-color-gray-${tick === 0 ? 5 : 3})`,
          }}
        />
      ))}
    </Box>
  );
}

/** One family: its bar with the 95 % interval as a whisker and the rounded rate above, its name and figures under. */
function FamilyColumn({ family }: { family: FamilyResults }) {
  const rate = family.summary.successRate;
  const text = formatSuccessRate(rate);
  const agents = family.agents.map((agent) => agent.alias).join(', ');
  return (
    <Stack
      gap={6}
      align="center"
      style={{ flex: '1 1 0', minWidth: 0, maxWidth: COLUMN_WIDTH }}
      role="group"
      aria-label={`${family.label}: ${text}`}
      data-testid="family-bar"
      data-family={family.family}
    >
      <Box pos="relative" h={PLOT_HEIGHT} w="100%" maw={RESULTS_CHART.maxBarWidth}>
        {rate.rate !== null && (
          <Box
            pos="absolute"
            left={0}
            right={0}
            bottom={0}
            h={onAxis(rate.rate)}
            bg="blue.5"
            style={{ borderRadius: '4px 4px 0 0' }}
            data-testid="family-bar-fill"
          />
        )}
        {rate.low !== null && rate.high !== null && (
          <Box
            pos="absolute"
            left="50%"
            bottom={onAxis(rate.low)}
            h={onAxis(rate.high - rate.low)}
            w={WHISKER_CAP}
            style={{
              transform: 'translateX(-50%)',
              borderTop: WHISKER_LINE,
              borderBottom: WHISKER_LINE,
            }}
            aria-hidden
          >
            <Box
              pos="absolute"
              top={0}
              bottom={0}
              left="50%"
              w={2}
              bg="dark.3"
              style={{ transform: 'translateX(-1px)' }}
            />
          </Box>
        )}
        <Group
          pos="absolute"
          left={0}
          right={0}
          bottom={`calc(${onAxis(rate.high ?? 0)} + 4px)`}
          justify="center"
          wrap="nowrap"
          style={{ overflow: 'visible' }}
        >
          <SuccessBadge
            rate={rate}
            style={{ flexShrink: 0, overflow: 'visible' }}
            data-testid="family-rate"
          />
        </Group>
      </Box>
      <Tooltip label={`Agents: ${agents}`} withArrow disabled={agents === family.label}>
        <Text size="sm" fw={600} ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="family-label">
          {family.label}
        </Text>
      </Tooltip>
      <Text size="xs" c="dimmed" ta="center" data-testid="family-rate-detail">
        {text}
      </Text>
    </Stack>
  );
}

/**
 * Success rate per agent family (001 §2.9, §2.5 Benchmarks, §9): bars on a 0–100 % axis, none wider than
 * RESULTS_CHART.maxBarWidth, each with its 95 % interval, sample size and rounded rate. Plain boxes: the
 * dashboard has no chart library, and a handful of bars does not need one.
 */
export function FamilySuccessChart({ families, label }: { families: FamilyResults[]; label: string }) {
  return (
    <Paper withBorder radius="md" p="lg" pt={HEADROOM + 16} role="figure" aria-label={label}>
      <Group gap={0} align="flex-start" wrap="nowrap">
        <Axis />
        <Box pos="relative" style={{ flex: 1, minWidth: 0 }}>
          <Grid />
          <Group pos="relative" gap="md" px="md" justify="space-around" align="flex-start" wrap="nowrap">
            {families.map((family) => (
              <FamilyColumn key={family.family} family={family} />
            ))}
          </Group>
        </Box>
      </Group>
    </Paper>
  );
}
