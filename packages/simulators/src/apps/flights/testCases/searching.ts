import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import {
  allResults,
  applyFilters,
  chooseFare,
  fillPassengers,
  finishBooking,
  openSection,
  pageResults,
  resultCount,
  searchFlights,
  selectResult,
  signIn,
  sortBy,
} from './steps';

/** Searching: counting and comparing flights with filters, sorting and paging, and booking the right one. */

const ORD_LAX = { from: ['Chicago', 'ORD'], to: ['Los Angeles', 'LAX'], depart: '2026-04-28' } as const;

async function ordLax(page: Page, ctx: SolveContext) {
  await signIn(page, ctx);
  await searchFlights(page, { from: [...ORD_LAX.from], to: [...ORD_LAX.to], depart: ORD_LAX.depart });
}

const DEN_SFO = (depart: string) => ({
  from: ['Denver', 'DEN'] as [string, string],
  to: ['San Francisco', 'SFO'] as [string, string],
  depart,
});

function hourOf(time: string): number {
  const [, h, , ampm] = /^(\d+):(\d+) (AM|PM)$/.exec(time) ?? [];
  return (Number(h) % 12) + (ampm === 'PM' ? 12 : 0);
}

export const searchingCases: TestCaseDefinition[] = [
  {
    key: 'count-nonstop-chicago-los-angeles',
    name: 'Count the nonstop flights to Los Angeles',
    prompt:
      'How many nonstop flights are there from Chicago (ORD) to Los Angeles (LAX) on Tuesday, April 28, 2026? Answer as {"count": <number>}.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'count search results',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['search_and_extract', 'forms_and_inputs', 'auth_and_bot_protection'],
    },
    expectedOutput: { count: 5 },
    outputSchema: {
      type: 'object',
      properties: { count: { type: 'integer' } },
      required: ['count'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await ordLax(page, ctx);
      await applyFilters(page, { stops: 'Nonstop only' });
      return { count: await resultCount(page) };
    },
    // Counts every itinerary, connections included.
    wrong: async (page, ctx) => {
      await ordLax(page, ctx);
      return { count: await resultCount(page) };
    },
  },
  {
    key: 'earliest-arrival-los-angeles',
    name: 'The flight that lands first in Los Angeles',
    prompt:
      'I need to be in Los Angeles as early as possible on Tuesday, April 28, 2026, flying from Chicago O\'Hare that same day. Which flight lands first? Answer as {"flight": "<flight number(s) as shown, e.g. AU 123>", "arrival": "<arrival time as shown, e.g. 9:05 AM>"}.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'compare search results',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['search_and_extract', 'data_displays', 'forms_and_inputs'],
    },
    expectedOutput: { flight: 'PC 275', arrival: '11:35 AM' },
    outputSchema: {
      type: 'object',
      properties: { flight: { type: 'string' }, arrival: { type: 'string' } },
      required: ['flight', 'arrival'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await ordLax(page, ctx);
      await sortBy(page, 'Earliest arrival');
      const [first] = await pageResults(page);
      return { flight: first?.flights ?? '', arrival: first?.arrive ?? '' };
    },
    // Takes the earliest departure, which connects and lands late.
    wrong: async (page, ctx) => {
      await ordLax(page, ctx);
      await sortBy(page, 'Earliest departure');
      const [first] = await pageResults(page);
      return { flight: first?.flights ?? '', arrival: first?.arrive ?? '' };
    },
  },
  {
    key: 'count-flights-under-budget',
    name: 'Flights within a budget, over every page',
    prompt:
      'How many flights (nonstop or with a stop) from Chicago O\'Hare to Los Angeles on April 28, 2026 cost $400 or less per traveller in the cheapest fare? Answer as {"count": <number>}.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'filter and count search results',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'navigation_and_structure', 'data_displays'],
    },
    expectedOutput: { count: 10 },
    outputSchema: {
      type: 'object',
      properties: { count: { type: 'integer' } },
      required: ['count'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await ordLax(page, ctx);
      await sortBy(page, 'Lowest price');
      const all = await allResults(page);
      return { count: all.filter((r) => r.price <= 400).length };
    },
    // Counts only the first page of results.
    wrong: async (page, ctx) => {
      await ordLax(page, ctx);
      await sortBy(page, 'Lowest price');
      const first = await pageResults(page);
      return { count: first.filter((r) => r.price <= 400).length };
    },
  },
  {
    key: 'book-cheapest-nonstop-main',
    name: 'Book the cheapest nonstop in Main',
    prompt:
      'Book me (Jordan Avery) the cheapest nonstop one-way flight from Denver to San Francisco on Monday, May 4, 2026, in the Main fare. No seat selection, no checked bags; pay with my default card.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'book a flight',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: [
        'forms_and_inputs',
        'search_and_extract',
        'iframe_and_shadow_dom',
        'auth_and_bot_protection',
      ],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'bookings',
        changes: {
          trip_type: 'one_way',
          fare_class: 'main',
          status: 'confirmed',
          fare_cents: 27000,
          extras_cents: 0,
          total_cents: 27000,
          card_id: 1,
        },
      },
      {
        action: 'INSERT',
        table_name: 'booking_flights',
        changes: { direction: 'outbound', flight_id: 35116, fare_cents: 27000 },
      },
      {
        action: 'INSERT',
        table_name: 'booking_passengers',
        changes: { passenger_id: 1, first_name: 'Jordan', last_name: 'Avery', bags: 0 },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await searchFlights(page, DEN_SFO('2026-05-04'));
      await applyFilters(page, { stops: 'Nonstop only' });
      await sortBy(page, 'Lowest price');
      const [cheapest] = await pageResults(page);
      await selectResult(page, cheapest?.flights ?? '');
      await chooseFare(page, 'Main');
      await fillPassengers(page, ['Jordan Avery']);
      await finishBooking(page, ctx);
      return undefined;
    },
    // Sorts by price but forgets the nonstop filter: the cheapest is a connection.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await searchFlights(page, DEN_SFO('2026-05-04'));
      await sortBy(page, 'Lowest price');
      const [cheapest] = await pageResults(page);
      await selectResult(page, cheapest?.flights ?? '');
      await chooseFare(page, 'Main');
      await fillPassengers(page, ['Jordan Avery']);
      await finishBooking(page, ctx);
      return undefined;
    },
  },
  {
    key: 'cheapest-morning-first-over-three-days',
    name: 'The cheapest morning First seat over three days',
    prompt:
      'I want to fly First from Denver to San Francisco, nonstop, leaving in the morning (before noon), on any day from Monday May 4 to Wednesday May 6, 2026. Book whichever of those flights is cheapest in First, just for me (Jordan Avery), no bags, default card.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'compare options over several searches and book',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'navigation_and_input', 'extract_and_understand'],
      capabilities: [
        'search_and_extract',
        'forms_and_inputs',
        'navigation_and_structure',
        'iframe_and_shadow_dom',
      ],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'bookings',
        changes: {
          trip_type: 'one_way',
          fare_class: 'first',
          status: 'confirmed',
          fare_cents: 54300,
          extras_cents: 0,
          total_cents: 54300,
        },
      },
      {
        action: 'INSERT',
        table_name: 'booking_flights',
        changes: { direction: 'outbound', flight_id: 37116, fare_cents: 54300 },
      },
      { action: 'INSERT', table_name: 'booking_passengers', changes: { passenger_id: 1, bags: 0 } },
    ],
    solve: async (page, ctx) => firstOverThreeDays(page, ctx, true),
    // Forgets the morning condition.
    wrong: async (page, ctx) => firstOverThreeDays(page, ctx, false),
  },
];

async function firstOverThreeDays(page: Page, ctx: SolveContext, morningOnly: boolean) {
  await signIn(page, ctx);
  let best: { day: string; flights: string; price: number } | null = null;
  for (const day of ['2026-05-04', '2026-05-05', '2026-05-06']) {
    await openSection(page, 'Book');
    await searchFlights(page, { ...DEN_SFO(day), cabin: 'First' });
    await applyFilters(page, { stops: 'Nonstop only' });
    for (const r of await allResults(page)) {
      if (morningOnly && hourOf(r.depart) >= 12) continue;
      if (!best || r.price < best.price) best = { day, flights: r.flights, price: r.price };
    }
  }
  if (!best) throw new Error('No flight found');
  await openSection(page, 'Book');
  await searchFlights(page, { ...DEN_SFO(best.day), cabin: 'First' });
  await selectResult(page, best.flights);
  await chooseFare(page, 'First');
  await fillPassengers(page, ['Jordan Avery']);
  await finishBooking(page, ctx);
  return undefined;
}
