import { type EndpointBody, endpoints, LAYOUT, type SessionDetailResponse } from '@proctor/contracts';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import type { CallResult } from './support/call';
import { everySimulatorPlan } from './support/catalog';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';

const VIEWPORT = LAYOUT.keepaliveInterface;

/**
 * The playground's Fast Mode through make2 (`env_config.fast_mode`): the same steps recorded without the pointer's
 * movement; without it, that too. One database is enough: nothing here depends on it.
 */
describe('Fast Mode', () => {
  let proctor: TestProctor;
  let player: Actor;
  const agents: Browser[] = [];

  beforeAll(async () => {
    const port = await freePort();
    proctor = await startTestProctor(testDatabases()[0]!, {
      builtInSimulators: builtInRegistrations(),
      env: { BROWSER_POOL_SIZE: '1', PUBLIC_URL: `http://127.0.0.1:${port}` },
    });
    await proctor.app.listen({ port, host: '127.0.0.1' });
    player = await proctor.actor({
      permissions: { playground_access: true },
      plan: await everySimulatorPlan(proctor),
    });
  });
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.close().catch(() => undefined)));
    await proctor?.close();
  });

  const ok = <R>({ status, body }: CallResult<R>): R => {
    expect(status, body.detail).toBeLessThan(300);
    return body;
  };

  /** Starts an environment, signs-in link clicked over CDP, and answers its session once both steps settled. */
  async function recordClick(
    body: EndpointBody<typeof endpoints.makeEnvironment>,
  ): Promise<SessionDetailResponse> {
    const environment = ok(await proctor.call(endpoints.makeEnvironment, { as: player, body }));
    const { cdp_url } = ok(
      await proctor.call(endpoints.environmentCdpUrl, { params: { id: environment.id }, as: player }),
    );
    const agent = await chromium.connectOverCDP(cdp_url);
    agents.push(agent);
    const page = agent.contexts()[0]!.pages()[0]!;
    // A person's pointer crosses the page before it clicks.
    await page.mouse.move(900, 600);
    await page.mouse.move(300, 200, { steps: 10 });
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    ok(await proctor.call(endpoints.closeEnvironment, { params: { id: environment.id }, as: player }));
    let detail: SessionDetailResponse | undefined;
    await expect
      .poll(
        async () => {
          detail = ok(
            await proctor.call(endpoints.getSession, { params: { id: environment.session_id }, as: player }),
          );
          const steps = detail.snapshot.snapshots;
          return steps.some((step) => step.action.type === 'click' && step.after_state?.screenshot_size);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    return detail!;
  }

  const clickOf = (detail: SessionDetailResponse) =>
    detail.snapshot.snapshots.find((step) => step.action.type === 'click')!;
  const kinds = (detail: SessionDetailResponse) => detail.snapshot.snapshots.map((step) => step.action.type);

  it('should record the same steps but the mouse movements, with screenshots of the same size', async () => {
    const full = await recordClick({ env_id: 'shop', source: 'playground' });
    const fast = await recordClick({ env_id: 'shop', source: 'playground', env_config: { fast_mode: true } });

    expect(kinds(full)).toContain('mouse_move');
    expect(kinds(fast)).toEqual(kinds(full).filter((kind) => kind !== 'mouse_move'));
    for (const detail of [full, fast]) {
      expect(clickOf(detail).before_state?.screenshot_size).toEqual(VIEWPORT);
      expect(clickOf(detail).after_state?.screenshot_size).toEqual(VIEWPORT);
    }
    expect(clickOf(fast).before_state?.metadata.bboxes).toEqual(clickOf(full).before_state?.metadata.bboxes);
  });

  it('should refuse a fast_mode that is not a boolean', async () => {
    const { status, body } = await proctor.call(endpoints.makeEnvironment, {
      as: player,
      body: { env_id: 'shop', env_config: { fast_mode: 'yes' as unknown as boolean } },
    });
    expect(status).toBe(400);
    expect(body.detail).toMatch(/fast_mode/);
  });

  it('should accept load_chrome_extensions from older clients, and describe it as without effect', async () => {
    const environment = ok(
      await proctor.call(endpoints.makeEnvironment, {
        as: player,
        body: { env_id: 'shop', load_chrome_extensions: true },
      }),
    );
    expect(environment.status).toBe('running');
    ok(await proctor.call(endpoints.closeEnvironment, { params: { id: environment.id }, as: player }));

    const response = await proctor.request({ method: 'GET', url: '/docs/json' });
    const fields = JSON.stringify(response.json()).match(/"load_chrome_extensions":\{[^}]*\}/g) ?? [];
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields)
      expect(JSON.parse(field.slice(field.indexOf(':') + 1))).toMatchObject({
        deprecated: true,
        description: expect.stringMatching(/no effect/),
      });
  });
});
