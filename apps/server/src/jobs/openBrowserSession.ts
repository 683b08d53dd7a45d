import { BROWSER_SESSION_MESSAGES } from '@proctor/contracts';
import { HttpError } from '../kernel/http/errors';
import { HandBackJobError, type JobHandler } from '../kernel/queue/catalog';
import { type BrowserSessionParts, openBrowserSession } from '../services/browserSessions';

/** How soon a worker with no free browser lets another worker (or itself, later) take the opening. */
const HAND_BACK_MS = 250;

/**
 * The browser-session.open job: the session opened in this worker, as the API would open it embedded; its
 * refusals (no free browser, a refused start URL) are answered as the API answers them, status and detail.
 */
export function openBrowserSessionHandler(parts: BrowserSessionParts): JobHandler<'openBrowserSession'> {
  return {
    run: async (payload, context) => {
      // Nobody waits for it any more: opening it now would leave a browser nobody uses until it idles out.
      if (Date.now() > payload.takeBy) return { status: 503, detail: BROWSER_SESSION_MESSAGES.noBrowsers };
      // Scaled out over several workers, a full one must not answer for all of them: it hands the job back while
      // the API still waits, and another worker with a free browser takes it.
      if (!parts.environments.hasFreeBrowser()) {
        if (Date.now() + HAND_BACK_MS < payload.takeBy) throw new HandBackJobError(HAND_BACK_MS);
        return { status: 503, detail: BROWSER_SESSION_MESSAGES.noBrowsers };
      }
      context.progress({ taken: true });
      try {
        const { row } = await openBrowserSession(parts, {
          owner: { organizationId: payload.organizationId, userId: payload.userId, plan: payload.plan },
          type: payload.type,
          startUrl: payload.startUrl,
          trainerSessionOptions: payload.trainerSessionOptions,
        });
        return { publicId: row.session.publicId };
      } catch (error) {
        if (error instanceof HttpError) return { status: error.status, detail: error.detail };
        throw error;
      }
    },
    // The API waiting for it answers 503.
    failed: async () => undefined,
  };
}
