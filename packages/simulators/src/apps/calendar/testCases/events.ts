import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { fillEventForm, openEventBySearch, saveEvent, signIn } from './steps';

const HIRING_SYNC = 13;
const DATA_PLATFORM_SYNC = 11;

async function newEvent(page: Page, ctx: SolveContext) {
  await signIn(page, ctx);
  await page.getByRole('link', { name: '+ New event' }).click();
  await page.getByRole('heading', { name: 'New event' }).waitFor();
}

/** Moves the hiring sync; when the room is refused, tries the given rooms in order. */
async function moveHiringSync(page: Page, ctx: SolveContext, rooms: string[]): Promise<undefined> {
  await signIn(page, ctx);
  await openEventBySearch(page, 'Hiring sync');
  await page.getByRole('link', { name: 'Edit event' }).click();
  await fillEventForm(page, { start: '14:30', end: '15:00' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  for (const room of rooms) {
    const refused = page.locator('.field-error', { hasText: 'already booked' });
    const saved = page.locator('.kit-toast-success');
    await refused.or(saved).first().waitFor();
    if (await saved.isVisible()) return undefined;
    await fillEventForm(page, { room });
    await page.getByRole('button', { name: 'Save changes' }).click();
  }
  await page.locator('.kit-toast-success').waitFor();
  return undefined;
}

async function addGuestToDataSync(page: Page, ctx: SolveContext, heedWarning: boolean): Promise<undefined> {
  await signIn(page, ctx);
  await openEventBySearch(page, 'Data platform sync');
  await page.getByRole('link', { name: 'Edit event' }).click();
  await fillEventForm(page, { guests: ['Hannah Becker'] });
  await page.getByRole('button', { name: 'Save changes' }).click();
  const warning = page.getByRole('dialog', { name: 'Some people are busy' });
  await warning.or(page.locator('.kit-toast-success')).first().waitFor();
  if (await warning.isVisible()) {
    if (!heedWarning) {
      await warning.getByRole('button', { name: 'Save anyway' }).click();
      await page.locator('.kit-toast-success').waitFor();
      return undefined;
    }
    await warning.getByRole('button', { name: 'Go back and edit' }).click();
    await page.getByRole('checkbox', { name: 'Hannah Becker' }).uncheck();
    await page.getByRole('checkbox', { name: 'Lee Park' }).check();
    await saveEvent(page, 'Save changes');
  }
  return undefined;
}

export const eventTestCases: TestCaseDefinition[] = [
  {
    key: 'create-onboarding-design-crit',
    name: 'Book a design crit with two designers',
    prompt:
      'Put a "Design crit: onboarding flow" on my calendar for Thursday, March 19, 11:00 to 11:45 AM in the Compass room, and invite Tomás Ortega and Lucía Fernández.',
    startUrl: '/calendar/week',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'auth_and_bot_protection'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'events',
        changes: {
          title: 'Design crit: onboarding flow',
          start_at: '2026-03-19T11:00',
          end_at: '2026-03-19T11:45',
          room_id: 7,
          location: 'Compass · Floor 2',
          organizer_id: 1,
          recurrence: 'none',
          occurrences: 1,
          status: 'confirmed',
        },
      },
      { action: 'INSERT', table_name: 'attendees', changes: { person_id: 3, response: 'needs_action' } },
      { action: 'INSERT', table_name: 'attendees', changes: { person_id: 24, response: 'needs_action' } },
    ],
    solve: async (page, ctx) => {
      await newEvent(page, ctx);
      await fillEventForm(page, {
        title: 'Design crit: onboarding flow',
        date: '2026-03-19',
        start: '11:00',
        end: '11:45',
        room: 'Compass',
        guests: ['Tomás Ortega', 'Lucía Fernández'],
      });
      await saveEvent(page, 'Save event');
      return undefined;
    },
    // Forgets the second guest.
    wrong: async (page, ctx) => {
      await newEvent(page, ctx);
      await fillEventForm(page, {
        title: 'Design crit: onboarding flow',
        date: '2026-03-19',
        start: '11:00',
        end: '11:45',
        room: 'Compass',
        guests: ['Tomás Ortega'],
      });
      await saveEvent(page, 'Save event');
      return undefined;
    },
  },
  {
    key: 'weekly-one-on-one-with-sam',
    name: 'Set up a weekly 1:1',
    prompt:
      'Set up a weekly 30-minute "1:1 Jordan / Sam" with Sam Okoro on Mondays at 4:00 PM, starting March 23, for 8 weeks, as a video call (location "Video call").',
    startUrl: '/calendar/week',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a recurring record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'events',
        changes: {
          title: '1:1 Jordan / Sam',
          start_at: '2026-03-23T16:00',
          end_at: '2026-03-23T16:30',
          location: 'Video call',
          room_id: null,
          recurrence: 'weekly',
          occurrences: 8,
          organizer_id: 1,
        },
      },
      { action: 'INSERT', table_name: 'attendees', changes: { person_id: 5, response: 'needs_action' } },
    ],
    solve: async (page, ctx) => {
      await newEvent(page, ctx);
      await fillEventForm(page, {
        title: '1:1 Jordan / Sam',
        date: '2026-03-23',
        start: '16:00',
        end: '16:30',
        location: 'Video call',
        guests: ['Sam Okoro'],
        weeks: 8,
      });
      await saveEvent(page, 'Save event');
      return undefined;
    },
    // A one-off meeting: the repeat is never set.
    wrong: async (page, ctx) => {
      await newEvent(page, ctx);
      await fillEventForm(page, {
        title: '1:1 Jordan / Sam',
        date: '2026-03-23',
        start: '16:00',
        end: '16:30',
        location: 'Video call',
        guests: ['Sam Okoro'],
      });
      await saveEvent(page, 'Save event');
      return undefined;
    },
  },
  {
    key: 'cancel-duplicate-budget-check-in',
    name: 'Cancel the duplicate budget check-in',
    prompt:
      'I accidentally created the "Budget check-in" with Aisha twice next Tuesday. Cancel the copy that has no room booked and keep the other one.',
    startUrl: '/calendar/week',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'delete a duplicate',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'search_and_extract'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'events', pk: '5', changes: { status: 'cancelled' } },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      for (const nth of [0, 1]) {
        await openEventBySearch(page, 'Budget check-in', nth);
        if ((await page.getByText('No room booked').count()) > 0) break;
      }
      await page.getByRole('button', { name: 'Cancel event' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel event' }).click();
      await page.locator('.kit-toast-success').waitFor();
      return undefined;
    },
    // Cancels the first one it finds: the one with the room.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openEventBySearch(page, 'Budget check-in', 0);
      await page.getByRole('button', { name: 'Cancel event' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel event' }).click();
      await page.locator('.kit-toast-success').waitFor();
      return undefined;
    },
  },
  {
    key: 'add-guest-unless-busy',
    name: 'Add Hannah to the data platform sync, or Lee if she is busy',
    prompt:
      'Add Hannah Becker to my "Data platform sync" on Tuesday. If Slotwise says she is busy at that time, do not double-book her: invite Lee Park instead.',
    startUrl: '/calendar/week',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a record with a fallback',
      reasoning_level: 'level_3',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'error_state_handling', 'forms_and_inputs'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'attendees',
        pk: `[${DATA_PLATFORM_SYNC},6]`,
        changes: { response: 'needs_action' },
      },
    ],
    solve: (page, ctx) => addGuestToDataSync(page, ctx, true),
    // Clicks "Save anyway" on the busy warning.
    wrong: (page, ctx) => addGuestToDataSync(page, ctx, false),
  },
  {
    key: 'move-hiring-sync-room-conflict',
    name: 'Move the hiring sync and find it a room',
    prompt:
      'Move my Hiring sync on Wednesday to 2:30 PM, same length. It must stay in a room: if its room is taken then, switch to the smallest room that is free and seats everyone.',
    startUrl: '/calendar/week',
    hint: 'The event form refuses a room that is already booked and tells you by whom.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'reschedule under constraints',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['error_state_handling', 'forms_and_inputs', 'data_displays'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'events',
        pk: String(HIRING_SYNC),
        changes: {
          start_at: '2026-03-18T14:30',
          end_at: '2026-03-18T15:00',
          room_id: 1,
          location: 'Fjord · Floor 2',
        },
      },
    ],
    // Three people: Anchor (2 seats) is too small, Driftwood (3) and Compass (4) are taken, Fjord (4) is free.
    solve: (page, ctx) => moveHiringSync(page, ctx, ['Driftwood', 'Fjord']),
    // Gives up on a room when Compass is taken.
    wrong: (page, ctx) => moveHiringSync(page, ctx, ['No room']),
  },
];
