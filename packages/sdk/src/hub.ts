import type { ApiClient } from './http.js';
import type { HubGitInfo, HubRepository, HubSimulatorsResponse } from './types.js';

/** The simulator hub: each simulator's source in a git repository that Proctor serves over HTTP. */
export class Hub {
  readonly #api: ApiClient;
  readonly #baseUrl: string;

  constructor(options: { api: ApiClient; baseUrl: string }) {
    this.#api = options.api;
    this.#baseUrl = options.baseUrl;
  }

  /** Git's user name and password for the hub (HTTP Basic): the caller's own, revocable. */
  gitCredentials(): Promise<HubGitInfo> {
    return this.#api.call('hubMyInfo');
  }

  /** The simulators the plan allows, each with whether the organization has its repository. */
  simulators(): Promise<HubSimulatorsResponse> {
    return this.#api.call('hubSimulators');
  }

  /** The organization's repository of a simulator; `ProctorApiError` 404 when it has none (or no such simulator). */
  repository(simulator: string): Promise<HubRepository> {
    return this.#api.call('hubSimulatorRepository', { id: simulator });
  }

  /**
   * The repository's git address at the address this client uses. The server's `clone_url` is built from its
   * PUBLIC_URL, which may name another host than the one reachable from here (a tunnel, a container).
   */
  gitUrl(repository: Pick<HubRepository, 'owner' | 'name'>): string {
    return `${this.#baseUrl}/git/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.name)}.git`;
  }
}
