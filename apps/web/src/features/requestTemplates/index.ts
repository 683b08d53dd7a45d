export { RequestTemplateBuilderPage } from './pages/RequestTemplateBuilderPage';
