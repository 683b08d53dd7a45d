import { readdirSync, readFileSync } from 'node:fs';
import { CHROMIUM_DISABLED_FEATURES } from '@proctor/environments';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SimulatorHost, type SimulatorInstance } from '../../src/index';
import { launchChromium } from '../../src/testing/index';
import { fixtureSimulator } from '../fixture/index';

describe('a simulator instance in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let instance: SimulatorInstance;
  const host = new SimulatorHost();
  let runs = 0;

  beforeAll(async () => {
    [browser] = await Promise.all([launchChromium(), host.listen()]);
  });
  afterAll(async () => {
    await browser?.close();
    await host.close();
  });
  beforeEach(async () => {
    runs += 1;
    instance = host.createInstance(fixtureSimulator, { id: `smoke${runs}` });
    context = await browser.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(5_000);
    return async () => {
      await context.close();
      instance.destroy();
    };
  });

  it("should run Chromium with Playwright's disabled features and Proctor's, and no omnibox popup tabs", async () => {
    // The browser process is this process's child (its command line is not on CDP without --enable-automation).
    const args = readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .flatMap((pid) => {
        try {
          const ppid = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1];
          const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
          return Number(ppid) === process.pid && argv.includes('--no-sandbox') ? [argv] : [];
        } catch {
          return [];
        }
      });
    expect(args).toHaveLength(1);
    const lists = args[0]!
      .filter((arg) => arg.startsWith('--disable-features='))
      .map((arg) => arg.slice('--disable-features='.length).split(','));
    // Chromium reads the last --disable-features only: it must hold every feature any earlier one named.
    const last = new Set(lists.at(-1));
    expect(lists.flat().filter((feature) => !last.has(feature))).toEqual([]);
    expect([...last]).toEqual(expect.arrayContaining(CHROMIUM_DISABLED_FEATURES));
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    await session.detach();
    expect(targetInfos.filter((target) => target.url.startsWith('chrome://'))).toEqual([]);
  });

  async function signIn(): Promise<void> {
    await page.goto(instance.url('/tasks'));
    await expect.poll(() => page.url()).toContain('/login?next=%2Ftasks');
    await page.getByLabel('Email').fill('dana@acme.test');
    await page.getByLabel('Password').fill('correct-horse');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Showing 25 of 300 tasks').waitFor();
  }

  it('should sign in on the instance origin and submit a form from a modal, with a toast', async () => {
    await signIn();
    expect(new URL(page.url()).host).toBe(`smoke${runs}.fixture.localhost:${host.port}`);
    await page.getByRole('button', { name: 'New task' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Ship the kit');
    await dialog.getByLabel('Project').selectOption('OPS');
    await dialog.getByLabel('Estimate (points)').fill('3');
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await page.getByText('Task OPS-5 created').waitFor();
    await expect.poll(() => page.url()).toBe(instance.url('/tasks/OPS-5'));
    expect(instance.state().map((m) => [m.action, m.table_name, m.new?.title])).toEqual([
      ['INSERT', 'tasks', 'Ship the kit'],
    ]);
    expect(instance.state()[0]?.action_timestamp).toBe('2026-03-02T09:01:00.000Z');
  });

  it('should show validation errors in the reopened modal and write nothing', async () => {
    await signIn();
    await page.getByRole('button', { name: 'New task' }).click();
    await page.getByRole('dialog').getByLabel('Estimate (points)').fill('lots');
    await page.getByRole('dialog').getByRole('button', { name: 'Create task' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Estimate must be a whole number').waitFor();
    expect(instance.mutations()).toEqual([]);
  });

  it('should confirm a deletion in the kit modal before posting it', async () => {
    await signIn();
    await page.goto(instance.url('/tasks/OPS-4'));
    await page.getByRole('button', { name: 'Delete task' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Delete OPS-4? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(instance.mutations()).toEqual([]);
    await page.getByRole('button', { name: 'Delete task' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete task' }).click();
    await page.getByText('Task OPS-4 deleted').waitFor();
    expect(instance.state().map((m) => `${m.action} ${m.table_name} ${m.pk}`)).toEqual(['DELETE tasks 4']);
  });

  it('should render the iframe widget and the shadow-DOM widget', async () => {
    await signIn();
    const openCount = page.frameLocator('iframe[title="Workload summary"]').locator('#open-count');
    expect(Number(await openCount.textContent())).toBeGreaterThan(0);
    // Playwright's CSS engine pierces open shadow roots; the light DOM does not see inside.
    expect(await page.locator('task-stats .stat[data-status="done"]').textContent()).toMatch(/^Done: \d+$/);
    expect(await page.evaluate(() => document.querySelectorAll('.stat').length)).toBe(0);
  });

  it('should sort, filter and page the list through the URL without writing', async () => {
    await signIn();
    // Role queries skip the closed modal's form, which has a Status field too.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('done');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('done');
    await page.getByRole('link', { name: 'Next' }).click();
    await page.getByText(/page 2 of/).waitFor();
    expect(instance.mutations()).toEqual([]);
  });
});
