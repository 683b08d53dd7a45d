import { EXTENSION_TOKEN_HEADER } from '@proctor/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { signRecordingToken } from '../src/auth/recordingTokens';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';

/**
 * Every route × every kind of caller. Expectations are written here by hand from the spec's roles
 * (000 §6, 001 §6, 002 §6) — not derived from the route definitions — and the test fails when the
 * server has a route this table does not list, or the table lists one the server lacks.
 */
type Role =
  | 'anonymous'
  | 'no_organization'
  | 'member'
  | 'dashboard_member'
  | 'account_admin'
  | 'test_author'
  | 'annotator'
  | 'annotator_admin'
  | 'platform_admin'
  | 'api_key';

const ROLES: Role[] = [
  'anonymous',
  'no_organization',
  'member',
  'dashboard_member',
  'account_admin',
  'test_author',
  'annotator',
  'annotator_admin',
  'platform_admin',
  'api_key',
];

const EVERYONE: Role[] = ROLES;
const PEOPLE: Role[] = ROLES.filter((r) => r !== 'anonymous' && r !== 'api_key');
const MEMBERS: Role[] = [
  'member',
  'dashboard_member',
  'account_admin',
  'test_author',
  'annotator',
  'annotator_admin',
  'platform_admin',
  'api_key',
];
const ADMINS: Role[] = ['platform_admin'];
/**
 * Members holding create_test_cases (001 §6): they make, edit and archive test cases and datasets. The
 * `api_key` caller's organization has an account admin who holds it, so its key may too (README).
 */
const AUTHORS: Role[] = ['test_author', 'api_key'];
/** Members holding playground_access (000 §6): they start and drive live environments, by hand or by key. */
const PLAYERS: Role[] = ['dashboard_member', 'annotator', 'annotator_admin', 'api_key'];
/** Members of annotator organizations (000 §6: the recorder dashboard, data creation, Tasks 2.0). */
const ANNOTATORS: Role[] = ['annotator', 'annotator_admin'];
/** Account admins of annotator organizations (000 §2.10: Annotator Admin; Complete and Archive in Admin View). */
const ANNOTATOR_ADMINS: Role[] = ['annotator_admin'];
/** Account admins, of any kind of organization. */
const ACCOUNT_ADMINS: Role[] = ['account_admin', 'annotator_admin'];
/** Members of organizations that are not annotators' (001 §6: those see Results), and platform admins. */
const DASHBOARD_ORGANIZATIONS: Role[] = MEMBERS.filter((role) => !ANNOTATORS.includes(role));
/** Who adds and archives agents: dashboard access, account admins, platform admins (AGENT_MANAGE_PERMISSIONS). */
const AGENT_MANAGERS: Role[] = [
  'dashboard_member',
  'account_admin',
  'test_author',
  'platform_admin',
  'api_key',
];
/** Who starts runs and benchmarks (RUN_PERMISSIONS): recorders, dashboard access, account and platform admins. */
const RUNNERS: Role[] = ['dashboard_member', 'account_admin', 'test_author', 'platform_admin', 'api_key'];
/**
 * Who reads replay groups (001 §2.10): members with dashboard_access outside annotator organizations, their
 * organization's key (it carries dashboard_access), platform admins only with dashboard_access too (the
 * sidebar disables Replays without it). The `platform_admin` caller here has no dashboard_access.
 */
const REPLAY_READERS: Role[] = ['dashboard_member', 'test_author', 'api_key'];
/** Who creates and changes sites, endpoints, models and documents (SITE_EDIT_PERMISSIONS). */
const SITE_EDITORS: Role[] = [
  'dashboard_member',
  'account_admin',
  'test_author',
  'annotator_admin',
  'platform_admin',
  'api_key',
];
/** Who opens browser sessions (BROWSER_SESSION_PERMISSIONS): dashboard access, recorders, account and platform admins. */
const BROWSER_USERS: Role[] = MEMBERS.filter((role) => role !== 'member');
const UNKNOWN_ENVIRONMENT = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_SESSION = '00000000-0000-4000-8000-000000000001';

interface RouteCase {
  allowed: Role[];
  /** A request that succeeds once past access control (made anew for each caller). */
  request?: Partial<InjectOptions> | ((proctor: TestProctor) => Promise<Partial<InjectOptions>>);
}

const LOGIN = { email: 'access-check@example.test', password: 'long enough password' };

const ROUTES: Record<string, RouteCase> = {
  'GET /api/health': { allowed: EVERYONE },
  'GET /api/auth/config': { allowed: EVERYONE },
  'POST /api/auth/register': {
    allowed: EVERYONE,
    request: { payload: { email: 'someone-new@example.test', password: 'long enough', name: 'New' } },
  },
  'POST /api/auth/login': { allowed: EVERYONE, request: { payload: LOGIN } },
  'POST /api/auth/refresh': {
    allowed: EVERYONE,
    request: async (proctor) => {
      const { user } = await proctor.actor();
      return { payload: { refresh_token: (await proctor.ctx.tokens.issue(user.id)).refresh_token } };
    },
  },
  'GET /api/user/from-session': { allowed: PEOPLE },
  'GET /api/user/from-jwt': { allowed: PEOPLE },
  'POST /api/user/logout': { allowed: PEOPLE },
  'POST /api/user/contact-form': { allowed: PEOPLE, request: { payload: { message: 'Hello' } } },
  'POST /api/user/create-organization': {
    allowed: PEOPLE,
    request: { payload: { name: 'Acme', purpose: 'Evals' } },
  },
  'GET /api/user/for-assignment': { allowed: ADMINS },
  'GET /api/user/organization/users': { allowed: MEMBERS },
  'GET /api/organization/members': { allowed: MEMBERS },
  // Usage (002 §1, §2.2: every member sees their organization's usage).
  'GET /api/user/organization/usage': { allowed: MEMBERS },
  'GET /api/user/organization/usage-v2': { allowed: MEMBERS },
  'GET /api/user/organization/running-sessions': { allowed: MEMBERS },
  'GET /api/user/admin/jobs': { allowed: ADMINS },
  'GET /api/admin/ecs-tasks': { allowed: ADMINS },
  'POST /api/admin/ecs-tasks/:id/stop': {
    allowed: ADMINS,
    request: { url: `/api/admin/ecs-tasks/${UNKNOWN_ENVIRONMENT}/stop?reason=check` },
  },
  // The run report's PDF (002 §2.4): platform admins, as every test run read (an unknown run: 404).
  'GET /api/admin/test-runs/:id/report.pdf': {
    allowed: ADMINS,
    request: { url: '/api/admin/test-runs/tr_unknown/report.pdf' },
  },
  // Test runs and their dumps (002 §2.3, §7.2): platform admins only. A pattern matching nothing answers 400.
  'POST /api/admin/test-runs': {
    allowed: ADMINS,
    request: { payload: { pattern: 'no-such-built-in-test-case', environments: 1 } },
  },
  'GET /api/admin/test-runs/:id': { allowed: ADMINS, request: { url: '/api/admin/test-runs/tr_unknown' } },
  'GET /api/admin/test-run-dumps': { allowed: ADMINS },
  'POST /api/admin/test-run-dump/:id': {
    allowed: ADMINS,
    request: { url: '/api/admin/test-run-dump/tr_unknown', payload: { file_path: 'results/run.json' } },
  },
  'GET /api/admin/test-run-dumps/:id/file': {
    allowed: ADMINS,
    request: { url: '/api/admin/test-run-dumps/tr_unknown/file?path=results/run.json' },
  },
  'GET /api/admin/test-run-dumps/:id/download': {
    allowed: ADMINS,
    request: { url: '/api/admin/test-run-dumps/tr_unknown/download' },
  },
  // Test reports (002 §7.10): platform admins, as the test runs they report on (unknown run or report: 404).
  'POST /api/test-reports': { allowed: ADMINS, request: { payload: { test_run_id: 'tr_unknown' } } },
  'GET /api/test-reports': { allowed: ADMINS },
  'GET /api/test-reports/:id': { allowed: ADMINS, request: { url: '/api/test-reports/rep_unknown' } },
  'GET /api/test-reports/content/generated-test-reports/*': {
    allowed: ADMINS,
    request: { url: '/api/test-reports/content/generated-test-reports/tr_unknown/report.html' },
  },
  'GET /api/test-reports/download/generated-test-reports/*': {
    allowed: ADMINS,
    request: { url: '/api/test-reports/download/generated-test-reports/tr_unknown/report.html' },
  },
  'POST /api/invite/create': { allowed: ACCOUNT_ADMINS },
  'GET /api/invite/:code': { allowed: EVERYONE, request: { url: '/api/invite/inv_unknown' } },
  'GET /api/join/:code': { allowed: PEOPLE, request: { url: '/api/join/inv_unknown' } },
  'POST /api/admin/view-as': { allowed: ADMINS, request: { payload: { email: 'nobody@example.test' } } },
  'DELETE /api/admin/view-as': { allowed: PEOPLE },
  'GET /api/admin/contact-messages': { allowed: ADMINS },
  'GET /api/user/admin/users': { allowed: ADMINS },
  'GET /api/user/admin/organizations': { allowed: ADMINS },
  'PUT /api/user/admin/update-user/:id': {
    allowed: ADMINS,
    request: { url: '/api/user/admin/update-user/999999', payload: { has_beta_access: true } },
  },
  'PUT /api/user/admin/update-organization/:id': {
    allowed: ADMINS,
    request: { url: '/api/user/admin/update-organization/999999', payload: { isAnnotator: true } },
  },

  // Simulators (001 §2.4–2.7, §6): every member reads (limited to the plan), platform admins add and edit.
  'GET /api/env/simulators': { allowed: MEMBERS },
  'GET /api/env/simulators/:nameOrId': {
    allowed: MEMBERS,
    request: { url: '/api/env/simulators/unknown-sim' },
  },
  // Icons load through <img>, which sends no token.
  'GET /api/env/simulators/:name/icon': {
    allowed: EVERYONE,
    request: { url: '/api/env/simulators/unknown-sim/icon' },
  },
  // Also members holding create_simulator, which no caller here holds (simulators.test.ts checks them).
  'POST /api/env/simulators': {
    allowed: ADMINS,
    request: async () => ({
      payload: { name: `access-sim-${Math.random().toString(36).slice(2)}`, simType: 'app' },
    }),
  },
  'PUT /api/env/simulators/:id': {
    allowed: ADMINS,
    request: { url: '/api/env/simulators/999999', payload: { enabled: true } },
  },
  // The simulator version registry (Admin screen, Versions tab): platform admins only.
  'GET /api/simulator/list': { allowed: ADMINS },
  'GET /api/simulator/info': { allowed: ADMINS },
  'GET /api/simulator/docker-images': { allowed: ADMINS },
  'GET /api/simulator/task-definitions': { allowed: ADMINS },
  'GET /api/simulator/firecracker-snapshots': { allowed: ADMINS },
  'GET /api/simulator/:name/info': { allowed: ADMINS, request: { url: '/api/simulator/unknown-sim/info' } },
  'GET /api/simulator/:name/versions': {
    allowed: ADMINS,
    request: { url: '/api/simulator/unknown-sim/versions' },
  },
  'GET /api/simulator/:name/unified-versions': {
    allowed: ADMINS,
    request: { url: '/api/simulator/unknown-sim/unified-versions' },
  },
  'GET /api/simulator/:name/versions/:version/log': {
    allowed: ADMINS,
    request: { url: '/api/simulator/unknown-sim/versions/abc/log' },
  },
  'POST /api/simulator/:name/register': {
    allowed: ADMINS,
    request: {
      url: '/api/simulator/unknown-sim/register',
      payload: { git_hash: 'abc', tags: ['prod-latest'] },
    },
  },
  // Rescoring judges an organization's sessions again: platform admins, account admins and test authors.
  'POST /api/env/simulators/:id/rescore': {
    allowed: ['account_admin', ...AUTHORS, ...ADMINS],
    request: { url: '/api/env/simulators/999999/rescore' },
  },

  // Test cases (001 §2.1–2.2, §6): members read; create_test_cases writes; platform admins make public.
  'GET /api/testcases': { allowed: MEMBERS },
  'GET /api/testcases/:id': { allowed: MEMBERS, request: { url: '/api/testcases/999999' } },
  'POST /api/testcases': {
    allowed: AUTHORS,
    request: { payload: { name: 'Access check', prompt: 'Check', simulatorId: 999999 } },
  },
  'PUT /api/testcases/:id': {
    allowed: AUTHORS,
    request: { url: '/api/testcases/999999', payload: { name: 'x' } },
  },
  'POST /api/testcases/:id/archive': { allowed: AUTHORS, request: { url: '/api/testcases/999999/archive' } },
  'POST /api/testcases/bulk-archive': { allowed: AUTHORS, request: { payload: { test_case_ids: [999999] } } },
  'POST /api/testcases/:id/make-public': {
    allowed: ADMINS,
    request: { url: '/api/testcases/999999/make-public' },
  },
  // Proposals for the create form (001 §7): authors only. Past access: an empty task (400), an unknown session (404).
  'POST /api/testcases/generate-prediction': {
    allowed: AUTHORS,
    request: { payload: { prompt: 'x', task: '' } },
  },
  'POST /api/testcases/generate-prediction-from-steps': {
    allowed: AUTHORS,
    request: { payload: { session_id: UNKNOWN_SESSION } },
  },
  'POST /api/testcases/generate-outcome-schema': {
    allowed: AUTHORS,
    request: { payload: { task: '', img: 'data:image/png;base64,AAAA' } },
  },

  // Assignments (001 §6, 000 §2.9): platform admins give work to annotator organizations; everyone in an
  // organization reads what concerns it; an annotator organization's members move its own data creation work.
  'POST /api/testcases/:id/assign-to-organizations': {
    allowed: ADMINS,
    request: {
      url: '/api/testcases/999999/assign-to-organizations',
      payload: { organization_ids: [999999], requested_recording_count: 1 },
    },
  },
  'GET /api/testcases/organization-assignments': { allowed: MEMBERS },
  'GET /api/organization/annotator-assignments': { allowed: ANNOTATORS },
  'POST /api/organization/annotator-assignments': {
    allowed: ADMINS,
    request: { payload: { assignment_type: 'data_creation', organization_id: 999999, simulator_id: 999999 } },
  },
  'POST /api/organization/annotator-assignments/:id/stage': {
    allowed: ANNOTATORS,
    request: { url: '/api/organization/annotator-assignments/999999/stage', payload: { stage: 'completed' } },
  },
  // The human recorder dashboard (000 §2.7): annotator organizations read their own work. Complete and Archive
  // are their account admins'.
  'GET /api/testcases/human-recorder-testcase': { allowed: ANNOTATORS },
  'GET /api/testcases/human-recorder/filter': { allowed: ANNOTATORS },
  'GET /api/testcases/human-recorder/tab-counts': { allowed: ANNOTATORS },
  'POST /api/testcases/:id/mark-completed': {
    allowed: ANNOTATOR_ADMINS,
    request: { url: '/api/testcases/999999/mark-completed' },
  },
  'POST /api/testcases/archive-organization-testcase': {
    allowed: ANNOTATOR_ADMINS,
    request: { payload: { test_case_id: 999999 } },
  },
  // Annotator admin (000 §2.10, §6): account admins of annotator organizations only; annotators, other
  // organizations' admins and keys are refused.
  'GET /api/organization/annotator-admin/users': { allowed: ANNOTATOR_ADMINS },
  'GET /api/organization/annotator-admin/users/:userPublicId/activity': {
    allowed: ANNOTATOR_ADMINS,
    request: { url: '/api/organization/annotator-admin/users/no-such-user/activity' },
  },

  // Datasets (001 §2.3): members read; create_test_cases creates, fills and archives them.
  'GET /api/testcases/sets': { allowed: MEMBERS },
  'POST /api/testcases/sets': {
    allowed: AUTHORS,
    request: { payload: { name: 'Access', description: 'Check' } },
  },
  'DELETE /api/testcases/sets/:id': { allowed: AUTHORS, request: { url: '/api/testcases/sets/999999' } },
  'POST /api/testcases/sets/:id/testcases': {
    allowed: AUTHORS,
    request: { url: '/api/testcases/sets/999999/testcases', payload: { test_case_ids: [1] } },
  },
  'DELETE /api/testcases/sets/:id/testcases/:testCaseId': {
    allowed: AUTHORS,
    request: { url: '/api/testcases/sets/999999/testcases/999999' },
  },
  'POST /api/env/make2': { allowed: PLAYERS, request: { payload: { env_id: 'no-such-simulator' } } },
  // The recorder's Format, for those who record (playground_access); a schema that cannot compile: 400.
  'POST /api/testcases/convert-text-to-structured-data': {
    allowed: PLAYERS,
    request: { payload: { text: 'seven', outputSchema: { $ref: '#/no-such-definition' } } },
  },
  'GET /api/env/:id/status': { allowed: PLAYERS, request: { url: `/api/env/${UNKNOWN_ENVIRONMENT}/status` } },
  'GET /api/env/:id/worker_ready': {
    allowed: PLAYERS,
    request: { url: `/api/env/${UNKNOWN_ENVIRONMENT}/worker_ready` },
  },
  'GET /api/env/:id/state': { allowed: PLAYERS, request: { url: `/api/env/${UNKNOWN_ENVIRONMENT}/state` } },
  'POST /api/env/:id/reset': { allowed: PLAYERS, request: { url: `/api/env/${UNKNOWN_ENVIRONMENT}/reset` } },
  'POST /api/env/:id/evaluate': {
    allowed: PLAYERS,
    request: { url: `/api/env/${UNKNOWN_ENVIRONMENT}/evaluate`, payload: { output: 1 } },
  },
  'POST /api/env/:id/backup': {
    allowed: PLAYERS,
    request: { url: `/api/env/${UNKNOWN_ENVIRONMENT}/backup` },
  },
  'POST /api/env/:id/close': { allowed: PLAYERS, request: { url: `/api/env/${UNKNOWN_ENVIRONMENT}/close` } },
  'POST /api/env/:id/heartbeat': {
    allowed: PLAYERS,
    request: { url: `/api/env/${UNKNOWN_ENVIRONMENT}/heartbeat` },
  },
  'GET /api/env/:id/cdp_url': {
    allowed: PLAYERS,
    request: { url: `/api/env/${UNKNOWN_ENVIRONMENT}/cdp_url` },
  },
  'GET /api/jobs/keepalive': { allowed: PLAYERS },
  // Browser sessions (002 §2.8–2.11): a start URL on this machine is refused (400) before any browser starts.
  'POST /api/browser-sessions': {
    allowed: BROWSER_USERS,
    request: { payload: { type: 'builder', start_url: 'http://127.0.0.1/api/health' } },
  },
  'GET /api/browser-sessions/:publicId': {
    allowed: BROWSER_USERS,
    request: { url: `/api/browser-sessions/${UNKNOWN_ENVIRONMENT}` },
  },
  'POST /api/browser-sessions/:publicId/navigate': {
    allowed: BROWSER_USERS,
    request: {
      url: `/api/browser-sessions/${UNKNOWN_ENVIRONMENT}/navigate`,
      payload: { url: 'https://example.com/' },
    },
  },
  'POST /api/browser-sessions/:publicId/heartbeat': {
    allowed: BROWSER_USERS,
    request: { url: `/api/browser-sessions/${UNKNOWN_ENVIRONMENT}/heartbeat` },
  },
  'POST /api/browser-sessions/:publicId/close': {
    allowed: BROWSER_USERS,
    request: { url: `/api/browser-sessions/${UNKNOWN_ENVIRONMENT}/close` },
  },
  'POST /api/browser-sessions/:publicId/complete': {
    allowed: BROWSER_USERS,
    request: {
      url: `/api/browser-sessions/${UNKNOWN_ENVIRONMENT}/complete`,
      payload: { output: { answer: 'x' } },
    },
  },
  // Recording a trainer session in Chrome: the capability is a person's (an API key is refused); the upload's
  // credential is its capability header, so access control lets everyone through to that check (a valid one for
  // an unknown session answers 404 to all).
  'POST /api/browser-sessions/:publicId/extension-token': {
    allowed: BROWSER_USERS.filter((role) => role !== 'api_key'),
    request: { url: `/api/browser-sessions/${UNKNOWN_ENVIRONMENT}/extension-token` },
  },
  'POST /api/browser-sessions/:publicId/extension-steps': {
    allowed: EVERYONE,
    request: async (proctor) => ({
      url: `/api/browser-sessions/${UNKNOWN_ENVIRONMENT}/extension-steps`,
      headers: {
        [EXTENSION_TOKEN_HEADER]: (await signRecordingToken(proctor.ctx.tokens, UNKNOWN_ENVIRONMENT, 60))
          .token,
      },
      payload: {
        steps: [
          {
            idx: 0,
            timestamp: Date.now(),
            tab: '1',
            url: 'https://example.com/',
            action: { type: 'url_change', url: 'https://example.com/' },
          },
        ],
      },
    }),
  },
  // The AI browser and the demo (002 §2.9–2.10): refused (400: no model here) before any browser starts.
  'POST /api/run-task': {
    allowed: BROWSER_USERS,
    request: {
      payload: {
        start_url: 'http://127.0.0.1/api/health',
        task: 'Read it',
        response_format: { a: 'string' },
      },
    },
  },
  'GET /api/run-task/agents': { allowed: BROWSER_USERS },
  'GET /api/demo': { allowed: BROWSER_USERS },
  // Sessions: lists for members; one session by its link (its organization, platform admins, or anyone once
  // public: an unknown one answers 404 to all), so access control lets everyone through to that check.
  'GET /api/session/': { allowed: MEMBERS },
  'GET /api/session/grouped-replays': { allowed: REPLAY_READERS },
  'GET /api/session/search-sessions-replays': {
    allowed: REPLAY_READERS,
    request: { url: `/api/session/search-sessions-replays?session_ids=${UNKNOWN_SESSION}` },
  },
  'GET /api/session/:id': { allowed: EVERYONE, request: { url: `/api/session/${UNKNOWN_SESSION}` } },
  'DELETE /api/session/:id': { allowed: MEMBERS, request: { url: `/api/session/${UNKNOWN_SESSION}` } },
  'PUT /api/session/:id/public': {
    allowed: ADMINS,
    request: { url: `/api/session/${UNKNOWN_SESSION}/public`, payload: { is_public: true } },
  },
  'GET /api/session/:id/network-requests': {
    allowed: EVERYONE,
    request: { url: `/api/session/${UNKNOWN_SESSION}/network-requests` },
  },
  // Any member of an organization, annotators' too (002 §1); without a file it answers 400 past access.
  'POST /api/session/from-har': { allowed: MEMBERS },
  // The simulator hub (002 §2.5, §7.3): git credentials are a person's; members of the owning organization read
  // its repositories; creating and deleting need is_admin or create_simulator (no caller here holds the latter;
  // hub.test.ts checks it), which an API key never carries.
  'GET /api/gitea/my-info': { allowed: PEOPLE },
  'POST /api/gitea/my-info/rotate': { allowed: PEOPLE },
  'GET /api/gitea/my-repositories': { allowed: MEMBERS },
  'GET /api/gitea/simulators': { allowed: MEMBERS },
  'POST /api/gitea/repositories': {
    allowed: ADMINS,
    request: { payload: { simulator_name: 'unknown-sim' } },
  },
  'GET /api/gitea/repositories/:owner/:name': {
    allowed: MEMBERS,
    request: { url: `/api/gitea/repositories/${UNKNOWN_ENVIRONMENT}/unknown` },
  },
  'DELETE /api/gitea/repositories/:owner/:name': {
    allowed: ADMINS,
    request: { url: `/api/gitea/repositories/${UNKNOWN_ENVIRONMENT}/unknown` },
  },
  'GET /api/gitea/repositories/:owner/:name/contents': {
    allowed: MEMBERS,
    request: { url: `/api/gitea/repositories/${UNKNOWN_ENVIRONMENT}/unknown/contents` },
  },
  'GET /api/gitea/repositories/:owner/:name/branches': {
    allowed: MEMBERS,
    request: { url: `/api/gitea/repositories/${UNKNOWN_ENVIRONMENT}/unknown/branches` },
  },
  'GET /api/gitea/repositories/:owner/:name/file-content': {
    allowed: MEMBERS,
    request: {
      url: `/api/gitea/repositories/${UNKNOWN_ENVIRONMENT}/unknown/file-content?file_path=README.md`,
    },
  },
  // A repository's version builds: members of the owning organization, like the repository (404 to others).
  'GET /api/gitea/repositories/:owner/:name/builds': {
    allowed: MEMBERS,
    request: { url: `/api/gitea/repositories/${UNKNOWN_ENVIRONMENT}/unknown/builds` },
  },
  'GET /api/gitea/repositories/:owner/:name/builds/:commit/log': {
    allowed: MEMBERS,
    request: {
      url: `/api/gitea/repositories/${UNKNOWN_ENVIRONMENT}/unknown/builds/${'a'.repeat(40)}/log`,
    },
  },
  'GET /api/gitea/repositories/:owner/:name/raw': {
    allowed: MEMBERS,
    request: { url: `/api/gitea/repositories/${UNKNOWN_ENVIRONMENT}/unknown/raw?path=README.md` },
  },
  'GET /api/gitea/simulators/:name/repo': {
    allowed: MEMBERS,
    request: { url: '/api/gitea/simulators/unknown-sim/repo' },
  },
  'POST /api/gitea/simulators/:name/repo': {
    allowed: ADMINS,
    request: { url: '/api/gitea/simulators/unknown-sim/repo' },
  },
  'GET /api/gitea/simulators/:name/repo/contents': {
    allowed: MEMBERS,
    request: { url: '/api/gitea/simulators/unknown-sim/repo/contents' },
  },
  'GET /api/gitea/simulators/:name/repo/branches': {
    allowed: MEMBERS,
    request: { url: '/api/gitea/simulators/unknown-sim/repo/branches' },
  },
  'GET /api/gitea/simulators/:name/repo/file-content': {
    allowed: MEMBERS,
    request: { url: '/api/gitea/simulators/unknown-sim/repo/file-content?file_path=README.md' },
  },
  // git's smart HTTP: HTTP Basic (git's own), or the API's token or key; anyone else 401. An unknown repository
  // (or another organization's) answers 404 to everyone who is someone.
  'GET /git/:owner/:repository/*': {
    allowed: [...PEOPLE, 'api_key'],
    request: { url: `/git/${UNKNOWN_ENVIRONMENT}/unknown.git/info/refs?service=git-upload-pack` },
  },
  'POST /git/:owner/:repository/*': {
    allowed: [...PEOPLE, 'api_key'],
    request: {
      url: `/git/${UNKNOWN_ENVIRONMENT}/unknown.git/git-upload-pack`,
      headers: { 'content-type': 'application/x-git-upload-pack-request' },
      payload: '0000',
    },
  },
  'GET /api/session/:id/rrweb-actions': {
    allowed: EVERYONE,
    request: { url: `/api/session/${UNKNOWN_SESSION}/rrweb-actions` },
  },
  'GET /api/session/:id/rrweb-events': {
    allowed: EVERYONE,
    request: { url: `/api/session/${UNKNOWN_SESSION}/rrweb-events` },
  },
  'GET /api/session/:id/screen-recording': {
    allowed: EVERYONE,
    request: { url: `/api/session/${UNKNOWN_SESSION}/screen-recording` },
  },
  'GET /api/session/:id/screen-recording/:file': {
    allowed: EVERYONE,
    request: { url: `/api/session/${UNKNOWN_SESSION}/screen-recording/${'0'.repeat(32)}.webm` },
  },
  'GET /api/evals/scoring/:id': {
    allowed: EVERYONE,
    request: { url: `/api/evals/scoring/${UNKNOWN_SESSION}` },
  },
  // A human score is a person's own judgement: not through an organization's key (unknown session: 404).
  'PUT /api/evals/scoring/human_in_the_loop/:id': {
    allowed: PEOPLE,
    request: { url: `/api/evals/scoring/human_in_the_loop/${UNKNOWN_SESSION}`, payload: { correct: true } },
  },
  'GET /api/evals/scores': { allowed: PEOPLE },
  // Generating expectations changes a test case: create_test_cases (an unknown one: 404). Comparing reads.
  'POST /api/testcases/:id/generate-state-mutations-config': {
    allowed: AUTHORS,
    request: { url: '/api/testcases/no-such-test-case/generate-state-mutations-config' },
  },
  'POST /api/testcases/:id/evaluator-health': {
    allowed: AUTHORS,
    request: { url: '/api/testcases/no-such-test-case/evaluator-health' },
  },
  'POST /api/env/generate_mutations_single': {
    allowed: AUTHORS,
    request: { payload: { test_case_id: 'no-such-test-case' } },
  },
  'POST /api/env/generate_mutations': {
    allowed: AUTHORS,
    request: { payload: { testCaseIds: ['no-such-test-case'] } },
  },
  'POST /api/testcases/merged-mutations': {
    allowed: MEMBERS,
    request: { payload: { session_ids: [UNKNOWN_SESSION] } },
  },
  'GET /api/session/next-for-annotator': { allowed: PEOPLE.filter((role) => role !== 'no_organization') },
  'GET /api/session/:id/screenshots/:key': {
    allowed: EVERYONE,
    request: { url: `/api/session/${UNKNOWN_SESSION}/screenshots/0123abcd.jpg` },
  },
  // Labels (000 §2.5–2.7): a person's own words, so people, not keys (an unknown session: 404); analyzing
  // them and converting them into a test case is for account admins; the labelling page reads like test cases.
  'GET /api/session/:id/labels': {
    allowed: PEOPLE,
    request: { url: `/api/session/${UNKNOWN_SESSION}/labels` },
  },
  'POST /api/session/:id/labels': {
    allowed: PEOPLE,
    request: { url: `/api/session/${UNKNOWN_SESSION}/labels`, payload: { text: 'Bought two mugs' } },
  },
  'GET /api/session/:id/analyze-labels': {
    allowed: ACCOUNT_ADMINS,
    request: { url: `/api/session/${UNKNOWN_SESSION}/analyze-labels` },
  },
  'POST /api/session/:id/create-from-labels': {
    allowed: ACCOUNT_ADMINS,
    request: {
      url: `/api/session/${UNKNOWN_SESSION}/create-from-labels`,
      payload: { task_prompt: 'Buy two mugs', test_case_name: 'Two mugs' },
    },
  },
  'GET /api/testcases/:id/labelling': {
    allowed: MEMBERS,
    request: { url: '/api/testcases/no-such-test-case/labelling' },
  },
  // Agents (001 §2.8, §7): each organization's own list and results; adding and archiving need the dashboard.
  'GET /api/agent-artifacts/': { allowed: DASHBOARD_ORGANIZATIONS },
  'POST /api/agent-artifacts/': {
    allowed: AGENT_MANAGERS,
    request: async () => ({
      payload: {
        alias: `access-agent-${Math.random().toString(36).slice(2)}`,
        type: 'dev',
        endpoint: 'https://agent.example.test',
        imgUrl: 'https://agent.example.test/icon.png',
      },
    }),
  },
  'DELETE /api/agent-artifacts/:id': {
    allowed: AGENT_MANAGERS,
    request: { url: '/api/agent-artifacts/no-such-agent' },
  },
  'GET /api/agent-artifacts/:id/results': {
    allowed: DASHBOARD_ORGANIZATIONS,
    request: { url: '/api/agent-artifacts/no-such-agent/results' },
  },
  // Benchmark results (001 §2.5, §2.9, §7): read like agents' results; an unknown simulator answers 404.
  'GET /api/results': {
    allowed: DASHBOARD_ORGANIZATIONS,
    request: { url: '/api/results?simulators=no-such-sim' },
  },
  'GET /api/session/public/benchmarks/:name': {
    allowed: DASHBOARD_ORGANIZATIONS,
    request: { url: '/api/session/public/benchmarks/no-such-sim' },
  },
  // Images Proctor keeps from URLs given for datasets and simulators: named by their content's hash, loaded by
  // <img>, which sends no token.
  'GET /api/images/:name': {
    allowed: EVERYONE,
    request: { url: `/api/images/${'0'.repeat(64)}.png` },
  },
  // A site's icon by domain: members (each new domain is a fetch from the web); a malformed domain answers 400
  // before any fetch.
  'GET /api/favicon': { allowed: MEMBERS, request: { url: '/api/favicon?domain=not%20a%20domain' } },
  // The request template builder's preview: the spec names no role, so any member (it reaches nothing).
  'POST /api/template/render': {
    allowed: MEMBERS,
    request: { payload: { template: 'Hello {{ name }}', data: { name: 'Ada' } } },
  },
  // Trying a request template sends it from Proctor's machine: those who may change sites. A loopback URL the
  // guard refuses (400), so nothing is sent.
  'POST /api/template/try-request': {
    allowed: SITE_EDITORS,
    request: {
      payload: { template: { method: 'GET', url: 'http://127.0.0.1:9/{{ id }}' }, parameters: { id: '1' } },
    },
  },
  // The icon of an agent: its organization's members (annotators' sessions show agents too) and platform
  // admins; an unknown one answers 404.
  'GET /api/agent-artifacts/:id/icon': {
    allowed: MEMBERS,
    request: { url: '/api/agent-artifacts/999999/icon' },
  },
  // Runs and the benchmarker (001 §7): starting runs, and reading a run group's progress, needs RUN_PERMISSIONS.
  'POST /api/runs/': { allowed: RUNNERS, request: { payload: { testCaseId: 999_999, agentArtifactId: 1 } } },
  'POST /api/runs/replay': { allowed: RUNNERS, request: { payload: { session_id: 'no-such-session' } } },
  'POST /api/runs/batch': {
    allowed: RUNNERS,
    request: { payload: { testCaseSetId: 999_999, agentArtifactId: 1 } },
  },
  'GET /api/runs/batches/:id': { allowed: RUNNERS, request: { url: '/api/runs/batches/no-such-group' } },
  'GET /api/benchmarker/': { allowed: RUNNERS },
  'POST /api/benchmarker/benchmark': {
    allowed: RUNNERS,
    request: { payload: { testcase_ids: ['no-such-test-case'], agent: 'oracle' } },
  },
  // Sites (002 §2.6, §7.4): the spec names no role, so every member reads its organization's sites and captured
  // traffic; creating and changing them needs SITE_EDIT_PERMISSIONS (dashboard access, account or platform admin).
  'GET /api/sites': { allowed: MEMBERS },
  'POST /api/sites': {
    allowed: SITE_EDITORS,
    request: {
      payload: { name: 'Shop', url: 'https://shop.example.test', imgUrl: 'https://shop.example.test/i.png' },
    },
  },
  'PUT /api/sites/:id': {
    allowed: SITE_EDITORS,
    request: { url: '/api/sites/999999', payload: { name: 'x' } },
  },
  'GET /api/sites/:id/models': { allowed: MEMBERS, request: { url: '/api/sites/999999/models' } },
  'POST /api/sites/:id/models': {
    allowed: SITE_EDITORS,
    request: { url: '/api/sites/999999/models', payload: { name: 'x', sample: { a: 1 } } },
  },
  'PUT /api/sites/models/:id': {
    allowed: SITE_EDITORS,
    request: { url: '/api/sites/models/999999', payload: { name: 'x' } },
  },
  'GET /api/sites/models/:id/documents': {
    allowed: MEMBERS,
    request: { url: '/api/sites/models/999999/documents' },
  },
  'POST /api/sites/models/:id/documents': {
    allowed: SITE_EDITORS,
    request: { url: '/api/sites/models/999999/documents', payload: { data: { a: 1 } } },
  },
  'GET /api/sites/requests': { allowed: MEMBERS },
  'GET /api/sites/responses': { allowed: MEMBERS },
  'POST /api/sites/site-response': { allowed: MEMBERS, request: { payload: { requestId: 999999 } } },
  'GET /api/sites/origin-urls': { allowed: MEMBERS },
  'GET /api/sites/endpoints': { allowed: MEMBERS },
  'POST /api/sites/endpoints': {
    allowed: SITE_EDITORS,
    request: { payload: { siteId: 999999, url: 'https://shop.example.test/items/1', method: 'GET' } },
  },
  'PUT /api/sites/endpoints/:id': {
    allowed: SITE_EDITORS,
    request: { url: '/api/sites/endpoints/999999', payload: { method: 'POST' } },
  },
  'POST /api/sites/site-endpoint-from-request': {
    allowed: SITE_EDITORS,
    request: { payload: { siteId: 999999, requestId: 999999 } },
  },
  'GET /api/sites/:id/openapi': { allowed: MEMBERS, request: { url: '/api/sites/999999/openapi' } },
  // Web flows (002 §2.8–2.9, §7.5): every member reads its organization's flows and runs; saving, running and
  // driving a browser session's page need WEB_FLOW_EDIT_PERMISSIONS, the site editors'. Unknown ids answer 404.
  'GET /api/web-flows': { allowed: MEMBERS },
  'POST /api/web-flows': { allowed: SITE_EDITORS, request: { payload: { name: 'Flow' } } },
  'GET /api/web-flows/:id': { allowed: MEMBERS, request: { url: '/api/web-flows/999999' } },
  'PUT /api/web-flows/:id': {
    allowed: SITE_EDITORS,
    request: { url: '/api/web-flows/999999', payload: { name: 'x' } },
  },
  'DELETE /api/web-flows/:id': { allowed: SITE_EDITORS, request: { url: '/api/web-flows/999999' } },
  'POST /api/web-flows/:id/run': {
    allowed: SITE_EDITORS,
    request: { url: '/api/web-flows/999999/run', payload: { browser_session_id: UNKNOWN_ENVIRONMENT } },
  },
  'POST /api/browser-sessions/:publicId/run-node': {
    allowed: SITE_EDITORS,
    request: {
      url: `/api/browser-sessions/${UNKNOWN_ENVIRONMENT}/run-node`,
      payload: { node: { id: 'a', type: 'act', actionType: 'click', elementHint: 'Search' } },
    },
  },
  // Picking reads what the live view shows: whoever may hold a browser session (the trainer's select-content).
  'POST /api/browser-sessions/:publicId/element-at': {
    allowed: BROWSER_USERS,
    request: { url: `/api/browser-sessions/${UNKNOWN_ENVIRONMENT}/element-at`, payload: { x: 10, y: 10 } },
  },
  'GET /api/web-flow-runs': { allowed: MEMBERS },
  'GET /api/web-flow-runs/:publicId': {
    allowed: MEMBERS,
    request: { url: '/api/web-flow-runs/no-such-run' },
  },
  // Integrations (002 §2.7, §7.5): the spec names no role, so every member reads its organization's sources and
  // integrations; installing, connecting and calling (which reach the web) need INTEGRATION_EDIT_PERMISSIONS, the
  // site editors'. Unknown ids answer 404; a document URL on loopback is refused (400) before anything is sent.
  'GET /api/integrations/sources': { allowed: MEMBERS },
  'POST /api/integrations/sources': {
    allowed: SITE_EDITORS,
    request: { payload: { url: 'http://127.0.0.1:9/openapi.json' } },
  },
  'GET /api/integrations': { allowed: MEMBERS },
  'POST /api/integrations': {
    allowed: SITE_EDITORS,
    request: { payload: { sourceId: 999999, api_key: 'k' } },
  },
  'GET /api/integrations/:id': { allowed: MEMBERS, request: { url: '/api/integrations/999999' } },
  'PUT /api/integrations/:id': {
    allowed: SITE_EDITORS,
    request: { url: '/api/integrations/999999', payload: { api_key: 'k' } },
  },
  'POST /api/integrations/:id/methods': {
    allowed: SITE_EDITORS,
    request: { url: '/api/integrations/999999/methods', payload: { siteEndpointId: 999999 } },
  },
  'POST /api/integrations/:id/methods/:methodId/call': {
    allowed: SITE_EDITORS,
    request: { url: '/api/integrations/999999/methods/1/call', payload: { parameters: {} } },
  },
  'GET /sdk/proctor-sdk.tgz': { allowed: EVERYONE },
  'GET /sdk/proctor.py': { allowed: EVERYONE },
  // The CDP token in the path is the credential: without a valid one, 404.
  'GET /cdp/*': { allowed: EVERYONE, request: { url: '/cdp/not-a-token/json/version' } },
};

async function callerFor(
  proctor: TestProctor,
  role: Role,
): Promise<{ headers: Record<string, string> } | undefined> {
  const make = (options: Parameters<TestProctor['actor']>[0]): Promise<Actor> => proctor.actor(options);
  switch (role) {
    case 'anonymous':
      return undefined;
    case 'no_organization':
      return make({ organization: null });
    case 'member':
      return make({});
    case 'dashboard_member':
      return make({ permissions: { dashboard_access: true, playground_access: true } });
    case 'account_admin':
      return make({ permissions: { is_account_admin: true } });
    case 'test_author':
      return make({ permissions: { create_test_cases: true, dashboard_access: true } });
    case 'annotator':
      return make({ annotator: true, permissions: { playground_access: true } });
    case 'annotator_admin':
      return make({ annotator: true, permissions: { playground_access: true, is_account_admin: true } });
    case 'platform_admin':
      return make({ permissions: { is_admin: true } });
    case 'api_key': {
      // A key carries its account admins' working permissions: give the organization one who holds them all,
      // as its creator does, so that what the key must still be refused (admin authority) is tested.
      const organization = await proctor.organization();
      await make({
        organization,
        permissions: {
          is_account_admin: true,
          create_test_cases: true,
          record_testcases: true,
          playground_access: true,
          dashboard_access: true,
        },
      });
      return { headers: { 'x-api-key': organization.apiKey } };
    }
  }
}

describeEachDatabase('every route answers each kind of caller as the spec says', (proctor) => {
  beforeAll(async () => {
    const response = await proctor().request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...LOGIN, name: 'Access Check' },
    });
    expect(response.statusCode).toBe(201);
  });

  it('lists exactly the routes the server registers', () => {
    const registered = proctor()
      .app.routeTable.map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered).toEqual(Object.keys(ROUTES).sort());
  });

  it('has no /api route that was added without an access rule', () => {
    const isApi = (route: string) => route.split(' ')[1]!.startsWith('/api/');
    const api = proctor().app.registeredRoutes.filter(isApi);
    expect(api.sort()).toEqual(Object.keys(ROUTES).filter(isApi).sort());
  });

  for (const [key, routeCase] of Object.entries(ROUTES)) {
    it(`${key}: allows ${routeCase.allowed.join(', ')}; refuses the others`, async () => {
      const [method, url] = key.split(' ') as [InjectOptions['method'], string];
      for (const role of ROLES) {
        const caller = await callerFor(proctor(), role);
        const request =
          typeof routeCase.request === 'function' ? await routeCase.request(proctor()) : routeCase.request;
        const response = await proctor().request({ method, url, ...request, as: caller });
        const refused = response.statusCode === 401 || response.statusCode === 403;
        const expected = routeCase.allowed.includes(role) ? 'allowed' : 'refused';
        expect({ role, outcome: refused ? 'refused' : 'allowed', status: response.statusCode }).toEqual({
          role,
          outcome: expected,
          status: response.statusCode,
        });
        if (refused) {
          expect(response.json()).toHaveProperty('detail');
          expect(response.statusCode).toBe(role === 'anonymous' ? 401 : 403);
        } else {
          expect(response.statusCode).toBeLessThan(500);
        }
      }
    });
  }
});
