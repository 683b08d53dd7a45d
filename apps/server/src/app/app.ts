import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { describeInputProblem, inputProblem, MAX_JSON_BODY_BYTES } from '@proctor/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { authenticate } from '../auth/authenticate';
import { attachEnvironmentSockets } from '../environments/sockets';
import type { Principal } from '../kernel/access/principal';
import { badRequest, HttpError } from '../kernel/http/errors';
import { clientErrorHandler, frameworkErrors } from '../kernel/http/frameworkErrors';
import { loggerOptions } from '../kernel/http/logging';
import {
  allowSameOriginFraming,
  SAME_ORIGIN_FRAMED_PAGES,
  securityHeaders,
} from '../kernel/http/securityHeaders';
import { PROCTOR_VERSION } from '../kernel/version';
import { adminRoutes } from '../routes/admin';
import { agentRoutes } from '../routes/agents';
import { annotatorAdminRoutes } from '../routes/annotatorAdmin';
import { assignmentRoutes } from '../routes/assignments';
import { authRoutes } from '../routes/auth';
import { browserSessionRoutes } from '../routes/browserSessions';
import type { AppContext } from '../routes/context';
import { environmentRoutes } from '../routes/environments';
import { extensionRecordingRoutes } from '../routes/extensionRecording';
import { faviconRoutes } from '../routes/favicons';
import { harUploadRoutes } from '../routes/harUpload';
import { hubRoutes } from '../routes/hub';
import { humanRecorderRoutes } from '../routes/humanRecorder';
import { imageRoutes } from '../routes/images';
import { integrationRoutes } from '../routes/integrations';
import { labelRoutes } from '../routes/labels';
import { mutationGenerationRoutes } from '../routes/mutationGeneration';
import { oidcRoutes } from '../routes/oidc';
import { organizationRoutes } from '../routes/organization';
import { resultRoutes } from '../routes/results';
import type { RouteRecord } from '../routes/route';
import { runRoutes } from '../routes/runs';
import { runTaskRoutes } from '../routes/runTask';
import { scoreRoutes } from '../routes/scores';
import { sdkRoutes } from '../routes/sdk';
import { sessionRoutes } from '../routes/sessions';
import { simulatorRegistryRoutes } from '../routes/simulatorRegistry';
import { simulatorRoutes } from '../routes/simulators';
import { siteRoutes } from '../routes/sites';
import { structuredDataRoutes } from '../routes/structuredData';
import { systemRoutes } from '../routes/system';
import { templateRoutes } from '../routes/templates';
import { testCaseGenerationRoutes } from '../routes/testCaseGeneration';
import { testCaseSetRoutes } from '../routes/testCaseSets';
import { testCaseRoutes } from '../routes/testCases';
import { testRunReportRoutes } from '../routes/testRunReport';
import { testRunRoutes } from '../routes/testRuns';
import { usageRoutes } from '../routes/usage';
import { userRoutes } from '../routes/user';
import { webFlowRoutes } from '../routes/webFlows';
import { servePublicEnvironments } from './publicEnvironments';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    routeTable: RouteRecord[];
    /** Every `METHOD /path` Fastify registered, however it was added: the route × role test checks
     * that each /api one was declared with an access rule (is in routeTable). */
    registeredRoutes: string[];
  }
  interface FastifyRequest {
    /** Resolves (once) who is calling. */
    principal(): Promise<Principal | null>;
  }
}

/** Route plugins, one per area. */
const areas = [
  systemRoutes,
  authRoutes,
  userRoutes,
  organizationRoutes,
  usageRoutes,
  adminRoutes,
  simulatorRoutes,
  simulatorRegistryRoutes,
  testCaseRoutes,
  testCaseGenerationRoutes,
  testCaseSetRoutes,
  testRunRoutes,
  testRunReportRoutes,
  structuredDataRoutes,
  environmentRoutes,
  browserSessionRoutes,
  extensionRecordingRoutes,
  runTaskRoutes,
  assignmentRoutes,
  humanRecorderRoutes,
  annotatorAdminRoutes,
  sessionRoutes,
  harUploadRoutes,
  hubRoutes,
  labelRoutes,
  agentRoutes,
  imageRoutes,
  faviconRoutes,
  resultRoutes,
  runRoutes,
  scoreRoutes,
  mutationGenerationRoutes,
  templateRoutes,
  siteRoutes,
  webFlowRoutes,
  integrationRoutes,
  sdkRoutes,
];

function describeValidationError(error: { validation: unknown[]; validationContext?: string }): string {
  const issues = error.validation as Array<{
    instancePath?: string;
    message?: string;
    params?: { issue?: { path?: unknown[]; message?: string } };
  }>;
  return issues
    .map((issue) => {
      const path =
        issue.params?.issue?.path?.join('.') ?? issue.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const where = [error.validationContext, path].filter(Boolean).join('.');
      return where ? `${where}: ${issue.message}` : (issue.message ?? 'Invalid request');
    })
    .join('; ');
}

/**
 * A path id above MAX_RECORD_ID is well formed but names a record that cannot exist, so it answers 404
 * like any unknown id rather than 400 (the path's only numbers are record ids). A malformed one (not a
 * whole number, or below 1) stays 400; ids in a body or a query are input and stay 400 too.
 */
function isIdBeyondAnyRecord(error: { validation: unknown[]; validationContext?: string }): boolean {
  const issues = error.validation as Array<{ keyword?: string; params?: { origin?: string } }>;
  return (
    error.validationContext === 'params' &&
    issues.every(
      (issue) =>
        issue.keyword === 'too_big' && (issue.params?.origin === 'number' || issue.params?.origin === 'int'),
    )
  );
}

export async function buildApp(
  ctx: AppContext,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const { logger: callerLogger, ...fastifyOptions } = options;
  const app = Fastify({
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: ctx.config.trustProxy,
    logger: {
      ...loggerOptions(ctx.config.logLevel),
      // A caller's logger options (a test's stream) add to these; they never drop the redactions.
      ...(typeof callerLogger === 'object' ? callerLogger : {}),
    },
    // Errors Fastify and Node's HTTP parser answer before any route runs speak `{detail}` too.
    frameworkErrors,
    clientErrorHandler,
    // Node answers an HTTP/1.1 request without a Host header itself, with an empty 400; let it through to
    // the hook below, which answers it as `{detail}`.
    http: { requireHostHeader: false },
    ...fastifyOptions,
  });
  // Every part of every request (path, query, body) obeys the contract's input rules before its own
  // schema runs: no NUL or lone surrogate anywhere, JSON no deeper than MAX_JSON_DEPTH.
  app.setValidatorCompiler<z.ZodType>((route) => {
    const validate = validatorCompiler(route);
    return (data: unknown) => {
      const problem = inputProblem(data);
      if (problem) return { error: badRequest(describeInputProblem(problem, route.httpPart)) };
      return validate(data);
    };
  });
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorate('routeTable', [] as RouteRecord[]);
  app.decorate('registeredRoutes', [] as string[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD route beside every GET; it answers as the GET does.
      if (method !== 'HEAD') app.registeredRoutes.push(`${method} ${route.url}`);
    }
  });

  // First of all hooks: a public environment's name reaches its simulator and nothing of Proctor's.
  servePublicEnvironments(app, ctx);
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      throw badRequest('An HTTP/1.1 request needs a Host header');
  });

  const principals = new WeakMap<object, Promise<Principal | null>>();
  app.decorateRequest('principal', function principal(this: Parameters<typeof authenticate>[1]) {
    let pending = principals.get(this);
    if (!pending) {
      pending = authenticate(ctx, this);
      principals.set(this, pending);
    }
    return pending;
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) return reply.status(error.status).send({ detail: error.detail });
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (isIdBeyondAnyRecord(error)) return reply.status(404).send({ detail: 'Not found' });
      return reply.status(400).send({ detail: describeValidationError(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ detail: 'Internal server error' });
    }
    // Fastify's own 4xx: malformed JSON (400), body too large (413), unsupported media type (415), rate limit (429).
    const detail =
      (error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? `Request body is larger than ${MAX_JSON_BODY_BYTES} bytes`
        : ((error as { detail?: string }).detail ?? (error as Error).message);
    return reply.status(status).send({ detail });
  });

  await app.register(fastifyHelmet, securityHeaders(ctx.config.publicUrl));
  // Every API answer is personal (tokens, keys, one organization's records): no cache may keep it, unless
  // the route chose a private policy itself (content-addressed screenshots never change).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await app.register(fastifyCookie, { secret: ctx.tokens.secret });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Proctor API',
        version: PROCTOR_VERSION,
        description: 'Judge and train browser-operating agents.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Routes refer to schemas named with .meta({ id }) (User, ErrorResponse) by $ref; this adds them to
    // components.schemas, without which those $refs dangle and generators refuse the document.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  for (const area of areas) await app.register(async (scoped) => area(scoped));
  attachEnvironmentSockets(app, ctx, { forward: true, publicUrl: ctx.config.publicUrl });
  const { oidc } = ctx;
  if (oidc) await app.register(async (scoped) => oidcRoutes(scoped, oidc));

  const webDist = ctx.config.webDist;
  const indexHtml = webDist ? join(webDist, 'index.html') : undefined;
  if (webDist && indexHtml && existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    // A missing script or stylesheet (a stale tab after an upgrade) is a 404, not the page in its place.
    // Only Vite's asset folder counts: client routes may hold dots (/agents/gpt-4.1).
    const isAsset = request.url.startsWith('/assets/');
    if (SAME_ORIGIN_FRAMED_PAGES.has(request.url.split('?')[0] ?? '')) allowSameOriginFraming(reply);
    if (!isApi && !isAsset && request.method === 'GET' && indexHtml && existsSync(indexHtml)) {
      // Client-side routes: the SPA decides, and sends unknown paths to /.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ detail: 'Not found' });
  });
  return app;
}
