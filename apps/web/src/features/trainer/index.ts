export { StartTestSessionDialog } from './components/StartTestSessionDialog';
export { OfflinePage, TrainerPage } from './pages/TrainerPage';
export { TASK_SESSION_PAGES, type TaskSessionKind } from './taskSessionKinds';
