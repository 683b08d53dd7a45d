import { ENDED, Environment, type EnvironmentConnection } from './environment.js';
import type { KeepaliveJobGroup, MakeEnvironmentRequest } from './types.js';

/** What `make` sends besides the simulator: the API's fields, `source` defaulting to 'sdk'. */
export type MakeEnvironmentOptions = Omit<MakeEnvironmentRequest, 'env_id'>;

/** `proctor.environments`: start live environments, attach to running ones, list the keepalive ones. */
export class Environments {
  readonly #connection: EnvironmentConnection;

  constructor(connection: EnvironmentConnection) {
    this.#connection = connection;
  }

  /**
   * Starts an environment of the simulator (its name, as on the Simulators page) and begins sending its
   * heartbeat. It may not be ready yet: `await env.waitForReady()` before driving it.
   */
  async make(simulator: string, options: MakeEnvironmentOptions = {}): Promise<Environment> {
    const made = await this.#connection.api.call('makeEnvironment', {
      body: { source: 'sdk', ...options, env_id: simulator },
    });
    return new Environment(this.#connection, {
      id: made.id,
      sessionId: made.session_id,
      heartbeat: true,
      madeRunning: made.status === 'running',
    });
  }

  /**
   * Attaches to an environment made elsewhere (another process, the Public URLs page). Throws
   * ProctorApiError 404 for an unknown one. Heartbeats start unless it has already ended.
   */
  async get(id: string): Promise<Environment> {
    const { status } = await this.#connection.api.call('environmentStatus', { id });
    return new Environment(this.#connection, { id, sessionId: null, heartbeat: !ENDED.includes(status) });
  }

  /** The organization's running keepalive environments. */
  async keepalive(): Promise<KeepaliveJobGroup[]> {
    const { job_groups } = await this.#connection.api.call('keepaliveJobs');
    return job_groups;
  }
}
