export { UploadHarPage } from './pages/UploadHarPage';
