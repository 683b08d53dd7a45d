import { endpoints, type MakeEnvironmentResponse } from '@proctor/contracts';
import { sessions, simulators } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';
import { until } from './support/until';

/**
 * The memory budget of an environment (ENVIRONMENT_MEMORY_LIMIT_MB), kept small here so that the machine is not
 * hurt: a CDP client filling tabs with memory gets its environment closed, not the machine's memory.
 * One database: the environment runtime is the subject.
 */
describe('the memory budget of an environment', () => {
  let proctor: TestProctor;
  let player: Actor;

  beforeAll(async () => {
    // The CDP address the server hands out is built on PUBLIC_URL: make it the real one.
    const port = await freePort();
    proctor = await startTestProctor(testDatabases()[0]!, {
      builtInSimulators: builtInRegistrations(),
      env: {
        MAX_ENVIRONMENTS: '2',
        ENVIRONMENT_MEMORY_LIMIT_MB: '600',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    });
    await proctor.app.listen({ port, host: '127.0.0.1' });
    const allowed = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
    player = await proctor.actor({
      permissions: { playground_access: true },
      plan: { allowed_simulators: allowed.map((s) => s.id) },
    });
  });
  afterAll(() => proctor?.close());

  const make = async (): Promise<MakeEnvironmentResponse> => {
    const response = await proctor.call(endpoints.makeEnvironment, { as: player, body: { env_id: 'shop' } });
    expect(response.status, response.body.detail).toBe(201);
    return response.body;
  };
  const status = async (id: string) => {
    const response = await proctor.call(endpoints.environmentStatus, { params: { id }, as: player });
    expect(response.status, response.body.detail).toBe(200);
    return response.body;
  };

  it('should close an environment whose tabs take more than its budget, failing its session with the reason', async () => {
    const environment = await make();
    const { cdp_url } = (
      await proctor.call(endpoints.environmentCdpUrl, { params: { id: environment.id }, as: player })
    ).body;
    const browser = await chromium.connectOverCDP(cdp_url);
    // A newPage whose tab was asked for just before the environment closed can wait for ever in Playwright (the
    // page it waits to initialize never comes): each step gives up once the connection is gone.
    const disconnected = new Promise<never>((_, reject) =>
      browser.once('disconnected', () => reject(new Error('The environment was closed'))),
    );
    disconnected.catch(() => undefined);
    try {
      const context = browser.contexts()[0]!;
      for (let tab = 0; tab < 20 && (await status(environment.id)).status === 'running'; tab += 1) {
        const page = await Promise.race([context.newPage(), disconnected]);
        await Promise.race([
          page.evaluate(() => {
            (globalThis as { kept?: Uint8Array }).kept = new Uint8Array(150 * 1024 * 1024).fill(1);
          }),
          disconnected,
        ]);
      }
    } catch {
      // The environment was closed under the client, as it should be.
    } finally {
      await browser.close().catch(() => undefined);
    }

    const ended = await until(
      () => status(environment.id),
      (current) => current.status !== 'running',
      'the environment to be closed',
    );
    expect(ended).toEqual({
      status: 'failed',
      error: expect.stringMatching(
        /^The environment used more than 600 MiB of memory \(\d+ MiB\): it was closed$/,
      ),
    });
    const [session] = await proctor.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.publicId, environment.session_id));
    expect(session?.status).toBe('run_failed');
    expect(session?.failureReason).toBe(ended.error);

    // The server goes on, and so do environments that stay within their budget.
    const next = await make();
    expect((await status(next.id)).status).toBe('running');
    await proctor.call(endpoints.closeEnvironment, { params: { id: next.id }, as: player });
  });
});
