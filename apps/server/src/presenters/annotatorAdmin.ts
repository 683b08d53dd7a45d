import {
  ANNOTATOR_ADMIN_MESSAGES,
  ANNOTATOR_STATS_WINDOW_DAYS,
  type AnnotatorActivityResponse,
  AnnotatorActivityResult,
  type AnnotatorUser,
  paginate,
} from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import type { UserRow } from '../kernel/access/principal';
import { notFound } from '../kernel/http/errors';
import {
  type AnnotatorFiguresRow,
  findOrganizationMember,
  listAnnotatorActivity,
  listAnnotatorFigures,
} from '../repositories/annotatorActivity';

const DAY_MS = 24 * 3600 * 1000;
const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
const roleOf = (isAccountAdmin: boolean) => (isAccountAdmin ? 'Admin' : 'Annotator');

function presentAnnotatorUser(row: AnnotatorFiguresRow): AnnotatorUser {
  return {
    publicId: row.publicId,
    name: row.name,
    email: row.email,
    role: roleOf(row.isAccountAdmin),
    total_sessions: row.totalSessions,
    scored_sessions: row.scoredSessions,
    avg_session_minutes: round1(row.avgSessionHours === null ? null : row.avgSessionHours * 60),
    avg_scoring_minutes: round1(row.avgScoringSeconds === null ? null : row.avgScoringSeconds / 60),
    success_rate: row.totalScores > 0 ? Math.round((row.correctScores / row.totalScores) * 100) : null,
    last_active: row.lastActive?.toISOString() ?? null,
  };
}

/** The Users tab of the annotator admin (000 §2.10): every member with their figures of the window. */
export async function presentAnnotatorUsers(db: Executor, organizationId: number, now = new Date()) {
  const since = new Date(now.getTime() - ANNOTATOR_STATS_WINDOW_DAYS * DAY_MS);
  const rows = await listAnnotatorFigures(db, organizationId, since);
  return { users: rows.map(presentAnnotatorUser), window_days: ANNOTATOR_STATS_WINDOW_DAYS };
}

/** One member's activity ledger, newest first; a person outside the organization is not found. */
export async function presentAnnotatorActivity(
  db: Executor,
  organizationId: number,
  userPublicId: string,
  query: { page: number; page_size: number },
): Promise<AnnotatorActivityResponse> {
  const member: UserRow | undefined = await findOrganizationMember(db, organizationId, userPublicId);
  if (!member) throw notFound(ANNOTATOR_ADMIN_MESSAGES.userNotFound);
  const { rows, total } = await listAnnotatorActivity(db, organizationId, member.id, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return {
    user: {
      publicId: member.publicId,
      name: member.name,
      email: member.email,
      role: roleOf(member.permissions.is_account_admin),
    },
    activity: rows.map((row) => ({
      activity: row.activity,
      session: { publicId: row.sessionPublicId, status: row.sessionStatus },
      test_case:
        row.testCasePublicId !== null && row.testCaseName !== null
          ? { publicId: row.testCasePublicId, name: row.testCaseName }
          : null,
      result: row.result === null ? null : AnnotatorActivityResult.parse(row.result),
      duration_seconds: row.durationSeconds,
      time: row.at.toISOString(),
      reason: row.reason,
    })),
    pagination: paginate(query.page, query.page_size, total),
  };
}
