export { AssignForDataCreationDialog } from './components/AssignForDataCreationDialog';
export { AssignToAnnotatorsDialog, mayAssignToAnnotators } from './components/AssignToAnnotatorsDialog';
