import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Endpoint,
  type EndpointRequest,
  type EndpointResponse,
  endpoints,
  endpointUrl,
  type SessionDetailResponse,
} from '@proctor/contracts';
import { openDatabase, scores, sessionLogs, sessions } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/network';

/**
 * A server killed with SIGKILL in the middle of a session closes nothing. The next start must leave no
 * Chromium of the dead one behind, say on the environment and its session why they ended, and still show
 * every step recorded before the kill (steps are written as they happen, not when the session ends). A
 * session that had ended and was being scored is scored again, once.
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

/**
 * Calls an endpoint of the contract on a spawned server over HTTP (inject cannot reach another process);
 * a 2xx answer is parsed with the endpoint's response schema, any other fails the test.
 */
async function callOverHttp<
  P extends Endpoint['response'],
  Q extends Endpoint['response'],
  B extends Endpoint['response'],
  R extends Endpoint['response'],
>(
  base: string,
  endpoint: Endpoint<P, Q, B, R>,
  options: EndpointRequest<Endpoint<P, Q, B, R>> & { as: { headers: Record<string, string> } },
): Promise<{ status: number; body: EndpointResponse<Endpoint<P, Q, B, R>> }>;
async function callOverHttp(
  base: string,
  endpoint: Endpoint,
  options: { params?: unknown; query?: unknown; body?: unknown; as: { headers: Record<string, string> } },
): Promise<{ status: number; body: unknown }> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const url = endpointUrl(endpoint.path, options);
  const response = await fetch(`${base}${url}`, {
    method: endpoint.method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.as.headers },
    body,
  });
  if (!response.ok)
    throw new Error(`${endpoint.method} ${url} answered ${response.status}: ${await response.text()}`);
  return { status: response.status, body: endpoint.response.parse(await response.json()) };
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
  const cleanups: Array<() => void> = [];
  afterAll(() => {
    for (const server of servers) server.kill('SIGKILL');
    for (const cleanup of cleanups) cleanup();
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
        REDIS_URL: '',
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        BROWSER_POOL_SIZE: '1',
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
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
    let exit: string | undefined;
    server.on('exit', (code, signal) => {
      exit = `exited (${code ?? signal})`;
    });
    // A server that stops before it runs fails the test at once, and either way the error carries what it printed.
    try {
      const started = await waitFor(
        'the server to start',
        () => (output.includes('Proctor is running') ? 'running' : exit),
        90_000,
      );
      if (started !== 'running') throw new Error(`The server ${started} before it was running`);
    } catch (error) {
      throw new Error(`${(error as Error).message}; it printed:\n${output.slice(-4000)}`);
    }
    return server;
  }

  it('should leave no Chromium behind after the next start, fail the running session with the reason and score the ended one', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = await startServer(port);
    const { body: tokens } = await callOverHttp(base, endpoints.register, {
      as: { headers: {} },
      body: { email: 'kill@example.test', password: 'correct horse battery', name: 'K' },
    });
    const person = { headers: { authorization: `Bearer ${tokens.access_token}` } };
    const { body: me } = await callOverHttp(base, endpoints.createOrganization, {
      as: person,
      body: { name: 'Crash', purpose: 'Restart' },
    });
    const apiKey = me.organization!.apiKey!;
    const withKey = { headers: { 'x-api-key': apiKey } };

    // A session ends and waits on a slow API scorer, which answers only once the server has been killed.
    const scorerCalls: string[] = [];
    const scorer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        scorerCalls.push(body);
        if (scorerCalls.length === 1) return;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ correct: true, reason: 'Judged after the restart' }));
      });
    });
    cleanups.push(() => scorer.close());
    await new Promise<void>((resolve) => scorer.listen(0, '127.0.0.1', resolve));
    const { simulators } = (await callOverHttp(base, endpoints.simulators, { as: person })).body;
    const created = await callOverHttp(base, endpoints.createTestCases, {
      as: person,
      body: {
        simulatorId: simulators.find((simulator) => simulator.name === 'shop')!.id,
        name: 'Judged by a slow scorer',
        prompt: 'Look around',
        scoringTypes: ['output'],
        defaultScoringConfig: {
          type: 'api',
          endpoint: `http://127.0.0.1:${(scorer.address() as AddressInfo).port}/score`,
        },
      },
    });
    expect(created.status).toBe(201);
    const [testCase] = created.body.testCases;
    const { body: scored } = await callOverHttp(base, endpoints.makeEnvironment, {
      as: withKey,
      body: { env_id: 'shop' },
    });
    const { body: judged } = await callOverHttp(base, endpoints.resetEnvironment, {
      params: { id: scored.id },
      as: withKey,
      body: { test_case_public_id: testCase!.publicId },
    });
    const closed = await callOverHttp(base, endpoints.closeEnvironment, {
      params: { id: scored.id },
      as: withKey,
    });
    expect(closed.status).toBe(200);
    await waitFor('the API scorer to be called', () => scorerCalls.length === 1);
    const { body: environment } = await callOverHttp(base, endpoints.makeEnvironment, {
      as: withKey,
      body: { env_id: 'shop' },
    });
    expect(environment.status).toBe('running');
    const firstPid = first.pid!;
    expect(browsersOf(firstPid).length).toBeGreaterThan(0);

    // An agent acts over CDP: two clicks, each a recorded step, read back through the API before the kill.
    const readSession = async () => {
      const response = await callOverHttp(base, endpoints.getSession, {
        params: { id: environment.session_id },
        as: withKey,
      });
      expect(response.status).toBe(200);
      return response.body;
    };
    const { cdp_url } = (
      await callOverHttp(base, endpoints.environmentCdpUrl, { params: { id: environment.id }, as: withKey })
    ).body;
    const agent = await chromium.connectOverCDP(cdp_url);
    const page = agent.contexts()[0]!.pages()[0]!;
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').click();
    let recorded: SessionDetailResponse | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      recorded = await readSession();
      if (recorded.snapshot.snapshots.filter((step) => step.action.type === 'click').length >= 2) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const clicksBefore = recorded!.snapshot.snapshots.filter((step) => step.action.type === 'click');
    expect(clicksBefore.length).toBeGreaterThanOrEqual(2);
    await agent.close().catch(() => undefined);

    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    const second = await startServer(port);
    await waitFor('the dead server’s browsers to be gone', () => browsersOf(firstPid).length === 0);
    const { body: status } = await callOverHttp(base, endpoints.environmentStatus, {
      params: { id: environment.id },
      as: withKey,
    });
    expect(status).toEqual({ status: 'failed', error: 'Proctor stopped while the environment was running' });
    const after = await readSession();
    // The ended session's scoring, cut short by the kill, is done again by the new server.
    await waitFor('the ended session to be scored again', () => scorerCalls.length === 2);
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const response = await callOverHttp(base, endpoints.getSession, {
        params: { id: judged.session_id },
        as: withKey,
      });
      if (response.body.session.status === 'scoring_completed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const clicksAfter = after.snapshot.snapshots.filter((step) => step.action.type === 'click');
    expect(clicksAfter.map((step) => step.action.id)).toEqual(clicksBefore.map((step) => step.action.id));
    const screenshot =
      clicksAfter[0]!.after_state?.screenshot_url ?? clicksAfter[0]!.before_state?.screenshot_url;
    const image = await fetch(`${base}${screenshot}`, withKey);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

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
      const [ended] = await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.publicId, judged.session_id));
      expect(ended!.status).toBe('scoring_completed');
      const kept = await database.db.select().from(scores).where(eq(scores.sessionId, ended!.id));
      // One scoring's records: the one the kill cut short wrote none.
      expect(kept.map((score) => score.type).sort()).toEqual(['api', 'json_schema']);
      expect(kept.find((score) => score.type === 'api')!.result).toMatchObject({ correct: true });
      const logs = await database.db.select().from(sessionLogs).where(eq(sessionLogs.sessionId, session!.id));
      expect(logs.map((log) => (log.logData as { message: string }).message)).toContain(
        'Proctor stopped while the environment was running',
      );
    } finally {
      await database.close();
    }
  }, 240_000);
});
