import { Box, Group, Tooltip } from '@mantine/core';
import { HUMAN_SCORES_PER_SESSION, type SessionSummary } from '@proctor/contracts';
import { HUMAN_CONSENSUS_COLORS } from '../../sessions';

/**
 * One dot per requested human score (000 §9: 5), filled for each person who scored the session, in the colour
 * of their consensus so far.
 */
export function ScoreDots({
  session,
}: {
  session: Pick<SessionSummary, 'humanConsensus' | 'humanScoreCount'>;
}) {
  const color = session.humanConsensus ? HUMAN_CONSENSUS_COLORS[session.humanConsensus] : 'gray';
  const scored = Math.min(session.humanScoreCount, HUMAN_SCORES_PER_SESSION);
  return (
    <Tooltip label={`${session.humanScoreCount} of ${HUMAN_SCORES_PER_SESSION} human scores`}>
      <Group gap={4} wrap="nowrap" data-testid="score-dots" data-scored={session.humanScoreCount}>
        {Array.from({ length: HUMAN_SCORES_PER_SESSION }, (_, index) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, nothing else tells them apart
            key={index}
            w={8}
            h={8}
            style={{
              borderRadius: '50%',
              border: `1px solid var(--mantine-color-${color}-6)`,
              background: index < scored ? `var(--mantine-color-${color}-6)` : 'transparent',
            }}
          />
        ))}
      </Group>
    </Tooltip>
  );
}
