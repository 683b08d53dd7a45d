export { SimulatorStatusBadge } from './components/SimulatorStatusBadge';
export { simulatorPath } from './components/SimulatorsTable';
export { SIMULATORS_QUERY_KEY, useSimulators } from './hooks/useSimulators';
export { SimulatorPage } from './pages/SimulatorPage';
export { SimulatorsPage } from './pages/SimulatorsPage';
