export { MutationDiffPage } from './pages/MutationDiffPage';
