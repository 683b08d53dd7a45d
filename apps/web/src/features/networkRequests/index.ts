export { NetworkRequestsPage } from './pages/NetworkRequestsPage';
