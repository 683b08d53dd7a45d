export { ViewAsBanner } from './components/ViewAsBanner';
export { AdminPage } from './pages/AdminPage';
