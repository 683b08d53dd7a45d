import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Resolver } from '../../src/kernel/outbound/outboundGuard';

/**
 * A stand-in for a site on the open web, on this machine (the machine has no internet), in a process of its own as
 * any site is (Proctor refuses its own process's sockets): a page, another, and redirects to a private name and to
 * Proctor's own API. It reports each path it serves on its standard output.
 */
const SITE = `
const http = require('node:http');
const apiPort = Number(process.argv[1]);
const page = (title) => '<!doctype html><title>' + title + '</title><h1>' + title + '</h1>';
const server = http.createServer((request, response) => {
  const path = request.url;
  process.stdout.write('served ' + path + '\\n');
  if (path === '/') { response.writeHead(200, { 'content-type': 'text/html' }); response.end(page('Stand-in home')); }
  else if (path === '/second') { response.writeHead(200, { 'content-type': 'text/html' }); response.end(page('Second page')); }
  else if (path === '/to-private') { response.writeHead(302, { location: 'http://intranet.test/secrets' }); response.end(); }
  else if (path === '/to-proctor') { response.writeHead(302, { location: 'http://proctor.test:' + apiPort + '/api/health' }); response.end(); }
  else { response.writeHead(404); response.end('not here'); }
});
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));
`;

export async function startSite(
  apiPort: number,
): Promise<{ child: ChildProcess; port: number; served: string[] }> {
  const child = spawn(process.execPath, ['-e', SITE, String(apiPort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const served: string[] = [];
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The stand-in site exited (${code})`)));
    lines.on('line', (line) => {
      const [kind, value] = line.split(' ') as [string, string];
      if (kind === 'port') resolve(Number(value));
      else if (kind === 'served') served.push(value);
    });
  });
  return { child, port, served };
}

/** Names as the open web's resolver sees them here: the stand-in on loopback, an intranet name, Proctor itself. */
/** Names the browser sessions' open web resolves in tests: the site and Proctor on loopback, an intranet name. */
export const resolve: Resolver = async (hostname) => {
  const names: Record<string, string> = {
    'site.test': '127.0.0.1',
    'proctor.test': '127.0.0.1',
    'intranet.test': '10.0.0.7',
  };
  const address = names[hostname];
  if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};
