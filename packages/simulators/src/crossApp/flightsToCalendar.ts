import type { Page } from 'playwright-core';
import {
  clockMinutes,
  type EventInput,
  fillEventForm,
  signIn as signInCalendar,
} from '../apps/calendar/testCases/steps';
import { openSection, signIn as signInFlights } from '../apps/flights/testCases/steps';
import { MONTH_NAMES } from '../kit';
import type { CrossAppSolveContext, CrossAppTestCaseDefinition } from '../testing/crossAppTestCase';

/** The calendar's owner (calendar/data/people.ts), the organizer of every event they create. */
const ORGANIZER = 1;

/** One flight of a trip as its page shows it: the day, the times and the airports. */
interface FlightOnPage {
  date: string;
  depart: string;
  arrive: string;
  origin: string;
  destination: string;
}

/** 'Mon, May 4' → '2026-05-04': Skyway's trips are all in 2026 and its pages leave the year out. */
function isoDay(label: string): string {
  const match = /([A-Z][a-z]{2}) (\d{1,2})/.exec(label);
  if (!match) throw new Error(`not a short date: ${label}`);
  const month = MONTH_NAMES.findIndex((name) => name.startsWith(match[1]!)) + 1;
  return `2026-${String(month).padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
}

/** Minutes since midnight as the calendar's time fields take them: 925 → '15:25'. */
function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** '3:25 PM' → '15:25'. */
const hhmm = (clock: string) => timeOfDay(clockMinutes(clock));

/** On a trip's page: the flight of one direction (its first segment), read from its section. */
async function flightOf(page: Page, direction: 'Departing' | 'Returning'): Promise<FlightOnPage> {
  const section = page.locator(`section[aria-label="${direction}"]`);
  const day = (await section.getByRole('heading', { level: 2 }).textContent()) ?? '';
  const body = ((await section.locator('.segment-body').first().textContent()) ?? '').replace(/\s+/g, ' ');
  const match = /(\d{1,2}:\d{2} [AP]M) ([A-Z]{3}) → (\d{1,2}:\d{2} [AP]M) ([A-Z]{3})/.exec(body);
  if (!match) throw new Error(`no flight times in "${body}"`);
  return {
    date: isoDay(day.split('·')[1] ?? ''),
    depart: hhmm(match[1]!),
    origin: match[2]!,
    arrive: hhmm(match[3]!),
    destination: match[4]!,
  };
}

/** Signs in to Skyway and opens one of the upcoming trips by its title ('Denver to Las Vegas'). */
async function openUpcomingTrip(page: Page, ctx: CrossAppSolveContext, title: string): Promise<void> {
  await signInFlights(page, ctx.apps.flights!);
  await openSection(page, 'My trips');
  await page.getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** Signs in to Skyway and opens the upcoming trip booked in a fare ('First'), by the badge on its card. */
async function openTripInFare(page: Page, ctx: CrossAppSolveContext, fare: string): Promise<void> {
  await signInFlights(page, ctx.apps.flights!);
  await openSection(page, 'My trips');
  const card = page.locator('article.trip-card', {
    has: page.locator('.fare-badge', { hasText: new RegExp(`^${fare}$`) }),
  });
  const title = ((await card.getByRole('heading', { level: 2 }).textContent()) ?? '').trim();
  await card.getByRole('link', { name: title, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** Goes over to the calendar, signs in, and saves a new event with what is given. */
async function addEvent(page: Page, ctx: CrossAppSolveContext, event: EventInput): Promise<void> {
  await page.goto(ctx.apps.calendar!.url('/calendar/week'));
  await signInCalendar(page, ctx.apps.calendar!);
  await page.getByRole('link', { name: '+ New event' }).click();
  await page.getByRole('heading', { name: 'New event' }).waitFor();
  await fillEventForm(page, event);
  await page.getByRole('button', { name: 'Save event' }).click();
  await page.locator('.kit-toast-success').waitFor();
}

/** '19:10' minus `minutes`, on the same day (the cases' times stay within it). */
function minus(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return timeOfDay(h * 60 + m - minutes);
}

/**
 * On a trip's page: puts one of its flights in the calendar as `title`, from takeoff to landing as Skyway shows
 * them, with its departure airport as the location when asked.
 */
async function addFlightEvent(
  page: Page,
  ctx: CrossAppSolveContext,
  direction: 'Departing' | 'Returning',
  title: string,
  options: { location?: boolean } = {},
): Promise<void> {
  const flight = await flightOf(page, direction);
  await addEvent(page, ctx, {
    title,
    date: flight.date,
    start: flight.depart,
    end: flight.arrive,
    ...(options.location ? { location: flight.origin } : {}),
  });
}

/** The event a case expects: one-off, organized by the owner, with exactly these title and times. */
function expectedEvent(
  changes: { title: string; start_at: string; end_at: string } & Record<string, string>,
): CrossAppTestCaseDefinition['expectedMutations'] {
  return [
    {
      simulator: 'calendar',
      action: 'INSERT',
      table_name: 'events',
      changes: { ...changes, organizer_id: ORGANIZER, recurrence: 'none', status: 'confirmed' },
    },
  ];
}

const unused = undefined;
const metadata: CrossAppTestCaseDefinition['metadata'] = {
  goal_type: 'create a record from what another app says',
  reasoning_level: 'level_2',
  skills: ['extract_and_understand', 'navigation_and_input'],
  capabilities: ['forms_and_inputs', 'data_displays'],
};

/** Flights → calendar: a booked flight put in the calendar with the times Skyway gives it. */
export const flightsToCalendarTestCases: CrossAppTestCaseDefinition[] = [
  {
    key: 'las-vegas-flight-home',
    simulators: ['flights', 'calendar'],
    name: 'Put the return flight of the Las Vegas trip in the calendar',
    prompt:
      'Put the return flight of my Skyway trip to Las Vegas on my calendar as "Flight home from Las Vegas", from its departure time to its arrival time as Skyway shows them.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata,
    // B2W8LN, back on Monday, May 4: BJ 362 LAS 3:25 PM → DEN 5:15 PM.
    expectedMutations: expectedEvent({
      title: 'Flight home from Las Vegas',
      start_at: '2026-05-04T15:25',
      end_at: '2026-05-04T17:15',
    }),
    solve: async (page, ctx) => {
      await openUpcomingTrip(page, ctx, 'Denver to Las Vegas');
      await addFlightEvent(page, ctx, 'Returning', 'Flight home from Las Vegas');
      return unused;
    },
    // Reads the trip's first flight, the one out on May 1, 3:05 PM → 4:55 PM.
    wrong: async (page, ctx) => {
      await openUpcomingTrip(page, ctx, 'Denver to Las Vegas');
      await addFlightEvent(page, ctx, 'Departing', 'Flight home from Las Vegas');
      return unused;
    },
  },
  {
    key: 'first-class-flight-in-the-air',
    simulators: ['flights', 'calendar'],
    name: 'Block the calendar for the flight booked in First',
    prompt:
      'Block my calendar for the Skyway flight I booked in First: an event titled "In the air" from its departure to its arrival time as Skyway shows them, with the code of the airport it leaves from as the location.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: { ...metadata, reasoning_level: 'level_3' },
    // T3N7UE on Saturday, April 11: AU 316 JFK 11:25 AM → LAX 5:00 PM.
    expectedMutations: expectedEvent({
      title: 'In the air',
      start_at: '2026-04-11T11:25',
      end_at: '2026-04-11T17:00',
      location: 'JFK',
    }),
    solve: async (page, ctx) => {
      await openTripInFare(page, ctx, 'First');
      await addFlightEvent(page, ctx, 'Departing', 'In the air', { location: true });
      return unused;
    },
    // Takes the Comfort fare (the next cabin up from Main) for First: the San Francisco → Seattle flight.
    wrong: async (page, ctx) => {
      await openTripInFare(page, ctx, 'Comfort');
      await addFlightEvent(page, ctx, 'Departing', 'In the air', { location: true });
      return unused;
    },
  },
  {
    key: 'drive-to-jfk-before-london',
    simulators: ['flights', 'calendar'],
    name: 'Plan the drive to the airport two hours before the London flight',
    prompt:
      'Add a one-hour event "Drive to JFK" to my calendar that ends two hours before my Skyway flight to London takes off, going by the departure time as Skyway shows it.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      ...metadata,
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'reasoning_and_control_flow', 'navigation_and_input'],
    },
    // Q9F5ZA leaves JFK on Wednesday, May 20 at 9:10 PM: the drive is 6:10 PM – 7:10 PM.
    expectedMutations: expectedEvent({
      title: 'Drive to JFK',
      start_at: '2026-05-20T18:10',
      end_at: '2026-05-20T19:10',
    }),
    solve: async (page, ctx) => {
      await openUpcomingTrip(page, ctx, 'New York to London');
      const flight = await flightOf(page, 'Departing');
      const end = minus(flight.depart, 120);
      await addEvent(page, ctx, { title: 'Drive to JFK', date: flight.date, start: minus(end, 60), end });
      return unused;
    },
    // Starts the drive two hours before takeoff instead of ending it then.
    wrong: async (page, ctx) => {
      await openUpcomingTrip(page, ctx, 'New York to London');
      const flight = await flightOf(page, 'Departing');
      const start = minus(flight.depart, 120);
      await addEvent(page, ctx, { title: 'Drive to JFK', date: flight.date, start, end: minus(start, -60) });
      return unused;
    },
  },
  {
    key: 'flight-out-of-chicago',
    simulators: ['flights', 'calendar'],
    name: 'Put the flight out of Chicago in the calendar',
    prompt:
      'Put my Skyway flight out of Chicago on my calendar as "Flight out of Chicago", from takeoff to landing as Skyway shows the times.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata,
    // R6C3JV on Saturday, April 18: NW 576 ORD 9:35 AM → MIA 12:35 PM.
    expectedMutations: expectedEvent({
      title: 'Flight out of Chicago',
      start_at: '2026-04-18T09:35',
      end_at: '2026-04-18T12:35',
    }),
    solve: async (page, ctx) => {
      await openUpcomingTrip(page, ctx, 'Chicago to Miami');
      await addFlightEvent(page, ctx, 'Departing', 'Flight out of Chicago');
      return unused;
    },
    // Takes the flight into Chicago (Boston → Chicago on April 7) for the one out of it.
    wrong: async (page, ctx) => {
      await openUpcomingTrip(page, ctx, 'Boston to Chicago');
      await addFlightEvent(page, ctx, 'Departing', 'Flight out of Chicago');
      return unused;
    },
  },
];
