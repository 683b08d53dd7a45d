/// <reference lib="dom" />
// Reference solutions pass callbacks to page.evaluate, which run in the browser.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { followLink, type SolveContext, signInStep } from '../../../kit';
import { SIGN_IN_FORM } from '../routes/auth';

/** Steps shared by the reference solutions: what Maya does in Larkspur Bank, through the page only. */

export async function signIn(page: Page, ctx: SolveContext): Promise<void> {
  await signInStep(page, ctx, SIGN_IN_FORM, page.getByRole('navigation', { name: 'Main' }));
}

/** Follows a link of the top navigation and waits for its page. */
export async function openNav(page: Page, name: string): Promise<void> {
  await followLink(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }));
}

/** Selects the option of a select whose text contains `text` (labels carry balances and masks). */
export async function choose(select: Locator, text: string): Promise<void> {
  const options = await select
    .locator('option')
    .evaluateAll((els) =>
      els.map((el) => ({ value: (el as HTMLOptionElement).value, text: el.textContent?.trim() ?? '' })),
    );
  const option = options.find((o) => o.text === text) ?? options.find((o) => o.text.includes(text));
  if (!option) throw new Error(`no option "${text}"`);
  await select.selectOption(option.value);
}

export interface ActivityFilter {
  q?: string;
  from?: string;
  to?: string;
  min?: string;
  max?: string;
  account?: string;
  category?: string;
  type?: string;
  status?: string;
  sort?: string;
}

/** Fills the activity filters: text and dates first, then the selects (each one submits the form). */
export async function filterActivity(page: Page, filter: ActivityFilter): Promise<void> {
  const form = page.getByRole('form', { name: 'Filters' });
  const texts: [keyof ActivityFilter, string][] = [
    ['q', 'Search'],
    ['from', 'From'],
    ['to', 'To'],
    ['min', 'Min amount'],
    ['max', 'Max amount'],
  ];
  for (const [key, label] of texts) {
    const value = filter[key];
    if (value !== undefined) await form.getByLabel(label, { exact: true }).fill(value);
  }
  const selects: [keyof ActivityFilter, string][] = [
    ['account', 'Account'],
    ['category', 'Category'],
    ['type', 'Type'],
    ['status', 'Status'],
    ['sort', 'Sort'],
  ];
  let submitted = false;
  for (const [key, label] of selects) {
    const value = filter[key];
    if (value === undefined) continue;
    const before = page.url();
    await choose(form.getByLabel(label, { exact: true }), value);
    await page.waitForURL((url) => url.href !== before);
    submitted = true;
  }
  if (!submitted) {
    const before = page.url();
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.href !== before);
  }
}

/** The count and money out of the activity summary line. */
export async function activitySummary(
  page: Page,
): Promise<{ count: number; moneyIn: number; moneyOut: number }> {
  const text = (await page.locator('.result-count').textContent()) ?? '';
  const count = Number(/(\d+) transactions/.exec(text)?.[1]);
  const moneyIn = dollars(/Money in \$([\d,.]+)/.exec(text)?.[1] ?? '0');
  const moneyOut = dollars(/Money out \$([\d,.]+)/.exec(text)?.[1] ?? '0');
  return { count, moneyIn, moneyOut };
}

/** Dollars as a number with cents: 1234.56 from '$1,234.56' or '-1234.56'. */
export function dollars(text: string): number {
  const clean = text.replace(/[^0-9.-]/g, '');
  return Math.round(Number(clean) * 100) / 100;
}

/** The activity table rows: date, merchant and amount text. */
export function activityRow(page: Page, merchant: string, date: string): Locator {
  return page
    .locator('table.activity tbody tr')
    .filter({ has: page.getByRole('link', { name: merchant, exact: true }) })
    .filter({ hasText: date });
}

/** Opens a transaction from the activity table: its merchant link in the row of that date. */
export async function openTransaction(page: Page, merchant: string, date: string): Promise<void> {
  await activityRow(page, merchant, date).getByRole('link', { name: merchant, exact: true }).click();
  await page.getByRole('heading', { name: merchant, level: 1 }).waitFor();
}

export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.kit-toast', { hasText: text }).first().waitFor();
}

/** Downloads through a link or button and returns the file's text. */
export async function download(page: Page, trigger: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const path = await file.path();
  return readFile(path, 'utf8');
}

/** A small CSV reader (quoted fields with commas and doubled quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') {
        cells.push(cell);
        cell = '';
      } else cell += ch;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

/** A one-page PDF to upload as a receipt. */
export function pdfFile(name: string) {
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${name}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    ),
  };
}

/**
 * Reviews a transfer on the Transfer & pay page, waits for its one-time code in the secure messages panel and
 * confirms it.
 */
export async function sendMoney(
  page: Page,
  from: string,
  to: string,
  amount: string,
  options: { memo?: string } = {},
): Promise<void> {
  await openNav(page, 'Transfer & pay');
  await reviewTransfer(page, from, to, amount, options);
  await confirmWithCode(page);
}

export async function reviewTransfer(
  page: Page,
  from: string,
  to: string,
  amount: string,
  options: { memo?: string } = {},
): Promise<void> {
  await choose(page.getByLabel('From', { exact: true }), from);
  await choose(page.getByLabel('To', { exact: true }), to);
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  if (options.memo) await page.getByLabel('Memo (optional)').fill(options.memo);
  await page.getByRole('button', { name: 'Review transfer' }).click();
  await page.getByRole('heading', { name: 'Confirm your transfer', level: 1 }).waitFor();
}

/** Reads the code of the transfer on screen from the secure messages panel, types it and confirms. */
export async function confirmWithCode(page: Page): Promise<void> {
  const reference = ((await page.locator('.facts code').first().textContent()) ?? '').trim();
  // The code arrives after a few seconds (its message added to the closed panel) with a toast over the top bar's
  // ✉ button for eight more: a click on the button then waits for the toast to go, past the script's timeout on
  // a slow machine. Wait for the message, and dismiss the toast if it is still up, as a person would.
  const message = page.locator('.msg', { hasText: `transfer ${reference} ` });
  await message.waitFor({ state: 'attached' });
  const arrival = page.locator('.kit-toast', { hasText: 'New secure message' });
  if (await arrival.isVisible()) {
    // The toast may go by itself between the look and the click (its eight seconds up): the click then finds no
    // button and would wait for one until its timeout. It is given the toast's own time; either way the toast goes.
    await arrival
      .getByRole('button', { name: 'Dismiss' })
      .click({ timeout: 8_000 })
      .catch(() => {});
    await arrival.waitFor({ state: 'detached' });
  }
  await page.getByRole('button', { name: 'Secure messages' }).click();
  await message.waitFor();
  const code = /Use (\d{6}) to confirm/.exec((await message.textContent()) ?? '')?.[1] ?? '';
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Confirm transfer' }).click();
  await toast(page, `Transfer ${reference} sent`);
}

/** The card controls widget of a card, in its iframe. */
export function cardControls(page: Page, last4: string) {
  return page.frameLocator(`iframe[title="Card controls for card ending ${last4}"]`);
}
