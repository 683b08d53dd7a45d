import { type IncomingMessage, request } from 'node:http';

/** A caller of a long answer that goes away in the middle of it. */
export interface LeavingCaller {
  /** The answer's first chunk, as it arrives. */
  firstChunk(): Promise<string>;
  /** Goes away: the socket is destroyed. */
  leave(): void;
}

/**
 * POSTs `body` as JSON to `url` on a socket of its own, which `leave()` destroys. Not an aborted fetch: that may
 * leave its connection in undici's pool, and the server's close then waits for it (Fastify's keep-alive timeout,
 * about 70 s).
 */
export function leavingCaller(url: string, headers: Record<string, string>, body: unknown): LeavingCaller {
  const caller = request(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    agent: false,
  });
  const response = new Promise<IncomingMessage>((done, fail) => {
    caller.on('response', done);
    caller.on('error', fail);
  });
  // Once it has gone away, its socket's end is no failure.
  response.catch(() => undefined);
  caller.end(JSON.stringify(body));
  return {
    firstChunk: async () => {
      const answer = await response;
      return new Promise<string>((done) => answer.once('data', (chunk: Buffer) => done(chunk.toString())));
    },
    leave: () => caller.destroy(),
  };
}
