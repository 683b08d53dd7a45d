export { ReplaysPage } from './pages/ReplaysPage';
