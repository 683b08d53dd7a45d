/**
 * Where the time of a server call goes, without touching the server: methods of the runtime (pool, page
 * control, simulator host, database client) are wrapped in place while a benchmark runs, each call recorded as
 * an interval of its kind, and the intervals are read back for a time window (one make, one reset).
 */

export interface Interval {
  kind: string;
  start: number;
  end: number;
}

export class PhaseTimer {
  readonly #intervals: Interval[] = [];
  readonly #restore: Array<() => void> = [];

  /**
   * Times every call of `owner[name]` (sync or async) until `restore()`, as `kind`, or as what `kind` makes of
   * the call's arguments (undefined: not timed).
   */
  wrap(owner: object, name: string, kind: string | ((args: unknown[]) => string | undefined)): void {
    const target = owner as Record<string, unknown>;
    const original = target[name];
    if (typeof original !== 'function') throw new Error(`${name} is not a method to time`);
    const intervals = this.#intervals;
    target[name] = function timed(this: unknown, ...args: unknown[]): unknown {
      const named = typeof kind === 'string' ? kind : kind(args);
      if (named === undefined) return original.apply(this, args);
      const start = performance.now();
      const done = () => intervals.push({ kind: named, start, end: performance.now() });
      let result: unknown;
      try {
        result = original.apply(this, args);
      } catch (error) {
        done();
        throw error;
      }
      if (result instanceof Promise) return result.finally(done);
      done();
      return result;
    };
    this.#restore.push(() => {
      target[name] = original;
    });
  }

  restore(): void {
    for (const undo of this.#restore.splice(0).reverse()) undo();
  }

  /** The intervals that overlap [from, to], clipped to it. */
  within(from: number, to: number): Interval[] {
    return this.#intervals
      .filter((interval) => interval.end > from && interval.start < to)
      .map((interval) => ({
        kind: interval.kind,
        start: Math.max(interval.start, from),
        end: Math.min(interval.end, to),
      }));
  }
}

/** Length of the union of intervals: nested or concurrent calls (a query inside a transaction) count once. */
export function coveredMs(intervals: readonly Interval[]): number {
  const sorted = [...intervals].sort((a, b) => a.start - b.start);
  let total = 0;
  let end = Number.NEGATIVE_INFINITY;
  for (const interval of sorted) {
    if (interval.end <= end) continue;
    total += interval.end - Math.max(interval.start, end);
    end = interval.end;
  }
  return total;
}
