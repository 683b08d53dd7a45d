import type {
  BackupEnvironmentResponse,
  CdpUrlResponse,
  CloseEnvironmentResponse,
  EnvironmentStateResponse,
  EnvironmentStatusResponse,
  EvaluateEnvironmentRequest,
  EvaluateEnvironmentResponse,
  HeartbeatResponse,
  HubGitInfo,
  HubRepository,
  HubSimulatorsResponse,
  KeepaliveJobsResponse,
  MakeEnvironmentRequest,
  MakeEnvironmentResponse,
  ResetEnvironmentRequest,
  ResetEnvironmentResponse,
  WorkerReadyResponse,
} from './types.js';

/**
 * Every call the SDK makes, named as in the server's contract (`endpoints` in packages/contracts), which
 * test/contract.test.ts compares with these: same method, same path.
 */
export const ROUTES = {
  makeEnvironment: { method: 'POST', path: '/api/env/make2' },
  environmentStatus: { method: 'GET', path: '/api/env/:id/status' },
  environmentWorkerReady: { method: 'GET', path: '/api/env/:id/worker_ready' },
  environmentState: { method: 'GET', path: '/api/env/:id/state' },
  resetEnvironment: { method: 'POST', path: '/api/env/:id/reset' },
  evaluateEnvironment: { method: 'POST', path: '/api/env/:id/evaluate' },
  backupEnvironment: { method: 'POST', path: '/api/env/:id/backup' },
  closeEnvironment: { method: 'POST', path: '/api/env/:id/close' },
  environmentHeartbeat: { method: 'POST', path: '/api/env/:id/heartbeat' },
  environmentCdpUrl: { method: 'GET', path: '/api/env/:id/cdp_url' },
  keepaliveJobs: { method: 'GET', path: '/api/jobs/keepalive' },
  hubMyInfo: { method: 'GET', path: '/api/gitea/my-info' },
  hubSimulators: { method: 'GET', path: '/api/gitea/simulators' },
  hubSimulatorRepository: { method: 'GET', path: '/api/gitea/simulators/:name/repo' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string }>;

export type RouteName = keyof typeof ROUTES;

/** What each call sends (`undefined`: no body) and what it answers. */
export interface RouteTypes {
  makeEnvironment: { body: MakeEnvironmentRequest; response: MakeEnvironmentResponse };
  environmentStatus: { body: undefined; response: EnvironmentStatusResponse };
  environmentWorkerReady: { body: undefined; response: WorkerReadyResponse };
  environmentState: { body: undefined; response: EnvironmentStateResponse };
  resetEnvironment: { body: ResetEnvironmentRequest; response: ResetEnvironmentResponse };
  evaluateEnvironment: { body: EvaluateEnvironmentRequest; response: EvaluateEnvironmentResponse };
  backupEnvironment: { body: undefined; response: BackupEnvironmentResponse };
  closeEnvironment: { body: undefined; response: CloseEnvironmentResponse };
  environmentHeartbeat: { body: undefined; response: HeartbeatResponse };
  environmentCdpUrl: { body: undefined; response: CdpUrlResponse };
  keepaliveJobs: { body: undefined; response: KeepaliveJobsResponse };
  hubMyInfo: { body: undefined; response: HubGitInfo };
  hubSimulators: { body: undefined; response: HubSimulatorsResponse };
  hubSimulatorRepository: { body: undefined; response: HubRepository };
}

/** The route's path with its one parameter (`:id` of an environment, `:name` of a simulator) filled in. */
export function pathOf(name: RouteName, id?: string): string {
  const { path } = ROUTES[name];
  const parameter = /:\w+/.exec(path)?.[0];
  if (parameter === undefined) return path;
  if (id === undefined) throw new Error(`${path} needs its ${parameter}`);
  return path.replace(parameter, encodeURIComponent(id));
}
