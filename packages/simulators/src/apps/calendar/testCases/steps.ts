import type { Frame, FrameLocator, Page } from 'playwright-core';
import { MONTH_NAMES, type SolveContext, signInStep } from '../../../kit';
import { SIGN_IN_FORM } from '../routes/auth';

/** Signs in on the page the harness opened (the sign-in page, or a protected page that redirected to it). */
export async function signIn(page: Page, ctx: SolveContext): Promise<void> {
  await signInStep(page, ctx, SIGN_IN_FORM, page.getByRole('navigation', { name: 'Main' }));
}

/** Finds an event with the search box in the top bar and opens it. */
export async function openEventBySearch(page: Page, title: string, nth = 0): Promise<void> {
  await page.getByLabel('Search events', { exact: true }).fill(title);
  await page.getByLabel('Search events', { exact: true }).press('Enter');
  await page.getByRole('heading', { name: 'Search events' }).waitFor();
  await page.getByRole('link', { name: title, exact: true }).nth(nth).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

export async function respond(page: Page, button: 'Accept' | 'Maybe' | 'Decline', note = ''): Promise<void> {
  if (note) await page.getByLabel(/^Note to/).fill(note);
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.locator('.kit-toast-success').waitFor();
}

export interface EventInput {
  title?: string;
  date?: string;
  start?: string;
  end?: string;
  room?: string;
  location?: string;
  guests?: string[];
  weeks?: number;
}

/** Fills the event form (new or edit) with what is given, leaving the rest as it is. */
export async function fillEventForm(page: Page, input: EventInput): Promise<void> {
  if (input.title !== undefined) await page.getByLabel('Title').fill(input.title);
  if (input.date !== undefined) await page.getByLabel('Date', { exact: true }).fill(input.date);
  if (input.start !== undefined) await page.getByLabel('Start time').fill(input.start);
  if (input.end !== undefined) await page.getByLabel('End time').fill(input.end);
  if (input.room !== undefined) {
    const option = page.locator('#room option', { hasText: input.room }).first();
    await page
      .getByLabel('Room', { exact: true })
      .selectOption({ label: (await option.textContent()) ?? '' });
  }
  if (input.location !== undefined) await page.getByLabel('Location or video link').fill(input.location);
  for (const guest of input.guests ?? []) await page.getByRole('checkbox', { name: guest }).check();
  if (input.weeks !== undefined) {
    await page.getByLabel('Repeat').selectOption('weekly');
    await page.getByLabel('Number of weeks').fill(String(input.weeks));
  }
}

export async function saveEvent(page: Page, label: 'Save event' | 'Save changes'): Promise<void> {
  await page.getByRole('button', { name: label }).click();
  await page.locator('.kit-toast-success').waitFor();
}

/** The booking widget inside the share screen's iframe. */
export async function bookingWidget(page: Page): Promise<FrameLocator> {
  await page.getByRole('link', { name: 'Share my booking page' }).click();
  await page.getByRole('heading', { name: 'Share my booking page' }).waitFor();
  return page.frameLocator('iframe[title="Booking page preview"]');
}

export function frameOf(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().includes('/book/'));
  if (!frame) throw new Error('the booking preview iframe is not loaded');
  return frame;
}

/** 'Monday, March 16, 2026' → '2026-03-16' for the dates the tasks use. */
export function isoFromLong(text: string): string {
  const match = /([A-Z][a-z]+) (\d{1,2}), (\d{4})/.exec(text);
  if (!match) throw new Error(`not a long date: ${text}`);
  const month = MONTH_NAMES.indexOf(match[1] as (typeof MONTH_NAMES)[number]) + 1;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(match[2]).padStart(2, '0')}`;
}

/** '2:30 PM' → 870 */
export function clockMinutes(clock: string): number {
  const [, h, m, suffix] = /(\d+):(\d+)\s*(AM|PM)/.exec(clock) ?? [];
  if (h === undefined) throw new Error(`not a clock time: ${clock}`);
  return ((Number(h) % 12) + (suffix === 'PM' ? 12 : 0)) * 60 + Number(m);
}

/** '9:00 AM – 10:30 AM' → [540, 630] */
export function clockRange(text: string): [number, number] {
  const [from = '', to = ''] = text.split('–');
  return [clockMinutes(from), clockMinutes(to)];
}
