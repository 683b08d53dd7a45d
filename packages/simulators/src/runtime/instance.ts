import { filterMutations, type Mutation, type Row } from '@proctor/scoring';
import { dispatchRequest, type ServedInstance, type SimulatorRequest } from '../web/pipeline';
import type { SimulatorResponse } from '../web/response';
import { SessionStore } from '../web/sessions';
import { type ClockState, SimulatorClock } from './clock';
import type { PreparedSimulator } from './prepare';
import { Rng, type RngState } from './random';
import { SerialQueue } from './serial';
import { lastMutationId, openDatabase, readMutationLog, type SqliteDatabase } from './storage';

const MAX_WRITES_KEPT = 1024;

/** A saved state of an instance; `backup()` returns it and `setResetPoint()` takes it. */
export interface InstanceBackup {
  readonly id: string;
  /** The instance's virtual time when the backup was taken. */
  readonly takenAt: string;
  /** Mutations since the last reset at the time of the backup (unfiltered). */
  readonly mutationCount: number;
}

interface ResetPoint {
  snapshot: Buffer;
  /** Log rows up to this id were already there at the reset point and are not "since reset". */
  logBaseline: number;
  clock: ClockState;
  rng: RngState;
}

export interface InstanceOptions {
  /** DNS label naming the instance in its origin: <id>.<simulator>.localhost. */
  id: string;
  /** Absolute origin the instance is served on, e.g. http://env-1.shop.localhost:4100. */
  origin: string;
  /** Called once when the instance is destroyed (the host forgets it). */
  onDestroy?: (instance: SimulatorInstance) => void;
}

/**
 * One running copy of a simulator: its own in-memory SQLite database, clock, random stream and sign-in
 * sessions. Operations are synchronous and take effect between requests (requests to one instance run one at
 * a time, see `exclusive`).
 */
export class SimulatorInstance implements ServedInstance {
  readonly id: string;
  readonly origin: string;
  readonly simulator: PreparedSimulator;
  readonly clock: SimulatorClock;
  readonly rng: Rng;
  readonly sessions = new SessionStore();
  #db: SqliteDatabase;
  #resetPoint: ResetPoint;
  #logBaseline: number;
  readonly #backups = new Map<string, ResetPoint>();
  #backupCount = 0;
  #destroyed = false;
  readonly #queue = new SerialQueue();
  /** Since the last reset, per request that wrote: when it arrived and how many mutations came before its own. */
  #writes: Array<{ receivedAt: number; first: number }> = [];
  readonly #onDestroy: ((instance: SimulatorInstance) => void) | undefined;

  constructor(simulator: PreparedSimulator, options: InstanceOptions) {
    this.id = options.id;
    this.origin = options.origin;
    this.simulator = simulator;
    this.#onDestroy = options.onDestroy;
    const definition = simulator.definition;
    this.clock = new SimulatorClock(definition.clock);
    this.rng = new Rng(definition.randomSeed).fork('instance');
    this.#resetPoint = {
      snapshot: simulator.snapshot,
      logBaseline: 0,
      clock: this.clock.state(),
      rng: this.rng.state(),
    };
    this.#logBaseline = 0;
    this.#db = this.#open(simulator.snapshot);
  }

  #open(snapshot: Buffer): SqliteDatabase {
    return openDatabase(snapshot, () => this.clock.iso());
  }

  #assertLive(): void {
    if (this.#destroyed) throw new Error(`Instance ${this.id}.${this.name} was destroyed`);
  }

  get name(): string {
    return this.simulator.definition.name;
  }

  get db(): SqliteDatabase {
    this.#assertLive();
    return this.#db;
  }

  get destroyed(): boolean {
    return this.#destroyed;
  }

  /** Absolute URL of a path on this instance. */
  url(path = '/'): string {
    return new URL(path, this.origin).toString();
  }

  /** Back to the reset point (the seed, or a backup made the reset point): data, clock, random stream; sessions end. */
  reset(): void {
    this.#assertLive();
    const point = this.#resetPoint;
    this.#db.close();
    this.#db = this.#open(point.snapshot);
    this.clock.restore(point.clock);
    this.rng.restore(point.rng);
    this.sessions.clear();
    this.#logBaseline = point.logBaseline;
    this.#writes = [];
  }

  /** Saves the current state. With `asResetPoint`, the next `reset()` comes back here instead of the seed. */
  backup(options: { asResetPoint?: boolean } = {}): InstanceBackup {
    this.#assertLive();
    const logBaseline = lastMutationId(this.#db);
    const point: ResetPoint = {
      snapshot: this.#db.serialize(),
      logBaseline,
      clock: this.clock.state(),
      rng: this.rng.state(),
    };
    this.#backupCount += 1;
    const backup: InstanceBackup = {
      id: `backup-${this.#backupCount}`,
      takenAt: new Date(point.clock.nowMs).toISOString(),
      mutationCount: logBaseline - this.#logBaseline,
    };
    this.#backups.set(backup.id, point);
    if (options.asResetPoint) this.#resetPoint = point;
    return backup;
  }

  /** Chooses where `reset()` goes: a backup of this instance, or the seed. */
  setResetPoint(target: InstanceBackup | 'seed'): void {
    this.#assertLive();
    if (target === 'seed') {
      this.#resetPoint = {
        snapshot: this.simulator.snapshot,
        logBaseline: 0,
        clock: new SimulatorClock(this.simulator.definition.clock).state(),
        rng: new Rng(this.simulator.definition.randomSeed).fork('instance').state(),
      };
      return;
    }
    const point = this.#backups.get(target.id);
    if (!point) throw new Error(`Instance ${this.id}.${this.name} has no backup ${target.id}`);
    this.#resetPoint = point;
  }

  /** How many mutations were logged since the last reset (cheap: one indexed read). */
  mutationCount(): number {
    this.#assertLive();
    return lastMutationId(this.#db) - this.#logBaseline;
  }

  /**
   * How many mutations requests received before `wallMs` (wall-clock ms) made: the writes a user action taken
   * at that instant cannot have caused. A recorder hears of an action later than the page acted, sometimes after
   * the request the action sent has already written; counting by arrival puts that write on the action.
   */
  mutationCountBefore(wallMs: number): number {
    let count = this.mutationCount();
    for (let i = this.#writes.length - 1; i >= 0 && this.#writes[i]!.receivedAt >= wallMs; i--)
      count = this.#writes[i]!.first;
    return count;
  }

  /** A request received at `receivedAt` committed; `before` mutations were logged before it ran. */
  noteWrites(receivedAt: number, before: number): void {
    if (this.mutationCount() === before) return;
    this.#writes.push({ receivedAt, first: before });
    // The recorder asks about the last moments; a long-lived instance does not keep every request forever.
    if (this.#writes.length > MAX_WRITES_KEPT) this.#writes.splice(0, this.#writes.length - MAX_WRITES_KEPT);
  }

  /** Every logged mutation since the last reset, unfiltered, in order; from the `skip`-th on when given. */
  mutations(skip = 0): Mutation[] {
    this.#assertLive();
    return readMutationLog(this.#db, this.#logBaseline + skip).map((row) => ({
      action: row.action,
      table_name: row.table_name,
      pk: row.pk,
      old: row.old === null ? null : (JSON.parse(row.old) as Row),
      new: row.new === null ? null : (JSON.parse(row.new) as Row),
      action_timestamp: row.action_timestamp,
    }));
  }

  /** The instance's state: mutations since the last reset, filtered by the simulator's config. */
  state(): Mutation[] {
    return filterMutations(this.mutations(), this.simulator.definition.config);
  }

  /** Closes the database and forgets backups and sessions. Idempotent. */
  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#db.close();
    this.#backups.clear();
    this.sessions.clear();
    this.#onDestroy?.(this);
  }

  /**
   * Runs `task` when no request of this instance is running, and holds the next ones until it is done.
   * Requests go through it, so an async handler never interleaves with another request's writes.
   */
  exclusive<T>(task: () => T | Promise<T>): Promise<T> {
    return this.#queue.run(task);
  }

  /** Handles one HTTP request addressed to this instance (the host calls it; tests may call it directly). */
  dispatch(request: SimulatorRequest): Promise<SimulatorResponse> {
    return dispatchRequest(this, request);
  }
}
