import { Badge } from '@mantine/core';
import type { SessionScoringBadge } from '@proctor/contracts';
import { SCORE_VERDICTS, type ScoreVerdict } from '../scoreRecords';

const SCORING: Record<SessionScoringBadge, { label: string; color: string }> = {
  pass: { label: 'Pass', color: 'green' },
  fail: { label: 'Fail', color: 'red' },
  none: { label: 'None', color: 'gray' },
};

function VerdictBadge({
  badge,
  label,
  testId,
}: {
  badge: SessionScoringBadge;
  label: string;
  testId: string;
}) {
  return (
    <Badge
      variant={badge === 'none' ? 'outline' : 'light'}
      radius="sm"
      tt="none"
      color={SCORING[badge].color}
      data-testid={testId}
      style={{ flexShrink: 0 }}
    >
      {label}
    </Badge>
  );
}

/** The latest automatic score's verdict (000 §2.4): Pass, Fail, or None when there is no such score. */
export function ScoringBadge({ badge }: { badge: SessionScoringBadge }) {
  return <VerdictBadge badge={badge} label={SCORING[badge].label} testId="scoring-badge" />;
}

/** One score record's verdict in the same colours: Pass, Fail, Auto-Fail or No verdict (000 §2.6). */
export function ScoreVerdictBadge({ verdict }: { verdict: ScoreVerdict }) {
  const { badge, label } = SCORE_VERDICTS[verdict];
  return <VerdictBadge badge={badge} label={label} testId="score-verdict" />;
}
