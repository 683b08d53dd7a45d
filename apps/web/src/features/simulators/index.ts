export { SimulatorStatusBadge } from './components/SimulatorStatusBadge';
export { CATALOGUE_READS } from './hooks/simulatorReads';
export { useSimulators } from './hooks/useSimulators';
export { SimulatorPage } from './pages/SimulatorPage';
export { SimulatorsPage } from './pages/SimulatorsPage';
