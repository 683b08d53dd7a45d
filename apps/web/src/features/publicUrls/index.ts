export { PublicUrlsPage } from './pages/PublicUrlsPage';
