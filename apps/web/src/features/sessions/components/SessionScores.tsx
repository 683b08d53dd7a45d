import { Group, Loader, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ScoreRecord, SessionStatus } from '@proctor/contracts';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { useSessionScores } from '../hooks/useSessionScores';
import {
  formatSimilarity,
  isBeingScored,
  newestFirst,
  scoreRecordType,
  scoreTypeName,
  scoreVerdict,
} from '../scoreRecords';
import { ScoreDetailDialog } from './ScoreDetailDialog';
import { ScoreVerdictBadge } from './ScoringBadge';
import classes from './SessionScores.module.css';

export const NO_SCORES = 'No scores yet';

function ScoreRow({ record, onOpen }: { record: ScoreRecord; onOpen: () => void }) {
  const type = scoreRecordType(record);
  const similarity = record.result.similarity;
  const scorer = type === 'human_in_the_loop' ? record.user?.name : undefined;
  return (
    <UnstyledButton
      className={classes.row}
      onClick={onOpen}
      data-testid="score-record"
      data-score-type={type}
      data-score-id={record.id}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <ScoreVerdictBadge verdict={scoreVerdict(record)} />
          <Text size="sm" fw={500} truncate>
            {scoreTypeName(type)}
          </Text>
        </Group>
        {similarity !== undefined && (
          <Text size="sm" ff="monospace" c="dimmed" title="Similarity" data-testid="score-similarity">
            {formatSimilarity(similarity)}
          </Text>
        )}
      </Group>
      {scorer && (
        <Text size="xs" c="dimmed" mt={4}>
          by {scorer}
        </Text>
      )}
      {record.result.reason && (
        <Text size="xs" c="dimmed" mt={4} lineClamp={2} style={{ wordBreak: 'break-word' }}>
          {record.result.reason}
        </Text>
      )}
    </UnstyledButton>
  );
}

/**
 * The Scores of the session page's right panel (000 §2.5): each score record, newest first, opening its
 * details (000 §2.6). While the session is processed or scored a line says the scoring is under way.
 */
export function SessionScores({ sessionId, status }: { sessionId: string; status: SessionStatus }) {
  const scores = useSessionScores(sessionId, status);
  const [openId, setOpenId] = useState<number | null>(null);
  const records = scores.data ? newestFirst(scores.data) : [];
  const open = records.find((record) => record.id === openId) ?? null;

  return (
    <Stack gap="xs">
      {isBeingScored(status) && (
        <Group gap={6} data-testid="scoring-in-progress">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Scoring…
          </Text>
        </Group>
      )}
      {scores.isPending ? (
        <Skeleton height={48} />
      ) : scores.isError ? (
        <Text size="sm" c="red">
          Failed to load the scores: {errorDetail(scores.error)}
        </Text>
      ) : records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {NO_SCORES}
        </Text>
      ) : (
        records.map((record) => (
          <ScoreRow key={record.id} record={record} onOpen={() => setOpenId(record.id)} />
        ))
      )}
      <ScoreDetailDialog record={open} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
