export { RequireOrganization } from './components/RequireOrganization';
export { CreateOrganizationPage } from './pages/CreateOrganizationPage';
export { JoinOrganizationPage } from './pages/JoinOrganizationPage';
export { OrganizationPage } from './pages/OrganizationPage';
