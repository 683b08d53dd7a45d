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

const OUTCOME = {
  name: `Cart count ${Date.now().toString(36)}`,
  prompt: 'Report how many mugs are in the cart as JSON.',
  schema: {
    type: 'object',
    properties: { mugs: { type: 'integer' } },
    required: ['mugs'],
    additionalProperties: false,
  },
};

const modelAsked: string[] = [];
/** The stand-in answers the outcome-schema question (it shows a screenshot) with OUTCOME, the others with PROPOSED. */
const model = await startStandIn({
  '/v1/chat/completions': (request, response) => {
    modelAsked.push(request.body);
    const outcome = request.body.includes('You write output tests');
    chatCompletion(response, JSON.stringify(outcome ? OUTCOME : PROPOSED));
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

  it("should create an output test held to the schema the model reads off the step's screenshot", async () => {
    await page.goto(`/sessions/${sessionId}?step=3`);
    const stateSwitch = page.getByRole('switch', { name: 'State Test' });
    await stateSwitch.click();
    await page.getByRole('button', { name: 'Create Output Test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Output Test' });
    await dialog.getByRole('button', { name: "Propose from this step's screenshot" }).click();
    await expect.poll(() => field(dialog, 'Name').inputValue()).toBe(OUTCOME.name);
    expect(JSON.parse(await field(dialog, 'Output schema').inputValue())).toEqual(OUTCOME.schema);
    const asked = JSON.parse(modelAsked.at(-1)!) as {
      messages: { content: { type: string; image_url?: { url: string } }[] }[];
    };
    expect(asked.messages[1]!.content.find((part) => part.type === 'image_url')?.image_url?.url).toMatch(
      /^data:image\/(jpeg|png);base64,/,
    );

    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: OUTCOME.name }).waitFor();
    const publicId = (await page.getByTestId('public-id').textContent()) ?? '';
    const { testCase } = await api.call(endpoints.testCase, { params: { id: publicId } });
    expect(testCase.scoringTypes).toEqual(['output']);
    expect(testCase.outputSchema).toEqual(OUTCOME.schema);
    expect(testCase.prompt).toBe(OUTCOME.prompt);
  });

  it('should add a step test case to a dataset, replaying the session to a step', async () => {
    const dataset = await api.createDataset({
      name: `Steps ${Date.now().toString(36)}`,
      description: 'Step tests',
    });
    await page.goto('/datasets');
    await page.locator(`[data-testid="dataset-row"][data-name="${dataset.name}"]`).click();
    await page.getByTestId('dataset-panel').getByRole('button', { name: 'Step Test Case' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Step Test Case' });
    await field(dialog, 'Session').click();
    await page.getByRole('option', { name: new RegExp(sessionId.slice(0, 8)) }).click();
    // The session's last step is chosen, its start and prompt filled in, and its actions drafted.
    await expect.poll(() => field(dialog, 'Replay to step').inputValue()).toMatch(/^\d+\. go to \/cart$/);
    expect(await field(dialog, 'Prompt').inputValue()).toBe(mugs.prompt);
    expect(JSON.parse(await field(dialog, 'Scoring configuration').inputValue())).toMatchObject({
      type: 'page_action_sequence',
      actions: expect.arrayContaining([{ type: 'select', selector: '#quantity', value: '2' }]),
    });
    await dialog.getByRole('button', { name: 'Propose from the steps' }).click();
    await expect.poll(() => field(dialog, 'Name').inputValue()).toBe(PROPOSED.name);
    await field(dialog, 'Name').fill(`${PROPOSED.name} (step)`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: `${PROPOSED.name} (step)` }).waitFor();

    const publicId = (await page.getByTestId('public-id').textContent()) ?? '';
    const { testCase } = await api.call(endpoints.testCase, { params: { id: publicId } });
    expect(testCase.defaultScoringConfig).toMatchObject({
      type: 'page_action_sequence',
      session_ids: [sessionId],
    });
    expect(testCase.simulatorConfig).toMatchObject({ replay_session_id: sessionId });
    const sets = (await api.call(endpoints.testCaseSets)).testCaseSets;
    expect(sets.find((set) => set.id === dataset.id)?.testCases.map((item) => item.publicId)).toEqual([
      publicId,
    ]);
  });
});
