import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { endpoints, hubGitPath } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, sidebarEntry, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

const run = promisify(execFile);

/** The hub's row of a simulator, and its repository dot. */
const simulatorRow = (page: Page, name: string) =>
  page.getByTestId('hub-simulator').and(page.locator(`[data-name="${name}"]`));
const dotOf = (page: Page, name: string) => simulatorRow(page, name).getByTestId('repository-dot');
const entry = (page: Page, name: string) =>
  page.getByTestId('repository-entry').filter({ has: page.getByRole('button', { name, exact: true }) });

/** Pushes a branch with one more file through git's smart HTTP, with the person's hub credentials. */
async function pushBranch(url: string, credentials: { username: string; password: string }, branch: string) {
  const folder = await mkdtemp(join(tmpdir(), 'proctor-e2e-hub-'));
  const basic = Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
  const git = (...args: string[]) =>
    run(
      'git',
      [
        '-c',
        `http.extraHeader=Authorization: Basic ${basic}`,
        '-c',
        'user.name=E2E',
        '-c',
        'user.email=e2e@example.com',
        ...args,
      ],
      { cwd: folder, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1' } },
    );
  try {
    await git('clone', '--', url, 'work');
    const work = join(folder, 'work');
    await git('-C', work, 'checkout', '-b', branch);
    await writeFile(join(work, 'FEATURE.md'), '# A feature branch\n');
    await git('-C', work, 'add', 'FEATURE.md');
    await git('-C', work, 'commit', '-m', 'Add a feature note');
    await git('-C', work, 'push', 'origin', branch);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** /hub for a platform admin: create a built-in simulator's repository, browse it, and the two popovers. */
describe('hub', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  let owner: string;

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newUserPage()).page;
    // The first account on a new server is its platform admin.
    const tokens = await signUpThroughApi(e2e, page, person('Hugo Hub'), {
      name: `Hub Co ${unique()}`,
      purpose: 'Edit simulators',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    const me = await api.call(endpoints.fromJwt);
    expect(me.permissions.is_admin).toBe(true);
    owner = me.organization!.publicId;
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it("should create a simulator's repository and browse its folders, files and branches", async () => {
    await page.goto('/');
    await sidebarEntry(page, 'Hub').click();
    await page.waitForURL('**/hub');

    await expect.poll(() => dotOf(page, 'shop').getAttribute('data-state')).toBe('none');
    await simulatorRow(page, 'shop').click();
    await page.getByRole('button', { name: 'Create Repository' }).click();
    await page.getByText('Repository created for shop').waitFor();
    await expect.poll(() => dotOf(page, 'shop').getAttribute('data-state')).toBe('repository');

    // The built-in simulator's source as a kit project: its folder and its package.json, sizes in KB.
    await entry(page, 'src').waitFor();
    await expect(entry(page, 'package.json').textContent()).resolves.toMatch(/\d+\.\d KB$/);
    await expect.poll(() => page.getByRole('combobox', { name: 'Branch' }).inputValue()).toBe('main');

    await entry(page, 'src').getByRole('button').click();
    await page.getByRole('navigation', { name: 'Path' }).getByRole('button', { name: 'src' }).waitFor();
    await entry(page, 'index.ts').getByRole('button').click();
    const preview = page.getByTestId('file-preview');
    await expect.poll(() => preview.getAttribute('data-path')).toBe('src/index.ts');
    await expect.poll(() => preview.locator('pre').textContent()).toContain('@proctor/simulators/kit');

    // Back to the root through the breadcrumb.
    await page.getByRole('navigation', { name: 'Path' }).getByRole('button', { name: 'shop' }).click();
    await entry(page, 'package.json').waitFor();

    // A second branch, pushed with the Git credentials, is one choice away.
    const credentials = await api.call(endpoints.hubMyInfo);
    await pushBranch(`${e2e.baseUrl}${hubGitPath(owner, 'shop')}`, credentials, 'feature');
    await page.reload();
    await simulatorRow(page, 'shop').click();
    await entry(page, 'package.json').waitFor();
    expect(await entry(page, 'FEATURE.md').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Branch' }).click();
    await page.getByRole('option', { name: 'feature' }).click();
    await entry(page, 'FEATURE.md').waitFor();
  });

  it('should show the Git credentials and the clone command, one popover at a time', async () => {
    const credentials = await api.call(endpoints.hubMyInfo);
    await page.getByRole('button', { name: 'Git credentials' }).click();
    const gitPopover = page.getByTestId('git-credentials');
    await expect
      .poll(() => gitPopover.getByRole('textbox', { name: 'Username' }).inputValue())
      .toBe(credentials.username);
    await expect
      .poll(() => gitPopover.getByRole('textbox', { name: 'Password' }).inputValue())
      .toBe(credentials.password);

    // Clone closes the credentials popover.
    await page.getByRole('button', { name: 'Clone', exact: true }).click();
    const clonePopover = page.getByTestId('clone-command');
    await clonePopover.getByText('proctor hub clone shop').waitFor();
    await gitPopover.waitFor({ state: 'hidden' });
    await clonePopover.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Command copied to clipboard!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('proctor hub clone shop');

    // An outside click closes it.
    await page.getByRole('heading', { name: 'Hub' }).click();
    await clonePopover.waitFor({ state: 'hidden' });
  });
});
