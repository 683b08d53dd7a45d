import { endpoints } from '@proctor/contracts';
import { users } from '@proctor/db';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopSearchAnswer } from '../apps/server/test/support/shopSearchModel';
import { until } from '../apps/server/test/support/until';
import { chatCompletion, startStandIn } from '../apps/server/test/unit/support/standIn';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { runningShopOrigin } from './support/browserSessions';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

const TASK = 'Search the shop for skillets: which comes first, and how many are there?';

/**
 * /web-editor and /demo (issue 31 item 6): with a model configured, a task on the built-in shop is done in the
 * page's live browser and answered as JSON of the response format; /demo then replays that recorded run, labelled,
 * to a user without beta access, and drives a live browser for one with it.
 */
describe('the AI browser and the demo with a model', () => {
  let e2e: E2E;
  let model: Awaited<ReturnType<typeof startStandIn>>;
  let page: Page;
  let api: CatalogApi;
  let email = '';
  let shopOrigin = '';

  beforeAll(async () => {
    model = await startStandIn({
      '/v1/chat/completions': (request, response) => chatCompletion(response, shopSearchAnswer(request.body)),
    });
    e2e = await startE2E({
      env: {
        MAX_ENVIRONMENTS: '4',
        MAX_ENVIRONMENTS_PER_ORGANIZATION: '4',
        AGENT_LLM_URL: `${model.origin}/v1`,
        AGENT_LLM_MODEL: 'stand-in',
        // The stand-in model listens on this machine.
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
      },
    });
    page = (await e2e.newUserPage()).page;
    await page.setViewportSize({ width: 1600, height: 1000 });
    const who = person('Tara Tasks');
    email = who.email;
    const tokens = await signUpThroughApi(e2e, page, who, {
      name: `Tasks Co ${unique()}`,
      purpose: 'Ask an agent to do tasks on the web',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    // The organization's running shop: its browser sessions reach it as they reach the open web.
    shopOrigin = await runningShopOrigin(api, `tasks-${unique()}`);
  });

  afterAll(async () => {
    await e2e?.close();
    await model?.close();
  });

  const setBetaAccess = (hasBetaAccess: boolean) =>
    e2e.proctor.ctx.db.update(users).set({ hasBetaAccess }).where(eq(users.email, email));

  it('should run a task on the shop in the live browser and show the JSON answer with its recorded session', async () => {
    await page.goto('/web-editor');
    await page.getByTitle('Remote browser').waitFor();
    await page.getByText('Starting the browser…').waitFor({ state: 'detached', timeout: 120_000 });
    await page
      .frameLocator('iframe[title="Remote browser"]')
      .getByLabel("Live view of the environment's browser")
      .waitFor();

    await page.getByRole('textbox', { name: 'Start URL' }).fill(`${shopOrigin}/`);
    await page.getByRole('textbox', { name: 'Task' }).fill(TASK);
    const format = page.getByTestId('response-format-editor');
    await format.getByRole('textbox', { name: 'Field 1 name' }).fill('first');
    await format.getByRole('button', { name: 'Add field' }).click();
    await format.getByRole('textbox', { name: 'Field 2 name' }).fill('count');
    await format.getByRole('combobox', { name: 'Field 2 type' }).click();
    await page.getByRole('option', { name: 'number', exact: true }).click();
    // The DOM agent has its model; the computer-use agents do not, and say why.
    await page.getByTestId('agent-unavailable').first().waitFor();
    expect(await page.getByRole('radio', { name: '🧭 dom-agent' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: '🖱️ openai-computer-use' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const result = page.getByTestId('run-task-result');
    await result.getByText('completed').waitFor({ timeout: 120_000 });
    const output = JSON.parse((await page.getByLabel('Output', { exact: true }).textContent()) ?? '{}');
    expect(output.first).toMatch(/ skillet$/i);
    expect(output.count).toBeGreaterThan(0);
    expect(Object.keys(output).sort()).toEqual(['count', 'first']);

    // The task ran in the page's own browser, which is still open on the shop's results.
    await expect
      .poll(async () => {
        const src = await page.getByTitle('Remote browser').getAttribute('src');
        const id = new URL(src ?? '', e2e.baseUrl).searchParams.get('browserSessionId') ?? '';
        return (await api.call(endpoints.browserSession, { params: { publicId: id } })).status;
      })
      .toBe('running');
    await result.getByRole('link', { name: 'Recorded session' }).click();
    await page.waitForURL(/\/sessions\/[^/]+$/);
  });

  it('should replay the recorded run, labelled so, to a user without beta access', async () => {
    // Leaving the web editor closed its browser: the run is recorded once its session has ended.
    // The server's first user has beta access: this one is made a member without it.
    await setBetaAccess(false);
    await until(
      () => api.call(endpoints.demo),
      ({ recording }) => recording !== null,
      'the run to be recorded',
    );
    await page.goto('/demo');
    await page.getByTestId('demo-badge').waitFor();
    await page
      .getByTestId('demo-replay-label')
      .getByText(/^Replay of a recorded run, /)
      .waitFor();
    await page.getByTestId('demo-replay-label').getByText(TASK, { exact: false }).waitFor();
    expect(await page.getByTestId('demo-flow-task').textContent()).toBe(TASK);
    // No remote browser: the run's recorded steps instead, and Run says why it cannot be used.
    expect(await page.getByTitle('Remote browser').count()).toBe(0);
    await page.getByTestId('step-counter').waitFor();
    expect(await page.getByRole('button', { name: 'Run', exact: true }).isDisabled()).toBe(true);
    await page
      .getByTestId('demo-run-blocked')
      .getByText('Live runs on the demo need beta access; this is a replay of a recorded run.')
      .waitFor();
  });

  it('should give a user with beta access a live browser that Run drives', async () => {
    await setBetaAccess(true);
    await page.goto('/demo');
    await page.getByTitle('Remote browser').waitFor();
    await page.getByText('Starting the browser…').waitFor({ state: 'detached', timeout: 120_000 });
    expect(await page.getByTestId('demo-replay-label').count()).toBe(0);

    // This server has no DEMO_START_URL: the user says where.
    await page.getByRole('textbox', { name: 'Start URL' }).fill(`${shopOrigin}/`);
    await page.getByPlaceholder('What should I do?').fill('Which skillet does the shop list first?');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page
      .getByTestId('demo-flow-answer')
      .getByText(/^The first skillet is .* skillet$/i)
      .waitFor({
        timeout: 120_000,
      });
    await page.getByTestId('demo-flow').getByRole('link', { name: 'The recorded session' }).waitFor();
  });
});

/** Without a model for any agent, the AI browser cannot run a task and says why. */
describe('the AI browser without a model', () => {
  let e2e: E2E;

  beforeAll(async () => {
    e2e = await startE2E({ env: { MAX_ENVIRONMENTS: '2' } });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('should disable Run and give the reason when no model is configured', async () => {
    const { page } = await e2e.newUserPage();
    await signUpThroughApi(e2e, page, person('Nora Nomodel'), {
      name: `No Model Co ${unique()}`,
      purpose: 'Try the AI browser',
    });
    await page.goto('/web-editor');
    const reasons = page.getByTestId('no-agent');
    await reasons.getByText('No model agent can run tasks here').waitFor();
    await reasons.getByText(/AGENT_LLM_URL/).waitFor();
    await page.getByRole('textbox', { name: 'Task' }).fill(TASK);
    // The browser still opens (to look around in), and Run stays disabled with it.
    await page.getByText('Starting the browser…').waitFor({ state: 'detached', timeout: 120_000 });
    expect(await page.getByRole('button', { name: 'Run', exact: true }).isDisabled()).toBe(true);
  });
});
