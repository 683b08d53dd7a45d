import { Badge, Group, Text, Tooltip } from '@mantine/core';
import {
  levelLabel,
  REASONING_LEVELS,
  type ReasoningLevel,
  scoringBadges,
  type TestCase,
  vocabularyLabel,
} from '@proctor/contracts';

/** The scoring badges of 001 §4.4. */
export function ScoringBadges({
  testCase,
}: {
  testCase: Pick<TestCase, 'isSample' | 'scoringTypes' | 'defaultScoringConfig' | 'outputSchema'>;
}) {
  return (
    <Group gap={4}>
      {scoringBadges(testCase).map((badge) => {
        const element = (
          <Badge
            key={badge.label}
            size="sm"
            radius="sm"
            tt="none"
            variant={badge.muted ? 'outline' : 'light'}
            color={badge.muted ? 'gray' : badge.label === 'Sample' ? 'grape' : 'indigo'}
            opacity={badge.muted ? 0.6 : 1}
            style={{ flexShrink: 0, overflow: 'visible' }}
          >
            {badge.label}
          </Badge>
        );
        return badge.tooltip ? (
          <Tooltip key={badge.label} label={badge.tooltip} withArrow>
            {element}
          </Tooltip>
        ) : (
          element
        );
      })}
    </Group>
  );
}

const isReasoningLevel = (level: string): level is ReasoningLevel => level in REASONING_LEVELS;

/** L1..L5 with the level's name as tooltip; a dash when there is none. */
export function LevelBadge({ level }: { level: string | null }) {
  const label = levelLabel(level);
  if (!label || !level || !isReasoningLevel(level))
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Tooltip label={REASONING_LEVELS[level]} withArrow>
      <Badge size="sm" radius="sm" variant="outline" color="gray" data-testid="level">
        {label}
      </Badge>
    </Tooltip>
  );
}

/** Capabilities as words: the first few, and the rest in a tooltip. */
export function CapabilityList({ capabilities, max = 2 }: { capabilities: string[] | null; max?: number }) {
  if (!capabilities || capabilities.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const rest = capabilities.slice(max);
  return (
    <Group gap={4} wrap="wrap" maw={260}>
      {capabilities.slice(0, max).map((capability) => (
        <Badge key={capability} size="sm" radius="sm" variant="default" tt="none" fw={500}>
          {vocabularyLabel(capability)}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map(vocabularyLabel).join(', ')} withArrow multiline maw={260}>
          <Badge size="sm" radius="sm" variant="default" tt="none" fw={500}>
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}
