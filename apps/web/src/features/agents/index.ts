export { AgentResultsPage } from './pages/AgentResultsPage';
export { AgentsPage } from './pages/AgentsPage';
