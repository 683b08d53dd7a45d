import type { TestCaseDefinition } from '../../../kit';
import { bulkAction, listRows, openMailbox, openThread, searchMail, signIn, threadMessages } from './steps';

/** Reading and tidying the mailbox: flags, folders, trash. */
export const mailboxTestCases: TestCaseDefinition[] = [
  {
    key: 'star-board-deck',
    name: 'Star the board deck email and mark it read',
    prompt: 'Star Priya’s “Q2 board deck — final review” email and mark it as read.',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['data_displays', 'auth_and_bot_protection'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'threads', pk: '1', changes: { is_read: 1, starred: 1 } },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openThread(page, 'Q2 board deck — final review');
      await page.getByRole('button', { name: 'Mark as read' }).click();
      await page.getByText('Marked as read').waitFor();
      await page.getByRole('button', { name: 'Star', exact: true }).click();
      await page.getByText('Conversation starred').waitFor();
      return undefined;
    },
    // Stars it but forgets to mark it read.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openThread(page, 'Q2 board deck — final review');
      await page.getByRole('button', { name: 'Star', exact: true }).click();
      await page.getByText('Conversation starred').waitFor();
      return undefined;
    },
  },
  {
    key: 'count-unread-inbox',
    name: 'Count unread conversations in the inbox',
    prompt: 'How many unread conversations are in my inbox right now?',
    startUrl: '/mail/inbox',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a value',
      reasoning_level: 'level_1',
      skills: ['extract_and_understand'],
      capabilities: ['data_displays', 'navigation_and_structure'],
    },
    expectedOutput: { unread: 58 },
    outputSchema: {
      type: 'object',
      properties: { unread: { type: 'integer', minimum: 0 } },
      required: ['unread'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      const count = await page.locator('.sidebar [data-count="inbox"]').textContent();
      return { unread: Number(count) };
    },
    // Counts the bold rows on the first page only.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      return { unread: (await listRows(page)).filter((r) => r.unread).length };
    },
  },
  {
    key: 'board-deck-attachment',
    name: 'Name and size of the board deck file',
    prompt: 'What is the name and size of the file Priya attached to the Q2 board deck email?',
    startUrl: '/mail/inbox',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a value',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['search_and_extract', 'data_displays'],
    },
    expectedOutput: { filename: 'Fernhill_Board_Deck_Q2_v7.pptx', size: '8.4 MB' },
    outputSchema: {
      type: 'object',
      properties: { filename: { type: 'string' }, size: { type: 'string' } },
      required: ['filename', 'size'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await searchMail(page, 'from:priya board deck');
      await openThread(page, 'Q2 board deck — final review');
      const priya = (await threadMessages(page)).find((m) => m.from === 'Priya Natarajan');
      const file = priya?.attachments[0];
      return { filename: file?.name ?? '', size: file?.size ?? '' };
    },
    // Takes the attachment of the latest message in the thread (Marcus's chart fixes).
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await searchMail(page, 'from:priya board deck');
      await openThread(page, 'Q2 board deck — final review');
      const messages = await threadMessages(page);
      const file = messages[messages.length - 1]?.attachments[0];
      return { filename: file?.name ?? '', size: file?.size ?? '' };
    },
  },
  {
    key: 'report-phishing',
    name: 'Report the fake storage warning as spam',
    prompt:
      'I got an email saying my mailbox storage is almost full and asking me to verify my account. It’s phishing — report it as spam.',
    startUrl: '/mail/inbox',
    hint: 'Open the conversation and use Report spam.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'move a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['navigation_and_structure', 'feedback_and_overlays'],
    },
    expectedMutations: [{ action: 'UPDATE', table_name: 'threads', pk: '3', changes: { folder: 'spam' } }],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openThread(page, 'Action required: your mailbox storage is 98% full');
      await page.getByRole('button', { name: 'Report spam' }).click();
      await page.locator('.undo-toast', { hasText: 'reported as spam' }).waitFor();
      return undefined;
    },
    // Deletes it instead of reporting it.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openThread(page, 'Action required: your mailbox storage is 98% full');
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.locator('.undo-toast', { hasText: 'moved to Trash' }).waitFor();
      return undefined;
    },
  },
  {
    key: 'archive-unread-newsletters',
    name: 'Read and archive the unread Morning Ledger issues',
    prompt:
      'Mark all the unread Morning Ledger newsletters in my inbox as read, then archive them. Leave the ones I have already read alone.',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'bulk update',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['search_and_extract', 'data_displays', 'feedback_and_overlays'],
    },
    expectedMutations: ['19', '20', '22', '23'].map((pk) => ({
      action: 'UPDATE' as const,
      table_name: 'threads',
      pk,
      changes: { is_read: 1, folder: 'archive' },
    })),
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await searchMail(page, 'from:morningledger in:inbox');
      const unread = (await listRows(page)).filter((r) => r.unread).map((r) => r.subject);
      const tick = async () => {
        for (const subject of unread) await page.getByLabel(`Select ${subject}`, { exact: true }).check();
      };
      await tick();
      await bulkAction(page, 'Mark as read', `${unread.length} conversations marked as read`);
      await tick();
      await bulkAction(page, 'Archive', `${unread.length} conversations archived`);
      return undefined;
    },
    // Archives every Morning Ledger issue in the inbox, read or not.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await searchMail(page, 'from:morningledger in:inbox');
      await page.getByLabel('Select all conversations on this page').check();
      await bulkAction(page, 'Mark as read', 'marked as read');
      await page.getByLabel('Select all conversations on this page').check();
      await bulkAction(page, 'Archive', 'archived');
      return undefined;
    },
  },
  {
    key: 'delete-forever-flash-sale',
    name: 'Permanently delete the flash sale email',
    prompt: 'Permanently delete the Northwind Outfitters flash sale email that is sitting in my Trash.',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'delete a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'navigation_and_structure'],
    },
    expectedMutations: [
      { action: 'DELETE', table_name: 'threads', pk: '25' },
      { action: 'DELETE', table_name: 'messages', pk: '31' },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openMailbox(page, 'Trash');
      await openThread(page, 'Flash sale: 70% off everything until midnight');
      await page.getByRole('button', { name: 'Delete forever' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete forever' }).click();
      await page.getByText('Conversation deleted forever').waitFor();
      return undefined;
    },
    // Empties the whole first page of Trash.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openMailbox(page, 'Trash');
      await page.getByLabel('Select all conversations on this page').check();
      await page.getByRole('button', { name: 'Delete forever' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete forever' }).click();
      await page.getByText('deleted forever').waitFor();
      return undefined;
    },
  },
  {
    key: 'oldest-archived-conversation',
    name: 'Oldest conversation in the archive',
    prompt: 'Who sent the oldest conversation in my Archive, and what is its subject?',
    startUrl: '/mail/inbox',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a record',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['navigation_and_structure', 'data_displays'],
    },
    expectedOutput: { sender: 'Sofia Lindqvist', subject: 'Welcome to Fernhill!' },
    outputSchema: {
      type: 'object',
      properties: { sender: { type: 'string' }, subject: { type: 'string' } },
      required: ['sender', 'subject'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openMailbox(page, 'Archive');
      await page.getByLabel('Sort').selectOption('oldest');
      await page.waitForURL(/sort=oldest/);
      const [first] = await listRows(page);
      return { sender: first?.from ?? '', subject: first?.subject ?? '' };
    },
    // Takes the bottom of the first page without sorting: only the oldest of the 25 newest.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await openMailbox(page, 'Archive');
      const rows = await listRows(page);
      const last = rows[rows.length - 1];
      return { sender: last?.from ?? '', subject: last?.subject ?? '' };
    },
  },
];
