export { ScoringBadge } from './components/ScoringBadge';
export { TestCaseSessions } from './components/TestCaseSessions';
export { SESSIONS_QUERY_KEY } from './hooks/sessionKeys';
export { HUMAN_CONSENSUS_COLORS } from './humanConsensus';
export { SessionPage } from './pages/SessionPage';
export { SessionsPage } from './pages/SessionsPage';
export { formatSessionDate } from './sessionFormat';
