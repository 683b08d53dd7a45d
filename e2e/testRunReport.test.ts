import { setTimeout as sleep } from 'node:timers/promises';
import { endpoints, type TestRunSummary, testRunPdfName } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/** One built-in test case, run by its reference solution in one environment: a Chromium launch and a script. */
const PATTERN = 'food/highest-rated-thai';
const RUN_TIMEOUT_MS = 4 * 60_000;

/** The Test Run Dumps tab and the run report over a real test run: the oracle's real durations and screenshots. */
describe('test run dumps and the run report', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  let summary: TestRunSummary;
  const tag = `e2e-${unique()}`;

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newUserPage()).page;
    // The first account of a fresh install is the platform admin.
    const tokens = await signUpThroughApi(e2e, page, person('Rita Runs'), {
      name: `Runs HQ ${unique()}`,
      purpose: 'Check the simulators',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    // Started from the tab's New test run dialog, as an admin would.
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Test Run Dumps' }).click();
    await page.getByRole('button', { name: 'New test run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New test run' });
    await dialog.getByLabel('Pattern').fill(PATTERN);
    await dialog.getByLabel('Tags').fill(tag);
    await dialog.getByLabel('Tags').press('Enter');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Test run started: 1 test on food').waitFor();
    const { dumps } = await api.call(endpoints.adminTestRunDumps);
    const started = dumps.find((dump) => dump.tags.includes(tag))!;
    expect(started).toMatchObject({ pattern: PATTERN, environments: 1 });
    const deadline = Date.now() + RUN_TIMEOUT_MS;
    for (;;) {
      summary = await api.call(endpoints.adminTestRun, { params: { id: started.run_id } });
      if (summary.status === 'completed' || summary.status === 'failed') break;
      if (Date.now() > deadline)
        throw new Error(`The test run did not end: ${JSON.stringify(summary.progress)}`);
      await sleep(500);
    }
    expect(summary.status, summary.error ?? '').toBe('completed');
  }, RUN_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    await e2e?.close();
  });

  it('should list the run and preview its dump in the detail panel', async () => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Test Run Dumps' }).click();
    const row = page.getByTestId('test-run-dump-row').filter({ hasText: summary.run_id });
    await expect(row.textContent()).resolves.toContain(tag);
    expect(await row.textContent()).toContain('1 environment per test');
    expect(await row.textContent()).toMatch(/\d+(\.\d)? KB|\d+(\.\d)? MB/);

    await row.click();
    const panel = page.getByRole('dialog', { name: 'Test Run' });
    await panel.getByRole('button', { name: 'Load Contents Preview' }).click();
    await panel.getByRole('button', { name: 'results' }).click();
    await panel.getByRole('button', { name: 'food' }).click();
    await panel.getByTestId('dump-entry').filter({ hasText: 'simulator.log' }).waitFor();
    await panel.getByRole('button', { name: 'Close test run' }).click();
  });

  it('should show real durations, a screenshot and the logs in the report, and export it as a PDF', async () => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Test Run Dumps' }).click();
    const row = page.getByTestId('test-run-dump-row').filter({ hasText: summary.run_id });
    await row.getByRole('button', { name: `View ${summary.run_id}` }).click();
    const report = page.getByRole('dialog', { name: `Test run ${summary.run_id}` });

    await expect(report.getByTestId('run-total-tests').textContent()).resolves.toBe('1');
    expect(await report.getByTestId('run-total-passed').textContent()).toBe('1');
    expect(await report.getByTestId('run-total-duration').textContent()).toMatch(/^\d/);

    // Simulators (the default) opens food to its environment; All Tests opens the test to its screenshots.
    await report.getByText('All Tests').click();
    const testRow = report.getByTestId('report-test-row');
    await testRow.waitFor();
    const test = summary.results[0]!.environments[0]!.tests[0]!;
    expect(test.reset_ms).toBeGreaterThan(0);
    expect(test.test_ms).toBeGreaterThan(0);
    // The test's own reset and test times, as measured (never a dash).
    for (const cell of ['report-start', 'report-reset', 'report-test']) {
      expect(await testRow.getByTestId(cell).textContent()).toMatch(/^\d+(\.\d+)? (ms|s)$/);
    }
    expect(await testRow.textContent()).toContain('passed');

    const thumbnail = report.getByTestId('run-screenshot').first();
    const image = thumbnail.locator('img');
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(100);
    await thumbnail.click();
    const large = page.getByRole('dialog', { name: '001-start.png' });
    await large.locator('img').waitFor();
    await large.getByRole('button').first().click();
    await large.waitFor({ state: 'detached' });

    // The screenshots toggle hides them.
    const toggle = report.getByRole('switch', { name: 'Screenshots' });
    await toggle.click();
    await thumbnail.waitFor({ state: 'detached' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await thumbnail.waitFor();

    // The test's log, read from the dump.
    await testRow.getByRole('button', { name: `Log of ${test.name}` }).click();
    await expect(report.getByTestId('run-log').textContent()).resolves.toMatch(/\S/);

    const download = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Export PDF' }).click();
    expect((await download).suggestedFilename()).toBe(testRunPdfName(summary.run_id, new Date()));
    await page.getByText('PDF exported successfully!').waitFor();
  });
});
