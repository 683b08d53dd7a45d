import { IN_PROGRESS_SESSION_STATUSES, type ScoreRecord, type SessionStatus } from '@proctor/contracts';

/** The score type of a person's assessment. */
export const HUMAN_SCORE_TYPE = 'human_in_the_loop';

/**
 * Whether the viewer may give a session a human score: members of the session's organization and platform
 * admins, once the session is no longer in progress (the server's rule; the page only hides what it would
 * refuse).
 */
export function canScoreSession(
  viewer: { organizationId: number | null; permissions: { is_admin: boolean } },
  session: { organizationId: number | null; status: SessionStatus },
): boolean {
  const member = session.organizationId !== null && session.organizationId === viewer.organizationId;
  return (member || viewer.permissions.is_admin) && !IN_PROGRESS_SESSION_STATUSES.includes(session.status);
}

type HumanScoreFacts = Pick<ScoreRecord, 'config' | 'user_id' | 'createdAt'>;

const isOwnHumanScore = (record: HumanScoreFacts, userId: number) =>
  record.config.type === HUMAN_SCORE_TYPE && record.user_id === userId;

/** Whether the viewer has scored the session already (the dialog then changes their assessment). */
export function hasOwnHumanScore(records: readonly HumanScoreFacts[] | undefined, userId: number): boolean {
  return (records ?? []).some((record) => isOwnHumanScore(record, userId));
}

/**
 * After a save, the page reads the scores again until the new one shows (000 §2.6): at most 5 times, the
 * first after 2 seconds, then every second; a score of the viewer's counts as the new one when it was made
 * in the last 30 seconds (an older one is the assessment it replaces).
 */
export const HUMAN_SCORE_REFRESH = {
  attempts: 5,
  firstDelayMs: 2_000,
  nextDelayMs: 1_000,
  recentMs: 30_000,
} as const;

/** The waits before each read: [2000, 1000, 1000, 1000, 1000]. */
export function humanScoreRefreshDelays(
  schedule: typeof HUMAN_SCORE_REFRESH = HUMAN_SCORE_REFRESH,
): number[] {
  return Array.from({ length: schedule.attempts }, (_, attempt) =>
    attempt === 0 ? schedule.firstDelayMs : schedule.nextDelayMs,
  );
}

/** Whether the records hold a human score of the viewer's made within `recentMs` before `now`. */
export function hasRecentHumanScore(
  records: readonly HumanScoreFacts[] | undefined,
  userId: number,
  now: number,
  recentMs: number = HUMAN_SCORE_REFRESH.recentMs,
): boolean {
  return (records ?? []).some(
    (record) => isOwnHumanScore(record, userId) && now - Date.parse(record.createdAt) <= recentMs,
  );
}

/**
 * Waits each delay in turn and reads again, until a read finds what it waits for, the delays run out or
 * the caller gives up (the page closed). Answers whether it was found.
 */
export async function refreshUntil(options: {
  delays: readonly number[];
  wait: (ms: number) => Promise<void>;
  /** Reads again; true when the awaited record is there. */
  read: () => Promise<boolean>;
  cancelled?: () => boolean;
}): Promise<boolean> {
  for (const delay of options.delays) {
    await options.wait(delay);
    if (options.cancelled?.()) return false;
    if (await options.read()) return true;
  }
  return false;
}
