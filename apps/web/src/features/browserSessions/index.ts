export { canOpenBrowserSessions } from './browserSessionAccess';
export { BrowserSessionView } from './components/BrowserSessionView';
export { RemoteBrowser } from './components/RemoteBrowser';
export { useBrowserSession } from './hooks/useBrowserSession';
export { useHeldBrowserSession } from './hooks/useHeldBrowserSession';
export { ViewerPage } from './pages/ViewerPage';
export { fittedWidth } from './viewFit';
