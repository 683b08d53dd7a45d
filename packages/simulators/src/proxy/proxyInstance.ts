import type { Mutation } from '@proctor/contracts';
import { filterMutations, type SimulatorConfig } from '@proctor/scoring';
import type { InstanceBackup, SimulatorInstance } from '../runtime/instance';
import { SerialQueue } from '../runtime/serial';
import { type WriteRequest, writeMutation } from './writes';

/**
 * What an environment needs of the simulator behind its origin: a SimulatorInstance of a built-in simulator,
 * or a ProxyInstance of a proxy simulator.
 */
export type EnvironmentInstance = Pick<
  SimulatorInstance,
  | 'origin'
  | 'url'
  | 'reset'
  | 'backup'
  | 'mutations'
  | 'mutationCount'
  | 'mutationCountBefore'
  | 'state'
  | 'exclusive'
  | 'destroy'
  | 'destroyed'
>;

/**
 * The running side of a proxy simulator in one environment, in place of a SimulatorInstance: its origin, the
 * mutation log its writes form, and a reset that starts both the log and the replay's order over. Replaying
 * or recording itself happens in the environment's network proxy; this keeps what scoring reads.
 */
export class ProxyInstance implements EnvironmentInstance {
  readonly id: string;
  readonly origin: string;
  readonly #config: SimulatorConfig;
  readonly #onReset: () => void;
  readonly #onDestroy: () => void;
  #log: Array<{ mutation: Mutation; receivedAt: number }> = [];
  #writes = 0;
  #backups = 0;
  #destroyed = false;
  readonly #queue = new SerialQueue();

  constructor(options: {
    id: string;
    origin: string;
    config: SimulatorConfig;
    onReset?: () => void;
    /** Once, when the environment ends (a recording is finished then). */
    onDestroy?: () => void;
  }) {
    this.id = options.id;
    this.origin = options.origin;
    this.#config = options.config;
    this.#onReset = options.onReset ?? (() => undefined);
    this.#onDestroy = options.onDestroy ?? (() => undefined);
  }

  get destroyed(): boolean {
    return this.#destroyed;
  }

  url(path = '/'): string {
    return new URL(path, this.origin).toString();
  }

  /** Logs the mutation a request stands for, if it writes; `receivedAt` is wall-clock ms. */
  noteRequest(request: WriteRequest, receivedAt: number): Mutation | null {
    if (this.#destroyed) return null;
    const mutation = writeMutation(request, this.#writes + 1, new Date(receivedAt));
    if (!mutation) return null;
    this.#writes += 1;
    this.#log.push({ mutation, receivedAt });
    return mutation;
  }

  mutations(skip = 0): Mutation[] {
    return this.#log.slice(skip).map((entry) => entry.mutation);
  }

  mutationCount(): number {
    return this.#log.length;
  }

  /** Writes received before `wallMs`: those a user action taken at that instant cannot have caused. */
  mutationCountBefore(wallMs: number): number {
    let count = this.#log.length;
    while (count > 0 && (this.#log[count - 1] as { receivedAt: number }).receivedAt >= wallMs) count -= 1;
    return count;
  }

  state(): Mutation[] {
    return filterMutations(this.mutations(), this.#config);
  }

  /** A clean log, and repeated requests answered from their first recording again. */
  reset(): void {
    this.#log = [];
    this.#writes = 0;
    this.#onReset();
  }

  /** A replayed site's state is only its log: a backup notes how far it went. */
  backup(): InstanceBackup {
    this.#backups += 1;
    return {
      id: `backup-${this.#backups}`,
      takenAt: new Date().toISOString(),
      mutationCount: this.#log.length,
    };
  }

  /** Requests are answered in the proxy, not here: this only orders the tasks given to it. */
  exclusive<T>(task: () => T | Promise<T>): Promise<T> {
    return this.#queue.run(task);
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#onDestroy();
  }
}
