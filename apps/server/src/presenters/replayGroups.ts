import {
  type GroupedReplaysQuery,
  type GroupedReplaysResponse,
  paginate,
  type ReplayGroup,
  type ReplaySearchResponse,
  type SessionSummary,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { z } from 'zod';
import type { MemberPrincipal } from '../kernel/access/principal';
import {
  findReplayedOriginals,
  listReplayedOriginalsPage,
  listReplayGroupSessions,
} from '../repositories/sessionLists';
import { presentSummary } from './sessions';

type GroupsQuery = z.output<typeof GroupedReplaysQuery>;

/*
 * Replay groups show what the sessions list would show the caller (repositories/sessionLists.ts): annotators'
 * hiding rules do not arise, as annotator organizations may not call these routes (routes/sessions.ts), and
 * the platform admins among them see everything anyway.
 */

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
  const rows = await listReplayGroupSessions(db, principal, includePublic, originalIds);
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
  const { originalIds, total: totalCount } = await listReplayedOriginalsPage(db, principal, query);
  const pagination = paginate(query.page, query.pageSize, totalCount);
  return {
    grouped_sessions: await groupsOf(db, principal, query.includePublic === true, originalIds),
    page: pagination.page,
    pageSize: pagination.page_size,
    totalCount,
    totalPages: pagination.total_pages,
  };
}

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
  const originalIds = await findReplayedOriginals(db, principal, sessionIds);
  const groups = await groupsOf(db, principal, true, originalIds);
  return { grouped_sessions: groups, totalCount: groups.length };
}
