/// <reference lib="dom" />
// Reference solutions pass callbacks to page.evaluate, which run in the browser.
import type { Locator, Page } from 'playwright-core';
import { followLink, formatLongDate, type SolveContext, signInStep } from '../../../kit';
import { SIGN_IN_FORM } from '../routes/auth';

/** Steps shared by the reference solutions: what a traveller does on Roamly, through the page only. */

export async function signIn(page: Page, ctx: SolveContext): Promise<void> {
  await signInStep(page, ctx, SIGN_IN_FORM, page.getByRole('navigation', { name: 'Main' }));
}

async function clickDay(calendar: Locator, day: string): Promise<void> {
  for (let months = 0; months < 14; months++) {
    const button = calendar.getByRole('button', { name: formatLongDate(day), exact: true });
    if ((await button.count()) > 0) {
      await button.click();
      return;
    }
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  throw new Error(`The calendar never showed ${day}`);
}

/** Opens the date picker in `scope` and clicks check-in, then check-out. */
export async function pickDates(scope: Locator, checkIn: string, checkOut: string): Promise<void> {
  await scope.getByLabel('Check-in').click();
  const calendar = scope.getByRole('dialog', { name: 'Choose dates' });
  await calendar.waitFor();
  await clickDay(calendar, checkIn);
  await calendar.getByText('Select check-out date').waitFor();
  await clickDay(calendar, checkOut);
  await calendar.waitFor({ state: 'hidden' });
}

/** Types the dates into the two fields instead (the picker accepts YYYY-MM-DD). */
export async function typeDates(scope: Locator, checkIn: string, checkOut: string): Promise<void> {
  await scope.getByLabel('Check-in').fill(checkIn);
  await scope.getByLabel('Check-out').fill(checkOut);
  await scope.getByLabel('Check-out').press('Escape');
}

export interface GuestCounts {
  adults: number;
  children?: number;
  infants?: number;
}

/** Sets the guests counter in `scope` with its +/- buttons, then closes it. */
export async function setGuests(scope: Locator, guests: GuestCounts): Promise<void> {
  await scope.locator('.guests-toggle').click();
  for (const [kind, label] of [
    ['adults', 'Adults'],
    ['children', 'Children'],
    ['infants', 'Infants'],
  ] as const) {
    const wanted = guests[kind] ?? 0;
    const count = scope
      .getByRole('status', { name: label })
      .or(scope.locator(`output[aria-label="${label}"]`))
      .first();
    for (let i = 0; i < 20; i++) {
      const now = Number((await count.textContent()) ?? 0);
      if (now === wanted) break;
      await scope.getByRole('button', { name: `${now < wanted ? 'Increase' : 'Decrease'} ${kind}` }).click();
    }
  }
  await scope.getByRole('button', { name: 'Done' }).click();
}

export function searchBar(page: Page): Locator {
  return page.getByRole('search', { name: 'Search stays' });
}

export interface Search {
  where: string;
  dates?: [string, string];
  guests?: GuestCounts;
  /** Type the dates instead of clicking them in the calendar. */
  typeDates?: boolean;
}

/** Fills in the search bar and searches; waits for the results of that city. */
export async function search(page: Page, query: Search): Promise<void> {
  const bar = searchBar(page);
  await bar.getByLabel('Where').fill(query.where);
  if (query.dates) {
    if (query.typeDates) await typeDates(bar, ...query.dates);
    else await pickDates(bar, ...query.dates);
  }
  if (query.guests) await setGuests(bar, query.guests);
  await bar.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('heading', { level: 1, name: new RegExp(`stays? in ${query.where}$`) }).waitFor();
}

/** Ticks filters by their labels and applies them. */
export async function applyFilters(
  page: Page,
  filters: { check?: string[]; rating?: string; minPrice?: number; maxPrice?: number },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Filters' });
  for (const label of filters.check ?? [])
    await form.getByRole('checkbox', { name: label, exact: true }).check();
  if (filters.rating) await form.getByRole('radio', { name: filters.rating, exact: true }).check();
  if (filters.minPrice !== undefined) await form.getByLabel('Minimum').fill(String(filters.minPrice));
  if (filters.maxPrice !== undefined) await form.getByLabel('Maximum').fill(String(filters.maxPrice));
  const before = page.url();
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL((url) => url.href !== before);
}

export async function sortBy(page: Page, label: string): Promise<void> {
  const before = page.url();
  await page.getByLabel('Sort by').selectOption({ label });
  await page.waitForURL((url) => url.href !== before);
}

async function cardCount(page: Page): Promise<number> {
  return page.locator('.result-card').count();
}

/** Scrolls the results down once: the list loads its next page when its end comes into view. */
async function scrollForMore(page: Page): Promise<boolean> {
  const before = await cardCount(page);
  if ((await page.locator('[data-load-more]').count()) === 0) return false;
  // Scrolls as a wheel would; the next page may even have loaded on its own since the count was taken.
  await page.evaluate(() => document.querySelector('[data-load-more]')?.scrollIntoView({ block: 'center' }));
  await page.waitForFunction((n) => document.querySelectorAll('.result-card').length > n, before);
  return true;
}

/** The result card of a stay, scrolling the list until it appears. */
export async function findCard(page: Page, title: string): Promise<Locator> {
  const card = page.getByRole('article', { name: title, exact: true });
  for (;;) {
    if ((await card.count()) > 0) return card;
    if (!(await scrollForMore(page))) throw new Error(`${title} is not in the results`);
  }
}

export async function openResult(page: Page, title: string): Promise<void> {
  const card = await findCard(page, title);
  await card.getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

export interface ListedStay {
  title: string;
  rating: number;
  superhost: boolean;
  freeCancellation: boolean;
  nightly: number;
}

/** Every result, scrolling until the list says it has shown them all. */
export async function readAllResults(page: Page, loadAll = true): Promise<ListedStay[]> {
  while (loadAll && (await scrollForMore(page))) {
    // keep scrolling
  }
  return page.locator('.result-card').evaluateAll((cards) =>
    cards.map((card) => ({
      title: card.querySelector('.card-title')?.textContent?.trim() ?? '',
      rating: Number(/\d\.\d\d/.exec(card.querySelector('.rating')?.textContent ?? '')?.[0] ?? 0),
      superhost: card.querySelector('.badge-host') !== null,
      freeCancellation: card.querySelector('.badge-free') !== null,
      nightly: Number((card.querySelector('.nightly')?.textContent ?? '').replace(/[$,]/g, '')),
    })),
  );
}

export function dollars(text: string | null): number {
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

/** A line of the price breakdown (a widget with its own shadow root): 'total', 'cleaning', 'taxes'… */
export async function priceLine(page: Page, row: string): Promise<number> {
  return dollars(await page.locator(`price-breakdown [data-row="${row}"] dd`).first().textContent());
}

export function bookCard(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Book this place' });
}

/** Reserve in the booking widget; lands on "Confirm and pay", or stays on the listing with the widget's message. */
export async function reserve(page: Page): Promise<'confirm' | string> {
  await bookCard(page).getByRole('button', { name: 'Reserve' }).click();
  const confirm = page.getByRole('heading', { level: 1, name: 'Confirm and pay' });
  const problem = bookCard(page).getByRole('alert');
  await confirm.or(problem).first().waitFor();
  if (await confirm.isVisible()) return 'confirm';
  return ((await problem.textContent()) ?? '').trim();
}

/** On "Confirm and pay": optional message, agree, confirm in the modal, wait for the trip page. */
export async function confirmBooking(page: Page, message?: string): Promise<void> {
  if (message) await page.getByLabel('Message to the host').fill(message);
  await page.getByLabel("I agree to the host's house rules and the cancellation policy").check();
  await page.getByRole('button', { name: 'Confirm and pay' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Book now' }).click();
  await page.waitForURL(/\/trips\/RM-/);
  await page.getByText(/Booking confirmed · RM-/).waitFor();
}

export async function openSection(
  page: Page,
  section: 'Explore' | 'Wishlists' | 'Trips' | 'Messages',
): Promise<void> {
  await followLink(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: section }));
}

export async function openTrip(
  page: Page,
  title: string,
  tab: 'Upcoming' | 'Past' = 'Upcoming',
): Promise<void> {
  await openSection(page, 'Trips');
  if (tab !== 'Upcoming') {
    await page.getByRole('navigation', { name: 'Trips' }).getByRole('link', { name: tab }).click();
    await page.waitForURL(/tab=past/);
  }
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** Opens the trip's cancel dialog and reads the refund it offers. */
export async function refundOffered(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Cancel trip' }).click();
  const dialog = page.getByRole('dialog');
  return dollars(await dialog.locator('.refund-amount').textContent());
}

export async function cancelInDialog(page: Page): Promise<void> {
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel trip' }).click();
  await page.getByText(/Trip cancelled · \$/).waitFor();
}
