import {
  ALIAS_IN_USE_MESSAGE,
  ENVIRONMENT,
  type EnvironmentStatus,
  endpoints,
  KEEPALIVE_REQUIRED_MESSAGE,
  RECORDING_PERMISSIONS,
} from '@proctor/contracts';
import { fetchDevToolsJson } from '@proctor/environments';
import type { FastifyInstance } from 'fastify';
import { type LiveEnvironment, mutationsBySimulator } from '../environments/live';
import { publicEnvironmentUrl } from '../environments/publicSimulator';
import { workerMutations } from '../environments/remote';
import type { MemberPrincipal } from '../kernel/access/principal';
import { viewerOf } from '../kernel/access/viewer';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../kernel/http/errors';
import {
  findEnvironment,
  findOpenKeepalive,
  isAliasTaken,
  workerHolding,
} from '../repositories/environments';
import { findVisibleSimulator } from '../repositories/simulators';
import type { AppContext } from './context';
import { access, defineRawRoute, defineRoute } from './route';

/**
 * Live environments (000 §7.4): every call by a member or the organization's API key holding
 * playground_access (own or granted) or is_human_recorder (RECORDING_PERMISSIONS), inside the caller's
 * organization. Another organization's environment answers 404, as an unknown one does.
 */
const environmentAccess = access.member({ anyPermission: [...RECORDING_PERMISSIONS] });

const simulatorUnavailable = (name: string) => `Simulator "${name}" not found or not enabled`;

/** The caller's running environment; 409 when it exists but is no longer running, 404 otherwise. */
async function runningEnvironment(
  ctx: AppContext,
  principal: MemberPrincipal,
  id: string,
): Promise<LiveEnvironment> {
  const organizationId = principal.organization.id;
  if (ctx.environments.isRunning(id)) return ctx.environments.running(id, organizationId);
  const row = await findEnvironment(ctx.db, id, organizationId);
  if (!row) throw notFound('Environment not found');
  throw conflict(
    `The environment is ${row.group.overallStatus}${row.job?.error ? `: ${row.job.error}` : ''}`,
  );
}

/** A token the server sends a worker with one question about an environment: it need not outlive the answer. */
const WORKER_ASK_TTL_SECONDS = 60;

/** A live-view address with its token, for a page of the dashboard to show the environment. */
export async function liveViewUrl(ctx: AppContext, environmentId: string): Promise<string> {
  const { token } = await ctx.tokens.signEnvironmentToken(
    'live',
    environmentId,
    ENVIRONMENT.liveViewTokenTtlSeconds,
  );
  return `${ctx.config.publicUrl}/live/${environmentId}?token=${token}`;
}

export function environmentRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.makeEnvironment, environmentAccess, async ({ app: ctx, principal, body }) => {
    // env_id and each of extra_env_ids: allowed by the caller's plan (else not found) and enabled.
    const allowed = async (ref: string) => {
      const found = await findVisibleSimulator(ctx.db, viewerOf(principal), ref);
      if (!found) throw notFound(simulatorUnavailable(ref));
      if (!found.enabled) throw forbidden(simulatorUnavailable(found.name));
      return found;
    };
    const simulator = await allowed(body.env_id);
    const extraSimulators = [];
    for (const ref of body.extra_env_ids ?? []) extraSimulators.push(await allowed(ref));
    if (body.keepalive) {
      if (!body.alias) throw badRequest(KEEPALIVE_REQUIRED_MESSAGE);
      // The public URL's namespace is every organization's: asked first so that no browser starts in vain; the
      // database's unique index decides a race between two makes (caught below).
      if (await findOpenKeepalive(ctx.db, body.alias)) throw conflict(ALIAS_IN_USE_MESSAGE);
    }
    if (!ctx.environments.available)
      throw new HttpError(503, `Environments are not available: ${ctx.environments.unavailableReason}`);
    try {
      return await ctx.environments.make(
        { organizationId: principal.organization.id, userId: principal.user?.id ?? null },
        simulator,
        body,
        principal.organization.plan,
        extraSimulators,
      );
    } catch (error) {
      if (isAliasTaken(error)) throw conflict(ALIAS_IN_USE_MESSAGE);
      throw error;
    }
  });

  defineRoute(
    app,
    endpoints.environmentStatus,
    environmentAccess,
    async ({ app: ctx, principal, params }) => {
      const row = await findEnvironment(ctx.db, params.id, principal.organization.id);
      if (!row) throw notFound('Environment not found');
      return { status: row.group.overallStatus as EnvironmentStatus, error: row.job?.error ?? null };
    },
  );

  defineRoute(
    app,
    endpoints.environmentWorkerReady,
    environmentAccess,
    async ({ app: ctx, principal, params }) => {
      if (ctx.environments.isRunning(params.id)) {
        const environment = ctx.environments.running(params.id, principal.organization.id);
        return ctx.environments.workerReady(environment);
      }
      const row = await findEnvironment(ctx.db, params.id, principal.organization.id);
      if (!row) throw notFound('Environment not found');
      return { ready: false, error: row.job?.error ?? `The environment is ${row.group.overallStatus}` };
    },
  );

  defineRoute(app, endpoints.environmentState, environmentAccess, async ({ app: ctx, principal, params }) => {
    if (!ctx.environments.isRunning(params.id)) {
      // A run on a worker: its state is asked of that worker, and its live view goes through this server.
      const row = await findEnvironment(ctx.db, params.id, principal.organization.id);
      const worker = row ? await workerHolding(ctx.db, params.id) : null;
      if (row && worker) {
        const { token } = await ctx.tokens.signEnvironmentToken('live', params.id, WORKER_ASK_TTL_SECONDS);
        const mutations = await workerMutations(worker, params.id, token);
        // A queued run of a test case across apps logs tagged mutations: grouped by the apps that wrote one (the
        // worker holds the list of its apps). A one-simulator run's state has no by_simulator.
        const apps = [...new Set(mutations.flatMap((mutation) => mutation.simulator ?? []))];
        return {
          state: {
            mutations,
            ...(apps.length > 0
              ? { by_simulator: mutationsBySimulator(mutations, apps[0]!, apps.slice(1)) }
              : {}),
          },
          live_view_url: await liveViewUrl(ctx, params.id),
        };
      }
    }
    const environment = await runningEnvironment(ctx, principal, params.id);
    return {
      state: await ctx.environments.state(environment),
      live_view_url: await liveViewUrl(ctx, environment.publicId),
    };
  });

  defineRoute(
    app,
    endpoints.resetEnvironment,
    environmentAccess,
    async ({ app: ctx, principal, params, body }) => {
      const environment = await runningEnvironment(ctx, principal, params.id);
      return ctx.environments.reset(environment, viewerOf(principal), body);
    },
  );

  defineRoute(
    app,
    endpoints.evaluateEnvironment,
    environmentAccess,
    async ({ app: ctx, principal, params, body }) => {
      const environment = await runningEnvironment(ctx, principal, params.id);
      return ctx.environments.evaluate(environment, body.output);
    },
  );

  defineRoute(
    app,
    endpoints.backupEnvironment,
    environmentAccess,
    async ({ app: ctx, principal, params }) => {
      const environment = await runningEnvironment(ctx, principal, params.id);
      // A public (keepalive) environment is shared by the organization: snapshotting it is an authoring act.
      if (environment.keepalive && !principal.permissions.create_test_cases)
        throw forbidden('Missing permission: create_test_cases');
      return ctx.environments.backup(environment);
    },
  );

  defineRoute(app, endpoints.closeEnvironment, environmentAccess, async ({ app: ctx, principal, params }) => {
    if (!ctx.environments.isRunning(params.id)) {
      const row = await findEnvironment(ctx.db, params.id, principal.organization.id);
      if (!row) throw notFound('Environment not found');
      return { status: row.group.overallStatus as EnvironmentStatus };
    }
    const environment = ctx.environments.running(params.id, principal.organization.id);
    await ctx.environments.closeEnvironment(environment);
    return { status: 'closed' as const };
  });

  defineRoute(
    app,
    endpoints.environmentHeartbeat,
    environmentAccess,
    async ({ app: ctx, principal, params }) => {
      const environment = await runningEnvironment(ctx, principal, params.id);
      await ctx.environments.heartbeat(environment);
      return { status: environment.status };
    },
  );

  defineRoute(
    app,
    endpoints.environmentCdpUrl,
    environmentAccess,
    async ({ app: ctx, principal, params }) => {
      // One a worker holds (a run, or a browser session scaled out): the /cdp door here passes the socket on.
      const onWorker =
        !ctx.environments.isRunning(params.id) &&
        (await findEnvironment(ctx.db, params.id, principal.organization.id)) !== undefined &&
        (await workerHolding(ctx.db, params.id)) !== null;
      const environmentId = onWorker
        ? params.id
        : (await runningEnvironment(ctx, principal, params.id)).publicId;
      const { token, expiresAt } = await ctx.tokens.signEnvironmentToken(
        'cdp',
        environmentId,
        ENVIRONMENT.cdpTokenTtlSeconds,
      );
      const socketOrigin = ctx.config.publicUrl.replace(/^http/, 'ws');
      return { cdp_url: `${socketOrigin}/cdp/${token}`, expires_at: expiresAt.toISOString() };
    },
  );

  // For clients handed an http:// CDP address (`connectOverCDP('http://…/cdp/<token>')`): they read
  // /json/version first and follow its webSocketDebuggerUrl, rewritten to this environment's public door.
  // The token opens it, as it opens the WebSocket; a wildcard, since a token is longer than a path parameter.
  defineRawRoute(app, 'GET', '/cdp/*', access.public, async ({ request, reply }) => {
    const rest = (request.params as { '*': string })['*'];
    const slash = rest.indexOf('/');
    const token = slash === -1 ? rest : rest.slice(0, slash);
    const environmentId = await app.ctx.tokens.verifyEnvironmentToken('cdp', token);
    const environment = environmentId ? app.ctx.environments.byId(environmentId) : undefined;
    if (!environment) throw notFound('Environment not found, or the CDP URL has expired');
    const answer = await fetchDevToolsJson(slash === -1 ? '/' : rest.slice(slash), {
      upstreamHttpEndpoint: environment.browser.httpEndpoint,
      publicWsEndpoint: `${app.ctx.config.publicUrl.replace(/^http/, 'ws')}/cdp/${token}`,
    });
    if (answer.status === 404)
      throw notFound('Unknown DevTools path: /json/version, /json/list and /json exist');
    if (answer.status !== 200) throw new HttpError(502, 'The environment browser did not answer');
    return reply.type('application/json; charset=utf-8').send(answer.body);
  });

  defineRoute(app, endpoints.keepaliveJobs, environmentAccess, async ({ app: ctx, principal }) => ({
    job_groups: await Promise.all(
      ctx.environments.keepalive(principal.organization.id).map(async (environment) => ({
        group_id: environment.publicId,
        alias: environment.alias ?? '',
        overall_status: environment.status,
        created_at: environment.createdAt.toISOString(),
        simulator: { id: environment.simulator.id, name: environment.simulator.name },
        session_id: environment.session.publicId,
        live_view_url: await liveViewUrl(ctx, environment.publicId),
        public_url: publicEnvironmentUrl(environment.alias ?? '', ctx.config.publicUrl),
        jobs: [{ public_id: environment.jobPublicId, service: 'chromium' }],
      })),
    ),
  }));
}
