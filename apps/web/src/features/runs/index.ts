export { RunBenchmarkDialog } from './components/RunBenchmarkDialog';
export { RunDialog, type RunTarget } from './components/RunDialog';
export { mayBenchmark, mayRunAgents } from './runAccess';
