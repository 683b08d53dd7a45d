import type { Clock } from '../../src/clock';

interface Repeating {
  every: number;
  due: number;
  task: () => void;
  stopped: boolean;
}

/**
 * A clock that moves only when told: `sleep` returns at once and moves time forward by what was asked
 * (recorded in `sleeps`), `advance` moves it and runs the repeating tasks that fall due.
 */
export class FakeClock implements Clock {
  time = 1_000_000;
  readonly sleeps: number[] = [];
  /** Values random() hands out in turn; 0.5 (no jitter) once they run out. */
  randoms: number[] = [];
  readonly #repeating: Repeating[] = [];

  now(): number {
    return this.time;
  }

  async sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    this.time += ms;
  }

  random(): number {
    return this.randoms.shift() ?? 0.5;
  }

  repeat(every: number, task: () => void): () => void {
    const entry: Repeating = { every, due: this.time + every, task, stopped: false };
    this.#repeating.push(entry);
    return () => {
      entry.stopped = true;
    };
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const next = this.#repeating
        .filter((entry) => !entry.stopped && entry.due <= end)
        .sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.time = next.due;
      next.due += next.every;
      next.task();
    }
    this.time = end;
  }

  /** Repeating tasks not stopped. */
  get running(): number {
    return this.#repeating.filter((entry) => !entry.stopped).length;
  }
}
