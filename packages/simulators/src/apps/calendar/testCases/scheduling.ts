import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { clockRange, fillEventForm, signIn } from './steps';

const THURSDAY = 'Thursday, March 19, 2026';
const GUESTS = ['Priya Raman', 'Tomás Ortega', 'Hannah Becker'];

interface Person {
  hours: [number, number] | null;
  busy: [number, number][];
}

/** Reads a colleague's Thursday working hours and busy meetings from their People page. */
async function readPerson(page: Page, name: string): Promise<Person> {
  await page.getByRole('link', { name: 'People', exact: true }).click();
  await page.getByLabel('Find a person').fill(name);
  await page.getByLabel('Find a person').press('Enter');
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  const hoursText = await page
    .locator('.hours li', { hasText: 'Thursday' })
    .locator('span')
    .nth(1)
    .textContent();
  const busy = await page
    .locator(`.schedule-day[aria-label="${THURSDAY}"] li:not(.is-free) .slot-time`)
    .allTextContents();
  return { hours: hoursText === 'Off' ? null : clockRange(hoursText ?? ''), busy: busy.map(clockRange) };
}

function hhmm(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The earliest hour-long gap on the 30-minute grid where nobody is busy, optionally inside everyone's hours. */
function earliestSlot(people: Person[], respectHours: boolean): number {
  const open = respectHours ? Math.max(...people.map((p) => p.hours?.[0] ?? 24 * 60)) : 8 * 60;
  const close = respectHours ? Math.min(...people.map((p) => p.hours?.[1] ?? 0)) : 18 * 60;
  for (let t = open; t + 60 <= close; t += 30) {
    if (people.every((p) => p.busy.every(([s, e]) => e <= t || s >= t + 60))) return t;
  }
  throw new Error('no common slot');
}

/**
 * Tries the rooms that seat enough people from the smallest up; the form names a room that is already
 * booked, so the first one it accepts is the smallest free one.
 */
async function saveInSmallestFreeRoom(page: Page, seats: number): Promise<void> {
  const options = await page.locator('#room option').allTextContents();
  const fitting = options
    .map((label) => ({ label, seats: Number(/seats (\d+)/.exec(label)?.[1] ?? 0) }))
    .filter((o) => o.seats >= seats)
    .sort((a, b) => a.seats - b.seats);
  for (const option of fitting) {
    await page.getByLabel('Room', { exact: true }).selectOption({ label: option.label });
    await page.getByRole('button', { name: 'Save event' }).click();
    const refused = page.locator('.field-error', { hasText: 'already booked' });
    const saved = page.locator('.kit-toast-success');
    await refused.or(saved).first().waitFor();
    if (await saved.isVisible()) return;
  }
  throw new Error('no free room');
}

async function scheduleLaunchReadiness(
  page: Page,
  ctx: SolveContext,
  respectHours: boolean,
): Promise<undefined> {
  await signIn(page, ctx);
  const people = [await readPerson(page, 'Jordan Ellis')];
  for (const name of GUESTS) people.push(await readPerson(page, name));
  const start = earliestSlot(people, respectHours);
  await page.getByRole('link', { name: '+ New event' }).click();
  await fillEventForm(page, {
    title: 'Launch readiness',
    date: '2026-03-19',
    start: hhmm(start),
    end: hhmm(start + 60),
    guests: GUESTS,
  });
  await saveInSmallestFreeRoom(page, 4);
  return undefined;
}

export const schedulingTestCases: TestCaseDefinition[] = [
  {
    key: 'find-slot-launch-readiness',
    name: 'Find a slot and a room for launch readiness',
    prompt:
      'Schedule a one-hour "Launch readiness" meeting on Thursday, March 19 with Priya Raman, Tomás Ortega and Hannah Becker. Pick the earliest half-hour start when all four of us are free and inside everyone\'s working hours, and book the smallest meeting room that seats the four of us and is free then.',
    startUrl: '/calendar/week',
    hint: "Each person's page on People shows their working hours and their meetings this week; the event form refuses a room that is already booked.",
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'schedule under constraints',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand', 'navigation_and_input'],
      capabilities: ['data_displays', 'forms_and_inputs', 'navigation_and_structure', 'search_and_extract'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'events',
        changes: {
          title: 'Launch readiness',
          start_at: '2026-03-19T15:00',
          end_at: '2026-03-19T16:00',
          room_id: 12,
          organizer_id: 1,
          recurrence: 'none',
          status: 'confirmed',
        },
      },
      { action: 'INSERT', table_name: 'attendees', changes: { person_id: 2, response: 'needs_action' } },
      { action: 'INSERT', table_name: 'attendees', changes: { person_id: 3, response: 'needs_action' } },
      { action: 'INSERT', table_name: 'attendees', changes: { person_id: 4, response: 'needs_action' } },
    ],
    solve: (page, ctx) => scheduleLaunchReadiness(page, ctx, true),
    // Ignores working hours: 9 AM is free for all, but Tomás only starts at 10.
    wrong: (page, ctx) => scheduleLaunchReadiness(page, ctx, false),
  },
];
