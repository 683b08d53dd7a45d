import { endpoints } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { catalogApi, unique } from './support/catalog';

const SANDBOX_COMMANDS = [
  'proctor hub clone shop',
  'cd shop',
  'proctor hub sandbox',
  'proctor hub sandbox --prove',
].join('\n');

/** /hub's Sandbox popover: the commands that run a simulator's clone on the developer's machine. */
describe('hub sandbox popover', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newUserPage()).page;
    // The first account on a new server is its platform admin.
    const tokens = await signUpThroughApi(e2e, page, person('Sandra Box'), {
      name: `Sandbox Co ${unique()}`,
      purpose: 'Edit simulators',
    });
    await catalogApi(e2e.baseUrl, tokens.access_token).call(endpoints.hubCreateSimulatorRepository, {
      params: { name: 'shop' },
    });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('should show the sandbox commands, copy them, and close when another popover opens', async () => {
    await page.goto('/hub');
    await page.getByTestId('hub-simulator').and(page.locator('[data-name="shop"]')).click();
    await page.getByRole('button', { name: 'Sandbox', exact: true }).click();
    const sandbox = page.getByTestId('sandbox-commands');
    await expect.poll(() => sandbox.locator('pre').textContent()).toBe(SANDBOX_COMMANDS);
    await sandbox.getByText('shop.sandbox.localhost', { exact: false }).waitFor();

    await sandbox.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Command copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SANDBOX_COMMANDS);

    // One popover at a time: Clone closes it, and Sandbox again closes Clone.
    await page.getByRole('button', { name: 'Clone', exact: true }).click();
    await page.getByTestId('clone-command').waitFor();
    await sandbox.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Sandbox', exact: true }).click();
    await sandbox.waitFor();
    await page.getByTestId('clone-command').waitFor({ state: 'hidden' });

    // An outside click closes it.
    await page.getByRole('heading', { name: 'Hub' }).click();
    await sandbox.waitFor({ state: 'hidden' });
  });
});
