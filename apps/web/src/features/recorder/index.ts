export { RecorderPage } from './pages/RecorderPage';
