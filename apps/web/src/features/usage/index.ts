export { UsageOldPage } from './pages/UsageOldPage';
export { UsagePage } from './pages/UsagePage';
