import type { HUMAN_SCORE_FILTERS } from '@proctor/contracts';

/**
 * Every route of the dashboard (000 §2.1, 002 §2.1) as the router's patterns; the router and the list of areas
 * not built yet take their paths from here, and `paths` builds an address for each.
 */
export const ROUTES = {
  home: '/',
  organization: '/organization',
  settings: '/settings',
  publicUrls: '/public-urls',
  liveView: '/live/:envId',
  sessions: '/sessions',
  session: '/sessions/:sessionId',
  networkRequests: '/network-requests',
  agents: '/agents',
  agent: '/agents/:agentVersion',
  tests: '/tests',
  testCase: '/tests/:testCasePublicId',
  datasets: '/datasets',
  simulators: '/simulators',
  simulator: '/simulators/:simulatorName',
  simulatorEditor: '/simulators/:simulatorName/editor',
  results: '/results',
  replays: '/replays',
  mutationDiff: '/mutation-diff',
  recorder: '/recorder',
  recorderTestCase: '/recorder/:testCaseId',
  playground: '/playground',
  landing: '/landing',
  landingV2: '/landingv2',
  oldLanding: '/old-landing',
  pricing: '/pricing',
  privacy: '/privacy',
  research: '/research',
  terms: '/terms',
  login: '/login',
  loginInvite: '/login/invite/:orgPublicId',
  authCallback: '/auth/callback',
  joinOrganization: '/join-organization',
  usageOld: '/usage-old',
  usage: '/usage',
  webFlowRuns: '/web-flow-runs',
  siteRequests: '/site-requests',
  sites: '/sites',
  site: '/sites/:siteId',
  siteEndpoints: '/site-endpoints',
  test: '/test',
  apps: '/apps',
  integration: '/integrations/:integrationId',
  admin: '/admin',
  hub: '/hub',
  dataCreation: '/data-creation',
  annotatorTests: '/annotator-tests',
  annotatorAdmin: '/annotator-admin',
  annotatorActivity: '/annotator-admin/user/:userPublicId',
  builder: '/builder',
  viewer: '/viewer',
  trainer: '/trainer',
  offline: '/offline',
  humanRecording2: '/human-recording-2',
  demo: '/demo',
  webEditor: '/web-editor',
  requestTemplateBuilder: '/request-template-builder',
  uploadHar: '/upload-har',
  labelling: '/needs-labelling/label/:publicId',
} as const;

export type RouteName = keyof typeof ROUTES;

/** The `:name` segments of a route pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Fills a pattern's segments, each encoded, so an id or a name with a slash still names one page. */
function fill<P extends string>(pattern: P, params: Record<ParamNames<P>, string | number>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );
}

/** A path with a query; absent values are left out. */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Addresses of the dashboard's pages: one entry per route (the type below checks none is missing). */
export const paths = {
  home: ROUTES.home,
  organization: ROUTES.organization,
  settings: ROUTES.settings,
  publicUrls: ROUTES.publicUrls,
  liveView: (envId: string) => fill(ROUTES.liveView, { envId }),
  sessions: ROUTES.sessions,
  session: (sessionId: string) => fill(ROUTES.session, { sessionId }),
  /** The sessions of one run group, with its progress (001 §2.3: after a run, /sessions?run_session_batch_id=…). */
  runGroup: (batchId: string) => withQuery(ROUTES.sessions, { run_session_batch_id: batchId }),
  /** The sessions list of one agent, optionally only those needing human scoring or with a disagreement. */
  agentSessions: (agentId: number, humanScoreFilter?: (typeof HUMAN_SCORE_FILTERS)[number]) =>
    withQuery(ROUTES.sessions, { agent_artifact_ids: String(agentId), human_score_filter: humanScoreFilter }),
  networkRequests: (sessionId?: string) => withQuery(ROUTES.networkRequests, { sessionId }),
  agents: ROUTES.agents,
  agent: (alias: string) => fill(ROUTES.agent, { agentVersion: alias }),
  tests: ROUTES.tests,
  /** A test case's page, optionally opened on one section (its `section` query). */
  testCase: (publicId: string, section?: string) =>
    withQuery(fill(ROUTES.testCase, { testCasePublicId: publicId }), { section }),
  datasets: ROUTES.datasets,
  simulators: ROUTES.simulators,
  simulator: (name: string) => fill(ROUTES.simulator, { simulatorName: name }),
  simulatorEditor: (name: string) => fill(ROUTES.simulatorEditor, { simulatorName: name }),
  results: ROUTES.results,
  replays: ROUTES.replays,
  /** The mutation diff viewer of a test case's correct sessions (001 §2.11). */
  mutationDiff: (testCasePublicId: string) =>
    withQuery(ROUTES.mutationDiff, { testcaseId: testCasePublicId }),
  recorder: ROUTES.recorder,
  recorderTestCase: (testCaseId: string) => fill(ROUTES.recorderTestCase, { testCaseId }),
  /** The playground on a simulator, optionally with a test case loaded (000 §2.8 query app, testcaseId). */
  playground: (app?: string, testCasePublicId?: string) =>
    withQuery(ROUTES.playground, { app, testcaseId: testCasePublicId }),
  landing: ROUTES.landing,
  landingV2: ROUTES.landingV2,
  oldLanding: ROUTES.oldLanding,
  pricing: ROUTES.pricing,
  privacy: ROUTES.privacy,
  research: ROUTES.research,
  terms: ROUTES.terms,
  /** The sign-in page; `returnTo` is where to go once signed in (left out for the home page). */
  login: (returnTo?: string) =>
    withQuery(ROUTES.login, { returnTo: returnTo === '/' ? undefined : returnTo }),
  loginInvite: (orgPublicId: string) => fill(ROUTES.loginInvite, { orgPublicId }),
  authCallback: ROUTES.authCallback,
  /** Joining with an invite (`invite`), or the Invite Expired dialog (000 §4.2). */
  joinOrganization: (join: { invite: string } | { inviteExpired: true }) =>
    withQuery(
      ROUTES.joinOrganization,
      'invite' in join ? { invite: join.invite } : { invite_expired: 'true' },
    ),
  usageOld: ROUTES.usageOld,
  usage: ROUTES.usage,
  webFlowRuns: ROUTES.webFlowRuns,
  siteRequests: ROUTES.siteRequests,
  sites: ROUTES.sites,
  /** A site's page: its endpoints and models (002 §2.6). */
  site: (siteId: number | string) => fill(ROUTES.site, { siteId }),
  siteEndpoints: ROUTES.siteEndpoints,
  test: ROUTES.test,
  apps: ROUTES.apps,
  /** An integration's page: its API authentication and endpoints (002 §2.7). */
  integration: (integrationId: number) => fill(ROUTES.integration, { integrationId }),
  admin: ROUTES.admin,
  hub: ROUTES.hub,
  dataCreation: ROUTES.dataCreation,
  annotatorTests: ROUTES.annotatorTests,
  annotatorAdmin: ROUTES.annotatorAdmin,
  annotatorActivity: (userPublicId: string) => fill(ROUTES.annotatorActivity, { userPublicId }),
  builder: ROUTES.builder,
  viewer: ROUTES.viewer,
  /** The trainer on a test session (002 §2.11); without one it opens Start Test Session. */
  trainer: (browserSessionId?: string) => withQuery(ROUTES.trainer, { browserSessionId }),
  /** An offline session (002 §2.11); without one the page opens Start Offline Session. */
  offline: (browserSessionId?: string) => withQuery(ROUTES.offline, { browserSessionId }),
  humanRecording2: ROUTES.humanRecording2,
  demo: ROUTES.demo,
  webEditor: ROUTES.webEditor,
  requestTemplateBuilder: ROUTES.requestTemplateBuilder,
  uploadHar: ROUTES.uploadHar,
  /** Labelling a sample test case's sessions; `assignmentId` is the organization's assignment (000 §2.7 Annotate). */
  labelling: (publicId: string, assignmentId?: number) =>
    withQuery(fill(ROUTES.labelling, { publicId }), { assignmentId: assignmentId?.toString() }),
} as const satisfies Record<RouteName, string | ((...args: never[]) => string)> &
  Record<string, string | ((...args: never[]) => string)>;
