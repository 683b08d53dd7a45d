import {
  ALIAS_MESSAGE,
  endpoints,
  KEEPALIVE_REQUIRED_MESSAGE,
  RECORDING,
  type Simulator,
} from '@proctor/contracts';
import { Proctor } from '@proctor/sdk';
import { builtInSimulators } from '@proctor/simulators';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi } from './support/catalog';

/** The built-in shop's returning customer (its simulator config, shown in the playground's panel). */
const SHOP_SIGN_IN = { user: 'jordan.ellis@example.com', password: 'harbor-home-26' };
const MUG_TASK = 'Add two sage mugs to the cart';
const mugs = builtInSimulators
  .find((simulator) => simulator.name === 'shop')!
  .testCases.find((testCase) => testCase.key === 'add-sage-mugs-to-cart')!;

function liveView(page: Page): Locator {
  return page.getByLabel("Live view of the environment's browser");
}

/** What the canvas shows, coarsely: how many colours a sample of its pixels has, and a hash of them. */
function canvasPicture(page: Page): Promise<{ colours: number; hash: number }> {
  return liveView(page).evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? { data: [] };
    const colours = new Set<number>();
    let hash = 0;
    for (let i = 0; i < data.length; i += 4 * 97) {
      const colour = ((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
      colours.add(colour);
      hash = (hash * 31 + colour) | 0;
    }
    return { colours: colours.size, hash };
  });
}

/** Waits until the canvas shows a page: a frame of the simulator has many colours, the placeholder one. */
async function waitForFrame(page: Page): Promise<{ colours: number; hash: number }> {
  await expect.poll(async () => (await canvasPicture(page)).colours, { timeout: 30_000 }).toBeGreaterThan(20);
  return canvasPicture(page);
}

/**
 * Clicks, in the dashboard, the live view's picture of `target` (an element of the environment's own page,
 * located over CDP only to know where it is drawn): its centre in the page's viewport, scaled to the canvas.
 */
async function clickInLiveView(page: Page, remote: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const canvas = await liveView(page).boundingBox();
  if (!box || !canvas) throw new Error('The target or the live view is not on screen');
  const viewport = await remote.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  await page.mouse.click(
    canvas.x + ((box.x + box.width / 2) / viewport.width) * canvas.width,
    canvas.y + ((box.y + box.height / 2) / viewport.height) * canvas.height,
  );
}

/** A form field by its label (a Mantine select labels its list too). */
function input(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true }).and(scope.locator('input:not([type="hidden"])'));
}

/** The address the live view's status bar shows for the followed tab. */
function liveViewAddress(page: Page, url: string): Locator {
  return page.locator(`[title="${url}"]`);
}

describe('playground and public environments', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  let shop: Simulator;
  const remotes: Browser[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newUserPage()).page;
    // Room for the live view at its 1310 px reference width next to the navigation and the side panel.
    await page.setViewportSize({ width: 2048, height: 1200 });
    // The first account of a fresh install is its platform admin, with playground_access and create_test_cases.
    const tokens = await signUpThroughApi(e2e, page, person('Pat Player'), {
      name: 'Playground Labs',
      purpose: 'Try tasks by hand before our agent does',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    const found = (await api.simulators()).find((simulator) => simulator.name === 'shop');
    if (!found) throw new Error('The built-in shop simulator is not registered');
    shop = found;
  });

  afterAll(async () => {
    await Promise.all(remotes.map((remote) => remote.close().catch(() => undefined)));
    await e2e?.close();
  });

  /** The environment's own page over CDP, to locate what the live view draws. */
  async function environmentPage(environmentId: string): Promise<Page> {
    const { cdp_url } = await api.call(endpoints.environmentCdpUrl, { params: { id: environmentId } });
    const remote = await chromium.connectOverCDP(cdp_url);
    remotes.push(remote);
    const remotePage = remote.contexts()[0]?.pages()[0];
    if (!remotePage) throw new Error('The environment has no page');
    return remotePage;
  }

  it('should run a shop task in the live view: sign in, add to the cart by pointer and keyboard, and pass', async () => {
    const { test_cases } = await api.call(endpoints.testCases, {
      query: { simulator_id: shop.id, name: MUG_TASK },
    });
    const task = test_cases.find((testCase) => testCase.name === MUG_TASK);
    if (!task) throw new Error(`The built-in test case "${MUG_TASK}" is missing`);

    await page.goto(`/playground?app=shop&testcaseId=${task.publicId}`);
    await page.getByText('Select an environment to start').waitFor();
    const option = page.locator('[data-testid="environment-option"][data-name="shop"]');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    // Fast Mode is on unless turned off, and says what it changes.
    const fastMode = page.getByRole('switch', { name: 'Fast Mode' });
    expect(await fastMode.isChecked()).toBe(true);
    expect(await page.getByText('Records less while you explore', { exact: false }).isVisible()).toBe(true);
    // The picker shows the test case once the simulator's test cases are in.
    await expect.poll(() => input(page, 'Test case').inputValue()).toBe(MUG_TASK);
    const panel = page.getByRole('complementary', { name: 'Playground panel' });
    expect(await panel.getByTestId('simulator-user').textContent()).toBe(SHOP_SIGN_IN.user);

    // Nothing runs yet: the tools say so instead of calling the server.
    await panel.getByRole('button', { name: 'State', exact: true }).click();
    await page.getByText('Please start a simulator first').waitFor();

    await panel.getByRole('button', { name: 'Start', exact: true }).click();
    const before = await waitForFrame(page);
    expect(await panel.getByTestId('task-prompt').textContent()).toBe(task.prompt);
    expect(await panel.getByTestId('task-start-url').textContent()).toBe('/');
    const environmentId = (await panel.getByTestId('environment-id').textContent()) ?? '';
    const shopPage = await environmentPage(environmentId);
    await liveViewAddress(page, shopPage.url()).waitFor();

    // Sign in with the credentials the panel shows, through the live view only.
    await clickInLiveView(page, shopPage, shopPage.getByRole('link', { name: 'Sign in' }));
    await shopPage.waitForURL((url) => url.pathname === '/login');
    await liveViewAddress(page, shopPage.url()).waitFor();
    await clickInLiveView(page, shopPage, shopPage.getByLabel('Email'));
    await page.keyboard.type(SHOP_SIGN_IN.user);
    await clickInLiveView(page, shopPage, shopPage.getByLabel('Password'));
    await page.keyboard.type(SHOP_SIGN_IN.password);
    await page.keyboard.press('Enter');
    await shopPage.waitForURL((url) => url.pathname === '/');
    await shopPage.getByRole('button', { name: /Account/ }).waitFor();
    await liveViewAddress(page, shopPage.url()).waitFor();
    await expect.poll(async () => (await canvasPicture(page)).hash).not.toBe(before.hash);

    // Search, open the mug, choose Sage and 16 oz, set the quantity with the keyboard, add it.
    await clickInLiveView(page, shopPage, shopPage.getByLabel('Search products'));
    await page.keyboard.type('stoneware mug');
    await page.keyboard.press('Enter');
    await shopPage.waitForURL((url) => url.pathname === '/products');
    const mug = shopPage.getByRole('link', { name: /Harbor Stoneware Mug/ }).first();
    await mug.waitFor();
    await clickInLiveView(page, shopPage, mug);
    await shopPage.waitForURL((url) => url.pathname.startsWith('/products/'));
    await clickInLiveView(page, shopPage, shopPage.locator('label.swatch', { hasText: 'Sage' }));
    await expect.poll(() => shopPage.getByRole('radio', { name: 'Sage' }).isChecked()).toBe(true);
    await clickInLiveView(page, shopPage, shopPage.locator('label.size', { hasText: '16 oz' }));
    await expect.poll(() => shopPage.getByRole('radio', { name: '16 oz' }).isChecked()).toBe(true);
    // The label focuses the select without opening its menu; the arrow key moves it from 1 to 2.
    await clickInLiveView(page, shopPage, shopPage.locator('label[for="quantity"]'));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => shopPage.getByLabel('Quantity').inputValue()).toBe('2');
    await clickInLiveView(page, shopPage, shopPage.getByRole('button', { name: 'Add to cart', exact: true }));
    await shopPage.waitForURL((url) => url.pathname === '/cart');
    await shopPage.getByText('Added 2 × Harbor Stoneware Mug').waitFor();
    await liveViewAddress(page, shopPage.url()).waitFor();

    // The write shows in State and Mutations, as the API reports it.
    const { state } = await api.call(endpoints.environmentState, { params: { id: environmentId } });
    const cartInserts = state.mutations.filter((m) => m.table_name === 'cart_items' && m.action === 'INSERT');
    expect(cartInserts).toHaveLength(1);
    await panel.getByRole('button', { name: 'State', exact: true }).click();
    const stateDialog = page.getByRole('dialog', { name: 'State' });
    const count = state.mutations.length;
    await stateDialog
      .getByTestId('mutation-count')
      .getByText(`${count} ${count === 1 ? 'mutation' : 'mutations'} since the last reset`)
      .waitFor();
    expect(await stateDialog.getByLabel('State JSON').textContent()).toContain('"cart_items"');
    await page.keyboard.press('Escape');
    await stateDialog.waitFor({ state: 'hidden' });
    await panel.getByRole('button', { name: 'Mutations', exact: true }).click();
    const mutationsDialog = page.getByRole('dialog', { name: 'Mutations' });
    await mutationsDialog
      .locator('[data-testid="mutation-row"][data-table="cart_items"][data-action="INSERT"]')
      .waitFor();
    await page.keyboard.press('Escape');
    await mutationsDialog.waitFor({ state: 'hidden' });

    // End evaluates the session against the test case, then closes the environment.
    await panel.getByRole('button', { name: 'End', exact: true }).click();
    await page.getByTestId('evaluation-verdict').getByText('Passed').waitFor({ timeout: 20_000 });
    await page.getByText('Select an environment to start').waitFor();
    const status = await api.call(endpoints.environmentStatus, { params: { id: environmentId } });
    expect(status.status).toBe('closed');

    // What the person did through the live view was recorded like an agent's run: their clicks and typing,
    // with screenshots, and the cart's write on the step that made it.
    const { sessions } = await api.call(endpoints.listSessions, { query: { testCaseIds: task.publicId } });
    const session = sessions.find((s) => s.job?.jobGroupId === environmentId);
    if (!session) throw new Error('The playground run has no session');
    const detail = await api.call(endpoints.getSession, { params: { id: session.sessionId } });
    const steps = detail.snapshot.snapshots;
    const typed = steps.flatMap((step) => (step.action.type === 'type' ? [step.action.text] : []));
    // The password is kept masked, one mask a character.
    expect(typed).toContain(`${RECORDING.passwordMask.repeat(SHOP_SIGN_IN.password.length)}[Enter]`);
    expect(typed.some((text) => text.startsWith('stoneware mug'))).toBe(true);
    expect(steps.some((step) => step.action.type === 'click' && step.before_state?.screenshot_url)).toBe(
      true,
    );
    // In Fast Mode: the person's mouse movements are left out.
    expect(steps.filter((step) => step.action.type === 'mouse_move')).toEqual([]);
    expect(steps.some((step) => step.mutation_range[1] > step.mutation_range[0])).toBe(true);
    await page.goto(`/sessions/${session.sessionId}`);
    await page.getByTestId('step-counter').getByText(`step 1 / ${steps.length}`).waitFor();
    await expect.poll(() => page.getByTestId('step-tile').count()).toBe(steps.length);

    // An agent carries out the same test case over CDP with its reference solution: the test case's Sessions
    // tab then lists both runs, the person's and the agent's.
    const me = await api.call(endpoints.fromSession, {});
    const sdk = new Proctor({ baseUrl: e2e.baseUrl, apiKey: me.organization!.apiKey! });
    const agentEnvironment = await sdk.environments.make('shop');
    let agentSessionId = '';
    try {
      await agentEnvironment.waitForReady();
      const reset = await agentEnvironment.reset(task.publicId);
      agentSessionId = reset.session_id;
      const agent = await chromium.connectOverCDP(await agentEnvironment.cdpUrl());
      remotes.push(agent);
      const origin = new URL(reset.start_url).origin;
      await mugs.solve(agent.contexts()[0]!.pages()[0]!, {
        origin,
        url: (path) => new URL(path, origin).href,
        auth: { user: SHOP_SIGN_IN.user, password: SHOP_SIGN_IN.password },
      });
      expect((await agentEnvironment.evaluate()).passed).toBe(true);
    } finally {
      await agentEnvironment.close();
    }
    await page.goto(`/tests/${task.publicId}?section=sessions`);
    for (const id of [session.sessionId, agentSessionId])
      await page.locator(`[data-testid="test-case-session-row"][data-session-id="${id}"]`).waitFor();
  });

  it('should reset to the start page, take a backup, and close the environment when the person leaves', async () => {
    await page.goto('/playground?app=shop');
    const panel = page.getByRole('complementary', { name: 'Playground panel' });
    await panel.getByRole('button', { name: 'Start', exact: true }).click();
    await waitForFrame(page);
    const environmentId = (await panel.getByTestId('environment-id').textContent()) ?? '';
    expect(await panel.getByTestId('task-start-url').textContent()).toBe('/');
    const shopPage = await environmentPage(environmentId);

    await clickInLiveView(page, shopPage, shopPage.getByRole('link', { name: 'Sign in' }));
    await shopPage.waitForURL((url) => url.pathname === '/login');
    await panel.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByTestId('environment-overlay').getByText('Resetting Environment').waitFor();
    await page.getByTestId('environment-overlay').waitFor({ state: 'detached' });
    await shopPage.waitForURL((url) => url.pathname === '/');
    await liveViewAddress(page, shopPage.url()).waitFor();

    await panel.getByRole('button', { name: 'Backup', exact: true }).click();
    const backup = page.getByRole('dialog', { name: 'Backup created' });
    expect(await backup.getByTestId('backup-id').textContent()).toMatch(/\S/);
    await page.keyboard.press('Escape');

    await page.goto('/settings');
    await expect
      .poll(
        async () => (await api.call(endpoints.environmentStatus, { params: { id: environmentId } })).status,
        {
          timeout: 15_000,
        },
      )
      .toBe('closed');
  });

  it('should create a keepalive environment with an alias, list it, show its state, reset it and open it', async () => {
    await page.goto('/public-urls');
    await page.getByRole('heading', { name: 'Public environments' }).waitFor();
    await page.getByText('No public environments are running').waitFor();

    await page.getByRole('button', { name: 'Create Environment', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Environment' });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByText(KEEPALIVE_REQUIRED_MESSAGE).waitFor();
    await input(dialog, 'Simulator').click();
    await page.getByRole('option', { name: 'shop', exact: true }).click();
    await dialog.getByLabel('Alias').fill('demo shop');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByText(ALIAS_MESSAGE).waitFor();
    await dialog.getByLabel('Alias').fill('demo-shop');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });

    const row = page.locator('[data-testid="keepalive-row"][data-alias="demo-shop"]');
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['demo-shop', 'shop', 'running']);
    const { job_groups } = await api.call(endpoints.keepaliveJobs);
    const group = job_groups.find((candidate) => candidate.alias === 'demo-shop');
    expect(group?.overall_status).toBe('running');
    const id = group?.group_id ?? '';

    // Open leads to the public URL, {alias}.sims.localhost on Proctor's port, where any browser gets the shop.
    const open = row.getByRole('link', { name: 'Open', exact: true });
    expect(await open.getAttribute('target')).toBe('_blank');
    const publicUrl = new URL((await open.getAttribute('href')) ?? '');
    expect(publicUrl.origin).toBe(`http://demo-shop.sims.localhost:${new URL(e2e.baseUrl).port}`);
    const [visitor] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
    await visitor.waitForLoadState();
    expect(new URL(visitor.url()).origin).toBe(publicUrl.origin);
    await visitor.getByText('Hearth & Harbor').first().waitFor();
    await visitor.close();
    // Live view leads to the live view page of this environment, with its token, in a new tab.
    const live = row.getByRole('link', { name: 'Live view', exact: true });
    expect(await live.getAttribute('target')).toBe('_blank');
    const href = new URL((await live.getAttribute('href')) ?? '');
    expect(href.origin).toBe(e2e.baseUrl);
    expect(href.pathname).toBe(`/live/${id}`);
    expect(href.searchParams.get('token')).toMatch(/\S/);

    await row.getByRole('button', { name: 'Get State', exact: true }).click();
    const state = page.getByRole('dialog', { name: 'State of demo-shop' });
    expect(JSON.parse((await state.getByLabel('State JSON').textContent()) ?? '')).toEqual({ mutations: [] });
    await page.keyboard.press('Escape');
    await state.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText('Environment reset').waitFor();
    await row.getByRole('button', { name: 'Backup', exact: true }).click();
    const backup = page.getByRole('dialog', { name: 'Backup created' });
    expect(await backup.getByTestId('backup-id').textContent()).toMatch(/\S/);
    await page.keyboard.press('Escape');
    await backup.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await row.waitFor();
    await row.getByRole('button', { name: 'Close', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Close environment' })
      .getByRole('button', { name: 'Close environment', exact: true })
      .click();
    await page.getByText('No public environments are running').waitFor();
    expect((await api.call(endpoints.environmentStatus, { params: { id } })).status).toBe('closed');
  });
});
