import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createGunzip } from 'node:zlib';
import { gitEnv } from './httpBackend';

/**
 * Fetches and clones served by `git upload-pack --stateless-rpc` run straight, as `git http-backend` would run it:
 * one git process per request instead of two (http-backend, then upload-pack), which is most of what a clone
 * over HTTP costs beyond git's own packing. Pushes still go through http-backend (runHttpBackend).
 */

export interface UploadPackRequest {
  /** The bare repository, already authorised. */
  gitdir: string;
  /** The ref advertisement (`GET info/refs?service=git-upload-pack`), or the negotiation and pack (`POST`). */
  advertise: boolean;
  /** The request's body (for the POST) and headers. */
  raw: IncomingMessage;
  /** The most bytes of (inflated) body accepted; past it the request answers 413. */
  maxBodyBytes: number;
}

export interface UploadPackResult {
  status: number;
  stderr: string;
}

const STDERR_TAIL = 4096;
/** The headers http-backend sends with every smart answer. */
const NO_CACHE = {
  expires: 'Fri, 01 Jan 1980 00:00:00 GMT',
  pragma: 'no-cache',
  'cache-control': 'no-cache, max-age=0, must-revalidate',
};
/** `# service=git-upload-pack` as a pkt-line, then a flush: what a protocol v0/v1 advertisement starts with. */
const SERVICE_LINE = '001e# service=git-upload-pack\n0000';

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

export function runUploadPack(request: UploadPackRequest, res: ServerResponse): Promise<UploadPackResult> {
  const { raw } = request;
  const answerPlain = (status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...NO_CACHE });
    res.end(`${message}\n`);
    return Promise.resolve({ status, stderr: '' });
  };
  if (
    !request.advertise &&
    headerValue(raw.headers['content-type']) !== 'application/x-git-upload-pack-request'
  )
    return answerPlain(415, 'Unsupported Media Type');

  // git asks for protocol v2 by this header; upload-pack reads it from GIT_PROTOCOL, as http-backend passes it.
  const protocol = headerValue(raw.headers['git-protocol']);
  const env: NodeJS.ProcessEnv = {
    ...gitEnv(request.gitdir),
    ...(protocol ? { GIT_PROTOCOL: protocol } : {}),
  };
  const args = ['-c', 'core.hooksPath=/dev/null', 'upload-pack', '--stateless-rpc'];
  if (request.advertise) args.push('--http-backend-info-refs');
  args.push(request.gitdir);

  return new Promise((resolve) => {
    const child = spawn('git', args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let settled = false;
    let started = false;
    const finish = (status: number) => {
      if (settled) return;
      settled = true;
      resolve({ status, stderr: stderr.slice(-STDERR_TAIL) });
    };
    const start = () => {
      if (started) return;
      started = true;
      res.writeHead(200, {
        'content-type': `application/x-git-upload-pack-${request.advertise ? 'advertisement' : 'result'}`,
        ...NO_CACHE,
      });
      // Protocol v2's advertisement is upload-pack's own; v0 and v1 start with the service line.
      if (request.advertise && !/(^|:)version=2(:|$)/.test(protocol)) res.write(SERVICE_LINE);
    };

    if (request.advertise) child.stdin.end();
    else {
      // git gzips a large negotiation (http-backend inflates it the same way).
      const encoding = headerValue(raw.headers['content-encoding']);
      const body = encoding === 'gzip' || encoding === 'x-gzip' ? raw.pipe(createGunzip()) : raw;
      let received = 0;
      body.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > request.maxBodyBytes && !settled) {
          child.kill('SIGKILL');
          body.unpipe(child.stdin);
          if (!started) {
            started = true;
            res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
            res.end('Request too large\n');
          } else res.destroy();
          finish(413);
        }
      });
      body.on('error', () => child.kill('SIGKILL'));
      body.pipe(child.stdin);
    }
    child.stdin.on('error', () => {
      // upload-pack stopped reading (it failed or was killed): its exit says why.
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      if (settled) return;
      start();
      if (!res.write(chunk)) {
        child.stdout.pause();
        res.once('drain', () => child.stdout.resume());
      }
    });
    child.on('error', (error) => {
      stderr += String(error);
      if (!started) {
        started = true;
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('git could not be started\n');
      } else res.destroy();
      finish(500);
    });
    child.on('close', (code) => {
      if (settled) return;
      if (code === 0) {
        start();
        res.end();
        return finish(200);
      }
      // Nothing sent yet: an error git can still say; part of an answer sent: the client sees it cut.
      if (!started) {
        started = true;
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('git upload-pack failed\n');
      } else res.destroy();
      finish(500);
    });
    res.on('close', () => {
      // The client went away: git need not finish for nobody.
      if (!res.writableFinished) child.kill('SIGKILL');
    });
  });
}
