import type { Page } from 'playwright-core';
import type { TestCaseDefinition } from '../../../kit';
import { unpaidFebruaryInvoices } from './invoices';
import { addRecipient, openThread, searchMail, sendAndWait, signIn, threadMessages } from './steps';

const OFFSITE = 'Team offsite — vote for a date';
const TEAM_TO =
  'priya.natarajan@fernhill.io, sofia.lindqvist@fernhill.io, marcus.reyes@fernhill.io, omar.haddad@fernhill.io, hannah.cole@fernhill.io';

/** Counts the dates people voted for in the offsite thread (Sofia's first message only lists the options). */
async function offsiteVotes(page: Page): Promise<{ date: string; votes: number; weekday: string }> {
  const [, ...replies] = await threadMessages(page);
  const tally = new Map<string, { votes: number; weekday: string }>();
  for (const reply of replies) {
    // A vote names the day of the week with the date; "April 23 at a push" is not a vote.
    const vote = /(Monday|Tuesday|Wednesday|Thursday|Friday) April (\d+)/.exec(reply.body);
    if (!vote) continue;
    const key = vote[2] as string;
    const entry = tally.get(key) ?? { votes: 0, weekday: vote[1] as string };
    entry.votes += 1;
    tally.set(key, entry);
  }
  const [day, best] = [...tally.entries()].sort((a, b) => b[1].votes - a[1].votes)[0] ?? [
    '',
    { votes: 0, weekday: '' },
  ];
  return { date: `2026-04-${day.padStart(2, '0')}`, votes: best.votes, weekday: best.weekday };
}

async function forwardInvoice(page: Page, subject: string, note: string): Promise<void> {
  await searchMail(page, 'subject:invoice');
  await openThread(page, subject);
  await page.getByRole('link', { name: '↪ Forward' }).click();
  await page.getByLabel('To', { exact: true }).fill('finance-approvals@fernhill.io');
  await page.getByLabel('Message', { exact: true }).fill(note);
  await sendAndWait(page);
}

const APPROVAL_NOTE = 'Please approve for the March payment run.';

/** Writing mail: new messages, replies, forwards. */
export const composeTestCases: TestCaseDefinition[] = [
  {
    key: 'send-link-without-subject',
    name: 'Send Omar the planning link without a subject',
    prompt: 'Send Omar Haddad the link https://docs.fernhill.io/q3-plan. No subject needed — just the link.',
    startUrl: '/mail/inbox',
    hint: 'The app warns about a missing subject; you can send anyway.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'send a message',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'error_state_handling', 'feedback_and_overlays'],
    },
    expectedMutations: [
      { action: 'INSERT', table_name: 'threads', changes: { subject: '', folder: 'sent' } },
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: {
          kind: 'original',
          to_addrs: 'omar.haddad@fernhill.io',
          cc_addrs: '',
          subject: '',
          body: 'https://docs.fernhill.io/q3-plan',
        },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await page.getByRole('link', { name: '✎ Compose' }).click();
      await addRecipient(page, 'To', 'Omar', 'Omar Haddad');
      await page.getByLabel('Message', { exact: true }).fill('https://docs.fernhill.io/q3-plan');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByRole('dialog', { name: 'Send without a subject?' }).waitFor();
      await page.getByRole('button', { name: 'Send anyway' }).click();
      await page.locator('.undo-toast', { hasText: 'Message sent' }).waitFor();
      return undefined;
    },
    // Sends, then takes the Undo in the toast: the message goes back to Drafts.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await page.getByRole('link', { name: '✎ Compose' }).click();
      await addRecipient(page, 'To', 'Omar', 'Omar Haddad');
      await page.getByLabel('Message', { exact: true }).fill('https://docs.fernhill.io/q3-plan');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.getByRole('button', { name: 'Send anyway' }).click();
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByText('Sending undone').waitFor();
      return undefined;
    },
  },
  {
    key: 'reply-all-offsite-vote',
    name: 'Vote for the most popular offsite date',
    prompt:
      'Sofia asked everyone to vote on a date for the team offsite. Reply all with a vote for the date most people have picked so far, written exactly like “Friday April 24 works for me.” Also tell me which date it is and how many votes it had before mine.',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations', 'output'],
    metadata: {
      goal_type: 'reply based on a thread',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['forms_and_inputs', 'data_displays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: {
          thread_id: 2,
          kind: 'reply_all',
          to_addrs: TEAM_TO,
          cc_addrs: 'leo.martins@fernhill.io, daniel.okafor@fernhill.io',
          body: 'Friday April 17 works for me.',
        },
      },
    ],
    expectedOutput: { date: '2026-04-17', votes: 3 },
    outputSchema: {
      type: 'object',
      properties: {
        date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        votes: { type: 'integer', minimum: 0 },
      },
      required: ['date', 'votes'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await searchMail(page, 'subject:offsite');
      await openThread(page, OFFSITE);
      const { date, votes, weekday } = await offsiteVotes(page);
      await page.getByRole('link', { name: '↩↩ Reply all' }).click();
      await page
        .getByLabel('Message', { exact: true })
        .fill(`${weekday} April ${Number(date.slice(8))} works for me.`);
      await sendAndWait(page);
      return { date, votes };
    },
    // Replies only to the last sender instead of everyone.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await searchMail(page, 'subject:offsite');
      await openThread(page, OFFSITE);
      const { date, votes, weekday } = await offsiteVotes(page);
      await page.getByRole('link', { name: '↩ Reply', exact: true }).click();
      await page
        .getByLabel('Message', { exact: true })
        .fill(`${weekday} April ${Number(date.slice(8))} works for me.`);
      await sendAndWait(page);
      return { date, votes };
    },
  },
  {
    key: 'forward-invoices-for-approval',
    name: 'Forward unpaid large invoices for approval',
    prompt:
      'Accounts payable says invoices over $1,000 need approval before they can be paid. Forward every February invoice that was not paid in the February payment run and is over $1,000 to finance-approvals@fernhill.io with the note “Please approve for the March payment run.”',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'apply a policy',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'forms_and_inputs', 'data_displays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: {
          thread_id: 8,
          kind: 'forward',
          to_addrs: 'finance-approvals@fernhill.io',
          cc_addrs: '',
          subject: 'Fwd: Invoice KS-0192 from Kestrel Studios',
          body: APPROVAL_NOTE,
        },
      },
      {
        action: 'INSERT',
        table_name: 'attachments',
        changes: { filename: 'KS-0192.pdf', size_bytes: 93_359 },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      const unpaid = await unpaidFebruaryInvoices(page);
      for (const invoice of unpaid.filter((i) => i.amount > 1000)) {
        await forwardInvoice(page, invoice.subject, APPROVAL_NOTE);
      }
      return undefined;
    },
    // Forwards every unpaid February invoice, ignoring the $1,000 threshold.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      const unpaid = await unpaidFebruaryInvoices(page);
      for (const invoice of unpaid) await forwardInvoice(page, invoice.subject, APPROVAL_NOTE);
      return undefined;
    },
  },
];
