import { spawn, spawnSync } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * Git's smart HTTP served by git itself: `git http-backend` as a CGI program, one process per request. The
 * request body streams into it (counted, so a push over the limit is cut), and its CGI answer (a header block,
 * then the body) streams back. No git configuration of the host or user applies.
 */

let gitFound: boolean | undefined;

/** Whether a `git` command is on PATH (asked once per process). */
export function gitAvailable(): boolean {
  if (gitFound === undefined) {
    const probe = spawnSync('git', ['--version'], { stdio: 'ignore', env: gitEnv('/') });
    gitFound = probe.status === 0;
  }
  return gitFound;
}

/** Only for tests: forget the answer, so a changed PATH is seen. */
export function resetGitAvailable(): void {
  gitFound = undefined;
}

/** The environment every git process of the hub starts with: nothing of the host's configuration. */
export function gitEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    LANG: 'C',
  };
}

export interface HttpBackendRequest {
  /** The folder the repositories are under (GIT_PROJECT_ROOT). */
  projectRoot: string;
  /** The path below it, e.g. `/owner/name.git/info/refs`; checked by the caller. */
  pathInfo: string;
  method: string;
  /** The query string without `?`. */
  query: string;
  /** The authenticated caller's name (REMOTE_USER); http-backend allows receive-pack only when it is set. */
  remoteUser: string;
  remoteAddr: string;
  /** The request's body stream (for POST). */
  body: IncomingMessage | Readable | null;
  headers: IncomingMessage['headers'];
  /** The most bytes of body accepted; past it the request answers 413 with `tooLargeMessage`. */
  maxBodyBytes: number;
  tooLargeMessage: string;
  /** Extra `-c name=value` settings for this git process. */
  config?: Record<string, string>;
}

export interface HttpBackendResult {
  /** The status answered. */
  status: number;
  /** True when the body went past `maxBodyBytes` and the request was cut. */
  tooLarge: boolean;
  /** git's standard error (the end of it), for the log. */
  stderr: string;
}

const STDERR_TAIL = 4096;
const HEADER_LIMIT = 64 * 1024;

/**
 * Runs one request through `git http-backend` and writes the answer to `res`. The status and headers are held
 * back until git writes its first body byte or ends: http-backend prints its headers before reading the body,
 * and a push cut for its size must still be able to answer 413.
 */
export function runHttpBackend(request: HttpBackendRequest, res: ServerResponse): Promise<HttpBackendResult> {
  // A body announced over the limit is refused before git starts or a byte of it is read.
  const announced = Number(headerValue(request.headers['content-length']) || 0);
  if (request.method === 'POST' && announced > request.maxBodyBytes) {
    res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
    res.end(`${request.tooLargeMessage}\n`);
    return Promise.resolve({ status: 413, tooLarge: true, stderr: '' });
  }
  return new Promise((resolve) => {
    const env: NodeJS.ProcessEnv = {
      ...gitEnv(request.projectRoot),
      GIT_PROJECT_ROOT: request.projectRoot,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: request.pathInfo,
      REQUEST_METHOD: request.method,
      QUERY_STRING: request.query,
      REMOTE_USER: request.remoteUser,
      REMOTE_ADDR: request.remoteAddr,
      CONTENT_TYPE: headerValue(request.headers['content-type']),
      GATEWAY_INTERFACE: 'CGI/1.1',
      SERVER_PROTOCOL: 'HTTP/1.1',
    };
    const length = headerValue(request.headers['content-length']);
    if (length) env.CONTENT_LENGTH = length;
    // http-backend inflates a gzip'd body itself (git sends one for a large fetch negotiation).
    const encoding = headerValue(request.headers['content-encoding']);
    if (encoding) env.HTTP_CONTENT_ENCODING = encoding;
    // Protocol v2 is asked for by this header; http-backend passes it on as GIT_PROTOCOL.
    const protocol = headerValue(request.headers['git-protocol']);
    if (protocol) env.HTTP_GIT_PROTOCOL = protocol;

    const args = Object.entries(request.config ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
    const child = spawn('git', [...args, 'http-backend'], { env, stdio: ['pipe', 'pipe', 'pipe'] });

    let stderr = '';
    let tooLarge = false;
    let settled = false;
    let headerBuffer: Buffer | null = Buffer.alloc(0);
    let pending: { status: number; headers: [string, string][] } | null = null;
    let headersSent = false;

    const finish = (status: number) => {
      if (settled) return;
      settled = true;
      resolve({ status, tooLarge, stderr: stderr.slice(-STDERR_TAIL) });
    };

    const answerPlain = (status: number, message: string, close = false) => {
      if (headersSent || res.headersSent) {
        res.destroy();
        return;
      }
      headersSent = true;
      res.writeHead(status, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-cache',
        ...(close ? { connection: 'close' } : {}),
      });
      res.end(`${message}\n`);
    };

    const sendHeaders = () => {
      if (headersSent || !pending) return;
      headersSent = true;
      res.statusCode = pending.status;
      for (const [name, value] of pending.headers) res.appendHeader(name, value);
      res.flushHeaders();
    };

    // The request body: counted as it streams; past the limit the request is cut and answers 413.
    let received = 0;
    const body = request.body;
    if (body && request.method === 'POST') {
      body.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > request.maxBodyBytes && !tooLarge) {
          tooLarge = true;
          body.unpipe(child.stdin);
          child.kill('SIGKILL');
          answerPlain(413, request.tooLargeMessage, true);
          // The client stops sending when it sees the answer (curl does); the socket closes after it.
          res.on('finish', () => body.destroy());
          finish(413);
        }
      });
      body.pipe(child.stdin);
      body.on('error', () => child.kill('SIGKILL'));
    } else {
      child.stdin.end();
    }
    child.stdin.on('error', () => {
      // git stopped reading (it refused the request, or was killed): its answer or exit says why.
    });

    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });

    child.stdout.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      if (headerBuffer) {
        headerBuffer = Buffer.concat([headerBuffer, chunk]);
        const end = headerEnd(headerBuffer);
        if (end === null) {
          if (headerBuffer.length > HEADER_LIMIT) {
            child.kill('SIGKILL');
            answerPlain(502, 'git http-backend answered no headers');
          }
          return;
        }
        pending = parseCgiHeaders(headerBuffer.subarray(0, end.start).toString('latin1'));
        const rest = headerBuffer.subarray(end.end);
        headerBuffer = null;
        if (rest.length > 0) {
          sendHeaders();
          res.write(rest);
        }
        return;
      }
      sendHeaders();
      if (!res.write(chunk)) {
        child.stdout.pause();
        res.once('drain', () => child.stdout.resume());
      }
    });

    child.on('error', (error) => {
      stderr += String(error);
      answerPlain(500, 'git could not be started');
      finish(500);
    });

    child.on('close', (code) => {
      if (tooLarge) return finish(413);
      if (!pending) {
        answerPlain(502, 'git http-backend failed');
        return finish(502);
      }
      sendHeaders();
      res.end();
      finish(code === 0 ? pending.status : pending.status >= 400 ? pending.status : 500);
    });

    res.on('close', () => {
      // The client went away: git need not finish for nobody.
      if (!res.writableFinished) child.kill('SIGKILL');
    });
  });
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** Where CGI headers end: the first blank line (CRLF or LF). */
function headerEnd(buffer: Buffer): { start: number; end: number } | null {
  const crlf = buffer.indexOf('\r\n\r\n');
  const lf = buffer.indexOf('\n\n');
  if (crlf === -1 && lf === -1) return null;
  if (lf === -1 || (crlf !== -1 && crlf < lf)) return { start: crlf, end: crlf + 4 };
  return { start: lf, end: lf + 2 };
}

/** CGI headers: `Status: 404 Not Found` sets the status; every other line is an HTTP header. */
export function parseCgiHeaders(block: string): { status: number; headers: [string, string][] } {
  let status = 200;
  const headers: [string, string][] = [];
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'status') {
      const code = Number.parseInt(value, 10);
      if (code >= 100 && code <= 599) status = code;
    } else if (/^[A-Za-z0-9-]+$/.test(name)) {
      headers.push([name, value]);
    }
  }
  return { status, headers };
}
