import {
  type HumanConsensus,
  paginate,
  type SessionListQuery,
  type SessionListResponse,
  type SessionScoringBadge,
  type SessionStatus,
  type SessionSummary,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { z } from 'zod';
import type { Principal } from '../kernel/access/principal';
import { notFound } from '../kernel/http/errors';
import {
  findSessionSummary,
  listSessionsPage,
  type SessionSummaryRow,
  type SessionSummaryWithConfig,
} from '../repositories/sessionLists';
import type { SessionRow } from '../repositories/sessions';

const SESSION_NOT_FOUND = 'Session not found';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** When a session began: a queued run's start after its wait for a slot, else when it was made. */
export const sessionStartedAt = (session: Pick<SessionRow, 'startedAt' | 'createdAt'>) =>
  session.startedAt ?? session.createdAt;

export function presentSummary(row: Omit<SessionSummaryRow, 'simulatorConfig'>): SessionSummary {
  const { session } = row;
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
          data: { img_url: typeof row.agent.data.img_url === 'string' ? row.agent.data.img_url : null },
        }
      : null,
    simulator: row.simulator,
    testCase: row.testCase
      ? { id: row.testCase.id, publicId: row.testCase.publicId, name: row.testCase.name }
      : null,
    job: session.jobGroupId ? { jobGroupId: session.jobGroupId } : null,
    sessionDuration: session.sessionDuration,
    startedAt: sessionStartedAt(session).toISOString(),
    slotWaitSeconds: session.startedAt
      ? Math.max(0, (session.startedAt.getTime() - session.createdAt.getTime()) / 1000)
      : null,
    failureReason: session.failureReason,
    source: typeof session.simulatorConfig.source === 'string' ? session.simulatorConfig.source : null,
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

/** GET /api/session/list: a page of the sessions the principal may list, with the page's totals. */
export async function listSessions(
  db: Database,
  principal: Principal,
  query: z.output<typeof SessionListQuery>,
): Promise<SessionListResponse> {
  const page = await listSessionsPage(db, principal, query);
  return {
    sessions: page.rows.map(presentSummary),
    summary: {
      runGroup: page.runGroup,
      numPassed: page.passed,
      numScored: page.scored,
      totalCount: page.total,
    },
    pagination: paginate(query.page, query.pageSize, page.total),
    totalCount: page.total,
  };
}

export type ReadableSession = SessionSummaryWithConfig;

/**
 * A session the caller may read: their organization's, any for a platform admin, or a public one (by its link,
 * signed in or not). Everything else, archived ones included, answers 404 as if it did not exist.
 */
export async function readableSession(
  db: Database,
  principal: Principal | null,
  publicId: string,
): Promise<ReadableSession> {
  const row = await findSessionSummary(db, publicId);
  if (!row || !mayRead(principal, row.session)) throw notFound(SESSION_NOT_FOUND);
  return row;
}

function mayRead(principal: Principal | null, session: SessionRow): boolean {
  if (principal?.permissions.is_admin) return true;
  if (session.archived) return false;
  if (session.isPublic) return true;
  return principal?.organization != null && principal.organization.id === session.organizationId;
}
