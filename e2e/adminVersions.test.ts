import { endpoints } from '@proctor/contracts';
import { simulatorVersions } from '@proctor/db';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { catalogApi, unique } from './support/catalog';

/** The hashes of the version rows shown, as the table prints them. */
function shownHashes(page: Page): Promise<string[]> {
  return page
    .getByTestId('version-row')
    .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent?.trim() ?? ''));
}

describe('admin versions', () => {
  let e2e: E2E;
  let adminPage: Page;
  const simulatorName = `versioned-${unique()}`;
  // Twelve versions a minute apart; the hash's first 8 characters tell them apart.
  const hashes = Array.from({ length: 12 }, (_, index) => `${String(index).padStart(8, '0')}deadbeef`);

  beforeAll(async () => {
    e2e = await startE2E();
    adminPage = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, adminPage, person('Vera Versions'), {
      name: `Versions HQ ${unique()}`,
      purpose: 'Run the platform',
    });
    const adminApi = catalogApi(e2e.baseUrl, tokens.access_token);
    expect((await adminApi.call(endpoints.fromJwt)).permissions.is_admin).toBe(true);
    const simulator = await adminApi.createSimulator({ name: simulatorName, simType: 'app' });
    const start = Date.now() - hashes.length * 60_000;
    await e2e.proctor.ctx.db.insert(simulatorVersions).values(
      hashes.map((version, index) => ({
        simulatorId: simulator.id,
        version,
        publishedAt: new Date(start + index * 60_000),
      })),
    );
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('should register the oldest version as prod-latest and list it first', async () => {
    await adminPage.goto('/admin');
    await adminPage.getByRole('tab', { name: 'Versions' }).click();
    const row = adminPage.getByTestId('versions-simulator-row').filter({ hasText: simulatorName });
    await expect(row.textContent()).resolves.toContain('Enabled');
    await row.getByRole('button', { name: `Show versions of ${simulatorName}` }).click();

    // Newest first, ten at first.
    await adminPage.getByTestId('version-row').first().waitFor();
    expect(await shownHashes(adminPage)).toEqual(
      hashes
        .slice(2)
        .reverse()
        .map((hash) => hash.slice(0, 8)),
    );
    await adminPage.getByRole('button', { name: 'Show More (2 more)' }).click();
    await adminPage.getByRole('button', { name: 'Show Less' }).waitFor();
    const oldest = adminPage.getByTestId('version-row').last();
    expect(await oldest.locator('td').first().textContent()).toBe(hashes[0]!.slice(0, 8));

    await oldest.getByRole('button', { name: 'Register' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Register Version' });
    const tagName = dialog.getByRole('textbox', { name: 'Tag Name' });
    // A blank tag is refused with the reason; Enter submits.
    await tagName.fill('   ');
    await tagName.press('Enter');
    await dialog.getByText('Please enter a tag name').waitFor();
    await tagName.fill('  prod-latest ');
    await tagName.press('Enter');
    await adminPage.getByText('Version registered successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const first = adminPage.getByTestId('version-row').first();
    await first.getByText('prod-latest').waitFor();
    expect(await first.locator('td').first().textContent()).toBe(hashes[0]!.slice(0, 8));
    expect(await first.getByRole('button', { name: 'Register' }).count()).toBe(0);
    expect(await first.getByLabel('Registered: yes').count()).toBe(1);
  });
});
