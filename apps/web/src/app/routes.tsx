import { createBrowserRouter, Navigate, type RouteObject, useLocation } from 'react-router';
import { AreaNotAvailable } from '../components/AreaNotAvailable';
import { FullPageLoader } from '../components/FullPageLoader';
import { RequireDashboardAccess } from '../components/RequireDashboardAccess';
import { AgentResultsPage, AgentsPage } from '../features/agents';
import { AuthCallbackPage, LoginPage, RequireSignIn, useAuth } from '../features/auth';
import { DatasetsPage } from '../features/datasets';
import { HomePage } from '../features/home';
import { LiveViewPage } from '../features/live';
import { LandingPage, PricingPage, PrivacyPage, ResearchPage, TermsPage } from '../features/marketing';
import { MutationDiffPage } from '../features/mutationDiff';
import { NetworkRequestsPage } from '../features/networkRequests';
import { JoinOrganizationPage, OrganizationPage, RequireOrganization } from '../features/organization';
import { PlaygroundPage } from '../features/playground';
import { PublicUrlsPage } from '../features/publicUrls';
import { RecorderPage } from '../features/recorder';
import { ReplaysPage } from '../features/replays';
import { ResultsPage } from '../features/results';
import { SessionPage, SessionsPage } from '../features/sessions';
import { SettingsPage } from '../features/settings';
import { SimulatorPage, SimulatorsPage } from '../features/simulators';
import { TestCasePage, TestsPage } from '../features/tests';
import { OPEN_AREAS_NOT_BUILT, PROTECTED_AREAS_NOT_BUILT } from './areas';
import { DashboardLayout } from './shell/DashboardLayout';

/** Routes for signed-in users (000 §2.1): signed-out visitors get the landing page at / and /login elsewhere. */
function ProtectedShell() {
  const auth = useAuth();
  const { pathname } = useLocation();
  if (auth.status === 'anonymous' && pathname === '/') return <LandingPage />;
  return (
    <RequireSignIn>
      <RequireOrganization>
        <DashboardLayout />
      </RequireOrganization>
    </RequireSignIn>
  );
}

/** Always-available routes inside the dashboard frame; their pages decide what a visitor may do. */
function OpenShell() {
  const auth = useAuth();
  if (auth.status === 'loading') return <FullPageLoader />;
  return (
    <RequireOrganization>
      <DashboardLayout />
    </RequireOrganization>
  );
}

const notBuilt = (areas: ReadonlyArray<{ path: string; title: string }>): RouteObject[] =>
  areas.map(({ path, title }) => ({ path, element: <AreaNotAvailable title={title} /> }));

export const routes: RouteObject[] = [
  {
    element: <ProtectedShell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '/organization', element: <OrganizationPage /> },
      { path: '/settings', element: <SettingsPage /> },
      { path: '/public-urls', element: <PublicUrlsPage /> },
      { path: '/live/:envId', element: <LiveViewPage /> },
      // Sessions are for every member (000 §2.2); the server decides which ones each may see.
      { path: '/sessions', element: <SessionsPage /> },
      { path: '/sessions/:sessionId', element: <SessionPage /> },
      { path: '/network-requests', element: <NetworkRequestsPage /> },
      // Agents are for members of organizations that run them; the pages tell annotators they are not theirs.
      { path: '/agents', element: <AgentsPage /> },
      { path: '/agents/:agentVersion', element: <AgentResultsPage /> },
      {
        path: '/tests',
        element: (
          <RequireDashboardAccess title="Tests">
            <TestsPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: '/tests/:testCasePublicId',
        element: (
          <RequireDashboardAccess title="Test case">
            <TestCasePage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: '/datasets',
        element: (
          <RequireDashboardAccess title="Datasets">
            <DatasetsPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: '/simulators',
        element: (
          <RequireDashboardAccess title="Simulators">
            <SimulatorsPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: '/simulators/:simulatorName',
        element: (
          <RequireDashboardAccess title="Simulator">
            <SimulatorPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: '/results',
        element: (
          <RequireDashboardAccess title="Results">
            <ResultsPage />
          </RequireDashboardAccess>
        ),
      },
      // The sidebar offers Replays to platform admins (001 §2.10); the server lets members with dashboard access
      // read their own organization's groups too, so the address works for them as well.
      {
        path: '/replays',
        element: (
          <RequireDashboardAccess title="Replays">
            <ReplaysPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: '/mutation-diff',
        element: (
          <RequireDashboardAccess title="Mutation diff">
            <MutationDiffPage />
          </RequireDashboardAccess>
        ),
      },
      ...notBuilt(PROTECTED_AREAS_NOT_BUILT),
    ],
  },
  {
    element: <OpenShell />,
    children: [
      { path: '/recorder', element: <RecorderPage /> },
      { path: '/recorder/:testCaseId', element: <RecorderPage /> },
      { path: '/playground', element: <PlaygroundPage /> },
      ...notBuilt(OPEN_AREAS_NOT_BUILT),
    ],
  },
  { path: '/landing', element: <LandingPage /> },
  { path: '/landingv2', element: <LandingPage /> },
  { path: '/old-landing', element: <LandingPage /> },
  { path: '/pricing', element: <PricingPage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/research', element: <ResearchPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/login/invite/:orgPublicId', element: <LoginPage /> },
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/join-organization', element: <JoinOrganizationPage /> },
  { path: '*', element: <Navigate to="/" replace /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
