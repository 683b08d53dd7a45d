import { randomUUID } from 'node:crypto';
import type { Database } from '@proctor/db';
import type { FastifyBaseLogger } from 'fastify';
import { environmentLimit, OrganizationShares } from '../environments/admission';
import type { JobQueue } from '../kernel/queue/queue';
import {
  claimRunGroup,
  countRunningRuns,
  finishRunGroup,
  isRunGroupFinished,
  listUnfinishedRunGroups,
  nextQueuedRuns,
  releaseRunGroups,
  runGroupOwner,
} from '../repositories/runs';

/** How long the scheduler waits before handing runs over again to a queue that refused one. */
const HAND_OVER_RETRY_MS = 2_000;
/** How often a group whose runs another process started is checked for their end. */
const ADOPTED_RUNS_POLL_MS = 5_000;
/** How long a scheduler's hold on a group lasts without renewal (it renews at a third of that). */
export const SCHEDULER_LEASE_MS = 30_000;

interface GroupState {
  concurrency: number;
  inFlight: number;
  /** The group's organization and its limit of environments at once, read at each fill (null: none). */
  organizationId: number | null;
  environmentLimit: number;
  /** The last session of the group handed to the queue (they are handed over in id order). */
  cursor: number;
  /** Fills run one after another: two runs ending at once must not hand the same session over twice. */
  filling: Promise<void>;
  /** Renews this scheduler's lease on the group while it runs it. */
  renewal: NodeJS.Timeout | undefined;
}

/**
 * Runs each run group's queued runs, `concurrency` at a time, one run-session job per run. One scheduler holds a
 * group's lease in the database and others take it over when it lapses (docs/architecture.md, "Run groups").
 */
export class RunScheduler {
  readonly #groups = new Map<number, GroupState>();
  /** Groups another scheduler holds, watched for their lease to run out. */
  readonly #watched = new Map<number, NodeJS.Timeout>();
  readonly #log: FastifyBaseLogger;
  readonly #leaseMs: number;
  readonly #pollMs: number;
  readonly #environmentsPerOrganization: number;
  /** Runs handed over and not yet ended, by organization. */
  readonly #handedOver = new OrganizationShares();
  readonly id = randomUUID();
  #closed = false;

  constructor(
    private readonly db: Database,
    private readonly queue: JobQueue,
    log: FastifyBaseLogger,
    options: { leaseMs?: number; pollMs?: number; environmentsPerOrganization?: number } = {},
  ) {
    this.#log = log;
    this.#leaseMs = options.leaseMs ?? SCHEDULER_LEASE_MS;
    this.#pollMs = options.pollMs ?? ADOPTED_RUNS_POLL_MS;
    this.#environmentsPerOrganization = options.environmentsPerOrganization ?? Number.POSITIVE_INFINITY;
  }

  /** Starts running a group's queued runs, once this scheduler holds it (no-op when it already runs it). */
  schedule(groupId: number, concurrency: number): void {
    if (this.#closed || this.#groups.has(groupId) || this.#watched.has(groupId)) return;
    void this.#claim(groupId).then(
      (claim) => {
        if (claim === 'held') this.#run(groupId, concurrency);
        else if (claim === 'elsewhere') this.#watch(groupId, concurrency);
      },
      (error: unknown) => {
        this.#log.error({ err: error, runGroup: groupId }, 'claiming a run group failed; trying again');
        this.#watch(groupId, concurrency);
      },
    );
  }

  /**
   * At start: the run groups the last process left unfinished are run on. Runs it had started died with their
   * environments, which the environment manager failed at its own start (failOrphanedEnvironments: run_failed
   * with the reason, never counted against the agent); the runs still queued are run now. A group another live
   * server holds is left to it, and watched.
   */
  async resume(): Promise<void> {
    const groups = await listUnfinishedRunGroups(this.db);
    for (const group of groups) this.schedule(group.id, group.concurrency);
  }

  /** Lets go of every group this scheduler holds (at shutdown), so another server takes them over at once. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#watched.values()) clearTimeout(timer);
    this.#watched.clear();
    const held = [...this.#groups.keys()];
    for (const state of this.#groups.values()) clearInterval(state.renewal);
    this.#groups.clear();
    if (held.length === 0) return;
    await releaseRunGroups(this.db, held, this.id);
  }

  /** Takes or renews the group's lease: held (now ours), elsewhere (another's, still valid), or finished. */
  async #claim(groupId: number): Promise<'held' | 'elsewhere' | 'finished'> {
    if (await claimRunGroup(this.db, groupId, this.id, this.#leaseMs)) return 'held';
    return (await isRunGroupFinished(this.db, groupId)) ? 'finished' : 'elsewhere';
  }

  /** Tries again to take a group another scheduler holds, about when its lease would run out. */
  #watch(groupId: number, concurrency: number): void {
    if (this.#closed) return;
    const timer = setTimeout(() => {
      this.#watched.delete(groupId);
      this.schedule(groupId, concurrency);
    }, this.#leaseMs / 2);
    timer.unref();
    this.#watched.set(groupId, timer);
  }

  #run(groupId: number, concurrency: number): void {
    if (this.#closed || this.#groups.has(groupId)) return;
    const state: GroupState = {
      concurrency: Math.max(1, concurrency),
      inFlight: 0,
      organizationId: null,
      environmentLimit: this.#environmentsPerOrganization,
      cursor: 0,
      filling: Promise.resolve(),
      renewal: undefined,
    };
    state.renewal = setInterval(() => {
      void this.#claim(groupId).then(
        (claim) => {
          if (claim === 'held' || this.#groups.get(groupId) !== state) return;
          // Another scheduler took it over (this one stalled past its lease): it runs the group from here on.
          this.#log.warn({ runGroup: groupId }, 'another server took this run group over');
          this.#drop(groupId, state);
        },
        (error: unknown) => this.#log.warn({ err: error, runGroup: groupId }, 'renewing a run group failed'),
      );
    }, this.#leaseMs / 3);
    state.renewal.unref();
    this.#groups.set(groupId, state);
    this.#fill(groupId, state);
  }

  #drop(groupId: number, state: GroupState): void {
    clearInterval(state.renewal);
    if (this.#groups.get(groupId) === state) this.#groups.delete(groupId);
  }

  #fill(groupId: number, state: GroupState): void {
    if (this.#groups.get(groupId) !== state) return;
    state.filling = state.filling
      .then(() => this.#handOver(groupId, state))
      .catch((error: unknown) =>
        this.#log.error({ err: error, runGroup: groupId }, 'scheduling runs failed'),
      );
  }

  async #handOver(groupId: number, state: GroupState): Promise<void> {
    if (state.concurrency - state.inFlight <= 0) return;
    const owner = await runGroupOwner(this.db, groupId);
    state.organizationId = owner?.organizationId ?? null;
    state.environmentLimit = environmentLimit(owner?.plan ?? null, this.#environmentsPerOrganization);
    // Runs started by a scheduler this one took over from (or by a previous process) count against the
    // concurrency too; they end without telling this process, so it looks again after a while.
    const running = await countRunningRuns(this.db, groupId);
    const adopted = running > state.inFlight;
    const pollAdopted = () => setTimeout(() => this.#fill(groupId, state), this.#pollMs).unref();
    const room = state.concurrency - Math.max(state.inFlight, running);
    if (room <= 0) {
      if (adopted) pollAdopted();
      return;
    }
    const next = await nextQueuedRuns(this.db, groupId, state.cursor, room);
    if (next.length === 0 && state.inFlight === 0) {
      // Runs a previous process handed over may still be running on a worker (Redis): the group ends with them.
      if (running > 0) {
        pollAdopted();
        return;
      }
      this.#drop(groupId, state);
      await finishRunGroup(this.db, groupId);
      return;
    }
    if (adopted) pollAdopted();
    for (const id of next) {
      // The organization's share is handed over: its next run to end fills this group again.
      if (!this.#takeShare(state)) return;
      let job: Awaited<ReturnType<JobQueue['add']>>;
      try {
        job = await this.queue.add('runSession', { sessionId: id });
      } catch (error) {
        // The queue could not take it (Redis unreachable): the run stays queued and is handed over again
        // later, from where the hand-over stopped.
        this.#releaseShare(state);
        this.#log.warn({ err: error, runGroup: groupId }, 'the queue refused a run; trying again shortly');
        setTimeout(() => this.#fill(groupId, state), HAND_OVER_RETRY_MS).unref();
        return;
      }
      state.cursor = id;
      state.inFlight += 1;
      void job.finished.then(() => {
        state.inFlight -= 1;
        this.#releaseShare(state);
        this.#fill(groupId, state);
      });
    }
  }

  #takeShare(state: GroupState): boolean {
    return (
      state.organizationId === null || this.#handedOver.take(state.organizationId, state.environmentLimit)
    );
  }

  /** Gives a run's place in its organization's share back, and lets the organization's other groups use it. */
  #releaseShare(state: GroupState): void {
    const organizationId = state.organizationId;
    if (organizationId === null) return;
    this.#handedOver.release(organizationId);
    for (const [groupId, other] of this.#groups)
      if (other !== state && other.organizationId === organizationId) this.#fill(groupId, other);
  }
}
