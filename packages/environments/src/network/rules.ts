/**
 * What an environment's browser may reach, bound to its own proxy when the environment takes the browser. A
 * browser whose rules are not bound (waiting in the pool, or after `unbind`) reaches nothing.
 */

/** One request of the environment's browser, as the proxy read it: the body whole (requests are small). */
export interface NetworkRequest {
  method: string;
  /** Absolute: scheme://host[:port]/path?query. */
  url: string;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface NetworkResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export interface RefusedRequest {
  url: string;
  method: string;
  /** Why, in a sentence a person reads in the session's log. */
  reason: string;
}

export interface EnvironmentNetworkRules {
  /** Origins (scheme://host[:port]) of the environment's own simulator: forwarded to `upstream`. */
  origins: string[];
  /** Where those origins are actually served (the SimulatorHost's 127.0.0.1:port); the Host header is kept. */
  upstream: { host: string; port: number };
  /** Answers a request in process before any routing (a proxy simulator's replay); undefined = go on. */
  answer?: (request: NetworkRequest) => Promise<NetworkResponse | undefined>;
  /**
   * Outside addresses (proxy simulators in record mode, open-web sessions), e.g. through the server's guarded
   * fetch. Absent: every outside address is refused.
   */
  outside?: (request: NetworkRequest) => Promise<NetworkResponse>;
  /** Each refused request; the proxy calls it at most once per origin and reason, so a page cannot flood it. */
  onRefused?: (event: RefusedRequest) => void;
}
