export { SimulatorEditorPage } from './pages/SimulatorEditorPage';
