import { describeInputProblem, type Endpoint, inputProblem, type PermissionFlag } from '@proctor/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { MemberPrincipal, Principal, UserPrincipal } from '../kernel/access/principal';
import { badRequest, forbidden, unauthorized } from '../kernel/http/errors';
import { StreamedJson } from '../kernel/http/streamedJson';
import type { AppContext } from './context';

/**
 * Who may call a route. `member` routes act inside the caller's organization and accept API keys;
 * `signed_in` routes need a person (a token), organization or not; `admin` needs a platform admin.
 */
export type Audience = 'public' | 'signed_in' | 'member' | 'admin';

export interface Access<A extends Audience = Audience> {
  audience: A;
  /** Member flags, all required. */
  permissions?: PermissionFlag[];
  /** Member flags, at least one required (a platform admin's, an account admin's or a working flag). */
  anyPermission?: PermissionFlag[];
  /** true: annotator organizations only; false: non-annotator organizations only. */
  annotatorOrganization?: boolean;
}

export const access = {
  public: { audience: 'public' } as Access<'public'>,
  signedIn: { audience: 'signed_in' } as Access<'signed_in'>,
  member: (rule: Omit<Access, 'audience'> = {}): Access<'member'> => ({ audience: 'member', ...rule }),
  admin: { audience: 'admin' } as Access<'admin'>,
};

type PrincipalFor<A extends Audience> = A extends 'public'
  ? Principal | null
  : A extends 'member'
    ? MemberPrincipal
    : UserPrincipal;

export interface RouteContext<E extends Endpoint, A extends Audience> {
  params: z.output<NonNullable<E['params']>>;
  query: z.output<NonNullable<E['query']>>;
  body: z.output<NonNullable<E['body']>>;
  principal: PrincipalFor<A>;
  app: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The answer, or the same document streamed as it is read (kernel/http/streamedJson.ts). */
type Answer<E extends Endpoint> = z.input<E['response']> | StreamedJson<z.input<E['response']>>;

type Handler<E extends Endpoint, A extends Audience> = (
  ctx: RouteContext<E, A>,
) => Promise<Answer<E>> | Answer<E>;

/** What every registered route promises, read by the route × role test and the docs. */
export interface RouteRecord {
  method: string;
  url: string;
  access: Access;
}

/** Refuses the caller unless `access` allows them; answers 401 for no identity, 403 for not enough. */
export function authorize(principal: Principal | null, rule: Access): void {
  if (rule.audience === 'public') return;
  if (!principal) throw unauthorized();
  if (rule.audience === 'signed_in' || rule.audience === 'admin') {
    if (principal.via !== 'user') throw forbidden('This call needs a signed-in user, not an API key');
    if (rule.audience === 'admin' && !principal.permissions.is_admin) throw forbidden('Platform admins only');
    return;
  }
  if (!principal.organization) throw forbidden('Create an organization first');
  if (rule.annotatorOrganization === true && !principal.organization.isAnnotator)
    throw forbidden('This page is only available to annotator organizations.');
  if (
    rule.annotatorOrganization === false &&
    principal.organization.isAnnotator &&
    !principal.permissions.is_admin
  )
    throw forbidden('Not available to annotator organizations');
  for (const flag of rule.permissions ?? []) {
    if (!principal.permissions[flag]) throw forbidden(`Missing permission: ${flag}`);
  }
  if (rule.anyPermission && !rule.anyPermission.some((flag) => principal.permissions[flag]))
    throw forbidden(`Missing permission: one of ${rule.anyPermission.join(', ')}`);
}

/** Registers one endpoint of the contract: parsing, auth and error shape here; the handler is the domain call. */
export function defineRoute<E extends Endpoint, A extends Audience>(
  app: FastifyInstance,
  endpoint: E,
  rule: Access<A>,
  handler: Handler<E, A>,
): void {
  app.routeTable.push({ method: endpoint.method, url: endpoint.path, access: rule });
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { [endpoint.status]: endpoint.response },
      ...(rule.audience === 'public' ? {} : { security: [{ bearer: [] }, { apiKey: [] }] }),
    },
    // Before the body is read or validated: an unauthorized caller learns nothing about the payload rules.
    onRequest: async (request) => authorize(await request.principal(), rule),
    handler: async (request, reply) => {
      const principal = await request.principal();
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        principal,
        app: app.ctx,
        request,
        reply,
      } as RouteContext<E, A>);
      reply.status(endpoint.status);
      if (result instanceof StreamedJson)
        return reply.type('application/json; charset=utf-8').send(result.body);
      return result;
    },
  });
}

/**
 * For the few routes that are not JSON calls (redirects of the sign-in flow, files, streams): same auth,
 * recorded alike. A JSON body, when the route takes one, is validated like a JSON call's by `body`.
 */
export function defineRawRoute<A extends Audience>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  rule: Access<A>,
  handler: (ctx: {
    principal: PrincipalFor<A>;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<unknown>,
  options: { body?: z.ZodType } = {},
): void {
  app.routeTable.push({ method, url, access: rule });
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url,
    schema: { hide: true, ...(options.body ? { body: options.body } : {}) },
    onRequest: async (request) => authorize(await request.principal(), rule),
    // No schema validates these parts, so the contract's input rules are applied here.
    preValidation: async (request) => {
      for (const [part, value] of [
        ['params', request.params],
        ['querystring', request.query],
      ] as const) {
        const problem = inputProblem(value);
        if (problem) throw badRequest(describeInputProblem(problem, part));
      }
    },
    handler: async (request, reply) => {
      const principal = await request.principal();
      return handler({ principal: principal as PrincipalFor<A>, request, reply });
    },
  });
}
