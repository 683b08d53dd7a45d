export { SimulatorBenchmarks } from './components/SimulatorBenchmarks';
export { ResultsPage } from './pages/ResultsPage';
