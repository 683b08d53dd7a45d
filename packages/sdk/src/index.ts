export type { Clock } from './clock.js';
export { systemClock } from './clock.js';
export { ENVIRONMENT_TIMING } from './constants.js';
export type { HeartbeatErrorHandler, ResetTarget, WaitForReadyOptions } from './environment.js';
export { Environment } from './environment.js';
export type { MakeEnvironmentOptions } from './environments.js';
export { Environments } from './environments.js';
export type { EnvironmentStartFailure } from './errors.js';
export { EnvironmentStartError, ProctorApiError, ProctorConnectionError, ProctorError } from './errors.js';
export { Hub } from './hub.js';
export type { ProctorOptions } from './proctor.js';
export { Proctor } from './proctor.js';
export type {
  BackupEnvironmentResponse,
  CdpUrlResponse,
  CloseEnvironmentResponse,
  EnvironmentStateResponse,
  EnvironmentStatus,
  EnvironmentStatusResponse,
  EvaluateEnvironmentRequest,
  EvaluateEnvironmentResponse,
  HeartbeatResponse,
  HubGitInfo,
  HubRepository,
  HubSimulator,
  HubSimulatorsResponse,
  JsonValue,
  KeepaliveJobGroup,
  KeepaliveJobsResponse,
  MakeEnvironmentRequest,
  MakeEnvironmentResponse,
  ResetEnvironmentRequest,
  ResetEnvironmentResponse,
  StateMutation,
  WorkerReadyResponse,
} from './types.js';
