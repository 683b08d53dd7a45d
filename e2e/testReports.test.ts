import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestRun, solidPng } from '../apps/server/test/support/testRunFixture';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { unique } from './support/catalog';

/** /test: a platform admin renders Proctor's report over a completed test run and reads it in its frame. */
describe('test reports', () => {
  let e2e: E2E;
  let page: Page;
  let runId: string;

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newUserPage()).page;
    // The first account of a fresh install is the platform admin.
    await signUpThroughApi(e2e, page, person('Rhea Reports'), {
      name: `Reports HQ ${unique()}`,
      purpose: 'Read the runs',
    });
    // A finished run with its dump, as its jobs leave one (no oracle run: the report is the subject here).
    runId = await seedTestRun(e2e.proctor.ctx, {
      simulators: ['shop'],
      environments: 1,
      testsPerSimulator: 3,
      screenshot: solidPng(8, 8, [10, 20, 30]),
      screenshotsPerTest: 1,
    });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it("should create Proctor's report over a completed run and show its totals in a sandboxed frame", async () => {
    await page.goto('/test');
    await page.getByText('No reports yet').waitFor();
    await page.getByRole('button', { name: 'New report' }).click();
    const dialog = page.getByRole('dialog', { name: 'New report' });
    await dialog.getByLabel('Test run').click();
    await page.getByRole('option', { name: new RegExp(runId) }).click();
    await dialog.getByLabel('Name').fill('Shop nightly');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Report created').waitFor();

    const row = page.getByTestId('test-reports').getByRole('row', { name: /Shop nightly/ });
    await row.getByText(runId).waitFor();
    await row.getByRole('button', { name: 'View' }).click();
    const frame = page.frameLocator('iframe[title="Shop nightly"]');
    await frame.getByRole('heading', { name: `Test run ${runId}` }).waitFor();
    expect(await frame.locator('.totals').innerText()).toMatch(/3\s*tests[\s\S]*2\s*passed[\s\S]*1\s*failed/);
    expect(await page.locator('iframe[title="Shop nightly"]').getAttribute('sandbox')).toBe('');
  });
});
