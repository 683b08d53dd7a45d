export { LiveViewCanvas } from './components/LiveViewCanvas';
export { LiveViewPage } from './pages/LiveViewPage';
