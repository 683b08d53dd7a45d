export { HubPage } from './pages/HubPage';
