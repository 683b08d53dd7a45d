import { type EndpointBody, endpoints, RECORDING, type SessionDetailResponse } from '@proctor/contracts';
import {
  networkRequests,
  scores,
  sessionEvents,
  sessionSteps,
  sessions,
  simulators,
  testCases,
} from '@proctor/db';
import { builtInSimulators } from '@proctor/simulators';
import { eq } from 'drizzle-orm';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import type { CallResult } from './support/call';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';

const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
const mugs = shop.testCases.find((testCase) => testCase.key === 'add-sage-mugs-to-cart')!;
/** The built-in shop's returning customer. */
const SHOP_SIGN_IN = { user: shop.auth.user, password: shop.auth.password };

/**
 * Recording through a real environment, driven over CDP as an outside agent drives it: every action becomes a
 * step with its screenshots and the acted element's box, the simulator's writes land on the step that made
 * them, network requests are kept with their credentials redacted before they reach the database, and a reset
 * starts a new session's recording. One database is enough: the routes themselves run on both in sessions.test.
 */
describe('session recording', () => {
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
    const allowed = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
    player = await proctor.actor({
      permissions: { playground_access: true },
      plan: { allowed_simulators: allowed.map((s) => s.id) },
    });
  });
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.close().catch(() => undefined)));
    await proctor?.close();
  });

  /** The body of a successful answer: every call here is expected to succeed. */
  const ok = <R>({ status, body }: CallResult<R>): R => {
    expect(status, body.detail).toBeLessThan(300);
    return body;
  };
  const make = async (body: EndpointBody<typeof endpoints.makeEnvironment>) =>
    ok(await proctor.call(endpoints.makeEnvironment, { as: player, body }));
  const reset = async (id: string, testCasePublicId?: string) =>
    ok(
      await proctor.call(endpoints.resetEnvironment, {
        params: { id },
        as: player,
        body: testCasePublicId ? { test_case_public_id: testCasePublicId } : {},
      }),
    );
  const close = async (id: string) =>
    ok(await proctor.call(endpoints.closeEnvironment, { params: { id }, as: player }));
  const sessionDetail = async (id: string) =>
    ok(await proctor.call(endpoints.getSession, { params: { id }, as: player }));

  async function agentPage(environmentId: string): Promise<Page> {
    const { cdp_url } = ok(
      await proctor.call(endpoints.environmentCdpUrl, { params: { id: environmentId }, as: player }),
    );
    const agent = await chromium.connectOverCDP(cdp_url);
    agents.push(agent);
    const page = agent.contexts()[0]!.pages()[0]!;
    page.setDefaultTimeout(15_000);
    return page;
  }

  /** The session's page data, once `ready` holds (steps are written as they settle). */
  async function sessionWhen(
    id: string,
    ready: (detail: SessionDetailResponse) => boolean,
  ): Promise<SessionDetailResponse> {
    let detail: SessionDetailResponse | undefined;
    await expect
      .poll(
        async () => {
          detail = await sessionDetail(id);
          return ready(detail) || JSON.stringify(detail.snapshot.snapshots.map((s) => s.action));
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    return detail!;
  }

  it('records an agent signing in: click and type steps with screenshots, boxes, network, and redacted credentials', async () => {
    const environment = await make({ env_id: 'shop', record_network_requests: true });
    const page = await agentPage(environment.id);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').click();
    await page.keyboard.type(SHOP_SIGN_IN.user);
    await page.getByLabel('Password').click();
    await page.keyboard.type(SHOP_SIGN_IN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: /Account/ }).waitFor();
    const cookies = await page.context().cookies();
    expect(cookies.length).toBeGreaterThan(0);

    const detail = await sessionWhen(environment.session_id, (d) =>
      d.snapshot.snapshots.some((s) => s.action.type === 'type' && s.action.text.includes('[Enter]')),
    );
    const steps = detail.snapshot.snapshots;
    const signInClick = steps.find(
      (s) => s.action.type === 'click' && s.action.target?.text.includes('Sign in'),
    );
    expect(signInClick, JSON.stringify(steps.map((s) => s.action))).toBeDefined();
    expect(signInClick!.before_state!.metadata.bboxes[0]!.width).toBeGreaterThan(0);
    expect(signInClick!.before_state!.screenshot_url).toMatch(
      /^\/api\/session\/.+\/screenshots\/[0-9a-f]+\.jpg$/,
    );
    const typed = steps
      .filter((s) => s.action.type === 'type')
      .map((s) => (s.action as { text: string }).text);
    expect(typed).toContain(SHOP_SIGN_IN.user);
    // The password is stored masked, one mask a character: the step shows that it was typed, and Enter.
    expect(typed).toContain(`${RECORDING.passwordMask.repeat(SHOP_SIGN_IN.password.length)}[Enter]`);
    expect(steps.some((s) => s.action.type === 'url_change' && s.action.url.endsWith('/login'))).toBe(true);
    expect(steps.map((s) => s.idx)).toEqual(steps.map((_, i) => i));

    const image = await proctor.request({
      method: 'GET',
      url: signInClick!.after_state!.screenshot_url!,
      as: player,
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // The sign-in's POST and the pages' requests are recorded; no cookie value reached the database.
    const { requests } = ok(
      await proctor.call(endpoints.sessionNetworkRequests, {
        params: { id: environment.session_id },
        as: player,
      }),
    );
    const login = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/login');
    expect(login, JSON.stringify(requests.map((r) => `${r.method} ${r.url}`))).toBeDefined();
    expect(login!.response_headers['set-cookie']).toBe('[redacted]');
    const form = new URLSearchParams(login!.request_body ?? '');
    expect(form.get('email')).toBe(SHOP_SIGN_IN.user);
    expect(form.get('password')).toBe('[redacted]');
    const later = requests.find((r) => r.request_headers.cookie !== undefined);
    expect(later?.request_headers.cookie).toBe('[redacted]');
    const [session] = await proctor.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.publicId, environment.session_id));
    const stored = JSON.stringify([
      await proctor.ctx.db.select().from(networkRequests).where(eq(networkRequests.sessionId, session!.id)),
      await proctor.ctx.db.select().from(sessionSteps).where(eq(sessionSteps.sessionId, session!.id)),
      await proctor.ctx.db.select().from(sessionEvents).where(eq(sessionEvents.sessionId, session!.id)),
    ]);
    for (const cookie of cookies) expect(stored).not.toContain(cookie.value);
    expect(stored).not.toContain(SHOP_SIGN_IN.password);
    // The replay reads the page's DOM events apart from the session (GET …/rrweb-events).
    const { events: domEvents, pages } = ok(
      await proctor.call(endpoints.sessionRrwebEvents, {
        params: { id: environment.session_id },
        as: player,
      }),
    );
    // Each step names the tab it acted in, as the DOM events name theirs: the replay follows the step's tab.
    expect(pages).toHaveLength(1);
    expect(new Set(steps.map((s) => s.page))).toEqual(new Set(pages));
    // rrweb's input events for the password field hold as many masks as characters typed.
    const inputs = domEvents.flatMap((event) => {
      const { type, data } = event as { type: number; data?: { source?: number; text?: unknown } };
      return type === 3 && data?.source === 5 && typeof data.text === 'string' ? [data.text] : [];
    });
    expect(inputs).toContain('*'.repeat(SHOP_SIGN_IN.password.length));

    // The DOM was recorded: a full snapshot of the page, its stylesheets put back from the shop's own files
    // (the page sends them by reference): the replay fetches nothing from the instance, gone by then.
    const snapshot = domEvents.find((event) => (event as { type: number }).type === 2);
    expect(snapshot).toBeDefined();
    const recorded = JSON.stringify(snapshot);
    expect(recorded).toContain('Hearth & Harbor storefront: warm paper background');
    expect(recorded).toContain('"_cssText"');
    expect(recorded).not.toMatch(/"rel":"stylesheet"/);
    await close(environment.id);
  });

  it('puts each write on the step that made it, and starts a new recording at reset', async () => {
    const environment = await make({ env_id: 'shop' });
    const [testCase] = await proctor.ctx.db
      .select({ publicId: testCases.publicId })
      .from(testCases)
      .where(eq(testCases.builtInKey, `shop/${mugs.key}`));
    const run = await reset(environment.id, testCase!.publicId);
    const page = await agentPage(environment.id);
    const origin = new URL(run.start_url).origin;
    await mugs.solve(page, {
      origin,
      url: (path) => new URL(path, origin).href,
      auth: { user: shop.auth.user, password: shop.auth.password },
    });

    // The cart's INSERT belongs to the step that sent it, nothing earlier or later.
    const first = await sessionWhen(run.session_id, (d) =>
      d.snapshot.snapshots.some((s) => s.mutation_range[1] > s.mutation_range[0]),
    );
    const writers = first.snapshot.snapshots.filter((s) => s.mutation_range[1] > s.mutation_range[0]);
    // One step made the write: the "Add to cart" click, or the product form's submit that click caused.
    const steps = first.snapshot.snapshots.map((s) => `${s.action.type} ${JSON.stringify(s.mutation_range)}`);
    expect(writers, steps.join('\n')).toHaveLength(1);
    const { action } = writers[0]!;
    const acted = action.type === 'click' || action.type === 'submit' ? action.target : null;
    expect(acted?.tag === 'form' ? 'form' : acted?.text, steps.join('\n')).toMatch(/^(Add to cart|form)$/);
    const inserted = first.state_mutations.slice(...writers[0]!.mutation_range);
    expect(inserted.map((m) => `${m.action} ${m.table_name}`)).toContain('INSERT cart_items');
    expect(first.session.testCase?.publicId).toBe(testCase!.publicId);
    expect(first.session.prompt).toBe(mugs.prompt);

    const again = await reset(environment.id);
    expect(again.session_id).not.toBe(run.session_id);
    await page.getByRole('link', { name: 'Sign in' }).click();
    const second = await sessionWhen(again.session_id, (d) =>
      d.snapshot.snapshots.some((s) => s.action.type === 'click'),
    );
    expect(second.snapshot.snapshots[0]!.idx).toBe(0);
    expect(second.state_mutation_count).toBe(0);
    // The first session kept what it recorded.
    const kept = await sessionDetail(run.session_id);
    // (Its last step, still settling when it was first read, was written at the reset.)
    const ids = (detail: SessionDetailResponse) => detail.snapshot.snapshots.map((step) => step.action.id);
    expect(ids(kept).slice(0, ids(first).length)).toEqual(ids(first));
    // Ended by the reset, it was judged by its test case: the reference solution passes.
    await expect
      .poll(async () => (await sessionDetail(run.session_id)).session, { timeout: 30_000 })
      .toMatchObject({ status: 'scoring_completed', scoringBadge: 'pass' });
    await close(environment.id);
  });

  it('judges a run that changed nothing "Auto Failed: No Mutations", and a run without a test case not at all', async () => {
    const environment = await make({ env_id: 'shop' });
    const [testCase] = await proctor.ctx.db
      .select({ publicId: testCases.publicId })
      .from(testCases)
      .where(eq(testCases.builtInKey, `shop/${mugs.key}`));
    const run = await reset(environment.id, testCase!.publicId);
    await close(environment.id);
    const judged = async (id: string) => (await sessionDetail(id)).session;
    await expect
      .poll(() => judged(run.session_id), { timeout: 30_000 })
      .toMatchObject({ status: 'scoring_completed', scoringBadge: 'fail' });
    const [session] = await proctor.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.publicId, run.session_id));
    const records = await proctor.ctx.db.select().from(scores).where(eq(scores.sessionId, session!.id));
    expect(
      Object.fromEntries(records.map((r) => [r.type, (r.result as { reason: string }).reason])),
    ).toMatchObject({
      system_scoring: 'Auto Failed: No Mutations',
    });
    expect(records.find((r) => r.type === 'state_mutation_match')?.result).toMatchObject({ correct: false });
    // The first session of the environment had no test case: nothing to judge it by.
    expect(await judged(environment.session_id)).toMatchObject({
      status: 'run_completed',
      scoringBadge: 'none',
    });
  });
});
