import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type EndpointBody, type EndpointResponse, endpoints } from '@proctor/contracts';
import type { RouteName } from '../../src/routes';

export const API_KEY = 'pk_test_standin';

type Endpoints = typeof endpoints;

/** One request as the stand-in received it, after the contract accepted it. */
export interface ReceivedRequest {
  name: RouteName;
  method: string;
  url: string;
  id: string | undefined;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** An error answer: `{detail}` with this status (or a raw body, as a proxy's error page is). */
export class Refusal {
  constructor(
    readonly status: number,
    readonly detail: string | { raw: string; statusText?: string },
  ) {}
}

type Handler<N extends RouteName> = (
  request: ReceivedRequest & { body: EndpointBody<Endpoints[N]> },
) => EndpointResponse<Endpoints[N]> | Refusal | Promise<EndpointResponse<Endpoints[N]> | Refusal>;

const ROUTE_NAMES = [
  'makeEnvironment',
  'environmentStatus',
  'environmentWorkerReady',
  'environmentState',
  'resetEnvironment',
  'evaluateEnvironment',
  'backupEnvironment',
  'closeEnvironment',
  'environmentHeartbeat',
  'environmentCdpUrl',
  'keepaliveJobs',
  'hubMyInfo',
  'hubSimulators',
  'hubSimulatorRepository',
] as const satisfies readonly RouteName[];

const EVALUATION = {
  passed: true,
  details: { test_case_public_id: null, explanation: '', mutations: null, output: null },
};

/** What a running environment answers when a test sets nothing else. */
function defaultHandlers(): { [N in RouteName]: Handler<N> } {
  return {
    makeEnvironment: () => ({ id: 'env_1', session_id: 'ses_1', status: 'queued' }),
    environmentStatus: () => ({ status: 'running', error: null }),
    environmentWorkerReady: () => ({ ready: true }),
    environmentState: ({ id }) => ({
      state: { mutations: [] },
      live_view_url: `http://proctor.test/live/${id}?token=live`,
    }),
    resetEnvironment: ({ body }) => ({
      session_id: 'ses_2',
      start_url: `http://shop.test${body?.start_url ?? '/'}`,
      prompt: body?.prompt ?? '',
      test_case_public_id: body?.test_case_public_id ?? null,
    }),
    evaluateEnvironment: () => EVALUATION,
    backupEnvironment: () => ({ backup_id: 'bk_1', taken_at: '2026-11-23T12:00:00.000Z', mutation_count: 0 }),
    closeEnvironment: () => ({ status: 'closed' }),
    environmentHeartbeat: () => ({ status: 'running' }),
    environmentCdpUrl: ({ id }) => ({
      cdp_url: `ws://proctor.test/cdp/token-for-${id}`,
      expires_at: '2026-11-23T12:15:00.000Z',
    }),
    keepaliveJobs: () => ({ job_groups: [] }),
    hubMyInfo: () => ({ username: 'ada@example.com', password: 'hub_standin' }),
    hubSimulators: () => ({ simulators: [], git_available: true, git_detail: null, can_write: true }),
    hubSimulatorRepository: () => new Refusal(404, 'This simulator has no repository yet'),
  };
}

function match(template: string, path: string): { id?: string } | null {
  // A route's one parameter (an environment's :id, a simulator's :name) is its `id` here.
  const pattern = new RegExp(`^${template.replace(/:\w+/, '(?<id>[^/]+)')}$`);
  const found = pattern.exec(path);
  if (!found) return null;
  const id = found.groups?.id;
  return id === undefined ? {} : { id: decodeURIComponent(id) };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * Proctor's environment API as the contract states it, on 127.0.0.1: each route is found by the contract's
 * method and path, its body parsed by the contract's schema (and refused like the server refuses), and
 * every answer a handler gives checked against the contract's response schema before it is sent.
 */
export async function startStandInProctor() {
  const handlers = defaultHandlers();
  const requests: ReceivedRequest[] = [];
  const problems: string[] = [];

  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;

    for (const name of ROUTE_NAMES) {
      const endpoint: Endpoints[RouteName] = endpoints[name];
      const params = endpoint.method === request.method ? match(endpoint.path, path) : null;
      if (!params) continue;
      if (request.headers['x-api-key'] !== API_KEY) return send(response, 401, { detail: 'Invalid API key' });
      // As Fastify does: a JSON content type needs a body, and a body needs a JSON content type.
      const isJson = request.headers['content-type']?.startsWith('application/json') ?? false;
      if (isJson && text === '')
        return send(response, 400, {
          detail: "Body cannot be empty when content-type is set to 'application/json'",
        });
      if (!isJson && text !== '') return send(response, 415, { detail: 'Unsupported Media Type' });
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        return send(response, 400, { detail: 'Body is not valid JSON' });
      }
      if (endpoint.body) {
        const parsed = endpoint.body.safeParse(body);
        if (!parsed.success) return send(response, 400, { detail: parsed.error.message });
      }
      const received: ReceivedRequest = {
        name,
        method: request.method ?? '',
        url: request.url ?? '',
        id: params.id,
        headers: request.headers,
        body,
      };
      requests.push(received);
      const answer = await (handlers[name] as Handler<RouteName>)(received as never);
      if (answer instanceof Refusal) {
        if (typeof answer.detail === 'string')
          return send(response, answer.status, { detail: answer.detail });
        response.writeHead(answer.status, answer.detail.statusText, { 'content-type': 'text/html' });
        return response.end(answer.detail.raw);
      }
      const checked = endpoint.response.safeParse(answer);
      if (!checked.success) {
        problems.push(`${name}: the test's answer breaks the contract: ${checked.error.message}`);
        return send(response, 500, { detail: 'Internal server error' });
      }
      return send(response, endpoint.status, answer);
    }
    send(response, 404, { detail: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Every accepted request, in order. */
    requests,
    /** Answers from tests that the contract refuses; a test that sees any is wrong, not the SDK. */
    problems,
    setRoute<N extends RouteName>(name: N, handler: Handler<N>): void {
      handlers[name] = handler as (typeof handlers)[N];
    },
    /** Answers the status calls with these statuses in turn, repeating the last. */
    setStatuses(
      statuses: { status: EndpointResponse<Endpoints['environmentStatus']>['status']; error?: string }[],
    ) {
      const queue = [...statuses];
      handlers.environmentStatus = () => {
        const next = queue.length > 1 ? queue.shift()! : queue[0]!;
        return { status: next.status, error: next.error ?? null };
      };
    },
    named(name: RouteName): ReceivedRequest[] {
      return requests.filter((request) => request.name === name);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StandInProctor = Awaited<ReturnType<typeof startStandInProctor>>;
