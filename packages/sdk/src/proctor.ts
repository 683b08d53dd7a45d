import { type Clock, systemClock } from './clock.js';
import { API_KEY_VARIABLE, DEFAULT_REQUEST_TIMEOUT_MS } from './constants.js';
import type { HeartbeatErrorHandler } from './environment.js';
import { Environments } from './environments.js';
import { ProctorError } from './errors.js';
import { ApiClient } from './http.js';
import { Hub } from './hub.js';

export interface ProctorOptions {
  /** Your Proctor's address, e.g. https://proctor.example.com (a path prefix is kept). */
  baseUrl: string;
  /** The organization's API key (Settings page). Default: the PROCTOR_API_KEY environment variable. */
  apiKey?: string;
  /** An HTTP call without an answer for this long fails (default 60000 ms). */
  requestTimeoutMs?: number;
  /** Told of each failed heartbeat; see also `env.lastHeartbeatError`. */
  onHeartbeatError?: HeartbeatErrorHandler;
  /** Time as the SDK sees it; tests pass their own. */
  clock?: Clock;
}

/** The entry point: `new Proctor({ baseUrl, apiKey })`. */
export class Proctor {
  /** The base URL, without a trailing slash. */
  readonly baseUrl: string;
  readonly environments: Environments;
  /** The simulator hub's repositories and git credentials. */
  readonly hub: Hub;

  constructor(options: ProctorOptions) {
    const apiKey = options.apiKey ?? globalThis.process?.env?.[API_KEY_VARIABLE];
    if (!apiKey) throw new ProctorError(`Missing API key: pass { apiKey } or set ${API_KEY_VARIABLE}`);
    this.baseUrl = baseUrlOf(options.baseUrl);
    const api = new ApiClient({
      baseUrl: this.baseUrl,
      apiKey,
      timeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    });
    this.environments = new Environments({
      api,
      clock: options.clock ?? systemClock,
      onHeartbeatError: options.onHeartbeatError,
    });
    this.hub = new Hub({ api, baseUrl: this.baseUrl });
  }
}

function baseUrlOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ProctorError(`Invalid baseUrl "${text}": give Proctor's address, e.g. http://localhost:3000`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ProctorError(`Invalid baseUrl "${text}": it must start with http:// or https://`);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
