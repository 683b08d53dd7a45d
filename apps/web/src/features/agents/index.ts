export { AgentIcon } from './components/AgentIcon';
export { useAgentArtifacts } from './hooks/useAgentArtifacts';
export { AgentResultsPage } from './pages/AgentResultsPage';
export { AgentsPage } from './pages/AgentsPage';
