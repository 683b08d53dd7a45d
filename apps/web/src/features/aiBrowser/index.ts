export { DemoPage } from './pages/DemoPage';
export { WebEditorPage } from './pages/WebEditorPage';
