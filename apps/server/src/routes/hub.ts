import { endpoints, HubContentsQuery, HubRepositoryParam } from '@proctor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hubCredentialsOf, rotateHubCredentials } from '../auth/hubCredentials';
import type { UserPrincipal } from '../kernel/access/principal';
import { badRequest, forbidden } from '../kernel/http/errors';
import {
  createRepository,
  createSimulatorRepository,
  getRepository,
  type HubContext,
  listHubSimulators,
  listMyRepositories,
  removeRepository,
  repositoryBranches,
  repositoryBuildLog,
  repositoryBuilds,
  repositoryContents,
  repositoryFileContent,
  repositoryRawFile,
  serveGit,
} from '../services/hub';
import { access, defineRawRoute, defineRoute } from './route';

/**
 * The simulator hub (002 §2.5, §7.3; issue 28): `/api/gitea/*` for the Hub page and git's smart HTTP at
 * `/git/{owner}/{name}.git`. Reading is for members of the owning organization (their API key too);
 * creating, deleting and pushing need is_admin or create_simulator (the service checks, as the list says
 * whether the caller may). The dashboard shows /hub to platform admins only; the server's rule is wider.
 */
export function hubRoutes(app: FastifyInstance) {
  const hub = (request: FastifyRequest): HubContext => ({
    db: app.ctx.db,
    databaseKind: app.ctx.databaseKind,
    config: app.ctx.config,
    secret: app.ctx.tokens.secret,
    log: request.log,
    queue: app.ctx.queue,
  });
  const writers = access.member({ anyPermission: ['is_admin', 'create_simulator'] });

  /** Git credentials belong to a person, and are never shown to an admin viewing as someone else. */
  const person = (principal: UserPrincipal) => {
    if (principal.viewAsAdmin) throw forbidden('Git credentials are not shown while viewing as another user');
    return principal.user;
  };
  defineRoute(app, endpoints.hubMyInfo, access.signedIn, ({ principal, app: ctx }) =>
    hubCredentialsOf(ctx.db, ctx.tokens.secret, person(principal)),
  );
  defineRoute(app, endpoints.hubRotateMyInfo, access.signedIn, ({ principal, app: ctx }) =>
    rotateHubCredentials(ctx.db, ctx.tokens.secret, person(principal)),
  );

  defineRoute(app, endpoints.hubSimulators, access.member(), ({ principal, request }) =>
    listHubSimulators(hub(request), principal),
  );
  defineRoute(app, endpoints.hubMyRepositories, access.member(), ({ principal, request }) =>
    listMyRepositories(hub(request), principal),
  );
  defineRoute(app, endpoints.hubCreateRepository, writers, ({ principal, request, body }) =>
    createRepository(hub(request), principal, { simulatorName: body.simulator_name, name: body.name }),
  );
  defineRoute(app, endpoints.hubRepository, access.member(), ({ principal, request, params }) =>
    getRepository(hub(request), principal, params),
  );
  defineRoute(app, endpoints.hubDeleteRepository, writers, async ({ principal, request, params }) => {
    await removeRepository(hub(request), principal, params.owner, params.name);
    return { ok: true as const };
  });
  defineRoute(
    app,
    endpoints.hubRepositoryContents,
    access.member(),
    ({ principal, request, params, query }) => repositoryContents(hub(request), principal, params, query),
  );
  defineRoute(app, endpoints.hubRepositoryBranches, access.member(), ({ principal, request, params }) =>
    repositoryBranches(hub(request), principal, params),
  );
  defineRoute(
    app,
    endpoints.hubRepositoryFileContent,
    access.member(),
    ({ principal, request, params, query }) => repositoryFileContent(hub(request), principal, params, query),
  );

  defineRoute(app, endpoints.hubRepositoryBuilds, access.member(), ({ principal, request, params }) =>
    repositoryBuilds(hub(request), principal, params),
  );
  defineRoute(app, endpoints.hubRepositoryBuildLog, access.member(), ({ principal, request, params }) =>
    repositoryBuildLog(hub(request), principal, params),
  );

  defineRoute(app, endpoints.hubSimulatorRepository, access.member(), ({ principal, request, params }) =>
    getRepository(hub(request), principal, { simulator: params.name }),
  );
  defineRoute(app, endpoints.hubCreateSimulatorRepository, writers, ({ principal, request, params }) =>
    createSimulatorRepository(hub(request), principal, params.name),
  );
  defineRoute(app, endpoints.hubSimulatorContents, access.member(), ({ principal, request, params, query }) =>
    repositoryContents(hub(request), principal, { simulator: params.name }, query),
  );
  defineRoute(app, endpoints.hubSimulatorBranches, access.member(), ({ principal, request, params }) =>
    repositoryBranches(hub(request), principal, { simulator: params.name }),
  );
  defineRoute(
    app,
    endpoints.hubSimulatorFileContent,
    access.member(),
    ({ principal, request, params, query }) =>
      repositoryFileContent(hub(request), principal, { simulator: params.name }, query),
  );

  // A file's bytes, for a file too large to preview or a binary one (file-content's download_path).
  defineRawRoute(
    app,
    'GET',
    '/api/gitea/repositories/:owner/:name/raw',
    access.member(),
    async ({ principal, request, reply }) => {
      const params = HubRepositoryParam.safeParse(request.params);
      const query = HubContentsQuery.safeParse(request.query);
      if (!params.success || !query.success || !query.data.path) throw badRequest('Give ?path (and ?ref)');
      const file = await repositoryRawFile(
        hub(request),
        principal,
        params.data,
        query.data.path,
        query.data.ref,
      );
      const filename = file.name.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .type('application/octet-stream')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(file.bytes));
    },
  );

  // git's smart HTTP. Its bodies stream to `git http-backend` unread: no parser reads or buffers them here.
  app.addContentTypeParser(
    ['application/x-git-upload-pack-request', 'application/x-git-receive-pack-request'],
    (_request, _payload, done) => done(null, undefined),
  );
  for (const method of ['GET', 'POST'] as const) {
    // Public to the API's own auth: git sends HTTP Basic, which the service checks (401 asks git for it); a
    // bearer token or API key (http.extraHeader) is taken too.
    defineRawRoute(
      app,
      method,
      '/git/:owner/:repository/*',
      access.public,
      async ({ principal, request, reply }) => {
        const params = request.params as { owner: string; repository: string; '*': string };
        const queryAt = request.url.indexOf('?');
        reply.hijack();
        await serveGit(
          hub(request),
          {
            owner: params.owner,
            repository: params.repository,
            service: params['*'],
            query: queryAt === -1 ? '' : request.url.slice(queryAt + 1),
            raw: request.raw,
            remoteAddr: request.ip,
            principal,
          },
          reply.raw,
        ).catch((error) => {
          request.log.error({ err: error }, 'hub: serving git failed');
          if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain' });
          reply.raw.end();
        });
      },
    );
  }
}
