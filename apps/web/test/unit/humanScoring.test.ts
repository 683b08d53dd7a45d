import type { ScoreRecord, SessionStatus } from '@proctor/contracts';
import { IN_PROGRESS_SESSION_STATUSES, SESSION_STATUSES } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  canScoreSession,
  HUMAN_SCORE_REFRESH,
  hasOwnHumanScore,
  hasRecentHumanScore,
  humanScoreRefreshDelays,
  refreshUntil,
} from '../../src/features/sessions/humanScoring';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

const score = (type: string, userId: number | null, secondsAgo: number, id = 1): ScoreRecord => ({
  id,
  sessionId: 'session-1',
  config: { type },
  user: userId === null ? null : { id: userId, name: `User ${userId}`, image_url: null },
  user_id: userId,
  createdAt: new Date(NOW - secondsAgo * 1000).toISOString(),
  result: { type, correct: true, reason: '' },
});

describe('who may give a human score', () => {
  const member = { organizationId: 7, permissions: { is_admin: false } };
  const outsider = { organizationId: 8, permissions: { is_admin: false } };
  const platformAdmin = { organizationId: 8, permissions: { is_admin: true } };
  const ended = { organizationId: 7, status: 'scoring_completed' as SessionStatus };

  it("should let members of the session's organization and platform admins score an ended session", () => {
    expect(canScoreSession(member, ended)).toBe(true);
    expect(canScoreSession(platformAdmin, ended)).toBe(true);
    expect(canScoreSession(outsider, ended)).toBe(false);
  });

  it('should not let anyone score a session without an organization unless a platform admin', () => {
    const orphan = { organizationId: null, status: 'run_completed' as SessionStatus };
    expect(canScoreSession({ organizationId: null, permissions: { is_admin: false } }, orphan)).toBe(false);
    expect(canScoreSession(platformAdmin, orphan)).toBe(true);
  });

  it('should not offer scoring while the session is in progress', () => {
    for (const status of SESSION_STATUSES) {
      expect(canScoreSession(platformAdmin, { organizationId: 7, status }), status).toBe(
        !IN_PROGRESS_SESSION_STATUSES.includes(status),
      );
    }
  });
});

describe("the viewer's own human score", () => {
  it('should find only human_in_the_loop scores given by the viewer', () => {
    expect(hasOwnHumanScore([score('human_in_the_loop', 3, 600)], 3)).toBe(true);
    expect(hasOwnHumanScore([score('human_in_the_loop', 4, 600)], 3)).toBe(false);
    expect(hasOwnHumanScore([score('state_mutation_match', 3, 600)], 3)).toBe(false);
    expect(hasOwnHumanScore(undefined, 3)).toBe(false);
  });
});

describe('reading the scores again after a save', () => {
  it('should wait 2 seconds, then 1 second, 5 times in all', () => {
    expect(humanScoreRefreshDelays()).toEqual([2000, 1000, 1000, 1000, 1000]);
  });

  it("should take the viewer's human score of the last 30 seconds as the new one", () => {
    expect(hasRecentHumanScore([score('human_in_the_loop', 3, 1)], 3, NOW)).toBe(true);
    expect(hasRecentHumanScore([score('human_in_the_loop', 3, 30)], 3, NOW)).toBe(true);
    // Their earlier assessment, which the new one replaces, does not count.
    expect(hasRecentHumanScore([score('human_in_the_loop', 3, 31)], 3, NOW)).toBe(false);
    expect(hasRecentHumanScore([score('human_in_the_loop', 4, 1)], 3, NOW)).toBe(false);
    expect(hasRecentHumanScore([score('system_scoring', 3, 1)], 3, NOW)).toBe(false);
    expect(hasRecentHumanScore(undefined, 3, NOW)).toBe(false);
  });

  it('should count a score stamped slightly ahead of the browser clock as recent', () => {
    expect(hasRecentHumanScore([score('human_in_the_loop', 3, -2)], 3, NOW)).toBe(true);
  });

  const run = (found: boolean[], cancelledAfter = Number.POSITIVE_INFINITY) => {
    const waited: number[] = [];
    let reads = 0;
    const done = refreshUntil({
      delays: humanScoreRefreshDelays(),
      wait: async (ms) => {
        waited.push(ms);
      },
      read: async () => found[reads++] ?? false,
      cancelled: () => waited.length > cancelledAfter,
    });
    return done.then((result) => ({ result, waited, reads }));
  };

  it('should stop at the first read that finds the score', async () => {
    expect(await run([false, true])).toEqual({ result: true, waited: [2000, 1000], reads: 2 });
    expect(await run([true])).toEqual({ result: true, waited: [2000], reads: 1 });
  });

  it('should give up after 5 reads that find nothing', async () => {
    expect(await run([])).toEqual({
      result: false,
      waited: [2000, 1000, 1000, 1000, 1000],
      reads: HUMAN_SCORE_REFRESH.attempts,
    });
  });

  it('should stop reading once the page has closed', async () => {
    expect(await run([], 2)).toEqual({ result: false, waited: [2000, 1000, 1000], reads: 2 });
  });
});
