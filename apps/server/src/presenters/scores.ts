import {
  type HumanResultsView,
  type NextForAnnotatorResponse,
  type ScoreRecord,
  USER_SCORES_LIMIT,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { humanResults } from '@proctor/scoring';
import { seesOnlyOwnScores } from '../kernel/access/annotators';
import type { Principal, UserPrincipal } from '../kernel/access/principal';
import { forbidden, notFound } from '../kernel/http/errors';
import { listSessionScores, listUserHumanScores, type ScoreWithScorer } from '../repositories/scores';
import { nextSessionToScore } from '../repositories/sessionLists';
import { findUser } from '../repositories/users';

/**
 * People's scores as they are read (000 §2.6, §4.2): a session's score records, the consensus they reach, one
 * person's scores, and the next session that needs one. Human results are derived from the records each time
 * (`humanResults` of @proctor/scoring).
 */

export function presentScore({ score, sessionPublicId, user }: ScoreWithScorer): ScoreRecord {
  return {
    id: score.id,
    sessionId: sessionPublicId,
    config: { ...score.config, type: score.type },
    user: user ? { id: user.id, name: user.name, image_url: user.imageUrl } : null,
    user_id: score.userId,
    createdAt: score.createdAt.toISOString(),
    // Defaults for records written before every result carried a reason and a verdict.
    result: {
      ...score.result,
      reason: score.result.reason ?? '',
      correct: score.result.correct ?? null,
      type: score.type,
    },
  };
}

/** A session's score records as the caller may see them, oldest first. */
export async function sessionScoreRecords(
  db: Database,
  principal: Principal | null,
  sessionId: number,
  adminView: boolean,
): Promise<ScoreRecord[]> {
  const rows = await listSessionScores(
    db,
    sessionId,
    seesOnlyOwnScores(principal, adminView) ? { onlyHumanScoresOf: principal?.user?.id ?? -1 } : {},
  );
  return rows.map(presentScore);
}

const asAssessment = (record: ScoreRecord) => ({
  ...record,
  is_super_scorer: record.config.is_super_scorer === true,
});

/** The human results of a session, from every one of its score records (000 §3 Human results). */
export function presentHumanResults(records: readonly ScoreRecord[]): HumanResultsView {
  const results = humanResults(records.map(asAssessment));
  const plain = ({ is_super_scorer: _, ...record }: ReturnType<typeof asAssessment>): ScoreRecord => record;
  return {
    correct: results.correct,
    conflict: results.conflict,
    insufficient_data: results.insufficient_data,
    override_score: results.override_score ? plain(results.override_score) : null,
    auto_marked_incorrect: results.auto_marked_incorrect,
    reason: results.reason,
    correct_count: results.correct_count,
    incorrect_count: results.incorrect_count,
    total_count: results.total_count,
    scores: results.scores.map(({ score, is_super_scorer }) => ({ score: plain(score), is_super_scorer })),
    consensus: results.consensus,
  };
}

/** The session page's human results: null for those who see only their own scores. */
export async function sessionHumanResults(
  db: Database,
  principal: Principal | null,
  sessionId: number,
  adminView: boolean,
): Promise<HumanResultsView | null> {
  if (seesOnlyOwnScores(principal, adminView)) return null;
  return presentHumanResults(await sessionScoreRecords(db, null, sessionId, true));
}

/**
 * One person's human scores, newest first (at most USER_SCORES_LIMIT). Anyone may read their own; account
 * admins those of their organization's members; platform admins anyone's. Outside platform admins, only
 * scores on the caller's organization's sessions are listed.
 */
export async function userScores(
  db: Database,
  principal: UserPrincipal,
  userId: number | undefined,
): Promise<ScoreRecord[]> {
  const target = userId ?? principal.user.id;
  const admin = principal.permissions.is_admin;
  if (target !== principal.user.id && !admin) {
    const member = await findUser(db, target);
    const sameOrganization =
      member !== undefined &&
      principal.organization !== null &&
      member.organizationId === principal.organization.id;
    if (!sameOrganization) throw notFound('User not found');
    if (!principal.permissions.is_account_admin)
      throw forbidden("Only account admins may read another member's scores");
  }
  const rows = await listUserHumanScores(db, target, {
    limit: USER_SCORES_LIMIT,
    ...(admin ? {} : { organizationId: principal.organization?.id ?? -1 }),
  });
  return rows.map(presentScore);
}

/**
 * The oldest session of the caller's organization that needs a human score (001 §4.3, as stored by
 * scoring/classification.ts) and that the caller may give one: ended, not archived, not already scored by
 * them, not decided by a super scorer, fewer than 5 people's scores, not auto-marked incorrect; annotators also
 * never get their own agent's sessions (000 §2.4).
 */
export async function nextForAnnotator(
  db: Database,
  principal: UserPrincipal,
  excludeSessionId: string | undefined,
): Promise<NextForAnnotatorResponse> {
  if (!principal.organization) throw forbidden('Create an organization first');
  const next = await nextSessionToScore(
    db,
    {
      organizationId: principal.organization.id,
      userId: principal.user.id,
      ownAgent: principal.organization.isAnnotator,
    },
    excludeSessionId,
  );
  return next ? { found: true, session: { sessionId: next } } : { found: false, session: null };
}
