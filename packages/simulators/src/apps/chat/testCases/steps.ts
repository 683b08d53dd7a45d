import type { Locator, Page } from 'playwright-core';
import { type SolveContext, signInStep } from '../../../kit';
import { SIGN_IN_FORM } from '../routes/auth';

/** Steps shared by the reference solutions: what a member of Fernwood does in Hubbub, through the page only. */

export async function signIn(page: Page, ctx: SolveContext): Promise<void> {
  await signInStep(page, ctx, SIGN_IN_FORM, page.getByRole('navigation', { name: 'Channels' }));
}

/** Follows a channel link of the sidebar and waits for its page. */
export async function openChannel(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Channels' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: new RegExp(`${name}$`) }).waitFor();
  // The composer's formatting keys and buttons work once the page's deferred script has run.
  await page.waitForLoadState();
}

/** Opens a channel with the Ctrl+K switcher. */
export async function jumpTo(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Jump to…' });
  await input.fill(name);
  await input.press('Enter');
  await page.getByRole('heading', { level: 1, name: new RegExp(`${name}$`) }).waitFor();
  // The composer's formatting keys and buttons work once the page's deferred script has run.
  await page.waitForLoadState();
}

export function followNav(page: Page, name: string): Promise<void> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/** The message (an article) whose text contains `text`; the last one when several do. */
export function message(scope: Page | Locator, text: string | RegExp): Locator {
  return scope.getByRole('article').filter({ hasText: text }).last();
}

/** Hovers a message and presses one of the buttons of its toolbar. */
export async function messageAction(msg: Locator, name: string): Promise<void> {
  await msg.hover();
  await msg
    .getByRole('toolbar', { name: 'Message actions' })
    .getByRole('button', { name, exact: true })
    .click();
}

/** Reacts to a message with the emoji picker. */
export async function react(page: Page, msg: Locator, emoji: string): Promise<void> {
  await messageAction(msg, 'Add reaction');
  await page
    .getByRole('dialog', { name: 'Pick a reaction' })
    .getByRole('button', { name: emoji, exact: true })
    .click();
  // The page comes back with the reaction on the message, pressed as Jordan's.
  await msg.getByRole('button', { name: new RegExp(`^${emoji} reaction`), pressed: true }).waitFor();
}

/** The composer's editor: "Message #general" in a channel, "Reply in thread" in a thread. */
export function editor(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** Presses Enter in an editor and waits for the page of the sent message. */
export async function send(page: Page, box: Locator): Promise<void> {
  const before = page.url();
  await box.press('Enter');
  await page.waitForURL((url) => url.href !== before && url.searchParams.has('m'));
}

/** Types plain text in a composer and sends it. */
export async function post(page: Page, label: string, text: string): Promise<void> {
  const box = editor(page, label);
  await box.click();
  await box.pressSequentially(text);
  await send(page, box);
}

/** Runs a search from the search page's box, with filters chosen in its selects. */
export async function search(
  page: Page,
  query: string,
  filters: { from?: string; in?: string; after?: string; before?: string } = {},
): Promise<void> {
  await followNav(page, 'Search');
  const form = page.getByRole('search', { name: 'Search', exact: true });
  await form.getByRole('searchbox').fill(query);
  if (filters.from) await form.getByLabel('From').selectOption({ label: filters.from });
  if (filters.in) await form.getByLabel('In').selectOption({ label: `#${filters.in}` });
  if (filters.after) await form.getByLabel('After').fill(filters.after);
  if (filters.before) await form.getByLabel('Before').fill(filters.before);
  await form.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /\d+ results?/ })
    .waitFor();
}

export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.kit-toast', { hasText: text }).first().waitFor();
}
