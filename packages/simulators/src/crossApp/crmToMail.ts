import type { Page } from 'playwright-core';
import { openRail, row, searchTable, signIn as signInCrm } from '../apps/crm/testCases/steps';
import { sendAndWait, signIn as signInMail } from '../apps/mail/testCases/steps';
import type { CrossAppSolveContext, CrossAppTestCaseDefinition } from '../testing/crossAppTestCase';

/**
 * Finds a deal in the CRM by its title and stage (two deals may share a title), opens its contact and reads the
 * address on the contact's page.
 */
async function dealContactEmail(
  page: Page,
  ctx: CrossAppSolveContext,
  deal: { search: string; title: string; stage: string },
): Promise<string> {
  await signInCrm(page, ctx.apps.crm!);
  await openRail(page, 'Deals');
  await searchTable(page, 'deals', deal.search);
  await row(page, deal.title, deal.stage).getByRole('link', { name: deal.title, exact: true }).click();
  await page.getByRole('heading', { name: deal.title, level: 1 }).waitFor();
  return contactEmailFromDeal(page);
}

/** On a deal's page: follows its contact and reads the contact's address. */
async function contactEmailFromDeal(page: Page): Promise<string> {
  await page
    .locator('dt', { hasText: /^Contact$/ })
    .locator('+ dd a')
    .click();
  await page.locator('dt', { hasText: /^Email$/ }).waitFor();
  return (
    (await page
      .locator('dt', { hasText: /^Email$/ })
      .locator('+ dd')
      .textContent()) ?? ''
  ).trim();
}

/** Goes over to mail, signs in and sends a new message to `to`. */
async function sendMail(
  page: Page,
  ctx: CrossAppSolveContext,
  message: { to: string; subject: string; body: string },
): Promise<void> {
  await page.goto(ctx.apps.mail!.url('/mail/inbox'));
  await signInMail(page, ctx.apps.mail!);
  await page.getByRole('link', { name: '✎ Compose' }).click();
  await page.getByLabel('To', { exact: true }).fill(message.to);
  await page.getByLabel('Subject', { exact: true }).fill(message.subject);
  await page.getByLabel('Message', { exact: true }).fill(message.body);
  await sendAndWait(page);
}

/** A new conversation in Sent, and its message to exactly this address with this subject (any wording). */
function followUpSent(to: string, subject: string): CrossAppTestCaseDefinition['expectedMutations'] {
  return [
    { simulator: 'mail', action: 'INSERT', table_name: 'threads', changes: { subject, folder: 'sent' } },
    {
      simulator: 'mail',
      action: 'INSERT',
      table_name: 'messages',
      changes: { kind: 'original', to_addrs: to, cc_addrs: '', subject },
    },
  ];
}

const unused = undefined;
const metadata: CrossAppTestCaseDefinition['metadata'] = {
  goal_type: 'send a message to a record of another app',
  reasoning_level: 'level_2',
  skills: ['extract_and_understand', 'navigation_and_input'],
  capabilities: ['forms_and_inputs', 'search_and_extract'],
};

const KESTREL = {
  search: 'Kestrel',
  title: 'Kestrel Logistics – Route optimisation',
  stage: 'Proposal sent',
};
const KESTREL_SUBJECT = 'Following up on the route optimisation proposal';
const NORTHWIND = {
  search: 'Northwind',
  title: 'Northwind Traders – Fleet telematics',
  stage: 'Demo scheduled',
};
const NORTHWIND_SUBJECT = 'Fleet telematics demo: next steps';
const BRIGHTWAVE_SUBJECT = 'Brightwave data platform: final terms';

/** CRM → mail: a follow-up mail to a deal's contact, the address read in the CRM. */
export const crmToMailTestCases: CrossAppTestCaseDefinition[] = [
  {
    key: 'kestrel-proposal-follow-up',
    simulators: ['crm', 'mail'],
    name: 'Mail the contact of the Kestrel route optimisation deal',
    prompt: `In the CRM, the "Kestrel Logistics – Route optimisation" deal is waiting on our proposal. From my mail, send a new message to that deal's contact, with the subject "${KESTREL_SUBJECT}" and a short note asking whether they had a chance to review it.`,
    startUrl: '/pipeline/1',
    scoringTypes: ['mutations'],
    metadata,
    expectedMutations: followUpSent('tomas.herrera@kestrel-logistics.com', KESTREL_SUBJECT),
    solve: async (page, ctx) => {
      const to = await dealContactEmail(page, ctx, KESTREL);
      await sendMail(page, ctx, {
        to,
        subject: KESTREL_SUBJECT,
        body: 'Hi Tomás,\n\nDid you have a chance to review our route optimisation proposal? Happy to walk you through it.',
      });
      return unused;
    },
    // Looks the name up among the contacts and takes the other Tomás Herrera (Orchard & Vine's).
    wrong: async (page, ctx) => {
      await signInCrm(page, ctx.apps.crm!);
      await openRail(page, 'Contacts');
      await searchTable(page, 'contacts', 'Herrera');
      await row(page, 'Orchard').getByRole('link', { name: 'Tomás Herrera' }).click();
      await page.locator('dt', { hasText: /^Email$/ }).waitFor();
      const to = (
        (await page
          .locator('dt', { hasText: /^Email$/ })
          .locator('+ dd')
          .textContent()) ?? ''
      ).trim();
      await sendMail(page, ctx, {
        to,
        subject: KESTREL_SUBJECT,
        body: 'Hi Tomás,\n\nDid you have a chance to review our route optimisation proposal? Happy to walk you through it.',
      });
      return unused;
    },
  },
  {
    key: 'northwind-demo-follow-up',
    simulators: ['crm', 'mail'],
    name: 'Mail next steps to the contact of the Northwind telematics deal',
    prompt: `The "Northwind Traders – Fleet telematics" deal in the CRM has its demo scheduled. Send its contact a mail from my mailbox with the subject "${NORTHWIND_SUBJECT}", proposing the next steps after the demo.`,
    startUrl: '/pipeline/1',
    scoringTypes: ['mutations'],
    metadata,
    expectedMutations: followUpSent('priya.raman@northwindtraders.com', NORTHWIND_SUBJECT),
    solve: async (page, ctx) => {
      const to = await dealContactEmail(page, ctx, NORTHWIND);
      await sendMail(page, ctx, {
        to,
        subject: NORTHWIND_SUBJECT,
        body: 'Hi Priya,\n\nThanks for making time for the demo. Next: a pilot on ten vehicles, then a review of the results together.',
      });
      return unused;
    },
    // Sends it to Priya Ramani of Kestrel Logistics: a near-identical name, typed from memory.
    wrong: async (page, ctx) => {
      await dealContactEmail(page, ctx, NORTHWIND);
      await sendMail(page, ctx, {
        to: 'priya.ramani@kestrel-logistics.com',
        subject: NORTHWIND_SUBJECT,
        body: 'Hi Priya,\n\nThanks for making time for the demo. Next: a pilot on ten vehicles, then a review of the results together.',
      });
      return unused;
    },
  },
  {
    key: 'brightwave-negotiation-follow-up',
    simulators: ['crm', 'mail'],
    name: 'Mail the contact of the Brightwave deal that is in negotiation',
    prompt: `There are two "Brightwave – Data platform" deals in the CRM. Mail the contact of the one in the Negotiation stage, from my mailbox, with the subject "${BRIGHTWAVE_SUBJECT}" and a line saying the final terms are on their way.`,
    startUrl: '/pipeline/1',
    scoringTypes: ['mutations'],
    metadata: { ...metadata, reasoning_level: 'level_3' },
    expectedMutations: followUpSent('oskar.brandt@brightwave.io', BRIGHTWAVE_SUBJECT),
    solve: async (page, ctx) => {
      const to = await dealContactEmail(page, ctx, {
        search: 'Brightwave',
        title: 'Brightwave – Data platform',
        stage: 'Negotiation',
      });
      await sendMail(page, ctx, {
        to,
        subject: BRIGHTWAVE_SUBJECT,
        body: 'Hi Oskar,\n\nThe final terms are on their way to you this week.',
      });
      return unused;
    },
    // Mails the contact of the other deal of the same name (Discovery, in the Enterprise pipeline).
    wrong: async (page, ctx) => {
      const to = await dealContactEmail(page, ctx, {
        search: 'Brightwave',
        title: 'Brightwave – Data platform',
        stage: 'Discovery',
      });
      await sendMail(page, ctx, {
        to,
        subject: BRIGHTWAVE_SUBJECT,
        body: 'Hi Felix,\n\nThe final terms are on their way to you this week.',
      });
      return unused;
    },
  },
];
