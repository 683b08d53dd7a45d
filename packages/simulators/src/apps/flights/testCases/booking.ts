import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import {
  chooseFare,
  chooseSeat,
  continueToBags,
  continueToPayment,
  continueToSeats,
  fillPassengers,
  openSeatTab,
  pay,
  searchFlights,
  selectResult,
  setBags,
  signIn,
} from './steps';

/** The booking wizard: seats on the seat map, bags, passports, and the fare that fits the need. */

const ORD_MIA_19 = {
  from: ['Chicago', 'ORD'] as [string, string],
  to: ['Miami', 'MIA'] as [string, string],
  depart: '2026-04-19',
};

async function roundTripTogether(page: Page, ctx: SolveContext, bothFlights: boolean) {
  await signIn(page, ctx);
  await searchFlights(page, {
    from: ['Boston', 'BOS'],
    to: ['Orlando', 'MCO'],
    depart: '2026-05-08',
    ret: '2026-05-11',
    adults: 2,
  });
  await selectResult(page, 'BJ 192');
  await chooseFare(page, 'Main');
  await page.getByRole('heading', { level: 1, name: 'Select your return flight' }).waitFor();
  await selectResult(page, 'BJ 417');
  await fillPassengers(page, ['Jordan Avery', 'Sam Avery']);
  await continueToSeats(page);
  await chooseSeat(page, 'Jordan Avery', '17B');
  await chooseSeat(page, 'Sam Avery', '17C');
  if (bothFlights) {
    await openSeatTab(page, 'BJ 417');
    await chooseSeat(page, 'Jordan Avery', '17B');
    await chooseSeat(page, 'Sam Avery', '17C');
  }
  await continueToBags(page);
  await continueToPayment(page);
  await pay(page, ctx);
  return undefined;
}

/** Finds a free seat in the rows of a kind (by the seat buttons' names) and takes it. */
async function freeSeat(page: Page, kind: RegExp, letters: string): Promise<string> {
  const names = await page
    .getByRole('button', { name: kind })
    .evaluateAll((buttons) =>
      buttons
        .filter((b) => !(b as HTMLButtonElement).disabled)
        .map((b) => b.getAttribute('aria-label') ?? ''),
    );
  const seat = names
    .map((n) => /^Seat (\d+[A-K]),/.exec(n)?.[1] ?? '')
    .find((s) => s && letters.includes(s.slice(-1)));
  if (!seat) throw new Error(`No free seat matching ${kind}`);
  return seat;
}

async function exitRowWindow(page: Page, ctx: SolveContext, exitRow: boolean) {
  await signIn(page, ctx);
  await searchFlights(page, ORD_MIA_19);
  await selectResult(page, 'NW 579');
  await chooseFare(page, 'Main');
  await fillPassengers(page, ['Jordan Avery']);
  await continueToSeats(page);
  // The mistake: "extra legroom" rows are not the exit rows.
  const seat = await freeSeat(page, exitRow ? /exit row/ : /, extra legroom, \$/, 'AFK');
  await chooseSeat(page, 'Jordan Avery', seat);
  await continueToBags(page);
  await continueToPayment(page);
  await pay(page, ctx);
  return undefined;
}

async function legroomWithMia(page: Page, ctx: SolveContext, avoidExit: boolean) {
  await signIn(page, ctx);
  await searchFlights(page, { ...ORD_MIA_19, adults: 1, children: 1 });
  await selectResult(page, 'NW 579');
  await chooseFare(page, 'Main');
  await fillPassengers(page, ['Jordan Avery', 'Mia Avery']);
  await continueToSeats(page);
  if (avoidExit) {
    // Exit rows are for travellers 15 and older: two side by side in an extra-legroom row instead.
    await chooseSeat(page, 'Jordan Avery', '7A');
    await chooseSeat(page, 'Mia Avery', '7B');
  } else {
    await chooseSeat(page, 'Jordan Avery', '16A');
    await page.getByRole('list', { name: 'Passengers' }).getByRole('link', { name: 'Mia Avery' }).click();
    await page.getByRole('button', { name: /^Seat 16B,/ }).click();
    await page.getByRole('alert').filter({ hasText: 'exit row' }).waitFor();
  }
  await continueToBags(page);
  await continueToPayment(page);
  await pay(page, ctx);
  return undefined;
}

async function londonForPriya(page: Page, ctx: SolveContext, fallBackToSam: boolean) {
  await signIn(page, ctx);
  await searchFlights(page, { from: ['New York', 'JFK'], to: ['London', 'LHR'], depart: '2026-05-12' });
  await selectResult(page, 'NW 490');
  await chooseFare(page, 'Main');
  await fillPassengers(page, ['Priya Nair']);
  await continueToSeatsOrError(page);
  const group = page.getByRole('group', { name: 'Passenger 1' });
  if (fallBackToSam) {
    await group.getByLabel('Saved traveller').selectOption({ label: 'Sam Avery' });
  } else {
    // The mistake: makes the form pass by typing a later expiry date than the passport has.
    await group.getByLabel('Passport expiry').fill('2031-05-15');
  }
  await continueToSeats(page);
  await continueToBags(page);
  await continueToPayment(page);
  await pay(page, ctx);
  return undefined;
}

async function continueToSeatsOrError(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue to seats' }).click();
  await page.getByText(/passport must be valid for six months/i).waitFor();
}

async function bagsAndRefund(page: Page, ctx: SolveContext, fare: 'Main' | 'Comfort') {
  await signIn(page, ctx);
  await searchFlights(page, { from: ['Chicago', 'ORD'], to: ['Los Angeles', 'LAX'], depart: '2026-04-28' });
  await selectResult(page, 'PC 275');
  await chooseFare(page, fare);
  await fillPassengers(page, ['Jordan Avery']);
  await continueToSeats(page);
  await continueToBags(page);
  await setBags(page, 'Jordan Avery', 2);
  await continueToPayment(page);
  await pay(page, ctx);
  return undefined;
}

export const bookingCases: TestCaseDefinition[] = [
  {
    key: 'round-trip-seats-together',
    name: 'A round trip for two, seated together both ways',
    prompt:
      'Book a round trip for me (Jordan Avery) and Sam Avery from Boston to Orlando: out on the afternoon flight BJ 192 on Friday, May 8, 2026, back on BJ 417 on Monday, May 11, both in the Main fare. We want to sit together on both flights: Jordan in 17B and Sam in 17C. No bags; pay with my default card.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'book a round trip with seats',
      reasoning_level: 'level_4',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: [
        'forms_and_inputs',
        'data_displays',
        'navigation_and_structure',
        'iframe_and_shadow_dom',
      ],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'bookings',
        changes: {
          trip_type: 'round_trip',
          fare_class: 'main',
          fare_cents: 115000,
          extras_cents: 0,
          total_cents: 115000,
          card_id: 1,
        },
      },
      {
        action: 'INSERT',
        table_name: 'booking_flights',
        changes: { direction: 'outbound', flight_id: 39059, fare_cents: 26400 },
      },
      {
        action: 'INSERT',
        table_name: 'booking_flights',
        changes: { direction: 'return', flight_id: 42255, fare_cents: 31100 },
      },
      { action: 'INSERT', table_name: 'booking_passengers', changes: { passenger_id: 1, bags: 0 } },
      { action: 'INSERT', table_name: 'booking_passengers', changes: { passenger_id: 2, bags: 0 } },
      { action: 'INSERT', table_name: 'seats', changes: { flight_id: 39059, seat: '17B', fee_cents: 0 } },
      { action: 'INSERT', table_name: 'seats', changes: { flight_id: 39059, seat: '17C', fee_cents: 0 } },
      { action: 'INSERT', table_name: 'seats', changes: { flight_id: 42255, seat: '17B', fee_cents: 0 } },
      { action: 'INSERT', table_name: 'seats', changes: { flight_id: 42255, seat: '17C', fee_cents: 0 } },
    ],
    solve: (page, ctx) => roundTripTogether(page, ctx, true),
    // Chooses the seats on the way out only.
    wrong: (page, ctx) => roundTripTogether(page, ctx, false),
  },
  {
    key: 'exit-row-window-seat',
    name: 'An exit-row window seat',
    prompt:
      "Book me (Jordan Avery) on Northwind flight NW 579 from Chicago O'Hare to Miami on Sunday, April 19, 2026, Main fare, and give me a window seat in an exit row. No bags; default card.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'book a flight and choose a seat',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['data_displays', 'forms_and_inputs', 'iframe_and_shadow_dom'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'bookings',
        changes: { fare_class: 'main', fare_cents: 32100, extras_cents: 2900, total_cents: 35000 },
      },
      { action: 'INSERT', table_name: 'booking_flights', changes: { flight_id: 20307 } },
      { action: 'INSERT', table_name: 'booking_passengers', changes: { passenger_id: 1, bags: 0 } },
      { action: 'INSERT', table_name: 'seats', changes: { flight_id: 20307, seat: '16A', fee_cents: 2900 } },
    ],
    solve: (page, ctx) => exitRowWindow(page, ctx, true),
    // Takes an extra-legroom window seat at the front, not in an exit row.
    wrong: (page, ctx) => exitRowWindow(page, ctx, false),
  },
  {
    key: 'legroom-seats-with-a-child',
    name: 'Extra legroom side by side with a child',
    prompt:
      "Book Northwind NW 579 from Chicago O'Hare to Miami on Sunday, April 19, 2026 for me (Jordan Avery) and my daughter Mia Avery (a saved traveller, she is 9), Main fare. We want to sit side by side with extra legroom. No bags; default card.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'book with seat rules',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['data_displays', 'error_state_handling', 'forms_and_inputs', 'iframe_and_shadow_dom'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'bookings',
        changes: { fare_class: 'main', fare_cents: 64200, extras_cents: 7800, total_cents: 72000 },
      },
      { action: 'INSERT', table_name: 'booking_flights', changes: { flight_id: 20307 } },
      { action: 'INSERT', table_name: 'booking_passengers', changes: { passenger_id: 1 } },
      { action: 'INSERT', table_name: 'booking_passengers', changes: { passenger_id: 3, first_name: 'Mia' } },
      { action: 'INSERT', table_name: 'seats', changes: { flight_id: 20307, seat: '7A', fee_cents: 3900 } },
      { action: 'INSERT', table_name: 'seats', changes: { flight_id: 20307, seat: '7B', fee_cents: 3900 } },
    ],
    solve: (page, ctx) => legroomWithMia(page, ctx, true),
    // Heads for the exit row, is refused for Mia and pays without her seat.
    wrong: (page, ctx) => legroomWithMia(page, ctx, false),
  },
  {
    key: 'two-bags-refundable-fare',
    name: 'Two bags on a refundable fare',
    prompt:
      "Book Pacific Crest PC 275 from Chicago O'Hare to Los Angeles on April 28, 2026 for me (Jordan Avery) with two checked bags. I must be able to get my money back if my plans change, so use the cheapest fare that is refundable. Default card.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'choose a fare by its rules and book',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'extract_and_understand', 'navigation_and_input'],
      capabilities: ['iframe_and_shadow_dom', 'forms_and_inputs', 'search_and_extract'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'bookings',
        changes: { fare_class: 'comfort', fare_cents: 45000, extras_cents: 4500, total_cents: 49500 },
      },
      { action: 'INSERT', table_name: 'booking_flights', changes: { flight_id: 29304, fare_cents: 45000 } },
      { action: 'INSERT', table_name: 'booking_passengers', changes: { passenger_id: 1, bags: 2 } },
    ],
    solve: (page, ctx) => bagsAndRefund(page, ctx, 'Comfort'),
    // Main is cheaper but gives only travel credit.
    wrong: (page, ctx) => bagsAndRefund(page, ctx, 'Main'),
  },
  {
    key: 'london-passport-fallback',
    name: 'Send whoever has a valid passport to London',
    prompt:
      "Book a one-way Main seat on NW 490 from New York JFK to London Heathrow on Tuesday, May 12, 2026 for Priya Nair (a saved traveller). If Priya's passport can't be used for this trip, book it for Sam Avery instead. No seats or bags; default card.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'book with a fallback on a validation error',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: [
        'error_state_handling',
        'forms_and_inputs',
        'iframe_and_shadow_dom',
        'auth_and_bot_protection',
      ],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'bookings',
        changes: { fare_class: 'main', fare_cents: 83900, extras_cents: 0, total_cents: 83900 },
      },
      { action: 'INSERT', table_name: 'booking_flights', changes: { flight_id: 43194 } },
      {
        action: 'INSERT',
        table_name: 'booking_passengers',
        changes: { passenger_id: 2, first_name: 'Sam', last_name: 'Avery' },
      },
    ],
    solve: (page, ctx) => londonForPriya(page, ctx, true),
    wrong: (page, ctx) => londonForPriya(page, ctx, false),
  },
];
