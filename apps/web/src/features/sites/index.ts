export { SiteRequestDetail } from './components/SiteRequestDetail';
export { useSiteOriginUrls, useSites } from './hooks/useSites';
export { SiteEndpointsPage } from './pages/SiteEndpointsPage';
export { SitePage } from './pages/SitePage';
export { SiteRequestsPage } from './pages/SiteRequestsPage';
export { SitesPage } from './pages/SitesPage';
