export { OfflinePage, TrainerPage } from './pages/TrainerPage';
