import { request } from 'node:http';

export interface DevToolsJsonOptions {
  /** The browser's HTTP endpoint (`LaunchedBrowser.httpEndpoint`). */
  upstreamHttpEndpoint: string;
  /** The public WebSocket URL through which clients reach the browser endpoint (via `proxyCdpClient`). */
  publicWsEndpoint: string;
  /** The public WebSocket URL of one page's endpoint; without it, /json/list leaves page URLs out. */
  publicPageWsEndpoint?: (targetId: string) => string;
}

export interface DevToolsJsonAnswer {
  status: number;
  body: string;
}

const PATHS = new Set(['/json/version', '/json/list', '/json']);

interface TargetEntry {
  id?: string;
  webSocketDebuggerUrl?: string;
  devtoolsFrontendUrl?: string;
  devtoolsFrontendUrlCompat?: string;
  [key: string]: unknown;
}

/**
 * Answers a client's `/json/version`, `/json/list` or `/json` (a trailing slash allowed: Playwright's
 * `connectOverCDP(httpUrl)` asks for `/json/version/` and follows its `webSocketDebuggerUrl`). The upstream
 * answer is fetched with `Host: 127.0.0.1` (Chromium refuses other hosts) and every address in it is replaced by
 * a public one: the internal endpoint must never reach a client. Frontend URLs go: they point at a DevTools
 * frontend on the internet with the internal address in them.
 */
export async function fetchDevToolsJson(
  path: string,
  options: DevToolsJsonOptions,
): Promise<DevToolsJsonAnswer> {
  const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (!PATHS.has(route))
    return { status: 404, body: JSON.stringify({ error: `Unknown DevTools path ${path}` }) };
  const upstream = await getJson(`${options.upstreamHttpEndpoint.replace(/\/+$/, '')}${route}`);
  if (upstream.status !== 200)
    return { status: 502, body: JSON.stringify({ error: 'The environment browser did not answer' }) };
  const json = JSON.parse(upstream.body) as TargetEntry | TargetEntry[];
  if (route === '/json/version' && !Array.isArray(json)) {
    return {
      status: 200,
      body: JSON.stringify({ ...json, webSocketDebuggerUrl: options.publicWsEndpoint }, null, 3),
    };
  }
  const entries = (Array.isArray(json) ? json : []).map((entry) => {
    const {
      webSocketDebuggerUrl: _internal,
      devtoolsFrontendUrl: _frontend,
      devtoolsFrontendUrlCompat: _compat,
      ...rest
    } = entry;
    return options.publicPageWsEndpoint && typeof entry.id === 'string'
      ? { ...rest, webSocketDebuggerUrl: options.publicPageWsEndpoint(entry.id) }
      : rest;
  });
  return { status: 200, body: JSON.stringify(entries, null, 3) };
}

function getJson(url: string): Promise<DevToolsJsonAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const call = request(
      target,
      {
        method: 'GET',
        headers: { host: `127.0.0.1:${target.port}`, accept: 'application/json' },
        timeout: 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    call.on('timeout', () => call.destroy(new Error(`${url} timed out`)));
    call.on('error', reject);
    call.end();
  });
}
