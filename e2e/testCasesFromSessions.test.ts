import { endpoints, User } from '@proctor/contracts';
import { Proctor } from '@proctor/sdk';
import { builtInSimulators, type SolveContext } from '@proctor/simulators';
import { chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, startStandIn } from '../apps/server/test/unit/support/standIn';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi } from './support/catalog';

/**
 * Create State Test from a session (000 §2.5, 001 §7): a run of a built-in task's reference solution over CDP
 * becomes, through the session page's dialog, a new test case whose expected mutations are what the run
 * changed. The name comes from the configured model (a local stand-in speaking the chat completions API),
 * which reads the session's numbered steps.
 */
const shop = builtInSimulators.find((simulator) => simulator.name === 'shop')!;
const mugs = shop.testCases.find((testCase) => testCase.key === 'add-sage-mugs-to-cart')!;
const PROPOSED = {
  name: `Sage mugs from a session ${Date.now().toString(36)}`,
  prompt: 'Put two 16 oz sage mugs in the cart.',
  evaluation_mode: 'page_action_sequence',
};

const modelAsked: string[] = [];
const model = await startStandIn({
  '/v1/chat/completions': (request, response) => {
    modelAsked.push(request.body);
    chatCompletion(response, JSON.stringify(PROPOSED));
  },
});

/** A form field (input or text area) by its label, whether or not the label marks it required. */
function field(scope: Locator, label: string): Locator {
  return scope
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .and(scope.locator('input:not([type="hidden"]), textarea'));
}

describe('test cases from sessions', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  let sessionId: string;
  let sdk: Proctor;
  let testCasePublicId: string;

  /** The reference solution of the mugs task, run over CDP in an environment of its own, then closed. */
  async function recordReferenceRun(sdk: Proctor, testCasePublicId: string): Promise<string> {
    const environment = await sdk.environments.make('shop');
    try {
      await environment.waitForReady();
      const reset = await environment.reset(testCasePublicId);
      const browser = await chromium.connectOverCDP(await environment.cdpUrl());
      try {
        const remote = browser.contexts()[0]!.pages()[0]!;
        remote.setDefaultTimeout(15_000);
        const origin = new URL(reset.start_url).origin;
        const context: SolveContext = {
          origin,
          url: (path) => new URL(path, origin).href,
          auth: { user: shop.auth.user, password: shop.auth.password },
        };
        await mugs.solve(remote, context);
        await remote.waitForLoadState('load');
      } finally {
        await browser.close();
      }
      return reset.session_id;
    } finally {
      await environment.close();
    }
  }

  beforeAll(async () => {
    e2e = await startE2E({
      env: {
        BROWSER_POOL_SIZE: '1',
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
        AUTHORING_LLM_URL: `${model.origin}/v1`,
        AUTHORING_LLM_MODEL: 'stand-in-model',
      },
    });
    ({ page } = await e2e.newUserPage());
    const tokens = await signUpThroughApi(e2e, page, person('Stella State'), {
      name: `State tests ${Date.now().toString(36)}`,
      purpose: 'Turn recorded runs into test cases',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    const me = User.parse(await api.call(endpoints.fromSession));
    expect(me.permissions.create_test_cases).toBe(true);
    const simulator = (await api.simulators()).find((item) => item.name === shop.name)!;
    const testCase = await api.createTestCase({
      simulatorId: simulator.id,
      name: `Recorded mugs ${Date.now().toString(36)}`,
      prompt: mugs.prompt,
      startUrl: mugs.startUrl,
      scoringTypes: ['mutations'],
    });
    sdk = new Proctor({ baseUrl: e2e.baseUrl, apiKey: me.organization!.apiKey! });
    testCasePublicId = testCase.publicId;
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
    await model.close();
  });

  it('should record a run of the reference solution', async () => {
    sessionId = await recordReferenceRun(sdk, testCasePublicId);
    await expect
      .poll(
        async () => (await api.call(endpoints.getSession, { params: { id: sessionId } })).session.status,
        {
          timeout: 30_000,
        },
      )
      .toBe('scoring_completed');
  }, 120_000);

  it("should create a state test whose expected mutations are the session's changes", async () => {
    await page.goto(`/sessions/${sessionId}`);
    const stateSwitch = page.getByRole('switch', { name: 'State Test' });
    await stateSwitch.waitFor();
    expect(await stateSwitch.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create State Test' }).click();

    const dialog = page.getByRole('dialog', { name: 'Create State Test' });
    expect(await field(dialog, 'Prompt').inputValue()).toBe(mugs.prompt);
    await dialog.getByRole('button', { name: 'Propose name and prompt from the steps' }).click();
    await expect.poll(() => field(dialog, 'Name').inputValue()).toBe(PROPOSED.name);
    expect(await field(dialog, 'Prompt').inputValue()).toBe(PROPOSED.prompt);
    // The model was shown the session's numbered steps and its screenshots.
    const asked = JSON.parse(modelAsked.at(-1)!) as { messages: { content: unknown }[] };
    const parts = asked.messages[1]!.content as { type: string; text?: string }[];
    expect(parts[0]!.text).toMatch(/\n\d+\. click "Add to cart"/);
    expect(parts.some((part) => part.type === 'image_url')).toBe(true);

    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: PROPOSED.name }).waitFor();
    const publicId = (await page.getByTestId('public-id').textContent()) ?? '';
    expect(page.url()).toContain(`/tests/${publicId}`);

    const { testCase } = await api.call(endpoints.testCase, { params: { id: publicId } });
    expect(testCase.scoringTypes).toEqual(['mutations']);
    const session = await api.call(endpoints.getSession, { params: { id: sessionId } });
    const expected = testCase.defaultScoringConfig.mutations as {
      action: string;
      table_name: string;
      pk?: string;
      changes?: Record<string, unknown>;
    }[];
    // Each expectation is a change the session made, and the task's own change is among them: two sage mugs.
    expect(expected.length).toBeGreaterThan(0);
    for (const mutation of expected)
      expect(session.state_mutations).toContainEqual(
        expect.objectContaining({
          action: mutation.action,
          table_name: mutation.table_name,
          pk: mutation.pk,
        }),
      );
    expect(expected).toContainEqual(
      expect.objectContaining({
        action: 'INSERT',
        table_name: 'cart_items',
        changes: expect.objectContaining({ variant_id: 4, quantity: 2 }),
      }),
    );
    expect(testCase.defaultScoringConfig.session_ids).toEqual([sessionId]);
  });
});
