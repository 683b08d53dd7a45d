import {
  type GroupedReplaysQuery,
  type GroupedReplaysResponse,
  paginate,
  type ReplayGroup,
  type ReplaySearchResponse,
  type SessionSummary,
} from '@proctor/contracts';
import { type Database, sessions, testCases } from '@proctor/db';
import { and, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { MemberPrincipal } from '../kernel/access/principal';
import { presentSummary, selectSummaries } from '../services/sessions';

type GroupsQuery = z.output<typeof GroupedReplaysQuery>;

/** The columns visibility reads, of `sessions` or of an alias of it. */
interface VisibilityColumns {
  archived: AnyPgColumn;
  organizationId: AnyPgColumn;
  isPublic: AnyPgColumn;
}

/**
 * Which sessions a caller sees in replay groups, by the sessions list's rules (services/sessions.ts): never
 * archived ones; platform admins every organization's; everyone else their own organization's, and other
 * organizations' public sessions when `includePublic`. It applies to the originals and to each replay alike,
 * so a group of another organization shows only when both are public, and a group never carries a replay its
 * reader may not see. Annotators' hiding rules do not arise: annotator organizations may not call these routes
 * (routes/sessions.ts), and the platform admins among them see everything anyway.
 */
function visibleTo(
  principal: MemberPrincipal,
  includePublic: boolean,
  table: VisibilityColumns = sessions,
): SQL {
  const live = eq(table.archived, false);
  if (principal.permissions.is_admin) return live;
  const own = eq(table.organizationId, principal.organization.id);
  return and(live, includePublic ? or(own, eq(table.isPublic, true)) : own)!;
}

const replays = alias(sessions, 'replay');

/**
 * The originals that have at least one replay the caller sees, with when their newest one was made: one
 * aggregate over the replays (sessions_replay_of_idx), joined to the originals by id.
 */
function replayTotals(db: Database, principal: MemberPrincipal, includePublic: boolean) {
  return db
    .select({
      originalId: sql<number>`${replays.replayOfSessionId}`.as('original_id'),
      latestAt: sql<Date>`max(${replays.createdAt})`.as('latest_at'),
      latestId: sql<number>`max(${replays.id})`.as('latest_id'),
    })
    .from(replays)
    .where(and(isNotNull(replays.replayOfSessionId), visibleTo(principal, includePublic, replays)))
    .groupBy(replays.replayOfSessionId)
    .as('replay_totals');
}

/** An original is a session that is no replay itself (a replay of a replay names the first original). */
function originalConditions(principal: MemberPrincipal, includePublic: boolean): SQL[] {
  return [visibleTo(principal, includePublic), isNull(sessions.replayOfSessionId)];
}

/** The filters of the Replays page (001 §2.10), on the original of each group. */
function filterConditions(query: GroupsQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.agentArtifactIds?.length)
    conditions.push(inArray(sessions.agentArtifactId, query.agentArtifactIds));
  if (query.simulatorIds?.length) conditions.push(inArray(sessions.simulatorId, query.simulatorIds));
  if (query.testCaseNames?.length)
    conditions.push(
      sql`${sessions.testCaseId} in (select ${testCases.id} from ${testCases} where ${inArray(testCases.name, query.testCaseNames)})`,
    );
  // "Passed" as every results page counts it: the stored classification (human results decide, else the
  // latest automatic verdict; services/classification.ts).
  if (query.noPassed) conditions.push(eq(sessions.passed, false));
  return conditions;
}

/**
 * The groups of these originals, in their order: the originals and their visible replays in one query, the
 * replays newest first. total_replays counts the replays listed, so a group always agrees with itself.
 */
async function groupsOf(
  db: Database,
  principal: MemberPrincipal,
  includePublic: boolean,
  originalIds: number[],
): Promise<ReplayGroup[]> {
  if (originalIds.length === 0) return [];
  const rows = await selectSummaries(db)
    .where(
      or(
        inArray(sessions.id, originalIds),
        and(inArray(sessions.replayOfSessionId, originalIds), visibleTo(principal, includePublic)),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  const byOriginal = new Map<number, { original: SessionSummary | null; replays: SessionSummary[] }>(
    originalIds.map((id) => [id, { original: null, replays: [] }]),
  );
  for (const row of rows) {
    const replayOf = row.session.replayOfSessionId;
    if (replayOf === null) byOriginal.get(row.session.id)!.original = presentSummary(row);
    else byOriginal.get(replayOf)?.replays.push(presentSummary(row));
  }
  return [...byOriginal.values()].flatMap(({ original, replays: replaySessions }) =>
    original && replaySessions.length > 0
      ? [
          {
            original_session: original,
            replay_sessions: replaySessions,
            total_replays: replaySessions.length,
          },
        ]
      : [],
  );
}

/**
 * GET /api/session/grouped-replays (001 §2.10): originals with at least one replay the caller sees, filtered
 * on the original, the group with the newest replay first. One query pages the originals (a second counts
 * them, alongside), one more reads the page's sessions.
 */
export async function groupedReplays(
  db: Database,
  principal: MemberPrincipal,
  query: GroupsQuery,
): Promise<GroupedReplaysResponse> {
  const includePublic = query.includePublic === true;
  const totals = replayTotals(db, principal, includePublic);
  const where = and(...originalConditions(principal, includePublic), ...filterConditions(query));
  const [page, [counted]] = await Promise.all([
    db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(totals, eq(totals.originalId, sessions.id))
      .where(where)
      .orderBy(desc(totals.latestAt), desc(totals.latestId), desc(sessions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(sessions)
      .innerJoin(totals, eq(totals.originalId, sessions.id))
      .where(where),
  ]);
  const totalCount = Number(counted?.total ?? 0);
  const pagination = paginate(query.page, query.pageSize, totalCount);
  return {
    grouped_sessions: await groupsOf(
      db,
      principal,
      includePublic,
      page.map((row) => row.id),
    ),
    page: pagination.page,
    pageSize: pagination.page_size,
    totalCount,
    totalPages: pagination.total_pages,
  };
}

const named = alias(sessions, 'named');

/**
 * GET /api/session/search-sessions-replays (001 §2.10): the groups of the sessions named by public id, an
 * original or any of its replays naming the same group, newest replay first. Public sessions of other
 * organizations are found too, as their link opens them for anyone; ids the caller may not see, and unknown
 * ones, are simply not found.
 */
export async function searchReplayGroups(
  db: Database,
  principal: MemberPrincipal,
  sessionIds: readonly string[],
): Promise<ReplaySearchResponse> {
  const includePublic = true;
  const totals = replayTotals(db, principal, includePublic);
  const namedOriginals = db
    .select({ id: sql<number>`coalesce(${named.replayOfSessionId}, ${named.id})` })
    .from(named)
    .where(and(inArray(named.publicId, [...sessionIds]), visibleTo(principal, includePublic, named)));
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(totals, eq(totals.originalId, sessions.id))
    .where(and(...originalConditions(principal, includePublic), inArray(sessions.id, namedOriginals)))
    .orderBy(desc(totals.latestAt), desc(totals.latestId), desc(sessions.id));
  const groups = await groupsOf(
    db,
    principal,
    includePublic,
    rows.map((row) => row.id),
  );
  return { grouped_sessions: groups, totalCount: groups.length };
}
