import { request as httpRequest } from 'node:http';
import { ALIAS_IN_USE_MESSAGE, type EndpointBody, endpoints } from '@proctor/contracts';
import { simulators } from '@proctor/db';
import { chromiumPath, PLAYWRIGHT_CHROMIUM_ARGS } from '@proctor/environments';
import { builtInSimulators } from '@proctor/simulators';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';

/** A request to Proctor's port under another host name, as a browser that resolved it to loopback sends it. */
function requestAs(
  port: number,
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { ...options.headers, host },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * Public environments (issue 28 item 7): a keepalive environment answers at {alias}.sims.localhost:{port} on
 * Proctor's own port to any browser, without Proctor's sign-in, with its simulator and nothing else; aliases are
 * one namespace over every organization.
 */
describe.each(testDatabases())('public environments ($name)', (database) => {
  let proctor: TestProctor;
  let port: number;
  let player: Actor;
  let stranger: Actor;
  let browser: Browser;

  beforeAll(async () => {
    port = await freePort();
    proctor = await startTestProctor(database, {
      builtInSimulators: builtInRegistrations(),
      env: { BROWSER_POOL_SIZE: '0', MAX_ENVIRONMENTS: '3', PUBLIC_URL: `http://localhost:${port}` },
    });
    await proctor.app.listen({ port, host: '127.0.0.1' });
    const allowed = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
    const plan = { allowed_simulators: allowed.map((row) => row.id) };
    player = await proctor.actor({ permissions: { playground_access: true }, plan });
    stranger = await proctor.actor({ permissions: { playground_access: true }, plan });
    // A plain browser, as e2e launches it: no proxy, no Proctor sign-in.
    browser = await chromium.launch({ executablePath: chromiumPath('full'), args: PLAYWRIGHT_CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await proctor?.close();
  });

  type MakeBody = EndpointBody<typeof endpoints.makeEnvironment>;
  const make = (body: MakeBody, as: Actor = player) => proctor.call(endpoints.makeEnvironment, { as, body });
  const close = (id: string, as: Actor = player) =>
    proctor.call(endpoints.closeEnvironment, { params: { id }, as });
  const unique = (name: string) => `${name}-${database.name}-${Date.now().toString(36)}`;

  it('should serve the simulator at {alias}.sims.localhost to a plain browser, signed in there, and nothing of Proctor', async () => {
    const alias = unique('Demo-Inbox');
    const made = await make({ env_id: 'mail', keepalive: true, alias });
    expect(made.status, made.body.detail).toBe(201);
    const publicOrigin = `http://${alias.toLowerCase()}.sims.localhost:${port}`;

    const listed = await proctor.call(endpoints.keepaliveJobs, { as: player });
    expect(listed.body.job_groups.find((group) => group.group_id === made.body.id)?.public_url).toBe(
      publicOrigin,
    );

    const definition = builtInSimulators.find((simulator) => simulator.name === 'mail')!;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // Signed out, the simulator sends the visitor to its sign-in page, on the public origin.
      await page.goto(`${publicOrigin}/`);
      expect(new URL(page.url()).origin).toBe(publicOrigin);
      expect(new URL(page.url()).pathname).toBe(definition.auth.signInPath);
      await page.locator('input[name="email"]').fill(definition.auth.user);
      await page.locator('input[name="password"]').fill(definition.auth.password);
      await Promise.all([
        page.waitForURL((url) => url.pathname !== definition.auth.signInPath),
        page.locator('form button').click(),
      ]);
      expect(new URL(page.url()).origin).toBe(publicOrigin);
      await expect.poll(() => page.locator('body').innerText()).toMatch(/Inbox/);
      // The simulator's session cookie is the public host's own, host-only.
      const cookies = await context.cookies(publicOrigin);
      expect(cookies.length).toBeGreaterThan(0);
      for (const cookie of cookies) expect(cookie.domain).toBe(`${alias.toLowerCase()}.sims.localhost`);
      // Nothing on the page points at the instance's own origin.
      expect(await page.content()).not.toMatch(/\.mail\.localhost/);
    } finally {
      await context.close();
    }

    // Under the public name, /api/… is the simulator's path space: Proctor's API is not there, credentials or not.
    const host = `${alias}.sims.localhost:${port}`;
    const api = await requestAs(port, host, '/api/jobs/keepalive', { headers: player.headers });
    expect(api.body).not.toMatch(/job_groups/);
    expect(api.headers['content-type']).not.toMatch(/^application\/json/);
    const docs = await requestAs(port, host, '/docs', { headers: player.headers });
    expect(docs.body).not.toMatch(/swagger/i);
    // Proctor's socket doors are not opened under a public name either.
    const refused = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/live/${made.body.id}/ws?token=x`, {
        headers: { host },
      });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => reject(new Error('the socket opened')));
      socket.on('error', reject);
    });
    expect(refused).toBe(404);

    // The alias is taken for every organization, in any case; closed, it answers 404 and is free again.
    const taken = await make({ env_id: 'shop', keepalive: true, alias: alias.toUpperCase() }, stranger);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: ALIAS_IN_USE_MESSAGE });
    expect((await close(made.body.id)).status).toBe(200);
    const gone = await requestAs(port, host, '/');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatch(/is running/);
    const again = await make({ env_id: 'shop', keepalive: true, alias }, stranger);
    expect(again.status, again.body.detail).toBe(201);
    const shop = await requestAs(port, host, '/');
    expect(shop.status).toBeLessThan(400);
    await close(again.body.id, stranger);
  });

  it('should answer an unknown alias with a page that says the environment is not running', async () => {
    const unknown = await requestAs(port, `${unique('nobody')}.sims.localhost:${port}`, '/orders?x=1');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toMatch(/Environment not running/);
    // Deeper names under sims are no one's either, and never reach Proctor.
    const deeper = await requestAs(port, `a.b.sims.localhost:${port}`, '/api/health');
    expect(deeper.status).toBe(404);
    expect(deeper.body).toMatch(/Environment not running/);
  });

  it('should give one of two makes racing for an alias the environment, and the other 409', async () => {
    const alias = unique('race');
    const [first, second] = await Promise.all([
      make({ env_id: 'shop', keepalive: true, alias }),
      make({ env_id: 'shop', keepalive: true, alias }, stranger),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body).toEqual({ detail: ALIAS_IN_USE_MESSAGE });
    const winner = first.status === 201 ? first : second;
    await close(winner.body.id, first.status === 201 ? player : stranger);
  });
});
