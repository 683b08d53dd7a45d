import { endpoints, type Simulator, TEST_CASE_SIMULATOR_MESSAGES } from '@proctor/contracts';
import { builtInTestCase } from '@proctor/simulators';
import { playOn } from '@proctor/simulators/testing';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/** A form field by its label, whether or not the label marks it required. */
const field = (scope: Page | Locator, label: string): Locator =>
  scope
    .getByLabel(new RegExp(`^${label}( \\*)?$`))
    .and(scope.locator('input:not([type="hidden"]), textarea'));

const { simulator: calendarApp, testCase: budgetCheckIn } = builtInTestCase(
  'calendar',
  'cancel-duplicate-budget-check-in',
);

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
  const remotes: Browser[] = [];

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
  afterAll(async () => {
    await Promise.all(remotes.map((remote) => remote.close().catch(() => undefined)));
    await e2e?.close();
  });

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

  it('should run it in the playground: both apps in one environment, started in the calendar, each change under its app', async () => {
    const testCase = await api.createTestCase({
      simulatorId: mail.id,
      extraSimulatorIds: [calendar.id],
      name: `Cancel the check-in from mail ${unique()}`,
      prompt: budgetCheckIn.prompt,
      startUrl: `calendar:${budgetCheckIn.startUrl || '/'}`,
    });
    await page.goto(`/playground?app=mail&testcaseId=${testCase.publicId}`);
    await expect
      .poll(() =>
        page
          .getByLabel('Test case', { exact: true })
          .and(page.locator('input:not([type="hidden"])'))
          .inputValue(),
      )
      .toBe(testCase.name);
    const panel = page.getByRole('complementary', { name: 'Playground panel' });
    await panel.getByRole('button', { name: 'Start', exact: true }).click();
    const environmentId = panel.getByTestId('environment-id');
    await panel.getByTestId('task-start-url').waitFor({ timeout: 60_000 });
    const id = (await environmentId.textContent()) ?? '';

    const { cdp_url } = await api.call(endpoints.environmentCdpUrl, { params: { id } });
    const remote = await chromium.connectOverCDP(cdp_url);
    remotes.push(remote);
    const calendarPage = remote.contexts()[0]!.pages()[0]!;
    calendarPage.setDefaultTimeout(15_000);
    // The reset opened the calendar, the test case's start, though its own simulator is mail.
    await calendarPage.waitForURL((url) => url.hostname.startsWith(`${id}.calendar.`));
    await calendarPage.waitForLoadState('load');
    await playOn(calendarPage, new URL(calendarPage.url()).origin, calendarApp, budgetCheckIn);
    await calendarPage.waitForLoadState('load');

    await panel.getByRole('button', { name: 'Mutations', exact: true }).click();
    const mutationsDialog = page.getByRole('dialog', { name: 'Mutations' });
    const eventRow = mutationsDialog.locator('[data-testid="mutation-row"][data-table="events"]').first();
    await eventRow.waitFor();
    expect(await eventRow.getByTestId('mutation-row-app').textContent()).toBe('calendar');
    await page.keyboard.press('Escape');
    await mutationsDialog.waitFor({ state: 'hidden' });
    await panel.getByRole('button', { name: 'State', exact: true }).click();
    const byApp = page.getByRole('dialog', { name: 'State' }).getByTestId('mutations-by-app');
    await expect.poll(() => byApp.textContent()).toMatch(/calendar: [1-9]/);
    await page.keyboard.press('Escape');
  });
});
