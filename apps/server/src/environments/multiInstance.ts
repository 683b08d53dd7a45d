import type { EnvironmentInstance, Mutation, SimulatorInstance } from '@proctor/simulators';

/** One simulator of a multi-simulator environment: its name and its instance on its own origin. */
export interface SimulatorPart {
  name: string;
  instance: SimulatorInstance;
}

/**
 * The instances of a multi-simulator environment (make2's extra_env_ids) as one EnvironmentInstance, so the
 * recorder, the recording writer, reset and state need no second path: the origin and URLs are the first
 * simulator's (env_id, where the page opens), and the mutation log is every instance's, each mutation tagged
 * with its simulator, in the order this log first saw them. That order is kept once read (appended, never
 * re-sorted), because steps store positions in it.
 */
export class MultiSimulatorInstance implements EnvironmentInstance {
  readonly parts: readonly SimulatorPart[];
  #log: Mutation[] = [];
  /** Per part, how many of its instance's mutations the log holds. */
  #taken: number[];
  #backups = 0;

  constructor(parts: readonly SimulatorPart[]) {
    if (parts.length < 2) throw new Error('A multi-simulator environment has two simulators or more');
    this.parts = parts;
    this.#taken = parts.map(() => 0);
  }

  get #primary(): SimulatorInstance {
    return this.parts[0]!.instance;
  }

  get origin(): string {
    return this.#primary.origin;
  }

  /** Every part's origin: what the environment's network lets the browser reach. */
  get origins(): string[] {
    return this.parts.map((part) => part.instance.origin);
  }

  get destroyed(): boolean {
    return this.parts.some((part) => part.instance.destroyed);
  }

  url(path = '/'): string {
    return this.#primary.url(path);
  }

  /** Appends what the instances logged since the last read, part by part. */
  #catchUp(): void {
    this.parts.forEach((part, i) => {
      const fresh = part.instance.mutations(this.#taken[i]);
      this.#taken[i]! += fresh.length;
      for (const mutation of fresh) this.#log.push({ ...mutation, simulator: part.name });
    });
  }

  mutations(skip = 0): Mutation[] {
    this.#catchUp();
    return this.#log.slice(skip);
  }

  mutationCount(): number {
    this.#catchUp();
    return this.#log.length;
  }

  /**
   * The longest start of the log that requests received before `wallMs` made, by each instance's own count: a
   * prefix, since steps store counts, so a write of one app logged after a later write of another goes with
   * the later step.
   */
  mutationCountBefore(wallMs: number): number {
    this.#catchUp();
    const before = new Map(this.parts.map((part) => [part.name, part.instance.mutationCountBefore(wallMs)]));
    const seen = new Map(this.parts.map((part) => [part.name, 0]));
    let count = 0;
    for (const mutation of this.#log) {
      const name = mutation.simulator!;
      const index = seen.get(name)!;
      if (index >= before.get(name)!) break;
      seen.set(name, index + 1);
      count += 1;
    }
    return count;
  }

  /** Every part's state (its own filters), tagged. */
  state(): Mutation[] {
    return this.parts.flatMap((part) =>
      part.instance.state().map((mutation) => ({ ...mutation, simulator: part.name })),
    );
  }

  /** Every instance back to its reset point; the log starts over. */
  reset(): void {
    for (const part of this.parts) part.instance.reset();
    this.#log = [];
    this.#taken = this.parts.map(() => 0);
  }

  backup(options: { asResetPoint?: boolean } = {}) {
    this.#catchUp();
    const taken = this.parts.map((part) => part.instance.backup(options));
    this.#backups += 1;
    return {
      id: `backup-${this.#backups}`,
      takenAt: taken[0]!.takenAt,
      mutationCount: taken.reduce((sum, backup) => sum + backup.mutationCount, 0),
    };
  }

  /** Runs `task` while no request of any part runs (taken in the parts' order, so two callers cannot deadlock). */
  exclusive<T>(task: () => T | Promise<T>): Promise<T> {
    const inAll = this.parts.reduceRight<() => Promise<T>>(
      (inner, part) => () => part.instance.exclusive(inner),
      async () => task(),
    );
    return inAll();
  }

  destroy(): void {
    for (const part of this.parts) part.instance.destroy();
  }
}
