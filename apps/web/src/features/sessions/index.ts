export { HumanConsensusBadge } from './components/HumanConsensusBadge';
export { ScoringBadge } from './components/ScoringBadge';
export { SessionStatusBadge } from './components/SessionStatusBadge';
export { TestCaseSessions } from './components/TestCaseSessions';
export { SESSION_READS } from './hooks/sessionReads';
export { HUMAN_CONSENSUS_COLORS } from './humanConsensus';
export { SessionPage } from './pages/SessionPage';
export { SessionsPage } from './pages/SessionsPage';
export { formatSessionDate, formatSessionDuration } from './sessionFormat';
