import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { dollars, openSection, openTrip, pickDate, signIn } from './steps';

/** Trips: cancelling by fare rules, changing a flight, check-in with a boarding pass in a new tab, reading trips. */

async function changeMiami(page: Page, ctx: SolveContext, flight: string) {
  await signIn(page, ctx);
  await openTrip(page, 'R6C3JV');
  await page.getByRole('link', { name: 'Change flight' }).click();
  await page.getByRole('heading', { level: 1, name: 'Change your flight' }).waitFor();
  const form = page.locator('form[data-datepicker-form]');
  await pickDate(form, 'New date', '2026-04-19');
  await form.getByRole('button', { name: 'Show flights' }).click();
  await page.getByText(/flights? on Sun, Apr 19/).waitFor();
  await page
    .getByRole('article', { name: flight, exact: true })
    .getByRole('link', { name: 'Choose' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Review your change' }).waitFor();
  await page.getByRole('button', { name: 'Confirm change' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm change' }).click();
  await page.getByText(/Flight changed/).waitFor();
  return undefined;
}

async function cancelTrip(page: Page, ctx: SolveContext, code: string) {
  await signIn(page, ctx);
  await openTrip(page, code);
  await page.getByRole('button', { name: 'Cancel trip' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel trip' }).click();
  await page.getByText(/Trip cancelled · /).waitFor();
}

/** Reads what cancelling each trip offers, then cancels the one with the most cash (or any amount). */
async function cashBack(page: Page, ctx: SolveContext, cashOnly: boolean) {
  await signIn(page, ctx);
  const offers: { code: string; amount: number }[] = [];
  for (const code of ['B2W8LN', 'H4M9TD']) {
    await openTrip(page, code);
    await page.getByRole('button', { name: 'Cancel trip' }).click();
    const dialog = page.getByRole('dialog');
    const refund = dialog.locator('.refund-amount');
    const credit = dialog.locator('.credit-amount');
    const amount = (await refund.count())
      ? dollars(await refund.textContent())
      : cashOnly
        ? 0
        : dollars(await credit.textContent());
    offers.push({ code, amount });
    await dialog.getByRole('button', { name: 'Keep trip' }).click();
  }
  const [best] = offers.sort((a, b) => b.amount - a.amount);
  await openTrip(page, best?.code ?? '');
  await page.getByRole('button', { name: 'Cancel trip' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel trip' }).click();
  await page.getByText(/Trip cancelled · /).waitFor();
  return undefined;
}

/** The upcoming trips' codes, read from My trips. */
async function tripCodes(page: Page): Promise<string[]> {
  return page
    .locator('.trip-card')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
}

async function checkIn(page: Page, ctx: SolveContext, confirm: boolean) {
  await signIn(page, ctx);
  await openSection(page, 'Check-in');
  await page.getByRole('article', { name: 'K7P2QX' }).getByRole('link').click();
  await page.getByRole('link', { name: 'Check in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check in' }).waitFor();
  await page.getByRole('checkbox', { name: 'Jordan Avery' }).check();
  if (confirm) await page.getByRole('checkbox', { name: /no hazardous materials/ }).check();
  await page.getByRole('button', { name: 'Check in' }).click();
  if (!confirm) {
    await page.getByRole('alert').filter({ hasText: 'hazardous' }).waitFor();
    return { gate: '', seat: '' };
  }
  await page.getByText(/You.re checked in/).waitFor();
  const [pass] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Boarding pass' }).click(),
  ]);
  await pass.waitForLoadState('load');
  const card = pass.getByRole('article', { name: /Boarding pass/ });
  const gate = ((await card.locator('.gate').textContent()) ?? '').trim();
  const seat = ((await card.locator('.pass-seat').textContent()) ?? '').trim();
  await pass.close();
  return { gate, seat };
}

export const tripCases: TestCaseDefinition[] = [
  {
    key: 'change-miami-flight-next-day',
    name: 'Move a trip to the next day, paying the difference',
    prompt:
      'Move my Chicago–Miami trip (R6C3JV) to the same flight number one day later, Sunday April 19, 2026, and pay any fare difference with the card on the booking.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'change a booked flight',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays', 'navigation_and_structure'],
    },
    expectedMutations: [
      { action: 'DELETE', table_name: 'booking_flights', pk: '5' },
      { action: 'DELETE', table_name: 'seats', pk: '3' },
      { action: 'DELETE', table_name: 'seats', pk: '4' },
      {
        action: 'INSERT',
        table_name: 'booking_flights',
        changes: { booking_id: 4, direction: 'outbound', position: 0, flight_id: 20306, fare_cents: 43700 },
      },
      {
        action: 'UPDATE',
        table_name: 'bookings',
        pk: '4',
        changes: { fare_cents: 87400, total_cents: 94400 },
      },
    ],
    solve: (page, ctx) => changeMiami(page, ctx, 'NW 576'),
    // Takes the cheapest flight that day instead of the same flight number.
    wrong: (page, ctx) => changeMiami(page, ctx, 'NW 579'),
  },
  {
    key: 'cancel-new-york-los-angeles',
    name: 'Cancel the trip to Los Angeles',
    prompt: 'Cancel my trip from New York to Los Angeles.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'cancel a booking',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'navigation_and_structure'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'bookings',
        pk: '6',
        changes: { status: 'cancelled', refund_cents: 206100 },
      },
    ],
    solve: async (page, ctx) => {
      await cancelTrip(page, ctx, 'T3N7UE');
      return undefined;
    },
    // Cancels the other trip from New York, to London.
    wrong: async (page, ctx) => {
      await cancelTrip(page, ctx, 'Q9F5ZA');
      return undefined;
    },
  },
  {
    key: 'refundable-upcoming-trips',
    name: 'Which trips refund to the card',
    prompt:
      'Which of my upcoming trips would give me my money back on my card if I cancelled them (not a travel credit)? Answer with their confirmation codes in alphabetical order, as {"trips": ["..."]}.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'apply fare rules across trips',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['iframe_and_shadow_dom', 'feedback_and_overlays', 'navigation_and_structure'],
    },
    expectedOutput: { trips: ['H4M9TD', 'T3N7UE'] },
    outputSchema: {
      type: 'object',
      properties: { trips: { type: 'array', items: { type: 'string' } } },
      required: ['trips'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openSection(page, 'My trips');
      const refundable: string[] = [];
      for (const code of await tripCodes(page)) {
        await openTrip(page, code);
        await page.getByRole('button', { name: 'Cancel trip' }).click();
        const dialog = page.getByRole('dialog');
        if ((await dialog.locator('.refund-amount').count()) > 0) refundable.push(code);
        await dialog.getByRole('button', { name: 'Keep trip' }).click();
      }
      return { trips: refundable.sort() };
    },
    // Confuses "changeable" with "refundable": every fare but Basic.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openSection(page, 'My trips');
      const codes = await page
        .locator('.trip-card')
        .evaluateAll((cards) =>
          cards.filter((c) => !c.querySelector('.fare-basic')).map((c) => c.getAttribute('aria-label') ?? ''),
        );
      return { trips: codes.sort() };
    },
  },
  {
    key: 'cancel-trip-with-most-cash-back',
    name: 'Skip the trip that gives the most cash back',
    prompt:
      "I have to give up one of two trips: Denver–Las Vegas or San Francisco–Seattle, I don't mind which. Cancel the one that puts the most money back on my card (travel credit does not count as money back).",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'compare cancellation outcomes and cancel',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'extract_and_understand'],
      capabilities: ['feedback_and_overlays', 'navigation_and_structure', 'search_and_extract'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'bookings',
        pk: '2',
        changes: { status: 'cancelled', refund_cents: 27700 },
      },
    ],
    solve: async (page, ctx) => cashBack(page, ctx, true),
    // Compares the amounts offered, travel credit included, and cancels Las Vegas for its larger credit.
    wrong: async (page, ctx) => cashBack(page, ctx, false),
  },
  {
    key: 'check-in-and-read-gate',
    name: 'Check in and read the boarding pass',
    prompt:
      'Check in for my flight tomorrow (I have no hazardous materials in my bags), then open the boarding pass and tell me the gate and my seat, as {"gate": "...", "seat": "..."}.',
    startUrl: '/',
    scoringTypes: ['mutations', 'output'],
    metadata: {
      goal_type: 'check in and read a document in a new tab',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['navigation_and_structure', 'forms_and_inputs', 'search_and_extract'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'booking_passengers', pk: '1', changes: { checked_in: 1 } },
    ],
    expectedOutput: { gate: 'A32', seat: '7A' },
    outputSchema: {
      type: 'object',
      properties: { gate: { type: 'string' }, seat: { type: 'string' } },
      required: ['gate', 'seat'],
      additionalProperties: false,
    },
    solve: (page, ctx) => checkIn(page, ctx, true),
    // Skips the hazardous-materials confirmation: check-in is refused.
    wrong: (page, ctx) => checkIn(page, ctx, false),
  },
  {
    key: 'past-trips-flown',
    name: 'Trips already flown',
    prompt:
      'Which trips have I already flown (past trips, not cancelled ones)? Answer with their confirmation codes in alphabetical order, as {"trips": ["..."]}.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a list',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['navigation_and_structure', 'data_displays'],
    },
    expectedOutput: { trips: ['P8D2KM', 'W1G6PS'] },
    outputSchema: {
      type: 'object',
      properties: { trips: { type: 'array', items: { type: 'string' } } },
      required: ['trips'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openSection(page, 'My trips');
      await page.getByRole('navigation', { name: 'Trips' }).getByRole('link', { name: 'Past' }).click();
      await page.waitForURL(/tab=past/);
      return { trips: (await tripCodes(page)).sort() };
    },
    // Adds the cancelled trip too.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openSection(page, 'My trips');
      await page.getByRole('navigation', { name: 'Trips' }).getByRole('link', { name: 'Past' }).click();
      await page.waitForURL(/tab=past/);
      const past = await tripCodes(page);
      await page.getByRole('navigation', { name: 'Trips' }).getByRole('link', { name: 'Cancelled' }).click();
      await page.waitForURL(/tab=cancelled/);
      return { trips: [...past, ...(await tripCodes(page))].sort() };
    },
  },
  {
    key: 'london-return-seats',
    name: 'Seats on the flight home from London',
    prompt:
      'What seats do Jordan and Sam have on the flight back from London? Answer as {"jordan": "...", "sam": "..."}.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a detail page',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['data_displays', 'navigation_and_structure'],
    },
    expectedOutput: { jordan: '9A', sam: '9C' },
    outputSchema: {
      type: 'object',
      properties: { jordan: { type: 'string' }, sam: { type: 'string' } },
      required: ['jordan', 'sam'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => londonSeats(page, ctx, 'Returning'),
    // Reads the outbound flight's seats.
    wrong: async (page, ctx) => londonSeats(page, ctx, 'Departing'),
  },
];

async function londonSeats(page: Page, ctx: SolveContext, section: 'Returning' | 'Departing') {
  await signIn(page, ctx);
  await openTrip(page, 'Q9F5ZA');
  const seats = await page.getByRole('region', { name: section }).locator('.seat-of').allTextContents();
  const seatOf = (name: string) =>
    seats
      .find((s) => s.startsWith(`${name}:`))
      ?.split(':')[1]
      ?.trim() ?? '';
  return { jordan: seatOf('Jordan'), sam: seatOf('Sam') };
}
