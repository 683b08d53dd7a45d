/// <reference lib="dom" />
// Reference solutions pass callbacks to page.evaluate, which run in the browser.
import type { Locator, Page } from 'playwright-core';
import { followLink, formatLongDate, type SolveContext, signInStep } from '../../../kit';
import { SIGN_IN_FORM } from '../routes/auth';

/** Steps shared by the reference solutions: what a traveller does on Skyway, through the page only. */

export async function signIn(page: Page, ctx: SolveContext): Promise<void> {
  await signInStep(page, ctx, SIGN_IN_FORM, page.getByRole('navigation', { name: 'Main' }));
}

/** Opens the calendar of a date field in `scope` and clicks the day, moving months forward as needed. */
export async function pickDate(scope: Locator, label: string, day: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  const name = /date$/i.test(label) ? `Choose ${label.toLowerCase()}` : `Choose ${label.toLowerCase()} date`;
  const calendar = scope.getByRole('dialog', { name });
  await calendar.waitFor();
  for (let months = 0; months < 4; months++) {
    const button = calendar.getByRole('button', { name: formatLongDate(day), exact: true });
    if ((await button.count()) > 0) {
      await button.click();
      await calendar.waitFor({ state: 'hidden' });
      return;
    }
    await calendar.getByRole('button', { name: 'Next month' }).click();
  }
  throw new Error(`The calendar never showed ${day}`);
}

/** Types into an airport field and picks the suggestion with that code. */
export async function chooseAirport(
  scope: Locator,
  label: 'From' | 'To',
  text: string,
  code: string,
): Promise<void> {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.fill(text);
  await scope.getByRole('option', { name: new RegExp(`\\(${code}\\)`) }).click();
}

export interface FlightSearch {
  from: [text: string, code: string];
  to: [text: string, code: string];
  depart: string;
  ret?: string;
  adults?: number;
  children?: number;
  cabin?: 'Economy' | 'Comfort' | 'First';
}

export function searchForm(page: Page): Locator {
  return page.getByRole('search', { name: 'Search flights' });
}

/** Fills in the search form on the home page and searches; waits for the departing flights. */
export async function searchFlights(page: Page, search: FlightSearch): Promise<void> {
  const form = searchForm(page);
  await form.getByRole('radio', { name: search.ret ? 'Round trip' : 'One way' }).check();
  await chooseAirport(form, 'From', ...search.from);
  await chooseAirport(form, 'To', ...search.to);
  await pickDate(form, 'Depart', search.depart);
  if (search.ret) await pickDate(form, 'Return', search.ret);
  const adults = search.adults ?? 1;
  const children = search.children ?? 0;
  if (adults !== 1 || children !== 0) {
    await form.getByRole('button', { name: 'Travellers' }).click();
    const pop = form.getByRole('dialog', { name: 'Travellers' });
    for (let i = 1; i < adults; i++) await pop.getByRole('button', { name: 'More adults' }).click();
    for (let i = 0; i < children; i++) await pop.getByRole('button', { name: 'More children' }).click();
    await pop.getByRole('button', { name: 'Done' }).click();
  }
  if (search.cabin) await form.getByLabel('Cabin').selectOption({ label: search.cabin });
  await form.getByRole('button', { name: 'Search flights' }).click();
  await page.getByRole('heading', { level: 1, name: 'Select your departing flight' }).waitFor();
}

async function changeUrl(page: Page, act: () => Promise<void>): Promise<void> {
  const before = page.url();
  await act();
  await page.waitForURL((url) => url.href !== before);
  await page.waitForLoadState('load');
}

export interface Filters {
  stops?: 'Any number of stops' | 'Nonstop only' | '1 stop';
  airlines?: string[];
  times?: string[];
  maxPrice?: number;
}

export async function applyFilters(page: Page, filters: Filters): Promise<void> {
  const form = page.getByRole('form', { name: 'Filters' });
  if (filters.stops) await form.getByRole('radio', { name: filters.stops, exact: true }).check();
  for (const airline of filters.airlines ?? [])
    await form.getByRole('checkbox', { name: airline, exact: true }).check();
  for (const time of filters.times ?? [])
    await form.getByRole('checkbox', { name: new RegExp(`^${time}`) }).check();
  if (filters.maxPrice !== undefined)
    await form.getByLabel('Maximum price per traveller ($)').fill(String(filters.maxPrice));
  await changeUrl(page, () => form.getByRole('button', { name: 'Apply filters' }).click());
}

export async function sortBy(
  page: Page,
  label: 'Lowest price' | 'Shortest duration' | 'Earliest departure' | 'Earliest arrival',
): Promise<void> {
  await changeUrl(page, async () => {
    await page.getByLabel('Sort by').selectOption({ label });
  });
}

export interface Result {
  flights: string;
  depart: string;
  arrive: string;
  stops: string;
  price: number;
}

/** The results on this page of the list. */
export async function pageResults(page: Page): Promise<Result[]> {
  return page.locator('.result-card').evaluateAll((cards) =>
    cards.map((card) => ({
      flights: card.getAttribute('aria-label') ?? '',
      depart: card.querySelector('.depart-time')?.textContent?.trim() ?? '',
      arrive: (card.querySelector('.arrive-time')?.childNodes[0]?.textContent ?? '').trim(),
      stops: card.querySelector('.stops')?.textContent?.trim() ?? '',
      price: Number((card.querySelector('.price')?.textContent ?? '').replace(/[^\d.]/g, '')),
    })),
  );
}

/** Every result, following the pager to the last page. */
export async function allResults(page: Page): Promise<Result[]> {
  const results = await pageResults(page);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  while ((await pages.getByRole('link', { name: 'Next' }).count()) > 0) {
    await changeUrl(page, () => pages.getByRole('link', { name: 'Next' }).click());
    results.push(...(await pageResults(page)));
  }
  return results;
}

/** Total results the list reports (all pages). */
export async function resultCount(page: Page): Promise<number> {
  return Number(/^(\d+)/.exec(((await page.locator('.result-count').textContent()) ?? '').trim())?.[1] ?? -1);
}

/** Picks a result by its flight numbers, following the pager when it is not on this page. */
export async function selectResult(page: Page, flights: string): Promise<void> {
  const card = page.getByRole('article', { name: flights, exact: true });
  const pages = page.getByRole('navigation', { name: 'Pages' });
  while ((await card.count()) === 0) {
    if ((await pages.getByRole('link', { name: 'Next' }).count()) === 0)
      throw new Error(`${flights} is not in the results`);
    await changeUrl(page, () => pages.getByRole('link', { name: 'Next' }).click());
  }
  await changeUrl(page, () =>
    card
      .getByRole('link', { name: 'Select' })
      .or(card.getByRole('button', { name: 'Select' }))
      .click(),
  );
}

/** On the fare page: picks a fare. */
export async function chooseFare(page: Page, fare: 'Basic' | 'Main' | 'Comfort' | 'First'): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Choose your fare' }).waitFor();
  await changeUrl(page, () =>
    page
      .getByRole('link', { name: `Select ${fare}` })
      .or(page.getByRole('button', { name: `Select ${fare}` }))
      .click(),
  );
}

/** From "Review your flights" to the passengers step, choosing saved travellers in order. */
export async function fillPassengers(page: Page, names: string[]): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Review your flights' }).waitFor();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('heading', { level: 1, name: /Who.s flying/ }).waitFor();
  for (const [i, name] of names.entries()) {
    await page
      .getByRole('group', { name: `Passenger ${i + 1}` })
      .getByLabel('Saved traveller')
      .selectOption({ label: name });
  }
}

export async function continueToSeats(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to seats' }).click();
  await page.getByRole('heading', { level: 1, name: 'Choose your seats' }).waitFor();
}

/** On the seat map: chooses a seat for a traveller on the flight of the open tab. */
export async function chooseSeat(page: Page, passenger: string, seat: string): Promise<void> {
  const list = page.getByRole('list', { name: 'Passengers' });
  const link = list.getByRole('link', { name: passenger, exact: true });
  if ((await link.getAttribute('aria-current')) !== 'true') await changeUrl(page, () => link.click());
  await page.getByRole('button', { name: new RegExp(`^Seat ${seat},`) }).click();
  await page.getByText(`Seat ${seat} selected for ${passenger.split(' ')[0]}`).waitFor();
}

export async function openSeatTab(page: Page, flightNumber: string): Promise<void> {
  const tab = page
    .getByRole('navigation', { name: 'Flights' })
    .getByRole('link', { name: new RegExp(flightNumber) });
  await changeUrl(page, () => tab.click());
}

export async function continueToBags(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Continue to bags' }).click();
  await page.getByRole('heading', { level: 1, name: 'Add checked bags' }).waitFor();
}

export async function setBags(page: Page, passenger: string, bags: number): Promise<void> {
  await page.getByLabel(`Checked bags for ${passenger}`).selectOption(String(bags));
}

export async function continueToPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('heading', { level: 1, name: 'Review and pay' }).waitFor();
}

/** Pays in the secure payment frame with a card and the account password; waits for the trip page. */
export async function pay(page: Page, ctx: SolveContext, card = 'Visa'): Promise<void> {
  const frame = page.frameLocator('iframe[title="Secure payment"]');
  await frame.getByRole('radio', { name: new RegExp(card) }).check();
  await frame.getByLabel('Skyway password').fill(ctx.auth.password);
  await frame.getByLabel(/I accept the fare rules/).check();
  await frame.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/trips\/[A-Z0-9]{6}$/);
  await page.getByText(/Booking confirmed · /).waitFor();
}

/** From the passengers step through seats (none) and bags to a paid booking. */
export async function finishBooking(
  page: Page,
  ctx: SolveContext,
  bags: Record<string, number> = {},
): Promise<void> {
  await continueToSeats(page);
  await continueToBags(page);
  for (const [name, n] of Object.entries(bags)) await setBags(page, name, n);
  await continueToPayment(page);
  await pay(page, ctx);
}

export async function openSection(
  page: Page,
  section: 'Book' | 'My trips' | 'Check-in' | 'Account',
): Promise<void> {
  await followLink(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: section, exact: true }),
  );
}

/** Opens a trip from My trips by its confirmation code. */
export async function openTrip(
  page: Page,
  code: string,
  tab: 'Upcoming' | 'Past' | 'Cancelled' = 'Upcoming',
): Promise<void> {
  await openSection(page, 'My trips');
  if (tab !== 'Upcoming')
    await changeUrl(page, () =>
      page.getByRole('navigation', { name: 'Trips' }).getByRole('link', { name: tab }).click(),
    );
  await page.getByRole('article', { name: code }).getByRole('link').click();
  await page.getByText(`Confirmation ${code}`).waitFor();
}

export function dollars(text: string | null): number {
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}
