import type { LiveViewerMessage } from '@proctor/contracts';

/**
 * One message standing for two consecutive ones, or undefined when both must be dispatched. Moves collapse
 * into the latest (only where the pointer ends up matters) and wheel turns at one point add up; a press, a
 * release or a key never merges, so clicks and typing arrive whole and in order.
 */
export function coalesce(queued: LiveViewerMessage, next: LiveViewerMessage): LiveViewerMessage | undefined {
  if (queued.type !== 'mouse' || next.type !== 'mouse' || queued.event !== next.event) return undefined;
  if ((queued.buttons ?? 0) !== (next.buttons ?? 0) || (queued.modifiers ?? 0) !== (next.modifiers ?? 0))
    return undefined;
  if (next.event === 'move') return next;
  if (next.event === 'wheel' && queued.x === next.x && queued.y === next.y)
    return {
      ...next,
      deltaX: (queued.deltaX ?? 0) + (next.deltaX ?? 0),
      deltaY: (queued.deltaY ?? 0) + (next.deltaY ?? 0),
    };
  return undefined;
}

/**
 * Viewers' input, dispatched to the page one message at a time in arrival order (a release must not
 * overtake its press). While one is in flight the next ones wait, coalesced where that loses nothing, and
 * at most `maxLength` wait: a flood beyond that is dropped rather than replayed seconds late.
 */
export class InputQueue {
  readonly #dispatch: (message: LiveViewerMessage) => Promise<void>;
  readonly #maxLength: number;
  readonly #waiting: LiveViewerMessage[] = [];
  #running = false;
  #dropped = 0;

  constructor(dispatch: (message: LiveViewerMessage) => Promise<void>, maxLength = 256) {
    this.#dispatch = dispatch;
    this.#maxLength = maxLength;
  }

  get dropped(): number {
    return this.#dropped;
  }

  push(message: LiveViewerMessage): void {
    const last = this.#waiting.at(-1);
    const merged = last && coalesce(last, message);
    if (merged) this.#waiting[this.#waiting.length - 1] = merged;
    else if (this.#waiting.length >= this.#maxLength) this.#dropped++;
    else this.#waiting.push(message);
    if (!this.#running) void this.#run();
  }

  clear(): void {
    this.#waiting.length = 0;
  }

  async #run(): Promise<void> {
    this.#running = true;
    for (let message = this.#waiting.shift(); message; message = this.#waiting.shift()) {
      // A page that navigates or closes under an event fails the call; the next event still goes.
      await this.#dispatch(message).catch(() => undefined);
    }
    this.#running = false;
  }
}
