import {
  type HumanResultsView,
  type HumanScoreRequest,
  IN_PROGRESS_SESSION_STATUSES,
  type NextForAnnotatorResponse,
  type ScoreRecord,
  type SessionStatus,
  USER_SCORES_LIMIT,
} from '@proctor/contracts';
import { type Database, scores, sessions, users } from '@proctor/db';
import { humanResults } from '@proctor/scoring';
import { and, asc, desc, eq, ne, not, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Principal, UserPrincipal } from '../kernel/access/principal';
import { conflict, forbidden, notFound } from '../kernel/http/errors';
import { recordScores } from './classification';
import { hiddenFromAnnotator, ownSession, seesOnlyOwnScores } from './sessions';

/**
 * People's scores (000 §2.6, §4.2): giving one, reading them, the consensus they reach, and the next session
 * that needs one. A human score is a `human_in_the_loop` score record; whether its scorer was a super scorer is
 * kept on the record as they were when they scored, so a later change of permissions never rewrites a past
 * decision. Human results are derived from the records each time (`humanResults` of @proctor/scoring).
 */

const scoreColumns = {
  score: scores,
  sessionPublicId: sessions.publicId,
  user: { id: users.id, name: users.name, imageUrl: users.imageUrl },
};

type ScoreRow = {
  score: typeof scores.$inferSelect;
  sessionPublicId: string;
  user: { id: number; name: string; imageUrl: string | null } | null;
};

function presentScore({ score, sessionPublicId, user }: ScoreRow): ScoreRecord {
  return {
    id: score.id,
    sessionId: sessionPublicId,
    config: { ...(score.config as Record<string, unknown>), type: score.type },
    user: user ? { id: user.id, name: user.name, image_url: user.imageUrl } : null,
    user_id: score.userId,
    createdAt: score.createdAt.toISOString(),
    result: {
      reason: '',
      correct: null,
      ...(score.result as Record<string, unknown>),
      type: score.type,
    } as ScoreRecord['result'],
  };
}

function selectScores(db: Database) {
  return db
    .select(scoreColumns)
    .from(scores)
    .innerJoin(sessions, eq(sessions.id, scores.sessionId))
    .leftJoin(users, eq(users.id, scores.userId));
}

/** A session's score records as the caller may see them, oldest first. */
export async function sessionScoreRecords(
  db: Database,
  principal: Principal | null,
  sessionId: number,
  adminView: boolean,
): Promise<ScoreRecord[]> {
  const ownHumanOnly = seesOnlyOwnScores(principal, adminView);
  const rows = await selectScores(db)
    .where(
      and(
        eq(scores.sessionId, sessionId),
        ownHumanOnly
          ? or(ne(scores.type, 'human_in_the_loop'), eq(scores.userId, principal?.user?.id ?? -1))
          : undefined,
      ),
    )
    .orderBy(asc(scores.createdAt), asc(scores.id));
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

const inProgress = (status: string) => IN_PROGRESS_SESSION_STATUSES.includes(status as SessionStatus);

/**
 * A person scores a session of their organization (platform admins: any) once it has ended. The score is the
 * person's own judgement, so it cannot be given through an API key or while a platform admin views as
 * someone else.
 */
export async function addHumanScore(
  db: Database,
  principal: UserPrincipal,
  publicId: string,
  body: z.output<typeof HumanScoreRequest>,
): Promise<ScoreRecord> {
  if (principal.viewAsAdmin) throw forbidden('Scores cannot be given while viewing as another user');
  const session = await ownSession(db, principal, publicId);
  if (inProgress(session.status))
    throw conflict('This session has not ended yet: score it once it has finished');
  const [score] = await recordScores(db, [
    {
      sessionId: session.id,
      userId: principal.user.id,
      type: 'human_in_the_loop',
      config: {
        type: 'human_in_the_loop',
        is_super_scorer: principal.permissions.is_super_scorer === true,
        ...(body.snapshot_id ? { snapshot_id: body.snapshot_id } : {}),
      },
      result: {
        type: 'human_in_the_loop',
        correct: body.correct,
        reason: body.reason?.trim() ?? '',
        ...(body.session_time != null ? { session_time: body.session_time } : {}),
      },
    },
  ]);
  return presentScore({
    score: score!,
    sessionPublicId: session.publicId,
    user: { id: principal.user.id, name: principal.user.name, imageUrl: principal.user.imageUrl },
  });
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
    const [member] = await db
      .select({ organizationId: users.organizationId })
      .from(users)
      .where(eq(users.id, target));
    const sameOrganization =
      member !== undefined &&
      principal.organization !== null &&
      member.organizationId === principal.organization.id;
    if (!sameOrganization) throw notFound('User not found');
    if (!principal.permissions.is_account_admin)
      throw forbidden("Only account admins may read another member's scores");
  }
  const rows = await selectScores(db)
    .where(
      and(
        eq(scores.userId, target),
        eq(scores.type, 'human_in_the_loop'),
        admin ? undefined : eq(sessions.organizationId, principal.organization?.id ?? -1),
      ),
    )
    .orderBy(desc(scores.createdAt), desc(scores.id))
    .limit(USER_SCORES_LIMIT);
  return rows.map(presentScore);
}

/**
 * The oldest session of the caller's organization that needs a human score (001 §4.3, as stored by
 * services/classification.ts) and that the caller may give one: ended, not archived, not already scored by
 * them, not decided by a super scorer, fewer than 5 people's scores, not auto-marked incorrect; annotators also
 * never get their own agent's sessions (000 §2.4).
 */
export async function nextForAnnotator(
  db: Database,
  principal: UserPrincipal,
  excludeSessionId: string | undefined,
): Promise<NextForAnnotatorResponse> {
  if (!principal.organization) throw forbidden('Create an organization first');
  const [next] = await db
    .select({ publicId: sessions.publicId })
    .from(sessions)
    .where(
      and(
        eq(sessions.organizationId, principal.organization.id),
        eq(sessions.archived, false),
        eq(sessions.needsHumanScoring, true),
        not(hiddenFromAnnotator(principal.user.id, { ownAgent: principal.organization.isAnnotator })),
        excludeSessionId ? ne(sessions.publicId, excludeSessionId) : undefined,
      ),
    )
    .orderBy(asc(sessions.createdAt), asc(sessions.id))
    .limit(1);
  return next ? { found: true, session: { sessionId: next.publicId } } : { found: false, session: null };
}
