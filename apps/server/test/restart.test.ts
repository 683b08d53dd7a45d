import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MakeEnvironmentResponse, TokenResponse, User } from '@proctor/contracts';
import { openDatabase, sessionLogs, sessions } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/network';

/**
 * A server killed with SIGKILL in the middle of a session closes nothing. The next start must leave no
 * Chromium of the dead one behind and say, on the environment and its session, why they ended.
 * Real processes: the server runs as `npm start` runs it (main.ts), on its own data folder.
 */
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Processes whose command line names a browser profile of this server process. */
function browsersOf(serverPid: number): number[] {
  const needle = `--user-data-dir=${join(tmpdir(), `proctor-browser-${serverPid}-`)}`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(needle);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a server killed mid-session', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'proctor-restart-'));
  const servers: ChildProcess[] = [];
  afterAll(() => {
    for (const server of servers) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startServer(port: number): Promise<ChildProcess> {
    const server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        BROWSER_POOL_SIZE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.push(server);
    let output = '';
    server.stdout!.on('data', (chunk) => {
      output += chunk.toString();
    });
    server.stderr!.on('data', (chunk) => {
      output += chunk.toString();
    });
    await waitFor('the server to start', () => output.includes('Proctor is running') || undefined, 90_000);
    return server;
  }

  it('should leave no Chromium behind after the next start, and fail the session with the reason', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startServer(port);
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const tokens = TokenResponse.parse(
      await (
        await post('/api/auth/register', {
          email: 'kill@example.test',
          password: 'correct horse battery',
          name: 'K',
        })
      ).json(),
    );
    const me = User.parse(
      await (
        await post(
          '/api/user/create-organization',
          { name: 'Crash', purpose: 'Restart' },
          tokens.access_token,
        )
      ).json(),
    );
    const apiKey = me.organization!.apiKey!;
    const made = await fetch(`${base}/api/env/make2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ env_id: 'shop' }),
    });
    const environment = MakeEnvironmentResponse.parse(await made.json());
    expect(environment.status).toBe('running');
    const firstPid = first.pid!;
    expect(browsersOf(firstPid).length).toBeGreaterThan(0);

    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    const second = await startServer(port);
    await waitFor('the dead server’s browsers to be gone', () => browsersOf(firstPid).length === 0);
    const status = await (
      await fetch(`${base}/api/env/${environment.id}/status`, { headers: { 'x-api-key': apiKey } })
    ).json();
    expect(status).toEqual({ status: 'failed', error: 'Proctor stopped while the environment was running' });

    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));
    expect(browsersOf(second.pid!)).toEqual([]);
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const [session] = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.publicId, environment.session_id));
      expect(session!.status).toBe('run_failed');
      expect(session!.failureReason).toBe('Proctor stopped while the environment was running');
      const logs = await database.db.select().from(sessionLogs).where(eq(sessionLogs.sessionId, session!.id));
      expect(logs.map((log) => (log.logData as { message: string }).message)).toContain(
        'Proctor stopped while the environment was running',
      );
    } finally {
      await database.close();
    }
  }, 240_000);
});
