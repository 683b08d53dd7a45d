import {
  BROWSER_SESSION,
  type BrowserSession,
  BrowserSessionStatus,
  BrowserSessionType,
} from '@proctor/contracts';
import type { BrowserSessionRow } from '../repositories/browserSessions';

/**
 * A browser session as the API answers it: running while its environment runs in this process (its page's
 * address and live view then), else its environment's final status.
 */
export function presentBrowserSession(
  row: BrowserSessionRow,
  running: { url: string; liveViewUrl: string } | undefined,
): BrowserSession {
  const ended = BrowserSessionStatus.exclude(['running']).safeParse(row.environmentStatus);
  return {
    publicId: row.session.publicId,
    type: BrowserSessionType.parse(row.session.type),
    status: running ? 'running' : ended.success ? ended.data : 'closed',
    error: running ? null : (row.environmentError ?? null),
    activeAt: row.session.activeAt?.toISOString() ?? null,
    createdAt: row.session.createdAt.toISOString(),
    completedAt: row.session.completedAt?.toISOString() ?? null,
    sessionPublicId: row.sessionPublicId ?? null,
    trainerSessionOptions: row.trainerSessionOptions,
    url: running?.url ?? null,
    liveViewUrl: running?.liveViewUrl ?? null,
    viewport: { ...BROWSER_SESSION.viewport },
  };
}
