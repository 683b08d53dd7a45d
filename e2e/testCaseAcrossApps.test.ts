import { endpoints, type Simulator, TEST_CASE_SIMULATOR_MESSAGES } from '@proctor/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/** A form field by its label, whether or not the label marks it required. */
const field = (scope: Page | Locator, label: string): Locator =>
  scope
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .and(scope.locator('input:not([type="hidden"]), textarea'));

/**
 * A test case across apps made and edited in the dashboard (issue 30): the New Test Case dialog names its other
 * simulators, the test case page shows and changes them, and each expected mutation is given its app.
 */
describe('a test case across apps in the dashboard', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  let mail: Simulator;
  let calendar: Simulator;

  beforeAll(async () => {
    e2e = await startE2E();
    ({ page } = await e2e.newUserPage());
    const tokens = await signUpThroughApi(e2e, page, person('Cross App Author'), {
      name: 'Cross App Authors',
      purpose: 'Write tasks that span apps',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    const simulators = await api.simulators();
    mail = simulators.find((simulator) => simulator.name === 'mail')!;
    calendar = simulators.find((simulator) => simulator.name === 'calendar')!;
  });
  afterAll(() => e2e?.close());

  it('should create a mail test case that also spans the calendar, and give an expectation its app', async () => {
    const name = `Label the trip, cancel the check-in ${unique()}`;
    await page.goto('/tests');
    await page.getByRole('button', { name: 'New Test Case' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Test Case' });
    await field(dialog, 'Environment').click();
    await page.getByRole('option', { name: 'mail', exact: true }).click();
    await field(dialog, 'Other simulators').click();
    // Its own simulator is not offered again.
    await page.getByRole('option', { name: 'calendar', exact: true }).waitFor();
    expect(await page.getByRole('option', { name: 'mail', exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: 'calendar', exact: true }).click();
    await field(dialog, 'Name').fill(name);
    await field(dialog, 'Prompt').fill('Label the trip e-mail, then cancel the duplicate budget check-in.');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name }).waitFor();

    const [created] = (await api.call(endpoints.testCases, { query: { name } })).testcases;
    expect(created!.simulatorId).toBe(mail.id);
    expect(created!.extraSimulatorIds).toEqual([calendar.id]);
    expect(created!.extraSimulators.map((simulator) => simulator.name)).toEqual(['calendar']);

    // The test case page: the expectations, each app chosen per row and written as its simulator tag.
    await page.getByLabel('Scoring configuration').fill(
      JSON.stringify({
        mutations: [
          { action: 'INSERT', table_name: 'labels' },
          { action: 'UPDATE', table_name: 'events', pk: '5' },
        ],
      }),
    );
    const appOfEvent = page.getByRole('combobox', { name: 'App of UPDATE events pk 5' });
    expect(await appOfEvent.inputValue()).toBe('mail');
    await appOfEvent.click();
    await page.getByRole('option', { name: 'calendar', exact: true }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Test case updated successfully').first().waitFor();
    await expect
      .poll(async () => (await api.call(endpoints.testCase, { params: { id: created!.publicId } })).testCase)
      .toMatchObject({
        extraSimulatorIds: [calendar.id],
        defaultScoringConfig: {
          mutations: [
            { action: 'INSERT', table_name: 'labels' },
            { action: 'UPDATE', table_name: 'events', pk: '5', simulator: 'calendar' },
          ],
        },
      });

    // As loaded again: the other simulator and each expectation's app.
    await page.reload();
    await page.getByRole('heading', { name }).waitFor();
    expect(await page.getByRole('combobox', { name: 'App of UPDATE events pk 5' }).inputValue()).toBe(
      'calendar',
    );
    expect(await page.getByRole('combobox', { name: 'App of INSERT labels' }).inputValue()).toBe('mail');

    // Dropping the calendar while an expectation is still in it is refused, saying why.
    await field(page, 'Other simulators').click();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(TEST_CASE_SIMULATOR_MESSAGES.stillExpected('calendar')).first().waitFor();
    const kept = (await api.call(endpoints.testCase, { params: { id: created!.publicId } })).testCase;
    expect(kept.extraSimulatorIds).toEqual([calendar.id]);
  });
});
