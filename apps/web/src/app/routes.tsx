import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  useLocation,
  useSearchParams,
} from 'react-router';
import { AreaNotAvailable } from '../components/AreaNotAvailable';
import { FullPageLoader } from '../components/FullPageLoader';
import { RequireDashboardAccess } from '../components/RequireDashboardAccess';
import { AdminPage } from '../features/admin';
import { AgentResultsPage, AgentsPage } from '../features/agents';
import { DemoPage, WebEditorPage } from '../features/aiBrowser';
import { AnnotatorActivityPage, AnnotatorAdminPage, AnnotatorTestsPage } from '../features/annotatorAdmin';
import { AuthCallbackPage, LoginPage, RequireSignIn, useAuth } from '../features/auth';
import { ViewerPage } from '../features/browserSessions';
import { DataCreationPage } from '../features/dataCreation';
import { DatasetsPage } from '../features/datasets';
import { UploadHarPage } from '../features/harUpload';
import { HomePage } from '../features/home';
import { HubPage } from '../features/hub';
import { HumanRecorderPage } from '../features/humanRecorder';
import { AppsPage, IntegrationPage } from '../features/integrations';
import { LiveViewPage } from '../features/live';
import { LandingPage, PricingPage, PrivacyPage, ResearchPage, TermsPage } from '../features/marketing';
import { MutationDiffPage } from '../features/mutationDiff';
import { NetworkRequestsPage } from '../features/networkRequests';
import { JoinOrganizationPage, OrganizationPage, RequireOrganization } from '../features/organization';
import { PlaygroundPage } from '../features/playground';
import { PublicUrlsPage } from '../features/publicUrls';
import { RecorderPage } from '../features/recorder';
import { ReplaysPage } from '../features/replays';
import { RequestTemplateBuilderPage } from '../features/requestTemplates';
import { ResultsPage } from '../features/results';
import { LabellingPage, SessionPage, SessionsPage } from '../features/sessions';
import { SettingsPage } from '../features/settings';
import { SimulatorEditorPage } from '../features/simulatorEditor';
import { SimulatorPage, SimulatorsPage } from '../features/simulators';
import { SiteEndpointsPage, SitePage, SiteRequestsPage, SitesPage } from '../features/sites';
import { TestReportsPage } from '../features/testReports';
import { TestCasePage, TestsPage } from '../features/tests';
import { OfflinePage, TrainerPage } from '../features/trainer';
import { UsageOldPage, UsagePage } from '../features/usage';
import { BuilderPage, WebFlowRunsPage } from '../features/webFlows';
import { ROUTES } from '../paths';
import { OPEN_AREAS_NOT_BUILT, PROTECTED_AREAS_NOT_BUILT } from './areas';
import { DashboardLayout } from './shell/DashboardLayout';

/** Routes for signed-in users (000 §2.1): signed-out visitors get the landing page at / and /login elsewhere. */
function ProtectedShell() {
  const auth = useAuth();
  const { pathname } = useLocation();
  if (auth.status === 'anonymous' && pathname === ROUTES.home) return <LandingPage />;
  return (
    <RequireSignIn>
      <RequireOrganization>
        <DashboardLayout />
      </RequireOrganization>
    </RequireSignIn>
  );
}

/**
 * /viewer: inside the dashboard's frame, or alone with hideNav (the builder embeds it in an iframe); signed in
 * with an organization either way.
 */
function ViewerShell() {
  const [params] = useSearchParams();
  const hideNav = params.has('hideNav') && params.get('hideNav') !== 'false';
  if (!hideNav) return <ProtectedShell />;
  return (
    <RequireSignIn>
      <RequireOrganization>
        <Outlet />
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
      { index: true, element: <HomePage annotatorHome={<HumanRecorderPage />} /> },
      { path: ROUTES.organization, element: <OrganizationPage /> },
      { path: ROUTES.settings, element: <SettingsPage /> },
      // Usage is for every member (002 §2.2); stopping a running session is for platform admins.
      { path: ROUTES.usage, element: <UsagePage /> },
      { path: ROUTES.usageOld, element: <UsageOldPage /> },
      { path: ROUTES.publicUrls, element: <PublicUrlsPage /> },
      { path: ROUTES.uploadHar, element: <UploadHarPage /> },
      { path: ROUTES.liveView, element: <LiveViewPage /> },
      // Sessions are for every member (000 §2.2); the server decides which ones each may see.
      { path: ROUTES.sessions, element: <SessionsPage /> },
      // The human recorder dashboard (000 §2.7); the server refuses organizations that are not annotators'.
      { path: ROUTES.humanRecording2, element: <HumanRecorderPage /> },
      { path: ROUTES.session, element: <SessionPage /> },
      { path: ROUTES.networkRequests, element: <NetworkRequestsPage /> },
      // Sites (002 §2.6) are every member's to read; the pages offer changes to those the server lets make them.
      { path: ROUTES.sites, element: <SitesPage /> },
      { path: ROUTES.site, element: <SitePage /> },
      { path: ROUTES.siteEndpoints, element: <SiteEndpointsPage /> },
      { path: ROUTES.siteRequests, element: <SiteRequestsPage /> },
      // Integrations (002 §2.7): every member reads them; installing, connecting and calling are offered to editors.
      { path: ROUTES.apps, element: <AppsPage /> },
      { path: ROUTES.integration, element: <IntegrationPage /> },
      { path: ROUTES.requestTemplateBuilder, element: <RequestTemplateBuilderPage /> },
      // Web flows (002 §2.8–2.9): every member reads them; the builder tells those who may not build why.
      { path: ROUTES.builder, element: <BuilderPage /> },
      { path: ROUTES.webFlowRuns, element: <WebFlowRunsPage /> },
      // The AI browser and the demo (002 §2.9–2.10): those who may not open browser sessions are told why; the demo
      // replays a recorded run to members without beta access.
      { path: ROUTES.webEditor, element: <WebEditorPage /> },
      { path: ROUTES.demo, element: <DemoPage /> },
      // The trainer (002 §2.11): the page tells those who may not open browser sessions why.
      { path: ROUTES.trainer, element: <TrainerPage /> },
      { path: ROUTES.offline, element: <OfflinePage /> },
      // The Needs Labelling tab's Annotate (000 §2.7): the server decides which sample test cases each may label.
      { path: ROUTES.labelling, element: <LabellingPage /> },
      // Agents are for members of organizations that run them; the pages tell annotators they are not theirs.
      { path: ROUTES.agents, element: <AgentsPage /> },
      { path: ROUTES.agent, element: <AgentResultsPage /> },
      {
        path: ROUTES.tests,
        element: (
          <RequireDashboardAccess title="Tests">
            <TestsPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: ROUTES.testCase,
        element: (
          <RequireDashboardAccess title="Test case">
            <TestCasePage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: ROUTES.datasets,
        element: (
          <RequireDashboardAccess title="Datasets">
            <DatasetsPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: ROUTES.simulators,
        element: (
          <RequireDashboardAccess title="Simulators">
            <SimulatorsPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: ROUTES.simulator,
        element: (
          <RequireDashboardAccess title="Simulator">
            <SimulatorPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: ROUTES.simulatorEditor,
        element: (
          <RequireDashboardAccess title="Simulator editor">
            <SimulatorEditorPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: ROUTES.results,
        element: (
          <RequireDashboardAccess title="Results">
            <ResultsPage />
          </RequireDashboardAccess>
        ),
      },
      // The sidebar offers Replays to platform admins (001 §2.10); the server lets members with dashboard access
      // read their own organization's groups too, so the address works for them as well.
      {
        path: ROUTES.replays,
        element: (
          <RequireDashboardAccess title="Replays">
            <ReplaysPage />
          </RequireDashboardAccess>
        ),
      },
      {
        path: ROUTES.mutationDiff,
        element: (
          <RequireDashboardAccess title="Mutation diff">
            <MutationDiffPage />
          </RequireDashboardAccess>
        ),
      },
      // Platform admins only; the page says so to anyone else and the server refuses their calls.
      { path: ROUTES.admin, element: <AdminPage /> },
      // The simulator hub (002 §2.5): platform admins; the page says so to anyone else.
      { path: ROUTES.hub, element: <HubPage /> },
      // Reports over test runs (002 §7.10): platform admins; the page says so to anyone else.
      { path: ROUTES.test, element: <TestReportsPage /> },
      // Annotator organizations' screens (000 §2.9, §2.10); each page tells anyone else it is not theirs.
      { path: ROUTES.dataCreation, element: <DataCreationPage /> },
      { path: ROUTES.annotatorAdmin, element: <AnnotatorAdminPage /> },
      { path: ROUTES.annotatorActivity, element: <AnnotatorActivityPage /> },
      { path: ROUTES.annotatorTests, element: <AnnotatorTestsPage /> },
      ...notBuilt(PROTECTED_AREAS_NOT_BUILT),
    ],
  },
  // A browser session's live view (002 §2.8): the server decides who may open one.
  { element: <ViewerShell />, children: [{ path: ROUTES.viewer, element: <ViewerPage /> }] },
  {
    element: <OpenShell />,
    children: [
      { path: ROUTES.recorder, element: <RecorderPage /> },
      { path: ROUTES.recorderTestCase, element: <RecorderPage /> },
      { path: ROUTES.playground, element: <PlaygroundPage /> },
      ...notBuilt(OPEN_AREAS_NOT_BUILT),
    ],
  },
  { path: ROUTES.landing, element: <LandingPage /> },
  { path: ROUTES.landingV2, element: <LandingPage /> },
  { path: ROUTES.oldLanding, element: <LandingPage /> },
  { path: ROUTES.pricing, element: <PricingPage /> },
  { path: ROUTES.privacy, element: <PrivacyPage /> },
  { path: ROUTES.research, element: <ResearchPage /> },
  { path: ROUTES.terms, element: <TermsPage /> },
  { path: ROUTES.login, element: <LoginPage /> },
  { path: ROUTES.loginInvite, element: <LoginPage /> },
  { path: ROUTES.authCallback, element: <AuthCallbackPage /> },
  { path: ROUTES.joinOrganization, element: <JoinOrganizationPage /> },
  { path: '*', element: <Navigate to={ROUTES.home} replace /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
