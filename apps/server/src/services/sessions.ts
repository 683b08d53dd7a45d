import {
  type HUMAN_SCORE_FILTERS,
  HUMAN_SCORES_PER_SESSION,
  type HumanConsensus,
  IN_PROGRESS_SESSION_STATUSES,
  paginate,
  type SessionListQuery,
  type SessionListResponse,
  type SessionScoringBadge,
  type SessionStatus,
  type SessionSummary,
} from '@proctor/contracts';
import {
  agentArtifacts,
  type Database,
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
  not,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Principal } from '../kernel/access/principal';
import { notFound } from '../kernel/http/errors';

type ListQuery = z.output<typeof SessionListQuery>;
export type SessionRow = typeof sessions.$inferSelect;

const SESSION_NOT_FOUND = 'Session not found';

/**
 * What an annotator outside admin view may not see in lists (000 §2.4): sessions still in progress, their own
 * agent's, those decided by a super scorer, with 5 or more human scores, already scored by them, or auto-marked
 * incorrect (the last three as the session's stored classification says: services/classification.ts).
 * The next session to score (services/scores.ts) uses the same rules, with the own-agent one for annotators only.
 */
export function hiddenFromAnnotator(userId: number | null, { ownAgent = true } = {}): SQL {
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

/**
 * Whether the caller sees only their own human scores and no consensus: annotators outside admin view (000
 * §2.5). Admin view is for account admins; platform admins always see everything.
 */
export function seesOnlyOwnScores(principal: Principal | null, adminView: boolean): boolean {
  if (principal?.organization?.isAnnotator !== true || principal.permissions.is_admin) return false;
  return !(adminView && principal.permissions.is_account_admin);
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

/** Sessions as lists present them (presentSummary); the caller adds the conditions and the order. */
export function selectSummaries(db: Database) {
  return db
    .select(summaryColumns)
    .from(sessions)
    .leftJoin(organizations, eq(organizations.id, sessions.organizationId))
    .leftJoin(agentArtifacts, eq(agentArtifacts.id, sessions.agentArtifactId))
    .leftJoin(simulators, eq(simulators.id, sessions.simulatorId))
    .leftJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .leftJoin(replayOf, eq(replayOf.id, sessions.replayOfSessionId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentSummary(row: SummaryRow): SessionSummary {
  const { session } = row;
  const config = session.simulatorConfig as Record<string, unknown>;
  const agentData = (row.agent?.data ?? {}) as Record<string, unknown>;
  return {
    id: session.id,
    sessionId: session.publicId,
    status: session.status as SessionStatus,
    createdAt: session.createdAt.toISOString(),
    endedAt: iso(session.endedAt),
    isPublic: session.isPublic,
    archived: session.archived,
    organizationId: session.organizationId,
    organization: row.organization,
    agentArtifact: row.agent
      ? {
          id: row.agent.id,
          alias: row.agent.alias,
          userId: row.agent.userId,
          data: { img_url: typeof agentData.img_url === 'string' ? agentData.img_url : null },
        }
      : null,
    simulator: row.simulator,
    testCase: row.testCase
      ? { id: row.testCase.id, publicId: row.testCase.publicId, name: row.testCase.name }
      : null,
    job: session.jobGroupId ? { jobGroupId: session.jobGroupId } : null,
    sessionDuration: session.sessionDuration,
    failureReason: session.failureReason,
    source: typeof config.source === 'string' ? config.source : null,
    stepCount: Number(row.stepCount),
    scoringBadge: session.scoringBadge as SessionScoringBadge,
    badgeReason: session.badgeReason,
    humanConsensus: session.humanConsensus as HumanConsensus | null,
    humanScoreCount: session.humanScoreCount,
    needsHumanScoring: session.needsHumanScoring,
    humanDisagreement: session.humanDisagreement,
    replayOfSessionId: row.replayOfPublicId,
  };
}

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

export async function listSessions(
  db: Database,
  principal: Principal,
  query: ListQuery,
): Promise<SessionListResponse> {
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
  const totalCount = Number(totals?.total ?? 0);
  return {
    sessions: rows.map(presentSummary),
    summary: {
      runGroup: batch[0] ? { name: batch[0].name } : null,
      numPassed: Number(totals?.passed ?? 0),
      numScored: Number(totals?.scored ?? 0),
      totalCount,
    },
    pagination: paginate(query.page, query.pageSize, totalCount),
    totalCount,
  };
}

export type ReadableSession = SummaryRow;

/**
 * A session the caller may read: their organization's, any for a platform admin, or a public one (by its link,
 * signed in or not). Everything else, archived ones included, answers 404 as if it did not exist.
 */
export async function readableSession(
  db: Database,
  principal: Principal | null,
  publicId: string,
): Promise<ReadableSession> {
  const [row] = await selectSummaries(db).where(eq(sessions.publicId, publicId));
  if (!row || !mayRead(principal, row.session)) throw notFound(SESSION_NOT_FOUND);
  return row;
}

function mayRead(principal: Principal | null, session: SessionRow): boolean {
  if (principal?.permissions.is_admin) return true;
  if (session.archived) return false;
  if (session.isPublic) return true;
  return principal?.organization != null && principal.organization.id === session.organizationId;
}

/** A session of the caller's own organization (to change it); 404 otherwise. */
export async function ownSession(db: Database, principal: Principal, publicId: string): Promise<SessionRow> {
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.archived, false)));
  const own = session && principal.organization && session.organizationId === principal.organization.id;
  if (!session || !(own || principal.permissions.is_admin)) throw notFound(SESSION_NOT_FOUND);
  return session;
}
