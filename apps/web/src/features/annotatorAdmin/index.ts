export { RequireAnnotatorOrganization } from './components/RequireAnnotatorOrganization';
export { AnnotatorActivityPage } from './pages/AnnotatorActivityPage';
export { AnnotatorAdminPage } from './pages/AnnotatorAdminPage';
export { AnnotatorTestsPage } from './pages/AnnotatorTestsPage';
