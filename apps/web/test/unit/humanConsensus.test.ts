import {
  AUTO_FAILED_NO_MUTATIONS,
  HUMAN_CONSENSUS,
  HUMAN_CONSENSUS_LABELS,
  type HumanResultsView,
  INSUFFICIENT_ASSESSMENTS_MESSAGE,
  type ScoreRecord,
} from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { summarizeHumanConsensus } from '../../src/features/sessions/humanConsensus';

const human = (id: number, correct: boolean, reason = '', superScorer = false): ScoreRecord => ({
  id,
  sessionId: 'session-1',
  config: { type: 'human_in_the_loop', is_super_scorer: superScorer },
  user: { id, name: `Person ${id}`, image_url: null },
  user_id: id,
  createdAt: '2026-03-01T12:00:00.000Z',
  result: { type: 'human_in_the_loop', correct, reason },
});

const results = (patch: Partial<HumanResultsView>): HumanResultsView => ({
  correct: null,
  conflict: false,
  insufficient_data: true,
  override_score: null,
  auto_marked_incorrect: false,
  reason: INSUFFICIENT_ASSESSMENTS_MESSAGE,
  correct_count: 0,
  incorrect_count: 0,
  total_count: 0,
  scores: [],
  consensus: 'insufficient_data',
  ...patch,
});

describe('human consensus display', () => {
  it('should name every consensus value as the dialog shows it', () => {
    expect(HUMAN_CONSENSUS.map((value) => HUMAN_CONSENSUS_LABELS[value])).toEqual([
      'Insufficient Data',
      'Conflict',
      'No Consensus',
      'Pass',
      'Fail',
    ]);
  });

  it('should ask for at least 3 assessments below 3, once, and count them out of 5', () => {
    const summary = summarizeHumanConsensus(
      results({ correct_count: 1, incorrect_count: 1, total_count: 2, scores: [] }),
    );
    expect(summary).toMatchObject({
      label: 'Insufficient Data',
      tally: '1 correct / 1 incorrect',
      assessments: '2/5',
      insufficientMessage: 'At least 3 human assessments are needed for reliable consensus',
      autoFailed: null,
      decidedBy: null,
      // The message is shown once, not again as the reason.
      reason: null,
    });
  });

  it('should show a conflict with its reason and no minimum message from 3 assessments on', () => {
    const summary = summarizeHumanConsensus(
      results({
        consensus: 'conflict',
        conflict: true,
        insufficient_data: false,
        correct_count: 2,
        incorrect_count: 1,
        total_count: 3,
        reason: 'The assessments disagree (2 correct, 1 incorrect): more are needed',
      }),
    );
    expect(summary).toMatchObject({
      label: 'Conflict',
      assessments: '3/5',
      insufficientMessage: null,
      reason: 'The assessments disagree (2 correct, 1 incorrect): more are needed',
    });
  });

  it('should say which super scorer decided, with their reason shown once', () => {
    const decision = human(9, false, 'The cart is empty', true);
    const summary = summarizeHumanConsensus(
      results({
        consensus: 'fail',
        correct: false,
        insufficient_data: false,
        override_score: decision,
        correct_count: 2,
        incorrect_count: 2,
        total_count: 4,
        reason: 'The cart is empty',
        scores: [
          { score: human(1, true), is_super_scorer: false },
          { score: decision, is_super_scorer: true },
        ],
      }),
    );
    expect(summary).toMatchObject({
      label: 'Fail',
      decidedBy: { name: 'Person 9', correct: false, reason: 'The cart is empty' },
      reason: null,
    });
  });

  it('should mark a session that system scoring failed as Auto-Fail', () => {
    const summary = summarizeHumanConsensus(
      results({
        consensus: 'fail',
        correct: false,
        insufficient_data: false,
        auto_marked_incorrect: true,
        reason: AUTO_FAILED_NO_MUTATIONS,
      }),
    );
    expect(summary).toMatchObject({
      label: 'Fail',
      autoFailed: { label: 'Auto-Fail', reason: 'Auto Failed: No Mutations' },
      reason: null,
    });
  });
});
