export { BrowserSessionView } from './components/BrowserSessionView';
export { useBrowserSession } from './hooks/useBrowserSession';
export { ViewerPage } from './pages/ViewerPage';
export { fittedWidth } from './viewFit';
