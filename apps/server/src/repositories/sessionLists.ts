/** Sessions as lists show them: the sessions list, one session's summary, replay groups. */
import {
  type GroupedReplaysQuery,
  type HUMAN_SCORE_FILTERS,
  HUMAN_SCORES_PER_SESSION,
  IN_PROGRESS_SESSION_STATUSES,
  type SessionListQuery,
  type SimulatorConfig,
} from '@proctor/contracts';
import {
  agentArtifacts,
  type Executor,
  organizations,
  runSessionBatches,
  scores,
  sessionSteps,
  sessions,
  simulators,
  testCases,
} from '@proctor/db';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  not,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { seesOnlyOwnScores } from '../kernel/access/annotators';
import type { MemberPrincipal, Principal } from '../kernel/access/principal';
import { parseSimulatorConfig } from './simulators';

type ListQuery = z.output<typeof SessionListQuery>;
type GroupsQuery = z.output<typeof GroupedReplaysQuery>;

/**
 * What an annotator outside admin view may not see in lists (000 §2.4): sessions still in progress, their own
 * agent's, those decided by a super scorer, with 5 or more human scores, already scored by them, or auto-marked
 * incorrect (the last three as the session's stored classification says: scoring/classification.ts).
 * The next session to score (`nextSessionToScore`) uses the same rules, with the own-agent one for annotators only.
 */
function hiddenFromAnnotator(userId: number | null, { ownAgent = true } = {}): SQL {
  const byOwnAgent = sql`exists (select 1 from ${agentArtifacts} where ${agentArtifacts.id} = ${sessions.agentArtifactId} and ${agentArtifacts.userId} = ${userId ?? -1})`;
  const scoredByMe = sql`exists (select 1 from ${scores} where ${scores.sessionId} = ${sessions.id} and ${scores.type} = 'human_in_the_loop' and ${scores.userId} = ${userId ?? -1})`;
  return or(
    inArray(sessions.status, [...IN_PROGRESS_SESSION_STATUSES]),
    ownAgent ? byOwnAgent : undefined,
    eq(sessions.decidedBySuperScorer, true),
    gte(sessions.humanScoreCount, HUMAN_SCORES_PER_SESSION),
    scoredByMe,
    eq(sessions.autoMarkedIncorrect, true),
  )!;
}

/** humanScoreFilter, on the classification stored on each session. */
const HUMAN_SCORE_CONDITIONS: Record<(typeof HUMAN_SCORE_FILTERS)[number], SQL> = {
  needs_human_scoring: eq(sessions.needsHumanScoring, true),
  human_disagreement: eq(sessions.humanDisagreement, true),
  correct: eq(sessions.humanConsensus, 'pass'),
  incorrect: eq(sessions.humanConsensus, 'fail'),
  none: or(isNull(sessions.humanConsensus), notInArray(sessions.humanConsensus, ['pass', 'fail']))!,
};

const replayOf = alias(sessions, 'replay_of');

/** The columns of a session row as lists show it (one join per related record, no per-row queries). */
const summaryColumns = {
  session: sessions,
  organization: { name: organizations.name, logoUrl: organizations.logoUrl },
  agent: {
    id: agentArtifacts.id,
    alias: agentArtifacts.alias,
    userId: agentArtifacts.userId,
    data: agentArtifacts.data,
  },
  simulator: { id: simulators.id, name: simulators.name },
  /** The simulator's stored config: its mutation filters decide which mutations count. */
  simulatorConfig: simulators.config,
  testCase: {
    id: testCases.id,
    publicId: testCases.publicId,
    name: testCases.name,
    prompt: testCases.prompt,
    hint: testCases.hint,
    startUrl: testCases.startUrl,
    isSample: testCases.isSample,
  },
  replayOfPublicId: replayOf.publicId,
  stepCount: sql<number>`(select count(*)::int from ${sessionSteps} where ${sessionSteps.sessionId} = ${sessions.id})`,
};

/** Sessions with what lists show of them; the caller adds the conditions and the order. */
function selectSummaries(db: Executor) {
  return db
    .select(summaryColumns)
    .from(sessions)
    .leftJoin(organizations, eq(organizations.id, sessions.organizationId))
    .leftJoin(agentArtifacts, eq(agentArtifacts.id, sessions.agentArtifactId))
    .leftJoin(simulators, eq(simulators.id, sessions.simulatorId))
    .leftJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .leftJoin(replayOf, eq(replayOf.id, sessions.replayOfSessionId));
}

/** A session with its organization, agent, simulator, test case and step count, as lists present it. */
export type SessionSummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

function listConditions(principal: Principal, query: ListQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(sessions.archived, false)];
  if (principal.permissions.is_admin) {
    if (query.organizationIds?.length)
      conditions.push(inArray(sessions.organizationId, query.organizationIds));
  } else {
    const own = eq(sessions.organizationId, principal.organization?.id ?? 0);
    conditions.push(query.includePublic ? or(own, eq(sessions.isPublic, true)) : own);
  }
  // Annotators outside admin view get the hiding rules (platform admins are always in admin view here).
  if (seesOnlyOwnScores(principal, query.adminView === true))
    conditions.push(not(hiddenFromAnnotator(principal.user?.id ?? null)));
  if (query.agentArtifactIds?.length)
    conditions.push(inArray(sessions.agentArtifactId, query.agentArtifactIds));
  if (query.simulatorIds?.length) conditions.push(inArray(sessions.simulatorId, query.simulatorIds));
  if (query.statuses?.length) conditions.push(inArray(sessions.status, query.statuses));
  if (query.runSessionBatchId)
    conditions.push(
      sql`${sessions.runSessionBatchId} = (select ${runSessionBatches.id} from ${runSessionBatches} where ${runSessionBatches.publicId} = ${query.runSessionBatchId})`,
    );
  if (query.testCaseNames?.length)
    conditions.push(
      sql`${sessions.testCaseId} in (select ${testCases.id} from ${testCases} where ${inArray(testCases.name, query.testCaseNames)})`,
    );
  if (query.testCaseIds?.length)
    conditions.push(
      sql`${sessions.testCaseId} in (select ${testCases.id} from ${testCases} where ${inArray(testCases.publicId, query.testCaseIds)})`,
    );
  // A run group is listed whole: a replay's group holds only replays.
  if (!query.includeReplays && !query.runSessionBatchId) conditions.push(isNull(sessions.replayOfSessionId));
  if (query.excludeUnknownAgents) conditions.push(isNotNull(sessions.agentArtifactId));
  if (query.scoreFilter) conditions.push(eq(sessions.scoringBadge, query.scoreFilter));
  if (query.humanScoreFilter) conditions.push(HUMAN_SCORE_CONDITIONS[query.humanScoreFilter]);
  return and(...conditions)!;
}

function ordering(query: ListQuery): SQL[] {
  const direction = query.sortDirection === 'asc' ? asc : desc;
  const key =
    query.sortBy === 'duration'
      ? sql`${sessions.sessionDuration} ${sql.raw(query.sortDirection === 'asc' ? 'asc' : 'desc')} nulls last`
      : direction(query.sortBy === 'status' ? sessions.status : sessions.createdAt);
  return [key, direction(sessions.id)];
}

/** One page of the sessions list (what the principal may list, by the query), its totals and its run group. */
export async function listSessionsPage(db: Executor, principal: Principal, query: ListQuery) {
  const where = listConditions(principal, query);
  const [rows, [totals], batch] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({
        total: count(),
        passed: sql<number>`count(*) filter (where ${sessions.scoringBadge} = 'pass')`,
        scored: sql<number>`count(*) filter (where ${sessions.scoringBadge} <> 'none')`,
      })
      .from(sessions)
      .where(where),
    query.runSessionBatchId
      ? db
          .select({ name: runSessionBatches.name })
          .from(runSessionBatches)
          .where(eq(runSessionBatches.publicId, query.runSessionBatchId))
      : Promise.resolve([]),
  ]);
  return {
    rows,
    total: Number(totals?.total ?? 0),
    passed: Number(totals?.passed ?? 0),
    scored: Number(totals?.scored ?? 0),
    runGroup: batch[0] ? { name: batch[0].name } : null,
  };
}

/** A session's summary with its simulator's config (read with its contract: people edit it). */
export type SessionSummaryWithConfig = Omit<SessionSummaryRow, 'simulatorConfig'> & {
  simulatorConfig: SimulatorConfig;
};

/** A session by its public id, archived or not, as lists show it. */
export async function findSessionSummary(
  db: Executor,
  publicId: string,
): Promise<SessionSummaryWithConfig | undefined> {
  const [row] = await selectSummaries(db).where(eq(sessions.publicId, publicId));
  return row && { ...row, simulatorConfig: parseSimulatorConfig(row.simulatorConfig ?? {}) };
}

/** The columns visibility reads, of `sessions` or of an alias of it. */
interface VisibilityColumns {
  archived: AnyPgColumn;
  organizationId: AnyPgColumn;
  isPublic: AnyPgColumn;
}

/**
 * Which sessions a caller sees in replay groups, by the sessions list's rules: never archived ones; platform
 * admins every organization's; everyone else their own organization's, and other organizations' public sessions
 * when `includePublic`. It applies to the originals and to each replay alike, so a group of another organization
 * shows only when both are public, and a group never carries a replay its reader may not see.
 */
function visibleInReplays(
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
function replayTotals(db: Executor, principal: MemberPrincipal, includePublic: boolean) {
  return db
    .select({
      originalId: sql<number>`${replays.replayOfSessionId}`.as('original_id'),
      latestAt: sql<Date>`max(${replays.createdAt})`.as('latest_at'),
      latestId: sql<number>`max(${replays.id})`.as('latest_id'),
    })
    .from(replays)
    .where(and(isNotNull(replays.replayOfSessionId), visibleInReplays(principal, includePublic, replays)))
    .groupBy(replays.replayOfSessionId)
    .as('replay_totals');
}

/** An original is a session that is no replay itself (a replay of a replay names the first original). */
function originalConditions(principal: MemberPrincipal, includePublic: boolean): SQL[] {
  return [visibleInReplays(principal, includePublic), isNull(sessions.replayOfSessionId)];
}

/** The filters of the Replays page (001 §2.10), on the original of each group. */
function replayFilterConditions(query: GroupsQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.agentArtifactIds?.length)
    conditions.push(inArray(sessions.agentArtifactId, query.agentArtifactIds));
  if (query.simulatorIds?.length) conditions.push(inArray(sessions.simulatorId, query.simulatorIds));
  if (query.testCaseNames?.length)
    conditions.push(
      sql`${sessions.testCaseId} in (select ${testCases.id} from ${testCases} where ${inArray(testCases.name, query.testCaseNames)})`,
    );
  // "Passed" as every results page counts it: the stored classification (human results decide, else the
  // latest automatic verdict; scoring/classification.ts).
  if (query.noPassed) conditions.push(eq(sessions.passed, false));
  return conditions;
}

/**
 * One page of the originals with at least one replay the caller sees, filtered on the original, the one with
 * the newest replay first, and how many there are in all.
 */
export async function listReplayedOriginalsPage(
  db: Executor,
  principal: MemberPrincipal,
  query: GroupsQuery,
): Promise<{ originalIds: number[]; total: number }> {
  const includePublic = query.includePublic === true;
  const totals = replayTotals(db, principal, includePublic);
  const where = and(...originalConditions(principal, includePublic), ...replayFilterConditions(query));
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
  return { originalIds: page.map((row) => row.id), total: Number(counted?.total ?? 0) };
}

const named = alias(sessions, 'named');

/**
 * The originals of the sessions named by public id (an original or any of its replays names it) that have a
 * replay the caller sees, the one with the newest replay first. Public sessions of other organizations count.
 */
export async function findReplayedOriginals(
  db: Executor,
  principal: MemberPrincipal,
  sessionIds: readonly string[],
): Promise<number[]> {
  const includePublic = true;
  const totals = replayTotals(db, principal, includePublic);
  const namedOriginals = db
    .select({ id: sql<number>`coalesce(${named.replayOfSessionId}, ${named.id})` })
    .from(named)
    .where(and(inArray(named.publicId, [...sessionIds]), visibleInReplays(principal, includePublic, named)));
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(totals, eq(totals.originalId, sessions.id))
    .where(and(...originalConditions(principal, includePublic), inArray(sessions.id, namedOriginals)))
    .orderBy(desc(totals.latestAt), desc(totals.latestId), desc(sessions.id));
  return rows.map((row) => row.id);
}

/** These originals and their replays the caller sees, newest first, in one query. */
export function listReplayGroupSessions(
  db: Executor,
  principal: MemberPrincipal,
  includePublic: boolean,
  originalIds: readonly number[],
): Promise<SessionSummaryRow[]> {
  return selectSummaries(db)
    .where(
      or(
        inArray(sessions.id, [...originalIds]),
        and(
          inArray(sessions.replayOfSessionId, [...originalIds]),
          visibleInReplays(principal, includePublic),
        ),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/**
 * The public id of the oldest session of the organization that needs a human score and that this person may
 * give one (not hidden from them by `hiddenFromAnnotator`, with the own-agent rule when `ownAgent`).
 */
export async function nextSessionToScore(
  db: Executor,
  scorer: { organizationId: number; userId: number; ownAgent: boolean },
  excludePublicId: string | undefined,
): Promise<string | undefined> {
  const [next] = await db
    .select({ publicId: sessions.publicId })
    .from(sessions)
    .where(
      and(
        eq(sessions.organizationId, scorer.organizationId),
        eq(sessions.archived, false),
        eq(sessions.needsHumanScoring, true),
        not(hiddenFromAnnotator(scorer.userId, { ownAgent: scorer.ownAgent })),
        excludePublicId ? ne(sessions.publicId, excludePublicId) : undefined,
      ),
    )
    .orderBy(asc(sessions.createdAt), asc(sessions.id))
    .limit(1);
  return next?.publicId;
}
