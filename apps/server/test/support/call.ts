import {
  type Endpoint,
  type EndpointOptionsArgument,
  type EndpointRequest,
  type EndpointResponse,
  ErrorResponse,
  endpointUrl,
} from '@proctor/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { TestProctor } from './proctor';

/** Who calls: an actor of the test server, a key's or a bearer's headers, or nobody. */
export type Caller = { headers: Record<string, string> } | undefined;

/** What a call needs: path parameters and a body when the endpoint has them, a query when it accepts one. */
export type CallOptions<E extends Endpoint> = EndpointRequest<E> & { as?: Caller };

/**
 * An answer: a 2xx body parsed with the endpoint's response schema; any other answer's body is the
 * checked `{detail}`. One type for both keeps assertions short; tests check the status first.
 */
export interface CallResult<R> {
  status: number;
  body: R & Partial<ErrorResponse>;
  /** The raw answer, for the headers and cookies a few tests read. */
  response: LightMyRequestResponse;
}

function describe(endpoint: Endpoint, url: string) {
  return `${endpoint.method} ${url} (${endpoint.path})`;
}

/** `call(endpoint, {params, query, body, as})` bound to one test server. */
export type Call = <
  P extends Endpoint['response'],
  Q extends Endpoint['response'],
  B extends Endpoint['response'],
  R extends Endpoint['response'],
>(
  endpoint: Endpoint<P, Q, B, R>,
  ...[options]: EndpointOptionsArgument<Endpoint<P, Q, B, R>, CallOptions<Endpoint<P, Q, B, R>>>
) => Promise<CallResult<EndpointResponse<Endpoint<P, Q, B, R>>>>;

/** Calls one endpoint of the contract on a test server, as the SPA and SDK would. */
export function callEndpoint<
  P extends Endpoint['response'],
  Q extends Endpoint['response'],
  B extends Endpoint['response'],
  R extends Endpoint['response'],
>(
  proctor: Pick<TestProctor, 'request'>,
  endpoint: Endpoint<P, Q, B, R>,
  ...[options]: EndpointOptionsArgument<Endpoint<P, Q, B, R>, CallOptions<Endpoint<P, Q, B, R>>>
): Promise<CallResult<EndpointResponse<Endpoint<P, Q, B, R>>>>;
export async function callEndpoint(
  proctor: Pick<TestProctor, 'request'>,
  endpoint: Endpoint,
  options?: { params?: unknown; query?: unknown; body?: unknown; as?: Caller },
): Promise<CallResult<unknown>> {
  const url = endpointUrl(endpoint.path, options);
  const response = await proctor.request({
    method: endpoint.method,
    url,
    as: options?.as,
    ...(options?.body === undefined ? {} : { payload: options.body as object }),
  });
  let json: unknown;
  try {
    json = response.json();
  } catch {
    throw new Error(
      `${describe(endpoint, url)} answered ${response.statusCode} with no JSON: ${response.body}`,
    );
  }
  const ok = response.statusCode >= 200 && response.statusCode < 300;
  const parsed = (ok ? endpoint.response : ErrorResponse.strict()).safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `${describe(endpoint, url)} answered ${response.statusCode} with a body that does not match ${
        ok ? 'its response schema' : '{detail}'
      }: ${parsed.error.message}\n${JSON.stringify(json)}`,
    );
  }
  return { status: response.statusCode, body: parsed.data as Partial<ErrorResponse>, response };
}
