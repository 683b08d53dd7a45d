/// <reference lib="dom" />
// Reference solutions pass callbacks to page.evaluate, which run in the browser.
import type { Page } from 'playwright-core';
import { followLink, type SolveContext, signInStep, tableCells } from '../../../kit';
import { SIGN_IN_FORM } from '../routes/auth';

/** Steps shared by the reference solutions: what a user of Dealflow does, through the page only. */

export async function signIn(page: Page, ctx: SolveContext): Promise<void> {
  await signInStep(page, ctx, SIGN_IN_FORM, page.getByRole('complementary', { name: 'Main navigation' }));
}

/** Follows a link of the left rail and waits for its page. */
export async function openRail(page: Page, name: string): Promise<void> {
  await followLink(
    page.getByRole('complementary', { name: 'Main navigation' }).getByRole('link', { name, exact: true }),
  );
}

/** Chooses a filter of a table (each select submits the filter form): waits for the new address. */
export async function filter(page: Page, filters: Record<string, string>): Promise<void> {
  for (const [label, option] of Object.entries(filters)) {
    const before = page.url();
    await page
      .getByRole('form', { name: 'Filters' })
      .getByRole('combobox', { name: label, exact: true })
      .selectOption({ label: option });
    await page.waitForURL((url) => url.href !== before);
  }
}

/** Types in the table's search box and submits it. */
export async function searchTable(page: Page, entity: string, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: `Search ${entity}`, exact: true });
  await box.fill(text);
  const before = page.url();
  await box.press('Enter');
  await page.waitForURL((url) => url.href !== before);
}

/** A table row, found by texts it contains (all of them). */
export function row(page: Page, ...texts: string[]) {
  let rows = page.locator('table.grid tbody tr');
  for (const text of texts) rows = rows.filter({ hasText: text });
  return rows;
}

/** Inline-edits one cell of a row: click, type, Enter, and wait for the saved toast. */
export async function editCell(
  page: Page,
  rowLocator: ReturnType<typeof row>,
  label: string,
  value: string,
): Promise<void> {
  await rowLocator.getByRole('button', { name: new RegExp(`^Edit ${label} of`) }).click();
  const input = rowLocator.getByRole('textbox', { name: new RegExp(`^${label} of`) });
  await input.fill(value);
  await input.press('Enter');
  await page
    .locator('.kit-toast', { hasText: `${label} saved` })
    .first()
    .waitFor();
  await input.waitFor({ state: 'detached' });
}

/** Ticks the checkboxes of the given rows. */
export async function selectRows(page: Page, names: string[]): Promise<void> {
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
}

/** Runs a bulk action on the selected rows and waits for its toast. */
export async function bulk(
  page: Page,
  action: 'Reassign' | 'Add tag' | 'Delete',
  choice: string | null,
  toast: string | RegExp,
): Promise<void> {
  const bar = page.locator('form[data-bulk]');
  if (action === 'Reassign' && choice)
    await bar.getByRole('combobox', { name: 'New owner' }).selectOption({ label: choice });
  if (action === 'Add tag' && choice)
    await bar.getByRole('combobox', { name: 'Tag to add' }).selectOption({ label: choice });
  if (action === 'Delete') {
    await bar.getByRole('button', { name: 'Delete…' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Delete / })
      .click();
  } else {
    await bar.getByRole('button', { name: action, exact: true }).click();
  }
  await page.locator('.kit-toast', { hasText: toast }).first().waitFor();
}

/** Opens a pipeline board from the rail. */
export async function openBoard(page: Page, pipeline: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Pipelines' })
    .getByRole('link', { name: pipeline, exact: true })
    .click();
  await page.getByRole('heading', { name: pipeline, level: 1 }).waitFor();
}

/** A deal card on the board, by its exact title. */
export function card(page: Page, title: string) {
  return page.getByRole('article', { name: title, exact: true });
}

/** Drags a card onto a stage column and waits until the board shows it there. */
export async function dragDeal(page: Page, title: string, stage: string): Promise<void> {
  // Drop level with the card (columns are as tall as the tallest), so the page need not scroll mid-drag.
  const source = card(page, title);
  const target = page.getByRole('region', { name: stage, exact: true });
  await source.scrollIntoViewIfNeeded();
  const [from, to] = await Promise.all([source.boundingBox(), target.boundingBox()]);
  const y = from && to ? Math.max(12, Math.min(to.height - 12, from.y - to.y + from.height / 2)) : 24;
  await source.dragTo(target, { targetPosition: { x: 60, y } });
  await page.locator('.kit-toast', { hasText: `Moved “${title}” to ${stage}` }).waitFor();
  await page
    .getByRole('region', { name: stage, exact: true })
    .getByRole('article', { name: title, exact: true })
    .waitFor();
}

/** Opens a deal from a table or board link with its exact title, among possibly several. */
export async function openDealLink(page: Page, title: string, nth = 0): Promise<void> {
  await page.getByRole('link', { name: title, exact: true }).nth(nth).click();
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
}

/** Marks the open deal won or lost through its modal, with the required reason. */
export async function closeDeal(page: Page, outcome: 'Won' | 'Lost', reason: string): Promise<void> {
  await page.getByRole('button', { name: outcome, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: `Mark as ${outcome.toLowerCase()}` }).click();
  await page.locator('.kit-toast', { hasText: `marked as ${outcome.toLowerCase()}` }).waitFor();
}

export async function addNote(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Note', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.locator('.kit-toast', { hasText: 'Note added' }).waitFor();
}

export async function addTask(page: Page, title: string, due: string, assignee?: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Task', exact: true }).fill(title);
  await page.getByLabel('Due date').fill(due);
  if (assignee) await page.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: assignee });
  await page.getByRole('button', { name: 'Add task' }).click();
  await page.locator('.kit-toast', { hasText: `Task “${title}” added` }).waitFor();
}

/** The text of every row cell in a table page, following "Next" through all pages. */
export async function readTable(page: Page): Promise<string[][]> {
  const all: string[][] = [];
  for (;;) {
    const rows = await tableCells(page.locator('table.grid tbody tr'));
    all.push(...rows.filter((r) => r.length > 1));
    const next = page.getByRole('link', { name: 'Next', exact: true });
    if ((await next.count()) === 0) return all;
    const before = page.url();
    await next.click();
    await page.waitForURL((url) => url.href !== before);
  }
}

/** Whole dollars from "$42,000". */
export function dollars(text: string): number {
  return Number(text.replace(/[^0-9]/g, ''));
}
