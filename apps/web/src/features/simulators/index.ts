export { SimulatorPending, SimulatorUnavailable } from './components/SimulatorLoadStates';
export { SimulatorStatusBadge } from './components/SimulatorStatusBadge';
export { CATALOGUE_READS } from './hooks/simulatorReads';
export { useAssignableUsers } from './hooks/useAssignableUsers';
export { useSimulator } from './hooks/useSimulator';
export { useSimulators } from './hooks/useSimulators';
export { useSimulatorTestCases } from './hooks/useSimulatorTestCases';
export { NO_SIMULATOR_TEST_CASES, RescoreButton, SimulatorPage } from './pages/SimulatorPage';
export { SimulatorsPage } from './pages/SimulatorsPage';
