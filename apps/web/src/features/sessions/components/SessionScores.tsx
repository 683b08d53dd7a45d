import { Button, Group, Loader, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { HumanResultsView, ScoreRecord, SessionDetail } from '@proctor/contracts';
import { IconUserCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { errorDetail } from '../../../api';
import { useSignedInUser } from '../../auth';
import type { AnnotatorTimer } from '../hooks/useAnnotatorTimer';
import { useSessionScores } from '../hooks/useSessionScores';
import { summarizeHumanConsensus } from '../humanConsensus';
import { canScoreSession, hasOwnHumanScore } from '../humanScoring';
import {
  formatSimilarity,
  isBeingScored,
  newestFirst,
  scoreRecordType,
  scoreTypeName,
  scoreVerdict,
} from '../scoreRecords';
import { HumanConsensusBadge, HumanConsensusDialog, SuperScorerBadge } from './HumanConsensusDialog';
import { HumanScoreDialog } from './HumanScoreDialog';
import { ScoreDetailDialog } from './ScoreDetailDialog';
import { ScoreVerdictBadge } from './ScoringBadge';
import classes from './SessionScores.module.css';

export const NO_SCORES = 'No scores yet';
export const ADD_HUMAN_SCORE = 'Add Human Score';
export const CHANGE_HUMAN_SCORE = 'Change Your Score';

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
        <Group gap={6} mt={4}>
          <Text size="xs" c="dimmed">
            by {scorer}
          </Text>
          {record.config.is_super_scorer === true && <SuperScorerBadge />}
        </Group>
      )}
      {record.result.reason && (
        <Text size="xs" c="dimmed" mt={4} lineClamp={2} style={{ wordBreak: 'break-word' }}>
          {record.result.reason}
        </Text>
      )}
    </UnstyledButton>
  );
}

/** The human consensus in one line of the panel, opening the Human Consensus dialog. */
function HumanConsensusRow({ results, onOpen }: { results: HumanResultsView; onOpen: () => void }) {
  const summary = summarizeHumanConsensus(results);
  return (
    <UnstyledButton className={classes.row} onClick={onOpen}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Text size="sm" fw={500}>
            Human Consensus
          </Text>
          <HumanConsensusBadge results={results} />
        </Group>
        <Text size="sm" ff="monospace" c="dimmed" title="Human assessments">
          {summary.assessments}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The Scores of the session page's right panel (000 §2.5): the human consensus when the viewer may see it,
 * each score record, newest first, opening its details (000 §2.6), and the human score button for those who
 * may score. While the session is processed or scored a line says the scoring is under way.
 */
export function SessionScores({
  session,
  snapshotId,
  humanResults,
  adminView,
  timer,
}: {
  session: Pick<SessionDetail, 'sessionId' | 'status' | 'organizationId'>;
  snapshotId: string;
  /** null when the viewer may not see the consensus (an annotator outside admin view). */
  humanResults: HumanResultsView | null;
  adminView: boolean;
  /** The annotator's timer, whose seconds go with their score; null when it does not run. */
  timer: AnnotatorTimer | null;
}) {
  const user = useSignedInUser();
  const { sessionId, status } = session;
  const scores = useSessionScores(sessionId, status, adminView);
  const [openId, setOpenId] = useState<number | null>(null);
  const [scoring, setScoring] = useState(false);
  const [consensusOpen, setConsensusOpen] = useState(false);
  const records = scores.data ? newestFirst(scores.data) : [];
  const open = records.find((record) => record.id === openId) ?? null;
  const scoreTitle = hasOwnHumanScore(scores.data, user.id) ? CHANGE_HUMAN_SCORE : ADD_HUMAN_SCORE;

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
      {humanResults && <HumanConsensusRow results={humanResults} onOpen={() => setConsensusOpen(true)} />}
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
      {canScoreSession(user, session) && (
        <Button
          variant="light"
          leftSection={<IconUserCheck size={16} />}
          onClick={() => setScoring(true)}
          disabled={scores.isPending}
        >
          {scoreTitle}
        </Button>
      )}
      <ScoreDetailDialog record={open} onClose={() => setOpenId(null)} />
      <HumanScoreDialog
        opened={scoring}
        onClose={() => setScoring(false)}
        sessionId={sessionId}
        snapshotId={snapshotId}
        title={scoreTitle}
        timer={timer}
      />
      {humanResults && (
        <HumanConsensusDialog
          results={humanResults}
          opened={consensusOpen}
          onClose={() => setConsensusOpen(false)}
        />
      )}
    </Stack>
  );
}
