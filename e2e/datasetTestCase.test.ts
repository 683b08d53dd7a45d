import { endpoints, type Simulator, type TestCaseSet } from '@proctor/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/** A form field (input or text area) by its label, whether or not the label marks it required. */
function field(scope: Page | Locator, label: string): Locator {
  return scope
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .and(scope.locator('input:not([type="hidden"]), textarea'));
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, dialog: Locator, label: string, option: string): Promise<void> {
  await field(dialog, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => field(dialog, label).inputValue()).toBe(option);
}

/**
 * The dataset page's Create Test Case (001 §2.3, §5, §7): required fields, the scoring type's fields reset to
 * its defaults when the type changes, JSON fields that must parse, the server's refusal shown as it says it,
 * and the created test case in the dataset's panel with everything the dataset flow sends.
 */
describe("a dataset's Create Test Case dialog", () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  let shop: Simulator;
  let dataset: TestCaseSet;
  let siteName: string;
  const suffix = unique();

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, page, person('Dana Datasets'), {
      name: 'Dataset Labs',
      purpose: 'Write test cases for our agent',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    shop = await api.createSimulator({
      name: `shop-${suffix}`,
      simType: 'docker_app',
      config: { status: 'ready' },
    });
    dataset = await api.createDataset({ name: `Checkout ${suffix}`, description: 'Paying for an order' });
    siteName = `Storefront ${suffix}`;
    await api.call(endpoints.createSite, {
      body: {
        name: siteName,
        url: 'https://store.example.com',
        imgUrl: 'https://store.example.com/icon.png',
      },
    });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('checks required fields, resets the scoring config on a type change and adds the test case to the panel', async () => {
    await page.goto('/datasets');
    await page.getByRole('heading', { name: 'Datasets' }).waitFor();
    await page.locator(`[data-testid="dataset-row"][data-name="${dataset.name}"]`).click();
    const panel = page.getByTestId('dataset-panel');
    await panel.getByText('This dataset has no test cases yet.').waitFor();
    await panel.getByRole('button', { name: 'Create Test Case' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Test Case' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });

    // Offline Step first, with its defaults; nothing filled in yet.
    expect(await field(dialog, 'Scoring type').inputValue()).toBe('Offline Step');
    expect(await field(dialog, 'Threshold').inputValue()).toBe('0.8');
    expect(await field(dialog, 'Max steps').inputValue()).toBe('10');
    expect(await dialog.getByLabel('Output schema').count()).toBe(0);
    await field(dialog, 'Threshold').fill('');
    await field(dialog, 'Max steps').fill('2.5');
    await create.click();
    for (const message of [
      'Name is required',
      'Start URL is required',
      'Prompt is required',
      'Environment is required',
      'Threshold is required',
      'Max steps must be a whole number of at least 1',
    ])
      await dialog.getByText(message).waitFor();

    // Another type shows its own fields at their defaults; coming back resets the first type's.
    await choose(page, dialog, 'Scoring type', 'Human in the Loop');
    expect(await field(dialog, 'Threshold').count()).toBe(0);
    expect(await field(dialog, 'Review threshold').inputValue()).toBe('0.7');
    await field(dialog, 'Review threshold').fill('1.5');
    await create.click();
    await dialog.getByText('Review threshold must be a number from 0 to 1').waitFor();
    await choose(page, dialog, 'Scoring type', 'Offline Step');
    expect(await field(dialog, 'Threshold').inputValue()).toBe('0.8');
    expect(await field(dialog, 'Max steps').inputValue()).toBe('10');
    expect(await dialog.getByText('Threshold is required').count()).toBe(0);

    // API: an endpoint and a masked key, both required; empty again after another type.
    await choose(page, dialog, 'Scoring type', 'API');
    expect(await field(dialog, 'API endpoint').inputValue()).toBe('');
    expect(await field(dialog, 'API key').getAttribute('type')).toBe('password');
    await create.click();
    await dialog.getByText('API endpoint is required').waitFor();
    await dialog.getByText('API key is required').waitFor();
    await field(dialog, 'API endpoint').fill('https://scorer.example.com/score');
    await field(dialog, 'API key').fill('secret-key');
    await choose(page, dialog, 'Scoring type', 'Human in the Loop');
    await choose(page, dialog, 'Scoring type', 'API');
    expect(await field(dialog, 'API endpoint').inputValue()).toBe('');
    expect(await field(dialog, 'API key').inputValue()).toBe('');

    // The fields the contract requires, then the server's own refusal shown as it says it.
    await field(dialog, 'Name').fill(`Pay by card ${suffix}`);
    await field(dialog, 'Start URL').fill('/checkout');
    await field(dialog, 'Prompt').fill('Pay for the order in the cart by card.');
    await choose(page, dialog, 'Environment', shop.name);
    await field(dialog, 'API endpoint').fill('http://127.0.0.1:9/score');
    await field(dialog, 'API key').fill('secret-key');
    await create.click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Failed to create test case' });
    await refusal.getByText(/The API endpoint cannot be used: Refused/).waitFor();
    expect(await dialog.isVisible()).toBe(true);

    // JSON fields must parse: the simulator config always, the output schema for an output match.
    await choose(page, dialog, 'Scoring type', 'Offline Exact Output Match');
    const schema = dialog.getByLabel('Output schema');
    expect(JSON.parse(await schema.inputValue())).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
    await schema.fill('{"type": "object",');
    await dialog.getByLabel('Simulator config').fill('{noop}');
    await create.click();
    await dialog.getByText(/^Invalid JSON in output schema/).waitFor();
    await dialog.getByText(/^Invalid JSON in simulator config/).waitFor();

    // Back to Offline Step, with a site and a simulator config: created, and listed in the panel.
    await choose(page, dialog, 'Scoring type', 'Offline Step');
    expect(await dialog.getByLabel('Output schema').count()).toBe(0);
    await field(dialog, 'Threshold').fill('0.9');
    await field(dialog, 'Max steps').fill('5');
    await choose(page, dialog, 'Site', siteName);
    await dialog.getByLabel('Simulator config').fill('{"type": "noop"}');
    await create.click();
    await page.getByText(`Pay by card ${suffix} was added to ${dataset.name}`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const item = panel.getByTestId('dataset-test-case').filter({ hasText: `Pay by card ${suffix}` });
    await item.getByText('/checkout').waitFor();
    await item.getByText('Pay for the order in the cart by card.').waitFor();
    await item.getByText('Mutations').waitFor();

    const [created] = (await api.call(endpoints.testCases, { query: { name: `Pay by card ${suffix}` } }))
      .testcases;
    expect(created).toMatchObject({
      startUrl: '/checkout',
      simulatorId: shop.id,
      site: { name: siteName },
      testCaseSetId: dataset.id,
      scoringTypes: ['mutations'],
      simulatorConfig: { type: 'noop' },
      defaultScoringConfig: { type: 'offline_step', threshold: 0.9, max_steps: 5 },
    });

    // An output match is an output test case, with its schema and expected output.
    await panel.getByRole('button', { name: 'Create Test Case' }).click();
    await field(dialog, 'Name').fill(`Order total ${suffix}`);
    await field(dialog, 'Start URL').fill('/cart');
    await field(dialog, 'Prompt').fill('Report the cart total.');
    await choose(page, dialog, 'Environment', shop.name);
    await choose(page, dialog, 'Scoring type', 'Offline Exact Output Match');
    await dialog.getByLabel('Expected output').fill('{"total": 42}');
    await dialog
      .getByLabel('Output schema')
      .fill('{"type":"object","properties":{"total":{"type":"number"}},"required":["total"]}');
    await create.click();
    await page.getByText(`Order total ${suffix} was added to ${dataset.name}`).waitFor();
    const outputItem = panel.getByTestId('dataset-test-case').filter({ hasText: `Order total ${suffix}` });
    await outputItem.getByText('Output', { exact: true }).waitFor();
    await expect.poll(() => panel.getByTestId('dataset-test-case').count()).toBe(2);
    const [outputCase] = (await api.call(endpoints.testCases, { query: { name: `Order total ${suffix}` } }))
      .testcases;
    expect(outputCase).toMatchObject({
      scoringTypes: ['output'],
      testCaseSetId: dataset.id,
      siteId: null,
      outputSchema: { properties: { total: { type: 'number' } }, required: ['total'] },
      defaultScoringConfig: { type: 'offline_exact_output_match', expected_output: { total: 42 } },
    });
  });
});
