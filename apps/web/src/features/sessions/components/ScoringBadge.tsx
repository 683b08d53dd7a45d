import { Badge } from '@mantine/core';
import type { SessionScoringBadge } from '@proctor/contracts';

const SCORING: Record<SessionScoringBadge, { label: string; color: string }> = {
  pass: { label: 'Pass', color: 'green' },
  fail: { label: 'Fail', color: 'red' },
  none: { label: 'None', color: 'gray' },
};

/** The latest automatic score's verdict (000 §2.4): Pass, Fail, or None when there is no such score. */
export function ScoringBadge({ badge }: { badge: SessionScoringBadge }) {
  const { label, color } = SCORING[badge];
  return (
    <Badge
      variant={badge === 'none' ? 'outline' : 'light'}
      radius="sm"
      tt="none"
      color={color}
      data-testid="scoring-badge"
    >
      {label}
    </Badge>
  );
}
