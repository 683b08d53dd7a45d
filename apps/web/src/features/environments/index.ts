export { BackupDialog } from './components/BackupDialog';
export { EnvironmentStateDialog, type EnvironmentStateView } from './components/EnvironmentStateDialog';
export { LiveViewArea, SELECT_ENVIRONMENT } from './components/LiveViewArea';
export { TaskDetails } from './components/TaskDetails';
export { FREE_PLAY, TestCasePicker } from './components/TestCasePicker';
export { useBackupEnvironment } from './hooks/useBackupEnvironment';
export { useCloseEnvironment } from './hooks/useCloseEnvironment';
export {
  type ActiveEnvironment,
  ENVIRONMENT_ACTION_ERRORS,
  ENVIRONMENT_OVERLAYS,
  type EnvironmentFailure,
  type EnvironmentPhase,
  useEnvironmentController,
} from './hooks/useEnvironmentController';
export { useEnvironmentSimulators } from './hooks/useEnvironmentSimulators';
export { useEnvironmentState } from './hooks/useEnvironmentState';
export { useKeepaliveJobs } from './hooks/useKeepaliveJobs';
export { useMakeEnvironment } from './hooks/useMakeEnvironment';
export { useResetEnvironment } from './hooks/useResetEnvironment';
export { type OutputValue, parseOutputValue, scoresOutput } from './outputValue';
export { EnvironmentStartError } from './readiness';
export { socketUrlOfLiveView } from './socketUrlOfLiveView';
