/// <reference lib="dom" />
// Reference solutions pass callbacks to page.evaluate, which run in the browser.
import type { Page } from 'playwright-core';
import { type SolveContext, signInStep } from '../../../kit';
import { SIGN_IN_FORM } from '../routes/auth';

/** Steps the reference solutions share, each done through the UI as a person would. */

export async function signIn(page: Page, ctx: SolveContext): Promise<void> {
  await signInStep(page, ctx, SIGN_IN_FORM, page.locator('main.content'));
}

export async function searchMail(page: Page, query: string): Promise<void> {
  // Already looking at these results: nothing to do.
  if ((await page.getByLabel('Search mail').inputValue()) === query && page.url().includes('/search?'))
    return;
  await page.getByLabel('Search mail').fill(query);
  await page.getByLabel('Search mail').press('Enter');
  await page.getByRole('heading', { name: `Results for “${query}”` }).waitFor();
}

export async function openThread(page: Page, subject: string): Promise<void> {
  await page.locator('.thread-link', { hasText: subject }).first().click();
  await page.getByRole('heading', { level: 1, name: subject }).waitFor();
}

export async function openMailbox(page: Page, name: string): Promise<void> {
  await page.locator('.sidebar').getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** Ticks the row of each conversation whose subject is listed. */
export async function selectRows(page: Page, subjects: string[]): Promise<void> {
  for (const subject of subjects) await page.getByLabel(`Select ${subject}`, { exact: true }).check();
}

export async function bulkAction(page: Page, button: string, done: string): Promise<void> {
  await page
    .getByRole('toolbar', { name: 'Bulk actions' })
    .getByRole('button', { name: button, exact: true })
    .click();
  await page.getByText(done).first().waitFor();
}

/** The visible rows of a mail list: subject, sender, whether unread, and the ISO date. */
export async function listRows(
  page: Page,
): Promise<{ subject: string; from: string; snippet: string; unread: boolean; date: string }[]> {
  return page.locator('tr.thread-row').evaluateAll((rows) =>
    rows.map((row) => ({
      subject: row.querySelector('.subject')?.textContent?.trim() ?? '',
      from: row.querySelector('.cell-from')?.childNodes[0]?.textContent?.trim() ?? '',
      snippet: row.querySelector('.snippet')?.textContent?.replace(/^ — /, '') ?? '',
      unread: row.classList.contains('unread'),
      date: row.querySelector('time')?.getAttribute('datetime') ?? '',
    })),
  );
}

/** The plain text of every message in the open conversation, in order, with sender and attachments. */
export async function threadMessages(
  page: Page,
): Promise<{ from: string; body: string; attachments: { name: string; size: string }[] }[]> {
  return page.locator('article.message').evaluateAll((articles) =>
    articles.map((article) => ({
      from: article.querySelector('.from-name')?.textContent?.trim() ?? '',
      body: article.querySelector('.message-body')?.textContent ?? '',
      attachments: Array.from(article.querySelectorAll('.attachment'), (a) => ({
        name: a.querySelector('.attachment-name')?.textContent?.trim() ?? '',
        size: a.querySelector('.attachment-size')?.textContent?.trim() ?? '',
      })),
    })),
  );
}

/** Picks a contact from the recipient autocomplete after typing part of the name. */
export async function addRecipient(
  page: Page,
  field: 'To' | 'Cc',
  typed: string,
  name: string,
): Promise<void> {
  // The field becomes a combobox once the page's script has set up its suggestions: text typed before that
  // (the input is there as soon as the page is parsed) would go unheard and no option would ever show.
  const input = page.getByRole('combobox', { name: field, exact: true });
  await input.pressSequentially(typed);
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

export async function sendAndWait(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('.undo-toast', { hasText: 'Message sent' }).waitFor();
}
