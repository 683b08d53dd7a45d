/// <reference lib="dom" />
// Reference solutions pass callbacks to page.evaluate, which run in the browser.
import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { clockMinutes, clockRange, isoFromLong, openEventBySearch, signIn } from './steps';

async function roomRow(page: Page, ctx: SolveContext, name: string) {
  await signIn(page, ctx);
  await page.getByRole('link', { name: 'Meeting rooms' }).click();
  const cells = await page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
    .locator('td')
    .allTextContents();
  return { capacity: Number(cells[2]), floor: Number(cells[1]) };
}

/** Rooms seating 10+ that are free 2:00–3:30 PM on Tuesday, March 17 (or, wrongly, with no booking starting then). */
async function bigRoomsFree(page: Page, ctx: SolveContext, overlapRule: boolean) {
  await signIn(page, ctx);
  await page.getByRole('link', { name: 'Meeting rooms' }).click();
  await page.getByLabel('Seats at least').fill('10');
  await page.getByLabel('Bookings on').fill('2026-03-17');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/date=2026-03-17/);
  const rows = await page.locator('table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      name: tr.querySelector('td a')?.textContent?.trim() ?? '',
      booked: Array.from(tr.querySelectorAll('.busy-chip'), (chip) => chip.textContent ?? ''),
    })),
  );
  const [from, to] = [clockMinutes('2:00 PM'), clockMinutes('3:30 PM')];
  const free = rows
    .filter(({ booked }) =>
      booked
        .map(clockRange)
        .every(([s, e]) => (overlapRule ? !(s < to && e > from) : !(s >= from && s < to))),
    )
    .map((r) => r.name);
  return { rooms: free.sort() };
}

/**
 * Hours per day of the week of March 23, read from the week view: every event block is labelled with its
 * time and, unless Jordan organizes it, his reply ("Going", "Maybe", "Awaiting your reply").
 */
async function busiestDay(page: Page, ctx: SolveContext, countEverything: boolean) {
  await signIn(page, ctx);
  await page.getByRole('link', { name: 'Next week' }).click();
  await page.getByRole('heading', { name: /Mar 23/ }).waitFor();
  const days = await page.locator('.day-col').evaluateAll((cols) =>
    cols.map((col) => ({
      day: col.getAttribute('aria-label') ?? '',
      events: Array.from(col.querySelectorAll('a.ev'), (a) => a.getAttribute('aria-label') ?? ''),
    })),
  );
  const totals = days.slice(0, 5).map(({ day, events }) => {
    const minutes = events
      .map((label) => label.split(', '))
      .filter(([, , reply]) => countEverything || reply === undefined || reply === 'Going')
      .reduce((sum, [, range = '']) => {
        const [from, to] = clockRange(range);
        return sum + to - from;
      }, 0);
    return { date: isoFromLong(day), hours: minutes / 60 };
  });
  const best = totals.reduce((a, b) => (b.hours > a.hours ? b : a));
  return { date: best.date, hours: best.hours };
}

export const lookupTestCases: TestCaseDefinition[] = [
  {
    key: 'lighthouse-room-capacity',
    name: 'Size of the Lighthouse room',
    prompt: 'How many people does the Lighthouse meeting room seat, and which floor is it on?',
    startUrl: '/rooms',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a value',
      reasoning_level: 'level_1',
      skills: ['extract_and_understand'],
      capabilities: ['data_displays', 'auth_and_bot_protection'],
    },
    expectedOutput: { capacity: 12, floor: 3 },
    outputSchema: {
      type: 'object',
      properties: { capacity: { type: 'integer', minimum: 1 }, floor: { type: 'integer', minimum: 0 } },
      required: ['capacity', 'floor'],
      additionalProperties: false,
    },
    solve: (page, ctx) => roomRow(page, ctx, 'Lighthouse'),
    // Reads the neighbouring row.
    wrong: (page, ctx) => roomRow(page, ctx, 'Keel'),
  },
  {
    key: 'customer-advisory-board-details',
    name: 'Where and by whom: customer advisory board',
    prompt:
      'Where is the Customer advisory board meeting held (room name), who organizes it, and on what date? Answer with the date as YYYY-MM-DD.',
    startUrl: '/calendar/week',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find values',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['search_and_extract'],
    },
    expectedOutput: { room: 'Breakwater', organizer: 'Amara Nwosu', date: '2026-03-26' },
    outputSchema: {
      type: 'object',
      properties: {
        room: { type: 'string', minLength: 1 },
        organizer: { type: 'string', minLength: 1 },
        date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      },
      required: ['room', 'organizer', 'date'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openEventBySearch(page, 'Customer advisory board');
      const facts = page.locator('.facts');
      const room = (await facts.locator('dd').nth(1).locator('a').textContent())?.trim() ?? '';
      const organizer = (await facts.locator('dd').nth(2).textContent())?.trim() ?? '';
      const back = (await page.getByRole('link', { name: '← Back to calendar' }).getAttribute('href')) ?? '';
      return { room, organizer, date: /date=(\d{4}-\d{2}-\d{2})/.exec(back)?.[1] ?? '' };
    },
    // Takes the first person in the guest list after the organizer row.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openEventBySearch(page, 'Customer advisory board');
      const room = (await page.locator('.facts dd').nth(1).locator('a').textContent())?.trim() ?? '';
      const organizer =
        (await page.locator('.guest-rows li').nth(1).locator('span').nth(1).textContent()) ?? '';
      return { room, organizer: organizer.trim(), date: '2026-03-26' };
    },
  },
  {
    key: 'big-rooms-free-tuesday',
    name: 'Large rooms free on Tuesday afternoon',
    prompt:
      'Which meeting rooms that seat at least 10 people are completely free on Tuesday, March 17 from 2:00 to 3:30 PM? List their names alphabetically.',
    startUrl: '/rooms',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'filter by several conditions',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'extract_and_understand'],
      capabilities: ['data_displays', 'navigation_and_structure', 'search_and_extract'],
    },
    expectedOutput: { rooms: ['Breakwater', 'Mooring'] },
    outputSchema: {
      type: 'object',
      properties: { rooms: { type: 'array', items: { type: 'string', minLength: 1 } } },
      required: ['rooms'],
      additionalProperties: false,
    },
    solve: (page, ctx) => bigRoomsFree(page, ctx, true),
    // Only looks for bookings that start inside the window, missing one that runs into it.
    wrong: (page, ctx) => bigRoomsFree(page, ctx, false),
  },
  {
    key: 'busiest-day-next-week',
    name: 'My busiest day next week',
    prompt:
      'Next week (Monday, March 23 to Friday, March 27), which day has the most hours of meetings that I organize or have accepted? Give the date (YYYY-MM-DD) and the total hours.',
    startUrl: '/calendar/week',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'aggregate and compare',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'extract_and_understand'],
      capabilities: ['data_displays', 'navigation_and_structure'],
    },
    expectedOutput: { date: '2026-03-24', hours: 5.75 },
    outputSchema: {
      type: 'object',
      properties: {
        date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        hours: { type: 'number', minimum: 0 },
      },
      required: ['date', 'hours'],
      additionalProperties: false,
    },
    solve: (page, ctx) => busiestDay(page, ctx, false),
    // Also counts meetings not answered yet or marked maybe.
    wrong: (page, ctx) => busiestDay(page, ctx, true),
  },
];
