import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { TokenResponse } from '@proctor/contracts';
import { chromiumPath, PLAYWRIGHT_CHROMIUM_ARGS } from '@proctor/environments';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { createProctor, loadConfig, type Proctor } from '../apps/server/src/index';
// The run's provided values (pgliteDumpPath), declared where they are provided.
import type {} from '../apps/server/test/globalSetup';
import { freePort } from '../apps/server/test/support/network';

/** The built dashboard; E2E_WEB_DIST points a run at a build of its own (people building in parallel). */
export const WEB_DIST =
  process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url));
/** The dashboard is driven in the full Chromium, as its users see it, not in the headless shell. */
const CHROMIUM_PATH = chromiumPath('full');

/** Proctor in this process (in-memory PGlite, the built SPA) and one Chromium for a test file. */
export interface E2E {
  proctor: Proctor;
  baseUrl: string;
  browser: Browser;
  /** A fresh browser context (its own storage: one per user) and a page in it. */
  newUserPage(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

async function waitForChromium(timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(CHROMIUM_PATH)) {
    if (Date.now() > deadline)
      throw new Error(`${CHROMIUM_PATH} not found: install it with apt-get install -y chromium`);
    await sleep(1000);
  }
}

export interface E2EOptions {
  /** Settings on top of the test defaults, e.g. BROWSER_POOL_SIZE for a file that starts environments. */
  env?: Record<string, string>;
}

export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  if (!existsSync(`${WEB_DIST}/index.html`)) {
    throw new Error('The dashboard is not built: run `npm run build -w @proctor/web` before the e2e tests');
  }
  // Addresses the server hands out (live view links, the CSP's WebSocket origin) are built from PUBLIC_URL,
  // so it must be the address the test browser really uses.
  const port = await freePort();
  // Recordings' screenshots go to a folder of the test's own, removed at close.
  const dataDir = await mkdtemp(join(tmpdir(), 'proctor-e2e-data-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    WEB_DIST,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Browsers for environments launch on demand: most files never start one.
    BROWSER_POOL_SIZE: '0',
    ...options.env,
  });
  const [proctor] = await Promise.all([
    // From the run's migrated dump (apps/server/test/globalSetup.ts), not a fresh initdb and migrations.
    createProctor(config, {
      database: { kind: 'pglite', loadDataDir: new Blob([readFileSync(inject('pgliteDumpPath'))]) },
    }),
    waitForChromium(),
  ]);
  const address = await proctor.app.listen({ port, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  return {
    proctor,
    baseUrl: address,
    browser,
    async newUserPage() {
      const context = await browser.newContext({ baseURL: address, viewport: { width: 1280, height: 800 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: address });
      // How long an action or a wait may take for its condition: a page on a busy 2-core machine, its server's
      // one PGlite connection shared with background jobs, once took more than 10 s to show a toast.
      context.setDefaultTimeout(30_000);
      contexts.push(context);
      return { context, page: await context.newPage() };
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close();
      await proctor.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A person to register, unique within the run. */
export function person(name: string) {
  counter += 1;
  const slug = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now().toString(36)}${counter}`;
  return { name, email: `${slug}@example.com`, password: 'correct horse battery staple' };
}

/** Creates an account through /login's "Create account" form and waits until the user is signed in. */
export async function registerThroughUi(
  page: Page,
  who: ReturnType<typeof person>,
  path = '/login',
): Promise<void> {
  await page.goto(path);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Fills the create-organization gate every signed-in user without an organization sees. */
export async function createOrganizationThroughUi(page: Page, name: string, purpose: string): Promise<void> {
  await page.getByRole('heading', { name: 'Create your organization' }).waitFor();
  await page.getByLabel('Company name').fill(name);
  await page.getByLabel('Purpose').fill(purpose);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.getByTestId('sidebar-organization').getByText(name).waitFor();
}

/** The side navigation's entry with this label (a link, a button, or a disabled entry). */
export function sidebarEntry(page: Page, label: string) {
  return page.getByRole('navigation').locator('.mantine-NavLink-root', { hasText: new RegExp(`^${label}$`) });
}

/** The members table of /organization as the user reads it. */
export async function membersTable(
  page: Page,
): Promise<Array<{ member: string; email: string; role: string }>> {
  const rows = page.getByRole('table', { name: 'Organization members' }).locator('tbody tr');
  await rows.first().waitFor();
  return rows.evaluateAll((elements) =>
    elements.map((row) => {
      const [, email, role] = Array.from(
        row.querySelectorAll('td'),
        (cell) => cell.textContent?.trim() ?? '',
      );
      const member = row.querySelector('[data-testid="member-name"]')?.textContent?.trim() ?? '';
      return { member, email: email ?? '', role: role ?? '' };
    }),
  );
}

async function postJson(url: string, body: unknown, accessToken?: string): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Signs a new person up through the API (optionally with an organization) and hands the tokens to the page,
 * for tests whose subject is not the sign-up screen itself.
 */
export async function signUpThroughApi(
  e2e: E2E,
  page: Page,
  who: ReturnType<typeof person>,
  organization?: { name: string; purpose: string },
): Promise<TokenResponse> {
  const tokens = TokenResponse.parse(await postJson(`${e2e.baseUrl}/api/auth/register`, who));
  if (organization) {
    await postJson(`${e2e.baseUrl}/api/user/create-organization`, organization, tokens.access_token);
  }
  await page.goto('/landing');
  await page.evaluate((issued) => {
    localStorage.setItem('access_token', issued.access_token);
    localStorage.setItem('refresh_token', issued.refresh_token);
    localStorage.setItem('expires_in', String(issued.expires_in));
  }, tokens);
  return tokens;
}
