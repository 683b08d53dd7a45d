import type { Page } from 'playwright-core';
import { addRecipient, sendAndWait, signIn as signInMail } from '../apps/mail/testCases/steps';
import { openTrip, signIn as signInStays } from '../apps/stays/testCases/steps';
import type { CrossAppSolveContext, CrossAppTestCaseDefinition } from '../testing/crossAppTestCase';

/** A booking as its trip page shows it: the code, the stay's dates and what was paid. */
interface Booking {
  code: string;
  checkIn: string;
  checkOut: string;
  total: string;
}

/** Signs in to Roamly and reads a booking from its trip page, found by the stay's title. */
async function readBooking(
  page: Page,
  ctx: CrossAppSolveContext,
  title: string,
  tab: 'Upcoming' | 'Past' = 'Upcoming',
): Promise<Booking> {
  await signInStays(page, ctx.apps.stays!);
  await openTrip(page, title, tab);
  const fact = async (term: string) =>
    (
      (await page
        .locator('.trip-facts div', { has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
        .locator('dd')
        .textContent()) ?? ''
    ).trim();
  return {
    code: await fact('Confirmation code'),
    checkIn: (await fact('Check-in')).replace(/, after .*$/, ''),
    checkOut: (await fact('Checkout')).replace(/, by .*$/, ''),
    total: ((await page.locator('price-breakdown [data-row="total"] dd').textContent()) ?? '').trim(),
  };
}

interface Recipient {
  /** What is typed in the field before picking the suggestion. */
  typed: string;
  /** The suggestion to pick (its name or address). */
  pick: string;
}

/** Goes over to mail, signs in and sends a new message to contacts picked from the suggestions. */
async function sendMail(
  page: Page,
  ctx: CrossAppSolveContext,
  message: { to: Recipient; cc?: Recipient; subject: string; body: string },
): Promise<void> {
  await page.goto(ctx.apps.mail!.url('/mail/inbox'));
  await signInMail(page, ctx.apps.mail!);
  await page.getByRole('link', { name: '✎ Compose' }).click();
  await addRecipient(page, 'To', message.to.typed, message.to.pick);
  if (message.cc) await addRecipient(page, 'Cc', message.cc.typed, message.cc.pick);
  await page.getByLabel('Subject', { exact: true }).fill(message.subject);
  await page.getByLabel('Message', { exact: true }).fill(message.body);
  await sendAndWait(page);
}

/** A new conversation in Sent, and its message to exactly these addresses with this subject (any wording). */
function mailSent(to: string, subject: string, cc = ''): CrossAppTestCaseDefinition['expectedMutations'] {
  return [
    { simulator: 'mail', action: 'INSERT', table_name: 'threads', changes: { subject, folder: 'sent' } },
    {
      simulator: 'mail',
      action: 'INSERT',
      table_name: 'messages',
      changes: { kind: 'original', to_addrs: to, cc_addrs: cc, subject },
    },
  ];
}

/** The message the reference solutions write: the booking's code and dates. */
function bookingNote(greeting: string, stay: string, booking: Booking): string {
  return `Hi ${greeting},\n\nHere are the details of my stay at ${stay}: confirmation code ${booking.code}, check-in ${booking.checkIn}, checkout ${booking.checkOut}.`;
}

const subjectOf = (booking: Booking) => `Roamly booking ${booking.code}`;

const unused = undefined;
const metadata: CrossAppTestCaseDefinition['metadata'] = {
  goal_type: 'send what another app says to someone',
  reasoning_level: 'level_2',
  skills: ['extract_and_understand', 'navigation_and_input'],
  capabilities: ['forms_and_inputs', 'data_displays'],
};

const SUBJECT_RULE =
  'with the subject "Roamly booking" followed by the booking’s confirmation code (like "Roamly booking RM-1AB2CD")';

/** Stays → mail: a booking's confirmation details mailed to someone, the details read in Roamly. */
export const staysToMailTestCases: CrossAppTestCaseDefinition[] = [
  {
    key: 'seville-stay-details-to-sofia',
    simulators: ['stays', 'mail'],
    name: 'Mail Sofia the confirmation of the Seville stay',
    prompt: `I'll be away in April for my Roamly stay in Seville. From my mailbox, mail Sofia Lindqvist its confirmation code and dates, ${SUBJECT_RULE}.`,
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata,
    // The Triana Tile House, April 8–12.
    expectedMutations: mailSent('sofia.lindqvist@fernhill.io', 'Roamly booking RM-7SV3TN'),
    solve: async (page, ctx) => {
      const booking = await readBooking(page, ctx, 'Triana Tile House');
      await sendMail(page, ctx, {
        to: { typed: 'Sofia', pick: 'Sofia Lindqvist' },
        subject: subjectOf(booking),
        body: bookingNote('Sofia', 'Triana Tile House in Seville', booking),
      });
      return unused;
    },
    // Sends the code of the other April stay, in Lisbon the day after (the Graça Hilltop Apartment).
    wrong: async (page, ctx) => {
      const booking = await readBooking(page, ctx, 'Graça Hilltop Apartment');
      await sendMail(page, ctx, {
        to: { typed: 'Sofia', pick: 'Sofia Lindqvist' },
        subject: subjectOf(booking),
        body: bookingNote('Sofia', 'Triana Tile House in Seville', booking),
      });
      return unused;
    },
  },
  {
    key: 'porto-beach-house-to-samuel-of-quarry',
    simulators: ['stays', 'mail'],
    name: 'Mail the Porto beach house booking to Samuel Mendes of Quarry Outdoor',
    prompt: `Samuel Mendes from Quarry Outdoor is joining me at the beach house in Porto I booked on Roamly. From my mailbox, send him the booking’s confirmation code and dates, ${SUBJECT_RULE}.`,
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: { ...metadata, capabilities: ['forms_and_inputs', 'data_displays', 'search_and_extract'] },
    // The Foz do Douro Beach House, March 20–23; two contacts are called Samuel Mendes.
    expectedMutations: mailSent('samuel.mendes@quarryoutdoor.com', 'Roamly booking RM-5PR8LS'),
    solve: async (page, ctx) => {
      const booking = await readBooking(page, ctx, 'Foz do Douro Beach House');
      await sendMail(page, ctx, {
        to: { typed: 'Samuel Mendes', pick: 'samuel.mendes@quarryoutdoor.com' },
        subject: subjectOf(booking),
        body: bookingNote('Samuel', 'the Foz do Douro Beach House', booking),
      });
      return unused;
    },
    // Picks the other Samuel Mendes the suggestions offer, the one at Atlas Recruiting.
    wrong: async (page, ctx) => {
      const booking = await readBooking(page, ctx, 'Foz do Douro Beach House');
      await sendMail(page, ctx, {
        to: { typed: 'Samuel Mendes', pick: 'samuel.mendes@atlasrecruiting.com' },
        subject: subjectOf(booking),
        body: bookingNote('Samuel', 'the Foz do Douro Beach House', booking),
      });
      return unused;
    },
  },
  {
    key: 'upcoming-lisbon-stay-to-marcus',
    simulators: ['stays', 'mail'],
    name: 'Mail Marcus the confirmation of the upcoming Lisbon stay',
    prompt: `Marcus Reyes is covering for me while I'm in Lisbon. Mail him, from my mailbox, the confirmation code and dates of my upcoming Roamly stay there, ${SUBJECT_RULE}.`,
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: { ...metadata, reasoning_level: 'level_3' },
    // The Graça Hilltop Apartment, April 9–13 (the Alfama loft was last August).
    expectedMutations: mailSent('marcus.reyes@fernhill.io', 'Roamly booking RM-9LG5HA'),
    solve: async (page, ctx) => {
      const booking = await readBooking(page, ctx, 'Graça Hilltop Apartment');
      await sendMail(page, ctx, {
        to: { typed: 'Marcus', pick: 'Marcus Reyes' },
        subject: subjectOf(booking),
        body: bookingNote('Marcus', 'the Graça Hilltop Apartment in Lisbon', booking),
      });
      return unused;
    },
    // Sends the code of the past Lisbon stay, the Alfama Rooftop Loft in August 2025.
    wrong: async (page, ctx) => {
      const booking = await readBooking(page, ctx, 'Alfama Rooftop Loft with River View', 'Past');
      await sendMail(page, ctx, {
        to: { typed: 'Marcus', pick: 'Marcus Reyes' },
        subject: subjectOf(booking),
        body: bookingNote('Marcus', 'the Alfama Rooftop Loft in Lisbon', booking),
      });
      return unused;
    },
  },
  {
    key: 'reykjavik-stay-expense-claim',
    simulators: ['stays', 'mail'],
    name: 'Mail the Reykjavik stay to finance for an expense claim, copying accounts payable',
    prompt:
      'For my expense claim, mail Priya Natarajan the confirmation code and the total I paid for my Roamly stay in Reykjavik, with Fernhill Accounts Payable in Cc, and the subject "Expense claim" followed by the confirmation code (like "Expense claim RM-1AB2CD").',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      ...metadata,
      reasoning_level: 'level_3',
      capabilities: ['forms_and_inputs', 'data_displays', 'search_and_extract'],
    },
    // The Northern Lights Glass Cabin, January 16–19, $1,255.50.
    expectedMutations: mailSent('priya.natarajan@fernhill.io', 'Expense claim RM-6JN4CV', 'ap@fernhill.io'),
    solve: async (page, ctx) => {
      const booking = await readBooking(page, ctx, 'Northern Lights Glass Cabin', 'Past');
      await sendMail(page, ctx, {
        to: { typed: 'Priya', pick: 'Priya Natarajan' },
        cc: { typed: 'Fernhill Acc', pick: 'Fernhill Accounts Payable' },
        subject: `Expense claim ${booking.code}`,
        body: `Hi Priya,\n\nMy stay at the Northern Lights Glass Cabin in Reykjavik: confirmation code ${booking.code}, ${booking.checkIn} to ${booking.checkOut}, total paid ${booking.total}.`,
      });
      return unused;
    },
    // Leaves accounts payable out of the Cc.
    wrong: async (page, ctx) => {
      const booking = await readBooking(page, ctx, 'Northern Lights Glass Cabin', 'Past');
      await sendMail(page, ctx, {
        to: { typed: 'Priya', pick: 'Priya Natarajan' },
        subject: `Expense claim ${booking.code}`,
        body: `Hi Priya,\n\nMy stay at the Northern Lights Glass Cabin in Reykjavik: confirmation code ${booking.code}, ${booking.checkIn} to ${booking.checkOut}, total paid ${booking.total}.`,
      });
      return unused;
    },
  },
];
