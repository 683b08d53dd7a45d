export { AssignToAnnotatorsDialog, mayAssignToAnnotators } from './components/AssignToAnnotatorsDialog';
