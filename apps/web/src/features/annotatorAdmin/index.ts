export {
  ANNOTATOR_ORGANIZATIONS_ONLY,
  AnnotatorOnly,
  RequireAnnotatorOrganization,
} from './components/RequireAnnotatorAdmin';
export { AnnotatorActivityPage } from './pages/AnnotatorActivityPage';
export { AnnotatorAdminPage } from './pages/AnnotatorAdminPage';
export { AnnotatorTestsPage } from './pages/AnnotatorTestsPage';
