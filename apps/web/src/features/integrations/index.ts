export { AppsPage } from './pages/AppsPage';
export { IntegrationPage } from './pages/IntegrationPage';
