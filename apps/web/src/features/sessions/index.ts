export { TestCaseSessions } from './components/TestCaseSessions';
export { SESSIONS_QUERY_KEY } from './hooks/sessionKeys';
export { SessionPage } from './pages/SessionPage';
export { SessionsPage } from './pages/SessionsPage';
