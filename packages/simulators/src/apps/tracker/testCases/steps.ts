/// <reference lib="dom" />
// Reference solutions pass callbacks to page.evaluate, which run in the browser.
import type { Page } from 'playwright-core';
import { followLink, type SolveContext, signInStep } from '../../../kit';
import { SIGN_IN_FORM } from '../routes/auth';

/** Steps shared by the reference solutions: what a user of Linework does, through the page only. */

export async function signIn(page: Page, ctx: SolveContext): Promise<void> {
  await signInStep(
    page,
    ctx,
    SIGN_IN_FORM,
    page.getByRole('navigation', { name: 'Main navigation' }).or(page.getByLabel('Main navigation')).first(),
  );
}

/** Follows one of the sidebar's main links and waits for its page, so nothing reads the previous one. */
export async function openSection(
  page: Page,
  section: 'My issues' | 'All issues' | 'Projects' | 'Team',
): Promise<void> {
  await followLink(page.getByRole('link', { name: section, exact: true }));
}

/** Types the key in the top search box, which jumps straight to the issue. */
export async function openIssue(page: Page, key: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: 'Search issues' });
  await search.fill(key);
  await search.press('Enter');
  await page.waitForURL(`**/issues/${key}`);
}

/** Chooses a value in one of the issue's property pickers (a web component with a shadow root). */
export async function pick(
  page: Page,
  property: 'Assignee' | 'Priority',
  option: string,
  toast: string,
): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${property}:`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByText(toast, { exact: true }).waitFor();
}

export async function addComment(page: Page, text: string): Promise<void> {
  await page.getByLabel('Add a comment').fill(text);
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await page.getByText('Comment added').waitFor();
}

export async function setStatus(page: Page, status: string): Promise<void> {
  await page.getByLabel('Status', { exact: true }).selectOption({ label: status });
  await page.getByText(`Status changed to ${status}`).waitFor();
}

/** Applies the issue list's filters one by one: each select submits the form, so wait for the new address. */
export async function filterIssues(page: Page, filters: Record<string, string>): Promise<void> {
  for (const [label, option] of Object.entries(filters)) {
    const before = page.url();
    await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
    await page.waitForURL((url) => url.href !== before);
  }
}

export interface ListedIssue {
  key: string;
  title: string;
  type: string;
  status: string;
  priority: string;
  assignee: string;
  points: number | null;
  due: string;
}

/** Every row of the issue list, following "Next" through all pages. */
export async function readIssueList(page: Page): Promise<ListedIssue[]> {
  const all: ListedIssue[] = [];
  for (;;) {
    const rows = await page.locator('.issues-table tbody tr').evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = Array.from(
          tr.querySelectorAll('td'),
          (td) => td.textContent?.replace(/\s+/g, ' ').trim() ?? '',
        );
        return {
          key: cells[0] ?? '',
          title: tr.querySelector('.issue-title')?.textContent?.trim() ?? '',
          type: tr.querySelector('.type')?.textContent?.trim() ?? '',
          status: cells[2] ?? '',
          priority: cells[3] ?? '',
          assignee: cells[4] ?? '',
          points: cells[5] && cells[5] !== '—' ? Number(cells[5]) : null,
          due: cells[6] ?? '',
        };
      }),
    );
    all.push(...rows);
    const next = page.getByRole('link', { name: 'Next' });
    if ((await next.count()) === 0) return all;
    await next.click();
    await page.waitForLoadState('load');
  }
}

/** Opens a project's board from the sidebar. */
export async function openBoard(page: Page, project: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Projects' }).getByRole('link', { name: project }).click();
  await page.waitForURL('**/board');
}

export interface BoardCard {
  column: string;
  key: string;
  type: string;
  priority: string;
  points: number;
  assignee: string;
  labels: string[];
  blockedBy: string[];
}

/** The cards of the given board columns, as they are shown. */
export async function readBoard(page: Page, columns: string[]): Promise<BoardCard[]> {
  const cards: BoardCard[] = [];
  for (const column of columns) {
    const found = await page
      .getByRole('region', { name: column, exact: true })
      .locator('.board-card')
      .evaluateAll((els) =>
        els.map((el) => ({
          key: el.querySelector('.issue-key')?.textContent?.trim() ?? '',
          type: el.querySelector('.type')?.textContent?.trim() ?? '',
          priority: el.querySelector('.priority')?.textContent?.trim() ?? '',
          points: Number(el.querySelector('.points')?.textContent?.replace(' pt', '') ?? 0),
          assignee: el.querySelector('.card-assignee .sr-only')?.textContent?.trim() ?? '',
          labels: Array.from(el.querySelectorAll('.label-chip'), (chip) => chip.textContent?.trim() ?? ''),
          blockedBy: Array.from(el.querySelectorAll('.blocked-flag a'), (a) => a.textContent?.trim() ?? ''),
        })),
      );
    cards.push(...found.map((card) => ({ ...card, column })));
  }
  return cards;
}

export const OPEN_COLUMNS = ['To do', 'In progress', 'In review'];
