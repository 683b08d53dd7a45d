import type { ChildProcess } from 'node:child_process';
import type { Mutation } from '@proctor/contracts';
import { filterMutations, type SimulatorConfig } from '@proctor/scoring';
import type { EnvironmentInstance } from '../proxy/proxyInstance';
import type { InstanceBackup } from '../runtime/instance';
import { SerialQueue } from '../runtime/serial';
import { type HostedInstance, plainResponse } from '../web/host';
import type { SimulatorRequest } from '../web/pipeline';
import type { SimulatorResponse } from '../web/response';
import type { FromVersionHost, ToVersionHost } from './protocol';

/**
 * The server's side of a version host (program.ts): the process, and a RemoteInstance per environment that the
 * SimulatorHost serves like an instance of its own. Each instance keeps a copy of its mutation log, brought with
 * every answer, so that what the recorder and scoring ask of it (mutations, counts, state) stays synchronous and
 * never waits on the sandbox.
 */

export interface VersionHostReady {
  simulator: string;
  dataset: string;
  config: SimulatorConfig;
}

const STOPPED_TITLE = 'Simulator stopped';
/** The longest a request waits for its answer: a simulator stuck in a loop must not hold a page forever. */
export const VERSION_HOST_REQUEST_TIMEOUT_MS = 60_000;

export class VersionHost {
  readonly ready: Promise<VersionHostReady>;
  /** Resolves with the reason once the process is gone (stopped, or ended on its own). */
  readonly ended: Promise<string>;
  #end: (reason: string) => void = () => undefined;
  readonly #child: ChildProcess;
  readonly #instances = new Map<string, RemoteInstance>();
  readonly #pending = new Map<
    number,
    { instance: RemoteInstance; answer: (response: FromVersionHost) => void }
  >();
  #seq = 0;
  #config: SimulatorConfig | undefined;
  #name: string | undefined;
  #stopped: string | undefined;

  /** `child`: the program, spawned with an IPC channel (`serialization: 'advanced'`). */
  constructor(child: ChildProcess) {
    this.#child = child;
    this.ended = new Promise((resolve) => {
      this.#end = resolve;
    });
    this.ready = new Promise((resolve, reject) => {
      child.on('message', (message: FromVersionHost) => {
        if (message.type === 'ready') {
          this.#config = message.config;
          this.#name = message.simulator;
          resolve(message);
        } else if (message.type === 'failed') reject(new Error(message.reason));
        else this.#answered(message);
      });
      child.once('exit', (code, signal) => {
        const how = signal ? `was ended by ${signal}` : `exited with ${code}`;
        this.#stop(`the simulator's sandboxed process ${how}`);
        reject(new Error(this.#stopped));
      });
      child.once('error', (error) => {
        this.#stop(`the simulator's sandboxed process failed: ${error.message}`);
        reject(error);
      });
    });
    // Whoever waits on `ready` sees a failure; nobody waiting is not an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  /** Why the process is gone, once it is. */
  get stopped(): string | undefined {
    return this.#stopped;
  }

  get instanceCount(): number {
    return this.#instances.size;
  }

  /** An instance in the process, once it is ready (`ready` resolved): served by the host at `origin`. */
  createInstance(id: string, origin: string, onDestroy: () => void): RemoteInstance {
    if (!this.#config) throw new Error('The version host is not ready');
    if (this.#stopped) throw new Error(this.#stopped);
    const instance = new RemoteInstance(this, this.#config, { id, origin, onDestroy, name: this.#name! });
    this.#instances.set(id, instance);
    this.post({ type: 'create', id, origin });
    return instance;
  }

  /** Ends the process and every instance in it. */
  stop(reason = 'the simulator was stopped'): void {
    this.#stop(reason);
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill('SIGKILL');
  }

  /** @internal */
  post(message: ToVersionHost): void {
    if (this.#stopped || !this.#child.connected) return;
    this.#child.send(message);
  }

  /** @internal */
  request(instance: RemoteInstance, request: SimulatorRequest): Promise<FromVersionHost> {
    if (this.#stopped) return Promise.resolve(stoppedAnswer(this.#stopped));
    const seq = ++this.#seq;
    return new Promise((answer) => {
      const timer = setTimeout(() => {
        if (!this.#pending.delete(seq)) return;
        const page = plainResponse(
          504,
          'Simulator did not answer',
          `The simulator did not answer within ${VERSION_HOST_REQUEST_TIMEOUT_MS / 1000} s.`,
        );
        answer({ type: 'response', seq, response: page, mutations: [], epoch: -1, clock: '' });
      }, VERSION_HOST_REQUEST_TIMEOUT_MS);
      this.#pending.set(seq, {
        instance,
        answer: (message) => {
          clearTimeout(timer);
          answer(message);
        },
      });
      this.post({ type: 'request', seq, id: instance.id, request });
    });
  }

  /** @internal */
  forget(instance: RemoteInstance): void {
    this.#instances.delete(instance.id);
  }

  #answered(message: Extract<FromVersionHost, { type: 'response' }>): void {
    const pending = this.#pending.get(message.seq);
    if (!pending) return;
    this.#pending.delete(message.seq);
    pending.answer(message);
  }

  #stop(reason: string): void {
    if (this.#stopped) return;
    this.#stopped = reason;
    this.#end(reason);
    for (const { answer } of this.#pending.values()) answer(stoppedAnswer(reason));
    this.#pending.clear();
    for (const instance of [...this.#instances.values()]) instance.destroy();
  }
}

function stoppedAnswer(reason: string): FromVersionHost {
  const page = plainResponse(503, STOPPED_TITLE, `This simulator is no longer running: ${reason}.`);
  return { type: 'response', seq: 0, response: page, mutations: [], epoch: -1, clock: '' };
}

/** A served environment's instance that lives in a version host: its requests, resets and log go there. */
export class RemoteInstance implements HostedInstance, EnvironmentInstance {
  readonly id: string;
  readonly name: string;
  readonly origin: string;
  readonly #host: VersionHost;
  readonly #config: SimulatorConfig;
  readonly #onDestroy: () => void;
  #log: Mutation[] = [];
  /** Since the last reset, per request that wrote: when it arrived and how many mutations came before its own. */
  #writes: Array<{ receivedAt: number; first: number }> = [];
  #epoch = 0;
  #clock = new Date().toISOString();
  #backups = 0;
  #destroyed = false;
  readonly #queue = new SerialQueue();

  constructor(
    host: VersionHost,
    config: SimulatorConfig,
    options: { id: string; name: string; origin: string; onDestroy: () => void },
  ) {
    this.#host = host;
    this.#config = config;
    this.id = options.id;
    this.name = options.name;
    this.origin = options.origin;
    this.#onDestroy = options.onDestroy;
  }

  get destroyed(): boolean {
    return this.#destroyed;
  }

  url(path = '/'): string {
    return new URL(path, this.origin).toString();
  }

  /** One request at a time, as an instance in this process takes them: the log's order is the requests'. */
  dispatch(request: SimulatorRequest): Promise<SimulatorResponse> {
    return this.exclusive(async () => {
      if (this.#destroyed) return plainResponse(410, STOPPED_TITLE, 'This environment has been closed.');
      const receivedAt = request.receivedAt ?? Date.now();
      const answer = await this.#host.request(this, { ...request, receivedAt });
      if (answer.type !== 'response') throw new Error(`unexpected answer ${answer.type}`);
      // An answer from before a reset brings mutations the reset already forgot.
      if (answer.epoch === this.#epoch && answer.mutations.length > 0) {
        this.#writes.push({ receivedAt, first: this.#log.length });
        this.#log.push(...answer.mutations);
      }
      if (answer.clock) this.#clock = answer.clock;
      const { body } = answer.response;
      return {
        ...answer.response,
        body: typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      };
    });
  }

  mutations(skip = 0): Mutation[] {
    return this.#log.slice(skip);
  }

  mutationCount(): number {
    return this.#log.length;
  }

  mutationCountBefore(wallMs: number): number {
    let count = this.#log.length;
    for (let i = this.#writes.length - 1; i >= 0 && this.#writes[i]!.receivedAt >= wallMs; i--)
      count = this.#writes[i]!.first;
    return count;
  }

  state(): Mutation[] {
    return filterMutations(this.#log, this.#config);
  }

  /** Back to the seed: the copy of the log at once, the instance before any request sent after this. */
  reset(): void {
    if (this.#destroyed) throw new Error(`Instance ${this.id} was destroyed`);
    this.#log = [];
    this.#writes = [];
    this.#epoch += 1;
    this.#host.post({ type: 'reset', id: this.id });
  }

  backup(): InstanceBackup {
    if (this.#destroyed) throw new Error(`Instance ${this.id} was destroyed`);
    this.#backups += 1;
    this.#host.post({ type: 'backup', id: this.id });
    return { id: `backup-${this.#backups}`, takenAt: this.#clock, mutationCount: this.#log.length };
  }

  exclusive<T>(task: () => T | Promise<T>): Promise<T> {
    return this.#queue.run(task);
  }

  destroy(): void {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#host.post({ type: 'destroy', id: this.id });
    this.#host.forget(this);
    this.#onDestroy();
  }
}
