import type { Server, Socket } from 'node:net';
import type { CompletedRequest, Mockttp, RequestRuleData, WebSocketRuleData } from 'mockttp';
import { loadMockttp, type MockttpModule, type NetworkAuthority } from './authority';
import { type OwnTarget, type ProxyFront, serveProxyFront } from './front';
import { refusalPage } from './refusalPage';
import { normalOrigin, routeOf } from './routes';
import type { EnvironmentNetworkRules, NetworkRequest, NetworkResponse } from './rules';

/** Distinct refusals (origin and reason) reported per binding; past it, one last report says the rest go unlogged. */
export const MAX_REFUSALS_REPORTED = 50;

/** Headers of a connection, not of a message: an in-process answer's body is sent whole. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

/**
 * One environment's network: an intercepting proxy (mockttp) on a loopback port that its Chromium sends every
 * request through. Until `bind` it refuses everything; once bound it forwards the environment's own origins to
 * the simulator host (streamed, WebSockets too), gives the rest to `outside` when the rules have it, and answers
 * anything else with a page that says why, without resolving or connecting to the refused host.
 */
export class EnvironmentNetwork {
  readonly #mockttp: MockttpModule;
  readonly #server: Mockttp;
  #front: ProxyFront | undefined;
  #rules: EnvironmentNetworkRules | undefined;
  #reported = new Set<string>();
  #closing: Promise<void> | undefined;

  private constructor(mockttp: MockttpModule, server: Mockttp) {
    this.#mockttp = mockttp;
    this.#server = server;
  }

  static async start(authority: NetworkAuthority): Promise<EnvironmentNetwork> {
    const mockttp = await loadMockttp();
    const server = mockttp.getLocal({
      https: { key: authority.key, cert: authority.cert },
      http2: false,
      cors: false,
      recordTraffic: false,
      suggestChanges: false,
    });
    await server.start(0);
    let port: number;
    try {
      port = await listenOnLoopbackOnly(server);
    } catch (error) {
      await server.stop().catch(() => undefined);
      throw error;
    }
    const network = new EnvironmentNetwork(mockttp, server);
    try {
      await network.#install();
      network.#front = await serveProxyFront((url) => network.#ownTarget(url), port);
    } catch (error) {
      await network.close();
      throw error;
    }
    return network;
  }

  /** The proxy's port on 127.0.0.1, which the browser's `--proxy-server` names. */
  get port(): number {
    if (!this.#front) throw new Error('The environment network has not started');
    return this.#front.port;
  }

  /** The rules in force, if any. */
  get rules(): EnvironmentNetworkRules | undefined {
    return this.#rules;
  }

  /** Lets the environment's traffic through by these rules, in place of any before. */
  async bind(rules: EnvironmentNetworkRules): Promise<void> {
    for (const origin of rules.origins)
      if (!normalOrigin(origin)) throw new Error(`Not an origin: ${origin}`);
    this.#rules = rules;
    this.#reported = new Set();
    await this.#install();
  }

  /** Back to refusing everything (a warm-up's visit is over; the environment is gone). */
  async unbind(): Promise<void> {
    this.#rules = undefined;
    this.#reported = new Set();
    await this.#install();
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.#front?.close();
      await this.#server.stop().catch(() => undefined);
    })();
    return this.#closing;
  }

  /** Where the front sends a plain-HTTP request itself: the environment's own origin, unless answers come first. */
  #ownTarget(url: string): OwnTarget | undefined {
    const rules = this.#rules;
    if (!rules || rules.answer) return undefined;
    const route = routeOf(url, rules);
    if (route.to !== 'own') return undefined;
    return { host: rules.upstream.host, port: rules.upstream.port, hostHeader: new URL(route.origin).host };
  }

  async #install(): Promise<void> {
    const { completionCheckers, matchers, requestSteps, webSocketSteps } = this.#mockttp;
    const rules = this.#rules;
    const always = () => new completionCheckers.Always();
    const own: RequestRuleData[] = [];
    const ownSockets: WebSocketRuleData[] = [];
    for (const origin of rules?.origins ?? []) {
      // mockttp drops a default port from request URLs, as URL.host does.
      const url = new URL(origin);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      const replaceHost = {
        targetHost: `${rules?.upstream.host}:${rules?.upstream.port}`,
        // The Host the origin names, whatever the request carried: the simulator host routes by it.
        updateHostHeader: url.host,
      };
      // Plain HTTP to the simulator host, whichever scheme the origin has: TLS ends here.
      const setProtocol = 'http' as const;
      own.push({
        matchers: [
          new matchers.ProtocolMatcher(url.protocol === 'https:' ? 'https' : 'http'),
          new matchers.HostMatcher(url.host),
        ],
        steps: [
          new requestSteps.PassThroughStep(
            rules?.answer
              ? {
                  beforeRequest: (request) =>
                    this.#answerOrForward(request, url.host, replaceHost.targetHost),
                }
              : { transformRequest: { replaceHost, setProtocol } },
          ),
        ],
        completionChecker: always(),
      });
      ownSockets.push({
        matchers: [
          new matchers.ProtocolMatcher(url.protocol === 'https:' ? 'wss' : 'ws'),
          new matchers.HostMatcher(url.host),
        ],
        steps: [
          new webSocketSteps.PassThroughWebSocketStep({
            transformRequest: { replaceHost, setProtocol: 'ws' },
          }),
        ],
        completionChecker: always(),
      });
    }
    await this.#server.setRequestRules(...own, {
      priority: 0,
      matchers: [new matchers.WildcardMatcher()],
      steps: [new requestSteps.CallbackStep((request) => this.#handleOther(request))],
      completionChecker: always(),
    });
    await this.#server.setWebSocketRules(...ownSockets, {
      priority: 0,
      // Judged in the matcher, the one place a WebSocket rule sees the request: every rule's matcher runs, so
      // an own origin answers false here and goes to its own rule.
      matchers: [new matchers.CallbackMatcher((request) => this.#refuseSocket(request))],
      steps: [
        new webSocketSteps.RejectWebSocketStep(
          403,
          'Refused by Proctor',
          { 'content-type': 'text/plain; charset=utf-8' },
          'Proctor refused this WebSocket: an environment reaches only its own simulator.',
        ),
      ],
      completionChecker: always(),
    });
  }

  /** A request no own-origin rule took: an in-process answer, the outside, or a refusal. */
  async #handleOther(request: CompletedRequest) {
    const rules = this.#rules;
    if (rules?.answer) {
      const answered = await rules.answer(networkRequest(request));
      if (answered) return responseResult(answered);
    }
    const route = routeOf(request.url, rules);
    if (route.to === 'outside' && rules?.outside)
      return responseResult(await rules.outside(networkRequest(request)));
    const reason =
      route.to === 'refused' ? route.reason : 'This request cannot be carried by the environment network.';
    this.#report(request, reason);
    return {
      statusCode: 403,
      statusMessage: 'Refused by Proctor',
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'x-proctor-refused': reason,
      },
      body: refusalPage(request.url, reason, rules?.origins ?? []),
    };
  }

  /**
   * An own origin's request when the rules answer in process: their answer, or else the request on its way to
   * the upstream, as the fixed transform does without an answer (mockttp takes one or the other).
   */
  async #answerOrForward(request: CompletedRequest, host: string, upstream: string) {
    const answered = await this.#rules?.answer?.(networkRequest(request));
    if (answered) return { response: responseResult(answered) };
    const url = new URL(request.url);
    return {
      url: `http://${upstream}${url.pathname}${url.search}`,
      headers: { ...request.headers, host },
    };
  }

  #refuseSocket(request: CompletedRequest): boolean {
    const route = routeOf(request.url, this.#rules);
    if (route.to === 'own') return false;
    this.#report(
      request,
      route.to === 'refused' ? route.reason : 'WebSockets to outside addresses are not carried.',
    );
    return true;
  }

  #report(request: { url: string; method: string }, reason: string): void {
    const onRefused = this.#rules?.onRefused;
    if (!onRefused) return;
    let origin: string;
    try {
      origin = new URL(request.url).origin;
    } catch {
      origin = request.url;
    }
    const key = `${origin} ${reason}`;
    if (this.#reported.has(key) || this.#reported.size > MAX_REFUSALS_REPORTED) return;
    this.#reported.add(key);
    const last = this.#reported.size > MAX_REFUSALS_REPORTED;
    try {
      onRefused({
        url: request.url,
        method: request.method,
        reason: last ? `${reason} Further refused requests of this environment are not logged.` : reason,
      });
    } catch {
      // A report that fails must not fail the page's request.
    }
  }
}

function networkRequest(request: CompletedRequest): NetworkRequest {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined) headers[name] = value;
  return { method: request.method, url: request.url, headers, body: request.body.buffer };
}

function responseResult(response: NetworkResponse) {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(response.headers))
    if (!HOP_BY_HOP.has(name.toLowerCase()) && name.toLowerCase() !== 'content-length') headers[name] = value;
  headers['content-length'] = String(response.body.length);
  // rawBody: sent as given, already in whatever content-encoding its headers name.
  return { statusCode: response.status, headers, rawBody: response.body };
}

/**
 * mockttp listens on every interface; an environment's proxy is for its browser on this machine alone. Its
 * server moves to a fresh loopback port (nothing knows the first one yet), and any connection from elsewhere
 * that slipped in meanwhile is dropped.
 */
async function listenOnLoopbackOnly(mockttp: Mockttp): Promise<number> {
  const server = (mockttp as unknown as { server: Server }).server;
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (address !== '127.0.0.1' && address !== '::1' && address !== '::ffff:127.0.0.1') socket.destroy();
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', failed);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The environment proxy has no port');
  return address.port;
}
