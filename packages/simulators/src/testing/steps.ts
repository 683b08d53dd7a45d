/// <reference lib="dom" />
// tableCells passes a callback to evaluateAll, which runs in the browser.
import type { Locator, Page } from 'playwright-core';
import type { SignInForm } from '../web/signIn';
import type { SolveContext } from './testCase';

/** Steps every app's reference solutions take, through the page as a person would. */

/**
 * Signs in on the app's sign-in page: types the account's email and password into the kit's form (read by the
 * labels `form` gives) and waits for `signedIn`, what the first page after it shows.
 */
export async function signInStep(
  page: Page,
  ctx: SolveContext,
  form: SignInForm,
  signedIn: Locator,
): Promise<void> {
  await page.getByLabel(form.emailLabel ?? 'Email').fill(ctx.auth.user);
  await page.getByLabel('Password').fill(ctx.auth.password);
  await page.getByRole('button', { name: form.submit.label ?? 'Sign in' }).click();
  await signedIn.waitFor();
  // The page's markup is there before its deferred script has run (on a busy machine, long before): a shortcut
  // or a formatting key pressed in between would go to a page that does not handle it yet.
  await page.waitForLoadState();
}

/** Follows a link and waits for the address it names, so that nothing reads the page before it. */
export async function followLink(link: Locator): Promise<void> {
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await link.page().waitForURL((url) => `${url.pathname}${url.search}` === href);
  await link.page().waitForLoadState();
}

/** The text of each cell of each row (`rows` are <tr>s), white space collapsed. */
export function tableCells(rows: Locator): Promise<string[][]> {
  return rows.evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
    ),
  );
}
