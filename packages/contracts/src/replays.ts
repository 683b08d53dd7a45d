import { z } from 'zod';
import { PageNumber, pageSizeInUrl, QueryBoolean } from './common';
import { PAGE_SIZE } from './constants';
import { CommaList, IdInList, SessionSummary } from './session';

/** The largest page of replay groups served: each group carries all its replays, so pages stay small. */
export const MAX_REPLAY_GROUP_PAGE_SIZE = 100;
/** The most session ids one replay search takes (001 §2.10: the ids a person pastes into the box). */
export const MAX_REPLAY_SEARCH_IDS = 100;
/** Longest session_ids value read; a longer one is refused rather than cut. */
const MAX_REPLAY_SEARCH_LENGTH = 10_000;
/** What the Replays page says when a list or a search finds no group (001 §2.10). */
export const NO_REPLAY_SESSIONS = 'No replay sessions found';

/**
 * A session's public id as a person would paste it: the ids Proctor hands out are UUIDs, but any id made of
 * letters, digits, `-` and `_` is looked up (and, when unknown, simply not found). Anything else cannot be an
 * id, so it is refused with the reason instead of searched for.
 */
const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The distinct session ids in a search box's text (001 §2.10: a space-separated list; commas and line breaks
 * separate too, so a list pasted from a spreadsheet or a comma-joined URL reads the same). Order is kept.
 */
export function sessionIdsIn(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter((part) => part !== ''))];
}

/** "1 replay", "2 replays": a group's total. */
export function formatReplayTotal(total: number): string {
  return `${total} ${total === 1 ? 'replay' : 'replays'}`;
}

/** GET /api/session/grouped-replays (001 §2.10, §7): filters apply to the original session of each group. */
export const GroupedReplaysQuery = z.object({
  agentArtifactIds: CommaList(IdInList).optional(),
  simulatorIds: CommaList(IdInList).optional(),
  testCaseNames: CommaList(z.string().max(500)).optional(),
  /** Also other organizations' public groups (a public original with public replays). */
  includePublic: QueryBoolean.optional(),
  /** Leave out groups whose original passed. */
  noPassed: QueryBoolean.optional(),
  page: PageNumber,
  pageSize: pageSizeInUrl(MAX_REPLAY_GROUP_PAGE_SIZE).default(PAGE_SIZE.replays),
});
export type GroupedReplaysQuery = z.input<typeof GroupedReplaysQuery>;

/**
 * GET /api/session/search-sessions-replays?session_ids= (001 §2.10, §7): one or more public session ids,
 * separated by spaces or commas. A blank list is refused: the page never searches for nothing (its Search
 * button is disabled then), so a blank one from another client is a mistake worth saying.
 */
export const ReplaySearchQuery = z.object({
  session_ids: z
    .string({ error: 'session_ids is required: one or more session ids separated by spaces or commas' })
    .max(MAX_REPLAY_SEARCH_LENGTH, {
      error: `session_ids is too long: at most ${MAX_REPLAY_SEARCH_LENGTH} characters`,
    })
    .transform(sessionIdsIn)
    .pipe(
      z
        .array(
          z.string().regex(SESSION_ID_PATTERN, {
            error: 'Expected session ids: letters, digits, - and _, separated by spaces or commas',
          }),
        )
        .min(1, { error: 'Expected at least one session id' })
        .max(MAX_REPLAY_SEARCH_IDS, { error: `At most ${MAX_REPLAY_SEARCH_IDS} session ids at once` }),
    ),
});
export type ReplaySearchQuery = z.input<typeof ReplaySearchQuery>;

/** A replay group (001 §3 Replay group): an original session, its replays newest first, and their number. */
export const ReplayGroup = z.object({
  original_session: SessionSummary,
  replay_sessions: z.array(SessionSummary),
  total_replays: z.number().int(),
});
export type ReplayGroup = z.infer<typeof ReplayGroup>;

export const GroupedReplaysResponse = z.object({
  grouped_sessions: z.array(ReplayGroup),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Groups in all pages. */
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type GroupedReplaysResponse = z.infer<typeof GroupedReplaysResponse>;

export const ReplaySearchResponse = z.object({
  grouped_sessions: z.array(ReplayGroup),
  totalCount: z.number().int(),
});
export type ReplaySearchResponse = z.infer<typeof ReplaySearchResponse>;
