import type { Page } from 'playwright-core';
import { type EventInput, fillEventForm, signIn as signInCalendar } from '../apps/calendar/testCases/steps';
import { openThread, searchMail, signIn as signInMail, threadMessages } from '../apps/mail/testCases/steps';
import type { CrossAppSolveContext, CrossAppTestCaseDefinition } from '../testing/crossAppTestCase';

/** Calendar people the cases invite (calendar/data/people.ts, ids in its order). */
const OMAR_HADDAD = 23;
const ORGANIZER = 1;

/** Reads a conversation in mail: signs in, finds it by its subject, and returns its messages. */
async function readMail(page: Page, ctx: CrossAppSolveContext, query: string, subject: string) {
  await signInMail(page, ctx.apps.mail!);
  await searchMail(page, query);
  await openThread(page, subject);
  return threadMessages(page);
}

/** Goes over to the calendar, signs in, and saves a new event with what is given. */
async function addEvent(
  page: Page,
  ctx: CrossAppSolveContext,
  event: EventInput & { showAs?: 'Busy' | 'Free' },
): Promise<void> {
  await page.goto(ctx.apps.calendar!.url('/calendar/week'));
  await signInCalendar(page, ctx.apps.calendar!);
  await page.getByRole('link', { name: '+ New event' }).click();
  await page.getByRole('heading', { name: 'New event' }).waitFor();
  await fillEventForm(page, event);
  if (event.showAs) await page.getByLabel('Show as').selectOption({ label: event.showAs });
  await page.getByRole('button', { name: 'Save event' }).click();
  // Inviting someone busy then asks first; the task's time is the one the mail gave, so it is kept.
  const warning = page.getByRole('dialog', { name: 'Some people are busy' });
  await warning.or(page.locator('.kit-toast-success')).first().waitFor();
  if (await warning.isVisible()) await warning.getByRole('button', { name: 'Save anyway' }).click();
  await page.locator('.kit-toast-success').waitFor();
}

/** The offsite dates in Sofia's mail, with the votes the replies give each. */
function countVotes(bodies: string[]): Map<string, number> {
  const dates = ['April 16', 'April 17', 'April 23'];
  const votes = new Map(dates.map((date) => [date, 0]));
  // The first message proposes the dates; each reply votes for the date it calls its vote or says works best.
  for (const body of bodies.slice(1)) {
    const chosen =
      dates.find((date) => new RegExp(`${date} is my vote`).test(body)) ??
      dates.find((date) => body.includes(date));
    if (chosen) votes.set(chosen, (votes.get(chosen) ?? 0) + 1);
  }
  return votes;
}

const OFFSITE_DAY: Record<string, string> = {
  'April 16': '2026-04-16',
  'April 17': '2026-04-17',
  'April 23': '2026-04-23',
};

const unused = undefined;

/** Mail → calendar: the meeting a mail asks for, put in the calendar. */
export const mailToCalendarTestCases: CrossAppTestCaseDefinition[] = [
  {
    key: 'offsite-on-the-voted-date',
    simulators: ['mail', 'calendar'],
    name: 'Put the team offsite on the date the team voted for',
    prompt:
      'Sofia asked the team by mail to vote on a date for the spring offsite, and the replies are in. Put "Team offsite" on my calendar on the date that got the most votes, from 9:00 AM to 5:00 PM, with the location "Cascade Lodge, Hood River".',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record from what another app says',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['forms_and_inputs'],
    },
    expectedMutations: [
      {
        simulator: 'calendar',
        action: 'INSERT',
        table_name: 'events',
        changes: {
          title: 'Team offsite',
          start_at: '2026-04-17T09:00',
          end_at: '2026-04-17T17:00',
          location: 'Cascade Lodge, Hood River',
          organizer_id: ORGANIZER,
          recurrence: 'none',
          status: 'confirmed',
        },
      },
    ],
    solve: async (page, ctx) => {
      const messages = await readMail(page, ctx, 'offsite', 'Team offsite — vote for a date');
      const votes = countVotes(messages.map((message) => message.body));
      const [winner] = [...votes].sort((a, b) => b[1] - a[1])[0]!;
      await addEvent(page, ctx, {
        title: 'Team offsite',
        date: OFFSITE_DAY[winner],
        start: '09:00',
        end: '17:00',
        location: 'Cascade Lodge, Hood River',
      });
      return unused;
    },
    // Takes the first date Sofia proposed instead of counting the replies.
    wrong: async (page, ctx) => {
      await readMail(page, ctx, 'offsite', 'Team offsite — vote for a date');
      await addEvent(page, ctx, {
        title: 'Team offsite',
        date: '2026-04-16',
        start: '09:00',
        end: '17:00',
        location: 'Cascade Lodge, Hood River',
      });
      return unused;
    },
  },
  {
    key: 'laptop-swap-with-omar',
    simulators: ['mail', 'calendar'],
    name: 'Book the laptop swap on the day the new laptops arrive',
    prompt:
      'Omar mailed me about the laptop refresh. Put a 30-minute "Laptop swap" on my calendar at 10:00 AM on the day the new MacBooks arrive, and invite Omar Haddad.',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record from what another app says',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['forms_and_inputs'],
    },
    expectedMutations: [
      {
        simulator: 'calendar',
        action: 'INSERT',
        table_name: 'events',
        changes: {
          title: 'Laptop swap',
          start_at: '2026-03-18T10:00',
          end_at: '2026-03-18T10:30',
          organizer_id: ORGANIZER,
          recurrence: 'none',
          status: 'confirmed',
        },
      },
      {
        simulator: 'calendar',
        action: 'INSERT',
        table_name: 'attendees',
        changes: { person_id: OMAR_HADDAD, response: 'needs_action' },
      },
    ],
    solve: async (page, ctx) => {
      const [mail] = await readMail(page, ctx, 'laptop', 'Laptop refresh schedule');
      // "arrive on the 18th", in the month the mail was written (March 2026).
      const day = /arrive on the (\d+)/.exec(mail!.body)?.[1];
      await addEvent(page, ctx, {
        title: 'Laptop swap',
        date: `2026-03-${day}`,
        start: '10:00',
        end: '10:30',
        guests: ['Omar Haddad'],
      });
      return unused;
    },
    // Books it on the day the mail was sent (Friday, March 6) instead of the day the laptops arrive.
    wrong: async (page, ctx) => {
      await readMail(page, ctx, 'laptop', 'Laptop refresh schedule');
      await addEvent(page, ctx, {
        title: 'Laptop swap',
        date: '2026-03-06',
        start: '10:00',
        end: '10:30',
        guests: ['Omar Haddad'],
      });
      return unused;
    },
  },
  {
    key: 'kestrel-invoice-due-reminder',
    simulators: ['mail', 'calendar'],
    name: 'Block time to pay the Kestrel Studios invoice on its due date',
    prompt:
      'Kestrel Studios sent me an invoice by mail. Put a 15-minute "Pay Kestrel Studios invoice" on my calendar at 9:00 AM on the day it is due, shown as free.',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record from what another app says',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['forms_and_inputs'],
    },
    expectedMutations: [
      {
        simulator: 'calendar',
        action: 'INSERT',
        table_name: 'events',
        changes: {
          title: 'Pay Kestrel Studios invoice',
          start_at: '2026-03-20T09:00',
          end_at: '2026-03-20T09:15',
          show_as: 'free',
          organizer_id: ORGANIZER,
          recurrence: 'none',
          status: 'confirmed',
        },
      },
    ],
    solve: async (page, ctx) => {
      const [mail] = await readMail(page, ctx, 'Kestrel', 'Invoice KS-0192 from Kestrel Studios');
      const due = /due on March (\d+), 2026/.exec(mail!.body)?.[1];
      await addEvent(page, ctx, {
        title: 'Pay Kestrel Studios invoice',
        date: `2026-03-${due}`,
        start: '09:00',
        end: '09:15',
        showAs: 'Free',
      });
      return unused;
    },
    // Reads the invoice's own date (February 18) as the day to pay it.
    wrong: async (page, ctx) => {
      await readMail(page, ctx, 'Kestrel', 'Invoice KS-0192 from Kestrel Studios');
      await addEvent(page, ctx, {
        title: 'Pay Kestrel Studios invoice',
        date: '2026-02-18',
        start: '09:00',
        end: '09:15',
        showAs: 'Free',
      });
      return unused;
    },
  },
];
