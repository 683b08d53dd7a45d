export { type BuildLog, BuildLogDialog, type BuildLogReading } from './components/BuildLogDialog';
export { BuildStatusBadge } from './components/BuildStatusBadge';
export { BUILD_POLL_MS } from './hubBuilds';
export { HubPage } from './pages/HubPage';
