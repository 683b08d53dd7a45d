import type { Database } from '@proctor/db';
import type { BrowserPool } from '@proctor/environments';
import type { FastifyBaseLogger } from 'fastify';
import { setEnvironmentStatus } from '../repositories/environments';
import { logToSession, setSessionStatus } from '../repositories/sessions';
import type { CurrentSession, LiveEnvironment } from './live';
import type { EnvironmentRegistry } from './registry';

/**
 * Hands ended sessions to their scoring job once their recording is written: the close or reset that ended them
 * does not wait. The job scores those with a test case and splits every one into subtasks (scoring/pipeline.ts).
 * A hand-over that fails leaves the session run_completed, scored at the next start. Without `scoreEnded` (tests
 * of the manager alone), ended sessions stay run_completed.
 */
export class ScoringHandOver {
  /** Ended sessions whose recording is being written before they go to scoring; closing waits for them. */
  readonly #handingOver = new Set<Promise<unknown>>();

  constructor(
    private readonly scoreEnded: ((sessionId: number) => Promise<unknown>) | undefined,
    private readonly log: () => FastifyBaseLogger | undefined,
  ) {}

  hand(session: CurrentSession, written: Promise<void> = Promise.resolve()): void {
    const { scoreEnded } = this;
    if (!scoreEnded) return;
    const handing = written
      .then(() => scoreEnded(session.id))
      .catch((error: unknown) =>
        this.log()?.error({ err: error, session: session.publicId }, 'handing a session to scoring failed'),
      )
      .finally(() => this.#handingOver.delete(handing));
    this.#handingOver.add(handing);
  }

  async settled(): Promise<void> {
    await Promise.all(this.#handingOver);
  }
}

/** How its browser is given back to the pool (launcher.ts, reuseKey): a closed run's, still alive; else none. */
function giveBackOf(environment: LiveEnvironment, status: 'closed' | 'failed'): LiveEnvironment['reuse'] {
  return status === 'closed' && environment.browser.alive ? environment.reuse : undefined;
}

/**
 * Ends environments: out of the registry at once (its slot and memory watch given up), then its clients closed,
 * its recording written, its instance gone, its browser closed or given back to the pool (the slot with it), and
 * its rows and session ended. A closed environment's session goes to scoring; a failed one's is run_failed with
 * the reason.
 */
export class EnvironmentEnding {
  readonly #ending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly registry: EnvironmentRegistry,
    private readonly scoring: ScoringHandOver,
    private readonly pool: BrowserPool,
  ) {}

  /** `output`: the answer of a run that ended, stored with the session's end. */
  async end(
    environment: LiveEnvironment,
    status: 'closed' | 'failed',
    reason: string,
    output?: unknown,
  ): Promise<void> {
    if (!this.registry.remove(environment)) return;
    environment.stopWatchingMemory();
    // A browser given back keeps the slot until it is reset, so that the run the slot goes to next can take it.
    const giveBack = giveBackOf(environment, status);
    if (!giveBack) environment.slot.release();
    // Kept until it has written its records: closing waits for it before the database goes.
    const ending = this.#ended(environment, status, reason, output, giveBack);
    this.#ending.add(ending);
    try {
      await ending;
    } finally {
      this.#ending.delete(ending);
      environment.slot.release();
    }
  }

  /** Environments that were ending already (a run's end, an idle close) have finished writing. */
  async settled(): Promise<void> {
    await Promise.allSettled(this.#ending);
  }

  async #ended(
    environment: LiveEnvironment,
    status: 'closed' | 'failed',
    reason: string,
    output: unknown,
    giveBack: LiveEnvironment['reuse'],
  ): Promise<void> {
    environment.status = status;
    environment.error = status === 'failed' ? reason : null;
    for (const client of environment.cdpClients) client.close(1001, 'The environment was closed');
    environment.cdpClients.clear();
    const liveViewClosed = environment.liveView?.then((liveView) => liveView.close()).catch(() => undefined);
    await environment.recording.then((recorder) => recorder?.close());
    // The recording is out of the browser: it goes while the recording is written.
    const browserGone = this.#browserGone(environment, giveBack, liveViewClosed);
    await environment.writer.finish();
    environment.instance.destroy();
    await browserGone;
    const { db } = this;
    await setEnvironmentStatus(db, environment.jobGroupId, status, status === 'failed' ? reason : undefined);
    await setSessionStatus(
      db,
      environment.session.id,
      status === 'closed' ? 'run_completed' : 'run_failed',
      status === 'failed' ? { failureReason: reason, output } : { output },
    );
    await logToSession(db, environment.session.id, {
      type: status === 'closed' ? 'environment_closed' : 'environment_failed',
      message: reason,
    });
    if (status === 'closed') this.scoring.hand(environment.session);
  }

  /** Closes the browser, or gives it back to the pool and then the slot (once nobody else holds it). */
  async #browserGone(
    environment: LiveEnvironment,
    giveBack: LiveEnvironment['reuse'],
    liveViewClosed: Promise<void> | undefined,
  ): Promise<void> {
    const { browser } = environment;
    if (!giveBack) {
      environment.page.close();
      await browser.close().catch(() => undefined);
      return;
    }
    try {
      await liveViewClosed;
      await this.pool.recycle(browser, giveBack.key, giveBack.origins).catch(() => browser.close());
    } finally {
      environment.slot.release();
    }
  }
}
