export { BuilderPage } from './pages/BuilderPage';
export { WebFlowRunsPage } from './pages/WebFlowRunsPage';
