import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimulatorDefinition } from '../definition';
import { SimulatorInstance } from '../runtime/instance';
import { prepareSimulator } from '../runtime/prepare';
import { plainPage } from './context';
import { html } from './html';
import { type SimulatorRequest, staticAsset } from './pipeline';
import type { SimulatorResponse } from './response';

/** Bodies above this are refused: simulator forms are small, and a runaway client must not eat memory. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

/** One DNS label: what an instance id and a simulator name must be to sit in a host name. */
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface SimulatorHostOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Address to bind; loopback by default, since simulator origins resolve to loopback. */
  bindAddress?: string;
  /** The domain instances live under; Chromium resolves every *.localhost name to loopback. */
  domain?: string;
}

export interface CreateInstanceOptions {
  /** The instance's DNS label (an environment id); a random one unless given. */
  id?: string;
}

/**
 * What the host serves on an origin: a SimulatorInstance in this process, or a stand-in for one running
 * elsewhere (a hub version's sandboxed process: versionHost/remote.ts) that answers the requests given to it.
 */
export interface HostedInstance {
  readonly id: string;
  /** The simulator's name, the origin's second label. */
  readonly name: string;
  readonly origin: string;
  readonly destroyed: boolean;
  dispatch(request: SimulatorRequest): Promise<SimulatorResponse>;
  destroy(): void;
}

/**
 * The one HTTP server of a process that serves every simulator instance on its own origin,
 * http://<instance>.<simulator>.localhost:<port>, choosing the instance by the Host header. Cookies, storage
 * and absolute URLs are per origin in the browser, so instances are as separate as different sites.
 * No framework: routing by Host header plus the kit's router is all there is to do, and node:http keeps the
 * per-request cost at what the benchmark measures.
 */
export class SimulatorHost {
  readonly #server: Server;
  readonly #instances = new Map<string, HostedInstance>();
  readonly #domain: string;
  readonly #bindAddress: string;
  #port: number;

  constructor(options: SimulatorHostOptions = {}) {
    this.#port = options.port ?? 0;
    this.#bindAddress = options.bindAddress ?? '127.0.0.1';
    this.#domain = (options.domain ?? 'localhost').toLowerCase();
    this.#server = createServer((req, res) => {
      this.#serve(req, res).catch((error: unknown) => {
        console.error('[simulator host] request failed:', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal error');
      });
    });
    // Agents keep connections open between steps; idle sockets are cheap, closing them early is not.
    this.#server.keepAliveTimeout = 60_000;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#port, this.#bindAddress, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    this.#port = (this.#server.address() as AddressInfo).port;
  }

  get port(): number {
    return this.#port;
  }

  /** http://<id>.<simulator>.<domain>:<port> */
  originOf(id: string, simulatorName: string): string {
    return `http://${id}.${simulatorName}.${this.#domain}:${this.#port}`;
  }

  /** Starts an instance of a simulator (its seed is built on first use and shared by later instances). */
  createInstance(definition: SimulatorDefinition, options: CreateInstanceOptions = {}): SimulatorInstance {
    return this.attachInstance(
      definition.name,
      (id, origin, onDestroy) =>
        new SimulatorInstance(prepareSimulator(definition), { id, origin, onDestroy }),
      options,
    );
  }

  /**
   * Serves an instance made by `make` on its own origin: `make` is given the id, the origin and what the
   * instance calls once when destroyed (the host forgets it then).
   */
  attachInstance<T extends HostedInstance>(
    simulatorName: string,
    make: (id: string, origin: string, onDestroy: () => void) => T,
    options: CreateInstanceOptions = {},
  ): T {
    const id = options.id ?? `i${randomBytes(5).toString('hex')}`;
    if (!DNS_LABEL.test(id)) throw new Error(`Instance id must be a lowercase DNS label: ${id}`);
    if (!DNS_LABEL.test(simulatorName))
      throw new Error(`Simulator name must be a DNS label: ${simulatorName}`);
    const key = `${id}.${simulatorName}`;
    if (this.#instances.has(key)) throw new Error(`Instance ${key} already exists`);
    const instance = make(id, this.originOf(id, simulatorName), () => {
      if (this.#instances.get(key) === instance) this.#instances.delete(key);
    });
    this.#instances.set(key, instance);
    return instance;
  }

  /** An instance of this process (not a stand-in for one elsewhere). */
  getInstance(id: string, simulatorName: string): SimulatorInstance | undefined {
    const instance = this.#instances.get(`${id}.${simulatorName}`);
    return instance instanceof SimulatorInstance ? instance : undefined;
  }

  instances(): HostedInstance[] {
    return [...this.#instances.values()];
  }

  /** The instance a Host header names, if it lives here. */
  resolve(hostHeader: string | undefined): HostedInstance | undefined {
    if (!hostHeader) return undefined;
    const hostname = hostHeader.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
    const suffix = `.${this.#domain}`;
    if (!hostname.endsWith(suffix)) return undefined;
    const labels = hostname.slice(0, -suffix.length).split('.');
    if (labels.length !== 2) return undefined;
    const [id, simulatorName] = labels as [string, string];
    return this.#instances.get(`${id}.${simulatorName}`);
  }

  /**
   * The text of a stylesheet one of this host's instances serves at `url` (absolute, as a page links it), read
   * from the instance's files without a request: what a recording's replay shows a page's `<link>` with.
   * Undefined for anything else (another host, an instance gone, a path that is no CSS file).
   */
  stylesheetText(url: string): string | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== 'http:' || Number(parsed.port) !== this.#port) return undefined;
    // A stand-in's files are in the process it stands for: its stylesheets are not read from here.
    const instance = this.resolve(parsed.host);
    const asset = instance instanceof SimulatorInstance ? staticAsset(instance, parsed.pathname) : undefined;
    return asset?.contentType.startsWith('text/css') ? asset.body.toString('utf8') : undefined;
  }

  /** Routes a request by its Host header without a socket (tests, in-process agents). */
  async dispatch(request: SimulatorRequest): Promise<SimulatorResponse> {
    const instance = this.resolve(request.headers.host);
    if (!instance) return unknownHost(request.headers.host);
    return instance.dispatch(request);
  }

  /** Destroys every instance and stops listening. */
  async close(): Promise<void> {
    for (const instance of this.instances()) instance.destroy();
    if (!this.#server.listening) return;
    this.#server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      this.#server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  async #serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = Date.now();
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const body = await readBody(req);
    const response =
      body === null
        ? plainResponse(413, 'Request too large', 'The request body is larger than this server accepts.')
        : await this.dispatch({
            method: req.method ?? 'GET',
            url: req.url ?? '/',
            headers,
            body,
            receivedAt,
          });
    res.writeHead(response.status, response.headers);
    res.end(response.body);
  }
}

/** A request's body, or null once it is larger than MAX_REQUEST_BODY_BYTES. */
export async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes = chunk as Buffer;
    size += bytes.length;
    if (size > MAX_REQUEST_BODY_BYTES) return null;
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

export function plainResponse(status: number, title: string, message: string): SimulatorResponse {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: plainPage(title, html`<p>${message}</p>`).value,
  };
}

function unknownHost(host: string | undefined): SimulatorResponse {
  return plainResponse(
    404,
    'No simulator here',
    `No simulator instance is running at ${host ?? 'this address'}. It may have been closed.`,
  );
}
