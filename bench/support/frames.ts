import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { ANIMATED_PAGE, KEY_FLIP_PAGE } from './pages';
import { type Latency, latency } from './stats';

/** No frame for this long: the page has finished repainting (a still page sends none). */
const QUIET_MS = 200;
const FRAME_TIMEOUT_MS = 2000;
const FPS_WARMUP_MS = 1000;
const FPS_WINDOW_MS = 3000;

/**
 * Screencast frames as a viewer receives them (live view messages, or bare CDP `Page.screencastFrame`s).
 * A frame delivered twice (same capture timestamp right after itself) counts once, as `duplicates`.
 */
export class FrameCounter {
  frames = 0;
  duplicates = 0;
  bytes = 0;
  width = 0;
  height = 0;
  #lastAt = 0;
  #lastCapture: number | undefined;
  #waiters: Array<(at: number) => void> = [];

  /** `capturedAt`: Chromium's timestamp of the capture (`metadata.timestamp`). */
  frame(bytes: number, width: number, height: number, capturedAt: number | undefined): void {
    if (capturedAt !== undefined && capturedAt === this.#lastCapture) {
      this.duplicates += 1;
      return;
    }
    this.#lastCapture = capturedAt;
    const at = performance.now();
    this.frames += 1;
    this.bytes += bytes;
    this.width = width;
    this.height = height;
    this.#lastAt = at;
    for (const resolve of this.#waiters.splice(0)) resolve(at);
  }

  /** When the next frame arrives. */
  next(timeoutMs = FRAME_TIMEOUT_MS): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No frame within ${timeoutMs} ms`)), timeoutMs);
      this.#waiters.push((at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  }

  async quiet(): Promise<void> {
    const deadline = performance.now() + 5000;
    while (performance.now() - this.#lastAt < QUIET_MS && performance.now() < deadline)
      await sleep(QUIET_MS / 4);
  }
}

export interface FrameFigures {
  fps: number;
  /** Frames delivered a second time, per second of the same window. */
  duplicatesPerSecond: number;
  frameWidth: number;
  frameHeight: number;
  frameKiB: number;
  inputToFrame: Latency;
  /** Key presses that brought no frame within FRAME_TIMEOUT_MS. */
  missed: number;
}

export interface KeyInput {
  press(): void;
  release(): void;
}

/** Frame rate on the animated page, then keydown → next frame on the still one, `samples` times. */
export async function measureFrames(
  page: Page,
  counter: FrameCounter,
  key: KeyInput,
  samples: number,
  warmup: number,
): Promise<FrameFigures> {
  await page.goto(ANIMATED_PAGE);
  await sleep(FPS_WARMUP_MS);
  const before = { frames: counter.frames, duplicates: counter.duplicates, bytes: counter.bytes };
  await sleep(FPS_WINDOW_MS);
  const frames = counter.frames - before.frames;
  const seconds = FPS_WINDOW_MS / 1000;
  const figures = {
    fps: frames / seconds,
    duplicatesPerSecond: (counter.duplicates - before.duplicates) / seconds,
    frameWidth: counter.width,
    frameHeight: counter.height,
    frameKiB: (counter.bytes - before.bytes) / Math.max(1, frames) / 1024,
  };

  await page.goto(KEY_FLIP_PAGE);
  const times: number[] = [];
  let missed = 0;
  for (let i = 0; i < samples + warmup; i++) {
    await counter.quiet();
    const started = performance.now();
    const arrived = counter.next();
    key.press();
    try {
      const elapsed = (await arrived) - started;
      if (i >= warmup) times.push(elapsed);
    } catch {
      missed += 1;
    }
    key.release();
  }
  return { ...figures, inputToFrame: latency(times), missed };
}
