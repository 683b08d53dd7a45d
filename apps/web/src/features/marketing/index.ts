export { LandingPage } from './pages/LandingPage';
export { PricingPage } from './pages/PricingPage';
export { PrivacyPage } from './pages/PrivacyPage';
export { ResearchPage } from './pages/ResearchPage';
export { TermsPage } from './pages/TermsPage';
