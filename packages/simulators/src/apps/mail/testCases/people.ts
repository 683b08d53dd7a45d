import type { Page } from 'playwright-core';
import type { TestCaseDefinition } from '../../../kit';
import { listRows, openThread, searchMail, signIn, threadMessages } from './steps';

async function contactDetails(page: Page, search: string, name: string) {
  await page.locator('.sidebar').getByRole('link', { name: 'Contacts' }).click();
  await page.getByLabel('Search contacts').fill(search);
  await page.getByLabel('Search contacts').press('Enter');
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return {
    job_title: (await page.locator('dd.contact-title').textContent())?.trim() ?? '',
    phone: (await page.locator('dd.contact-phone').textContent())?.trim() ?? '',
  };
}

async function addContact(page: Page, values: Record<string, string>): Promise<void> {
  await page.locator('.sidebar').getByRole('link', { name: 'Contacts' }).click();
  await page.getByRole('button', { name: 'New contact' }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values))
    await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Save contact' }).click();
  await page.getByText('added to contacts').waitFor();
}

const VACATION_MESSAGE =
  'I am away with limited access to email. For anything urgent, please contact Sofia Lindqvist (sofia.lindqvist@fernhill.io).';

async function setVacation(page: Page, start: string, end: string): Promise<void> {
  await page.locator('.sidebar').getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Vacation responder on').check();
  await page.getByLabel('First day').fill(start);
  await page.getByLabel('Last day').fill(end);
  await page.getByLabel('Subject').fill('Out of office');
  await page.getByLabel('Message').fill(VACATION_MESSAGE);
  await page.getByRole('button', { name: 'Save responder' }).click();
  await page.getByText('Vacation responder is on').waitFor();
}

/** The largest attachment among the conversations a search finds, opening each one. */
async function largestAttachment(page: Page, query: string) {
  await searchMail(page, query);
  const subjects = (await listRows(page)).map((r) => r.subject);
  let best = { filename: '', size: '', sender: '', bytes: -1 };
  for (const subject of subjects) {
    await openThread(page, subject);
    for (const message of await threadMessages(page)) {
      for (const file of message.attachments) {
        const [value, unit] = file.size.split(' ');
        const bytes = Number(value) * (unit === 'MB' ? 1024 * 1024 : 1024);
        if (bytes > best.bytes) best = { filename: file.name, size: file.size, sender: message.from, bytes };
      }
    }
    await page.goBack();
    await page.getByRole('heading', { name: `Results for “${query}”` }).waitFor();
  }
  return { filename: best.filename, size: best.size, sender: best.sender };
}

/** Contacts, settings, and questions about people. */
export const peopleTestCases: TestCaseDefinition[] = [
  {
    key: 'add-contact',
    name: 'Add a new contact',
    prompt:
      'Add Tomás Ferreira to my contacts: tomas.ferreira@brightwave.co, phone +1 (617) 555-0133. He is the Creative Director at Brightwave.',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'contacts',
        changes: {
          name: 'Tomás Ferreira',
          email: 'tomas.ferreira@brightwave.co',
          company: 'Brightwave',
          job_title: 'Creative Director',
          phone: '+1 (617) 555-0133',
        },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await addContact(page, {
        Name: 'Tomás Ferreira',
        Email: 'tomas.ferreira@brightwave.co',
        Company: 'Brightwave',
        'Job title': 'Creative Director',
        Phone: '+1 (617) 555-0133',
      });
      return undefined;
    },
    // Leaves out the phone number and the job title.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await addContact(page, {
        Name: 'Tomás Ferreira',
        Email: 'tomas.ferreira@brightwave.co',
        Company: 'Brightwave',
      });
      return undefined;
    },
  },
  {
    key: 'rachel-kim-details',
    name: 'Job title and phone of a client contact',
    prompt: 'What is Rachel Kim’s job title and phone number?',
    startUrl: '/mail/inbox',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a value',
      reasoning_level: 'level_1',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'navigation_and_structure'],
    },
    expectedOutput: { job_title: 'Director of Digital Products', phone: '+1 (206) 555-0142' },
    outputSchema: {
      type: 'object',
      properties: { job_title: { type: 'string' }, phone: { type: 'string' } },
      required: ['job_title', 'phone'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      return contactDetails(page, 'Rachel', 'Rachel Kim');
    },
    // Opens her colleague at the same company.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      return contactDetails(page, 'Juniper', 'Tom Avery');
    },
  },
  {
    key: 'vacation-next-week',
    name: 'Turn on the out-of-office for next week',
    prompt: `I am off all of next week, Monday to Friday. Turn on my vacation responder for exactly those days, with the subject “Out of office” and the message “${VACATION_MESSAGE}”`,
    startUrl: '/mail/inbox',
    hint: 'Today is shown on the newest mail; the responder is under Settings.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'configure a setting',
      reasoning_level: 'level_3',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['forms_and_inputs', 'error_state_handling'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'settings',
        pk: '1',
        changes: {
          vacation_enabled: 1,
          vacation_start: '2026-03-16',
          vacation_end: '2026-03-20',
          vacation_subject: 'Out of office',
          vacation_message: VACATION_MESSAGE,
        },
      },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      // Today is the date of the newest message in the inbox (shown as a time of day).
      const [newest] = await listRows(page);
      const today = new Date(`${(newest?.date ?? '').slice(0, 10)}T00:00:00Z`);
      const daysToMonday = (8 - today.getUTCDay()) % 7 || 7;
      const monday = new Date(today.getTime() + daysToMonday * 86_400_000);
      const friday = new Date(monday.getTime() + 4 * 86_400_000);
      await setVacation(page, monday.toISOString().slice(0, 10), friday.toISOString().slice(0, 10));
      return undefined;
    },
    // Counts the week as Monday to Sunday.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await setVacation(page, '2026-03-16', '2026-03-22');
      return undefined;
    },
  },
  {
    key: 'largest-juniper-attachment',
    name: 'Largest file the client ever sent',
    prompt:
      'What is the largest file Juniper Health has ever sent me? Give the file name, its size and who sent it.',
    startUrl: '/mail/inbox',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'compare records',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['search_and_extract', 'data_displays'],
    },
    expectedOutput: { filename: 'Contract_Amendment_2_signed.pdf', size: '4.6 MB', sender: 'Ines Duarte' },
    outputSchema: {
      type: 'object',
      properties: { filename: { type: 'string' }, size: { type: 'string' }, sender: { type: 'string' } },
      required: ['filename', 'size', 'sender'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      return largestAttachment(page, 'from:juniperhealth.com has:attachment');
    },
    // Looks in the inbox only and misses the archived contract.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      return largestAttachment(page, 'from:juniperhealth.com has:attachment in:inbox');
    },
  },
];
