export { DataCreationPage } from './pages/DataCreationPage';
