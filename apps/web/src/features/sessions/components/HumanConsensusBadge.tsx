import { Badge, Text } from '@mantine/core';
import { HUMAN_CONSENSUS_LABELS, HUMAN_SCORES_PER_SESSION, type SessionSummary } from '@proctor/contracts';
import { HUMAN_CONSENSUS_COLORS } from '../humanConsensus';

/** People's verdict on a session and how many scored it (e.g. "Pass 3/5"), or a dash before any consensus. */
export function HumanConsensusBadge({
  session,
}: {
  session: Pick<SessionSummary, 'humanConsensus' | 'humanScoreCount'>;
}) {
  if (!session.humanConsensus)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Badge variant="light" radius="sm" tt="none" color={HUMAN_CONSENSUS_COLORS[session.humanConsensus]}>
      {HUMAN_CONSENSUS_LABELS[session.humanConsensus]} {session.humanScoreCount}/{HUMAN_SCORES_PER_SESSION}
    </Badge>
  );
}
