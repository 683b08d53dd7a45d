import type { CdpConnection, CdpEventParams } from '../cdp/connection';

export interface ScreencastOptions {
  /** Frames are scaled down to fit this box (the environment's viewport: full size, no upscaling). */
  maxWidth: number;
  maxHeight: number;
  /** JPEG quality, 0-100. */
  quality: number;
  maxFps: number;
}

/** Acks that may go back to back after a late frame. */
const ACK_BURST = 2;

export type ScreencastFrame = CdpEventParams<'Page.screencastFrame'>;

/**
 * `Page.startScreencast` on one page session. Chromium captures a new frame only while few are unacknowledged,
 * so the rate is capped by how fast acks go back: each frame is fanned out the moment it arrives and its ack
 * waits for the rate (`everyNthFrame` cuts the rate far more coarsely, NOTES.md).
 */
export class Screencast {
  readonly #connection: CdpConnection;
  readonly #sessionId: string;
  readonly #options: ScreencastOptions;
  readonly #onFrame: (frame: ScreencastFrame) => void;
  #unsubscribe: (() => void) | undefined;
  #ackTimer: NodeJS.Timeout | undefined;
  /** Frames received and not yet acknowledged, by Chromium's frame number. */
  readonly #unacked: number[] = [];
  /** Acks the rate allows right now (a token bucket), as of `#creditAt`. */
  #credit = ACK_BURST;
  #creditAt = 0;
  #stopped = false;

  constructor(
    connection: CdpConnection,
    sessionId: string,
    options: ScreencastOptions,
    onFrame: (frame: ScreencastFrame) => void,
  ) {
    this.#connection = connection;
    this.#sessionId = sessionId;
    this.#options = options;
    this.#onFrame = onFrame;
  }

  async start(): Promise<void> {
    // Subscribed once, however many times a refused start is tried again: two handlers would send every
    // frame to viewers twice.
    this.#unsubscribe ??= this.#connection.onEvent('Page.screencastFrame', (frame, sessionId) => {
      if (sessionId === this.#sessionId) this.#received(frame);
    });
    const { maxWidth, maxHeight, quality } = this.#options;
    await this.#connection.send(
      'Page.startScreencast',
      { format: 'jpeg', quality, maxWidth, maxHeight },
      this.#sessionId,
    );
  }

  /** Stops frames at once; the page may be gone already, so Chromium's answer is not awaited for errors. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#unsubscribe?.();
    clearTimeout(this.#ackTimer);
    await this.#connection.send('Page.stopScreencast', undefined, this.#sessionId).catch(() => undefined);
  }

  #received(frame: ScreencastFrame): void {
    if (this.#stopped) return;
    this.#onFrame(frame);
    this.#unacked.push(frame.sessionId);
    this.#scheduleAck();
  }

  /**
   * Acks drawn from a token bucket filled at maxFps: the rate never exceeds the cap on average, and an ack
   * that had to wait for a late frame leaves its credit to the next one, so a page that renders unevenly
   * still reaches the cap (spacing acks strictly 1/maxFps apart gave 27 of 30 fps on a busy page).
   */
  #scheduleAck(): void {
    if (this.#ackTimer || this.#unacked.length === 0 || this.#stopped) return;
    const now = performance.now();
    const perMs = this.#options.maxFps / 1000;
    this.#credit = Math.min(ACK_BURST, this.#credit + (now - this.#creditAt) * perMs);
    this.#creditAt = now;
    const wait = this.#credit >= 1 ? 0 : (1 - this.#credit) / perMs;
    this.#ackTimer = setTimeout(() => {
      this.#ackTimer = undefined;
      const frameNumber = this.#unacked.shift();
      if (frameNumber === undefined || this.#stopped) return;
      const at = performance.now();
      this.#credit = Math.min(ACK_BURST, this.#credit + (at - this.#creditAt) * perMs) - 1;
      this.#creditAt = at;
      this.#connection
        .send('Page.screencastFrameAck', { sessionId: frameNumber }, this.#sessionId)
        .catch(() => undefined);
      this.#scheduleAck();
    }, wait);
  }
}
