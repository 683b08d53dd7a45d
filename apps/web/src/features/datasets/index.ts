export { DatasetsPage } from './pages/DatasetsPage';
