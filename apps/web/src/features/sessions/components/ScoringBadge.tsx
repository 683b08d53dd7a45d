import { Badge, Tooltip } from '@mantine/core';
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

/**
 * The latest automatic score's verdict (000 §2.4): Pass, Fail, or None when there is no such score; its
 * reason, when given, is the tooltip (001 §4.3).
 */
export function ScoringBadge({ badge, reason }: { badge: SessionScoringBadge; reason?: string | null }) {
  const shown = <VerdictBadge badge={badge} label={SCORING[badge].label} testId="scoring-badge" />;
  if (!reason) return shown;
  return (
    <Tooltip label={reason} multiline maw={360} withArrow>
      <span style={{ display: 'inline-flex' }}>{shown}</span>
    </Tooltip>
  );
}

/** One score record's verdict in the same colours: Pass, Fail, Auto-Fail or No verdict (000 §2.6). */
export function ScoreVerdictBadge({ verdict }: { verdict: ScoreVerdict }) {
  const { badge, label } = SCORE_VERDICTS[verdict];
  return <VerdictBadge badge={badge} label={label} testId="score-verdict" />;
}
