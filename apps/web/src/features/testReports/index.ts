export { TestReportsPage } from './pages/TestReportsPage';
