import type { FrameLocator, Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { bookingWidget, isoFromLong, signIn } from './steps';

async function bookIntroCall(page: Page, ctx: SolveContext, slotIndex: number): Promise<undefined> {
  await signIn(page, ctx);
  const widget = await bookingWidget(page);
  await widget.getByRole('link', { name: /Intro call/ }).click();
  await widget.getByRole('link', { name: 'Wednesday, March 18, 2026' }).click();
  await widget.getByRole('heading', { name: 'Available times on Wednesday, March 18, 2026' }).waitFor();
  await widget.locator('.slot').nth(slotIndex).click();
  await widget.getByLabel('Your name').fill('Alex Moreno');
  await widget.getByLabel('Email').fill('alex.moreno@fieldnote.io');
  await widget.getByRole('button', { name: 'Confirm booking' }).click();
  await widget.getByRole('heading', { name: 'You are booked' }).waitFor();
  return undefined;
}

async function firstSlot(widget: FrameLocator): Promise<{ date: string; time: string }> {
  const label = (await widget.locator('.date-strip a[aria-current="date"]').getAttribute('aria-label')) ?? '';
  const time = (await widget.locator('.slot').first().textContent())?.trim() ?? '';
  return { date: isoFromLong(label), time };
}

export const bookingTestCases: TestCaseDefinition[] = [
  {
    key: 'book-intro-call-in-embed',
    name: 'Book an intro call through the embedded booking page',
    prompt:
      'Alex Moreno (alex.moreno@fieldnote.io) asked me to book him in. Using the live preview of my booking page on the "Share my booking page" screen, book him a 30-minute Intro call at the earliest time available on Wednesday, March 18.',
    startUrl: '/login',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a booking',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['iframe_and_shadow_dom', 'forms_and_inputs', 'auth_and_bot_protection'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'events',
        changes: {
          title: 'Intro call with Alex Moreno',
          start_at: '2026-03-18T09:00',
          end_at: '2026-03-18T09:30',
          organizer_id: 1,
          location: 'Video call',
        },
      },
      {
        action: 'INSERT',
        table_name: 'bookings',
        changes: {
          appointment_type_id: 1,
          guest_name: 'Alex Moreno',
          guest_email: 'alex.moreno@fieldnote.io',
          start_at: '2026-03-18T09:00',
        },
      },
    ],
    solve: (page, ctx) => bookIntroCall(page, ctx, 0),
    // Takes the second slot of the day.
    wrong: (page, ctx) => bookIntroCall(page, ctx, 1),
  },
  {
    key: 'earliest-consultation-slot',
    name: 'Earliest bookable consultation',
    prompt:
      'If a client opened my booking page right now, what is the earliest date and time they could book a Project consultation? Check it in the live preview on the "Share my booking page" screen.',
    startUrl: '/login',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a value',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['iframe_and_shadow_dom', 'data_displays'],
    },
    expectedOutput: { date: '2026-03-16', time: '1:00 PM' },
    outputSchema: {
      type: 'object',
      properties: {
        date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        time: { type: 'string', pattern: '^\\d{1,2}:\\d{2} (AM|PM)$' },
      },
      required: ['date', 'time'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      const widget = await bookingWidget(page);
      await widget.getByRole('link', { name: /Project consultation/ }).click();
      await widget.locator('.slot').first().waitFor();
      return firstSlot(widget);
    },
    // Assumes today is not bookable and reads tomorrow's first time.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      const widget = await bookingWidget(page);
      await widget.getByRole('link', { name: /Project consultation/ }).click();
      await widget.getByRole('link', { name: 'Tuesday, March 17, 2026' }).click();
      await widget.getByRole('heading', { name: /Tuesday, March 17/ }).waitFor();
      return firstSlot(widget);
    },
  },
];
