import type { Mutation } from '@proctor/simulators';
import { notFound } from '../kernel/http/errors';
import type { LiveEnvironment, SimulatorRow } from './live';

/** A keepalive environment: always one of a simulator (a browser session is never kept alive). */
export type KeepaliveEnvironment = LiveEnvironment & { simulator: SimulatorRow };

const ENVIRONMENT_NOT_FOUND = 'Environment not found';

/**
 * The environments running in this process, by public id. The database keeps what survives a crash; this keeps
 * what is running. An environment leaves it once, when it starts to end (ending.ts).
 */
export class EnvironmentRegistry {
  readonly #live = new Map<string, LiveEnvironment>();

  get size(): number {
    return this.#live.size;
  }

  values(): IterableIterator<LiveEnvironment> {
    return this.#live.values();
  }

  add(environment: LiveEnvironment): void {
    this.#live.set(environment.publicId, environment);
  }

  /** Takes the environment out; false when it was not (or no longer) the one running under its id. */
  remove(environment: LiveEnvironment): boolean {
    if (!this.holds(environment)) return false;
    this.#live.delete(environment.publicId);
    return true;
  }

  /** Still running: not ended, nor replaced under its id. */
  holds(environment: LiveEnvironment): boolean {
    return this.#live.get(environment.publicId) === environment;
  }

  /** For a capability token that already names the environment (CDP, live view). */
  byId(publicId: string): LiveEnvironment | undefined {
    return this.#live.get(publicId);
  }

  isRunning(publicId: string): boolean {
    return this.#live.has(publicId);
  }

  /** The running environment of this organization with this id; 404 for anyone else's or an unknown one. */
  running(publicId: string, organizationId: number): LiveEnvironment {
    const environment = this.#live.get(publicId);
    if (!environment || environment.owner.organizationId !== organizationId)
      throw notFound(ENVIRONMENT_NOT_FOUND);
    return environment;
  }

  /** The organization's running keepalive environments, newest first. */
  keepalive(organizationId: number): KeepaliveEnvironment[] {
    return [...this.#live.values()]
      .filter(
        (environment): environment is KeepaliveEnvironment =>
          environment.keepalive &&
          environment.simulator !== null &&
          environment.owner.organizationId === organizationId,
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** The mutations of a session running here now (fresher than what its recording wrote so far). */
  liveMutationsOf(sessionId: number): Mutation[] | undefined {
    for (const environment of this.#live.values()) {
      if (environment.session.id !== sessionId) continue;
      return environment.instance.destroyed ? undefined : environment.instance.mutations();
    }
    return undefined;
  }
}
