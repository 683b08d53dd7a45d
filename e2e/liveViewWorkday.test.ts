import { endpoints } from '@proctor/contracts';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi } from './support/catalog';

/** The environment's page for this test: four regions at fixed fractions of the viewport, easy to click. */
const PAGE = `<!doctype html><title>Workday</title>
<style>
  body { margin: 0; }
  #text, #next, #ask, #file { position: absolute; width: 50vw; height: 30vh; box-sizing: border-box; }
  #text { left: 0; top: 0; } #next { left: 50vw; top: 0; }
  #ask { left: 0; top: 40vh; } #file { left: 50vw; top: 40vh; }
</style>
<input id="text"><input id="next">
<button id="ask">Ask</button>
<input id="file" type="file">
<script>
  document.getElementById('ask').onclick = () => {
    alert('Saved');
    const sure = confirm('Delete the order?');
    const name = prompt('Your name?', 'Ada');
    document.body.dataset.answers = JSON.stringify([sure, name]);
  };
  document.getElementById('file').onchange = async (event) => {
    const file = event.target.files[0];
    document.body.dataset.file = file.name + '=' + (await file.text());
  };
</script>`;

describe('live view: a day of work in the dashboard', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  const remotes: Browser[] = [];

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newUserPage()).page;
    await page.setViewportSize({ width: 1600, height: 1100 });
    const tokens = await signUpThroughApi(e2e, page, person('Wendy Worker'), {
      name: 'Workday Labs',
      purpose: 'Work in a browser all day through the live view',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
  });

  afterAll(async () => {
    await Promise.all(remotes.map((remote) => remote.close().catch(() => undefined)));
    await e2e?.close();
  });

  async function environmentPage(environmentId: string): Promise<{ remote: Browser; page: Page }> {
    const { cdp_url } = await api.call(endpoints.environmentCdpUrl, { params: { id: environmentId } });
    const remote = await chromium.connectOverCDP(cdp_url);
    remotes.push(remote);
    const remotePage = remote.contexts()[0]?.pages()[0];
    if (!remotePage) throw new Error('The environment has no page');
    return { remote, page: remotePage };
  }

  /** Clicks the live view at a fraction of its width and height. */
  async function clickAt(fx: number, fy: number): Promise<void> {
    const canvas = await page.getByLabel("Live view of the environment's browser").boundingBox();
    if (!canvas) throw new Error('The live view is not on screen');
    await page.mouse.click(canvas.x + fx * canvas.width, canvas.y + fy * canvas.height);
  }

  it('should answer dialogs, compose accented text, paste, move with Tab, leave with Ctrl+] and upload a file', async () => {
    const made = await api.call(endpoints.makeEnvironment, {
      body: { env_id: 'shop', keepalive: true, alias: 'workday', source: 'public-urls' },
    });
    // The page is set, then Playwright leaves: an agent's client would answer the page's dialogs itself.
    const setup = await environmentPage(made.id);
    await setup.page.setContent(PAGE);
    await setup.remote.close();

    const { job_groups } = await api.call(endpoints.keepaliveJobs);
    const group = job_groups.find((candidate) => candidate.group_id === made.id);
    if (!group) throw new Error('The keepalive environment is not listed');
    const link = new URL(group.live_view_url, e2e.baseUrl);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('Click the page to type into it').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByRole('status').first().textContent(), { timeout: 30_000 })
      .toContain('Live');

    // The page's dialogs, one after the other, answered in the dashboard.
    await clickAt(0.25, 0.55);
    const dialog = page.getByRole('dialog', { name: 'Page dialog' });
    await dialog.getByText('Saved').waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByText('Delete the order?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByText('Your name?').waitFor();
    expect(await dialog.getByLabel('Answer').inputValue()).toBe('Ada');
    await dialog.getByLabel('Answer').fill('Grace');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Typing, an input method's composition and a paste, into the page's first field.
    await clickAt(0.25, 0.15);
    const keyboard = page.getByLabel('Keyboard of the live view');
    await expect.poll(() => keyboard.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByText('Ctrl+] leaves the live view').waitFor();
    await page.keyboard.type('caf');
    const dashboard = await page.context().newCDPSession(page);
    await dashboard.send('Input.imeSetComposition', { text: '´', selectionStart: 1, selectionEnd: 1 });
    await dashboard.send('Input.insertText', { text: 'é' });
    await dashboard.send('Input.imeSetComposition', { text: 'にほん', selectionStart: 3, selectionEnd: 3 });
    await dashboard.send('Input.insertText', { text: '日本' });
    await keyboard.evaluate((element) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', ' pasted');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    });
    // Tab moves inside the page; Ctrl+] gives the keyboard back to the dashboard.
    await page.keyboard.press('Tab');
    await page.keyboard.type('x');
    await page.keyboard.press('Control+BracketRight');
    await expect.poll(() => keyboard.evaluate((element) => element === document.activeElement)).toBe(false);

    // A file from this computer, uploaded into the environment and given to the page's file chooser.
    await clickAt(0.75, 0.55);
    const chooser = page.getByRole('dialog', { name: 'Choose a file for the page' });
    await chooser.waitFor({ timeout: 30_000 });
    const picking = page.waitForEvent('filechooser');
    await chooser.getByRole('button', { name: 'Upload from this computer…' }).click();
    await (await picking).setFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await chooser.getByLabel('notes.txt (5 B)').waitFor({ timeout: 30_000 });
    expect(await chooser.getByLabel('notes.txt (5 B)').isChecked()).toBe(true);
    await chooser.getByRole('button', { name: 'Choose' }).click();
    await chooser.waitFor({ state: 'hidden' });

    const check = await environmentPage(made.id);
    await expect
      .poll(() => check.page.evaluate(() => document.body.dataset.file), { timeout: 30_000 })
      .toBe('notes.txt=hello');
    expect(JSON.parse((await check.page.evaluate(() => document.body.dataset.answers)) ?? '')).toEqual([
      false,
      'Grace',
    ]);
    expect(await check.page.locator('#text').inputValue()).toBe('café日本 pasted');
    expect(await check.page.locator('#next').inputValue()).toBe('x');
  });
});
