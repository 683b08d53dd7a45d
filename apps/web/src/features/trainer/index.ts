export { TrainerPage } from './pages/TrainerPage';
