import type { Page } from 'playwright-core';
import { scenarioId } from '../apps/chat/domain';
import { message, messageAction, openChannel, signIn as signInChat } from '../apps/chat/testCases/steps';
import { signIn as signInTracker } from '../apps/tracker/testCases/steps';
import type { CrossAppSolveContext, CrossAppTestCaseDefinition } from '../testing/crossAppTestCase';

/** Tracker rows the cases name (tracker/data/catalog.ts); a new issue is the 536th. */
const PROJECT = { API: 3, OPS: 4 } as const;
const LABEL = { customerReported: 2, security: 5 } as const;
const NEW_ISSUE_ID = 536;
const SIGNED_IN_MEMBER = 1;

/** Signs in to chat and opens a channel: where the report is read. */
async function readChannel(page: Page, ctx: CrossAppSolveContext, channel: string): Promise<void> {
  await signInChat(page, ctx.apps.chat!);
  await openChannel(page, channel);
}

interface IssueInput {
  project: string;
  type: 'Bug' | 'Task';
  title: string;
  priority: 'Urgent' | 'High';
  labels?: string[];
  dueDate?: string;
}

/** Goes over to the tracker, signs in and files an issue through its New issue form. */
async function fileIssue(page: Page, ctx: CrossAppSolveContext, issue: IssueInput): Promise<void> {
  await page.goto(ctx.apps.tracker!.url('/issues'));
  await signInTracker(page, ctx.apps.tracker!);
  await page.getByRole('link', { name: 'New issue' }).click();
  await page.getByLabel('Project *').selectOption({ label: issue.project });
  await page.getByRole('radio', { name: issue.type, exact: true }).check();
  await page.getByLabel('Title *').fill(issue.title);
  for (const label of issue.labels ?? []) await page.getByRole('checkbox', { name: label }).check();
  await page.getByRole('button', { name: /^Priority:/ }).click();
  await page.getByRole('option', { name: issue.priority, exact: true }).click();
  if (issue.dueDate) await page.getByLabel('Due date').fill(issue.dueDate);
  await page.getByRole('button', { name: 'Create issue' }).click();
  await page.getByText(/^Created [A-Z]+-\d+$/).waitFor();
}

const unused = undefined;

/** Chat → tracker: a problem reported in chat becomes a tracker issue. */
export const chatToTrackerTestCases: CrossAppTestCaseDefinition[] = [
  {
    key: 'tls-renewal-bug-due-on-expiry',
    simulators: ['chat', 'tracker'],
    name: 'File the failing certificate renewal from chat, due when it expires',
    prompt:
      'Marco raised a certificate problem in #platform in chat. File it in the tracker as an Urgent bug in the Infrastructure project titled "TLS certificate renewal failing for api.fernwood.io", with the due date set to the day the certificate expires.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record from what another app says',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['forms_and_inputs'],
    },
    expectedMutations: [
      {
        simulator: 'tracker',
        action: 'INSERT',
        table_name: 'issues',
        changes: {
          project_id: PROJECT.OPS,
          type: 'bug',
          title: 'TLS certificate renewal failing for api.fernwood.io',
          priority: 'urgent',
          reporter_id: SIGNED_IN_MEMBER,
          due_date: '2026-03-12',
        },
      },
    ],
    solve: async (page, ctx) => {
      await readChannel(page, ctx, 'platform');
      const report = (await message(page, 'TLS certificate renewal').textContent()) ?? '';
      const day = /expires on March (\d+)/.exec(report)?.[1];
      await fileIssue(page, ctx, {
        project: 'Infrastructure (OPS)',
        type: 'Bug',
        title: 'TLS certificate renewal failing for api.fernwood.io',
        priority: 'Urgent',
        dueDate: `2026-03-${day}`,
      });
      return unused;
    },
    // Takes the day the message was posted (Thursday, March 5) for the day the certificate expires.
    wrong: async (page, ctx) => {
      await readChannel(page, ctx, 'platform');
      await fileIssue(page, ctx, {
        project: 'Infrastructure (OPS)',
        type: 'Bug',
        title: 'TLS certificate renewal failing for api.fernwood.io',
        priority: 'Urgent',
        dueDate: '2026-03-05',
      });
      return unused;
    },
  },
  {
    key: 'stripe-webhook-bug-from-support',
    simulators: ['chat', 'tracker'],
    name: 'File the Stripe webhook failures support reported in chat',
    prompt:
      'Support has reported in #support, more than once, that the Stripe webhook is failing. File one High-priority bug in the tracker\'s Platform API project titled "Stripe webhook returns <the HTTP status it fails with> for <the customers it fails for>", filled in from their messages (for example "Stripe webhook returns 404 for US customers"), with the customer-reported label.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record from what another app says',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['forms_and_inputs'],
    },
    expectedMutations: [
      {
        simulator: 'tracker',
        action: 'INSERT',
        table_name: 'issues',
        changes: {
          project_id: PROJECT.API,
          type: 'bug',
          title: 'Stripe webhook returns 502 for EU customers',
          priority: 'high',
          reporter_id: SIGNED_IN_MEMBER,
        },
      },
      {
        simulator: 'tracker',
        action: 'INSERT',
        table_name: 'issue_labels',
        changes: { issue_id: NEW_ISSUE_ID, label_id: LABEL.customerReported },
      },
    ],
    solve: async (page, ctx) => {
      await readChannel(page, ctx, 'support');
      // Tuesday's report names the customers, Wednesday's the status the webhook answers.
      const who = (await message(page, 'failing for EU customers').textContent()) ?? '';
      const status = (await message(page, 'same 502s').textContent()) ?? '';
      const customers = /failing for (\w+) customers/.exec(who)?.[1];
      const code = /same (\d{3})s/.exec(status)?.[1];
      await fileIssue(page, ctx, {
        project: 'Platform API (API)',
        type: 'Bug',
        title: `Stripe webhook returns ${code} for ${customers} customers`,
        priority: 'High',
        labels: ['customer-reported'],
      });
      return unused;
    },
    // Files it in the Web App project: the webhook's failures show up in the dashboard, but it is the API's.
    wrong: async (page, ctx) => {
      await readChannel(page, ctx, 'support');
      await fileIssue(page, ctx, {
        project: 'Web App (WEB)',
        type: 'Bug',
        title: 'Stripe webhook returns 502 for EU customers',
        priority: 'High',
        labels: ['customer-reported'],
      });
      return unused;
    },
  },
  {
    key: 'leaked-key-delete-and-rotate',
    simulators: ['chat', 'tracker'],
    name: 'Delete the leaked key from chat and file its rotation',
    prompt:
      'This morning I pasted a secret key into #random in chat by mistake. Delete that message, then file an Urgent task in the tracker\'s Infrastructure project titled "Rotate the leaked Stripe secret key" with the security label.',
    startUrl: '/c/general',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'change records in two apps',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      { simulator: 'chat', action: 'DELETE', table_name: 'messages', pk: String(scenarioId('leaked-key')) },
      {
        simulator: 'tracker',
        action: 'INSERT',
        table_name: 'issues',
        changes: {
          project_id: PROJECT.OPS,
          type: 'task',
          title: 'Rotate the leaked Stripe secret key',
          priority: 'urgent',
          reporter_id: SIGNED_IN_MEMBER,
        },
      },
      {
        simulator: 'tracker',
        action: 'INSERT',
        table_name: 'issue_labels',
        changes: { issue_id: NEW_ISSUE_ID, label_id: LABEL.security },
      },
    ],
    solve: async (page, ctx) => {
      await readChannel(page, ctx, 'random');
      await messageAction(message(page, 'sk_live_'), 'Delete message');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('Message deleted').waitFor();
      await fileIssue(page, ctx, {
        project: 'Infrastructure (OPS)',
        type: 'Task',
        title: 'Rotate the leaked Stripe secret key',
        priority: 'Urgent',
        labels: ['security'],
      });
      return unused;
    },
    // Edits the key out of the message instead of deleting it (its edit history keeps it); the task is right.
    wrong: async (page, ctx) => {
      await readChannel(page, ctx, 'random');
      const leaked = message(page, 'sk_live_');
      await messageAction(leaked, 'Edit message');
      await leaked.getByRole('textbox', { name: 'Edit message' }).fill('oops, wrong window');
      await leaked.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Message updated').waitFor();
      await fileIssue(page, ctx, {
        project: 'Infrastructure (OPS)',
        type: 'Task',
        title: 'Rotate the leaked Stripe secret key',
        priority: 'Urgent',
        labels: ['security'],
      });
      return unused;
    },
  },
];
