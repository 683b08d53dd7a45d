import type { Page } from 'playwright-core';
import type { TestCaseDefinition } from '../../../kit';
import { bulkAction, searchMail, signIn } from './steps';

async function openLabels(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Manage labels' }).click();
  await page.getByRole('heading', { level: 1, name: 'Labels' }).waitFor();
}

async function createLabel(page: Page, name: string, colour: string | null): Promise<void> {
  await openLabels(page);
  await page.getByRole('button', { name: 'New label' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Label name').fill(name);
  if (colour) await dialog.getByLabel(colour, { exact: true }).check();
  await dialog.getByRole('button', { name: 'Create label' }).click();
  await page.getByText(`Label “${name}” created`).waitFor();
}

async function labelSearchResults(page: Page, query: string, label: string): Promise<void> {
  await searchMail(page, query);
  await page.getByLabel('Select all conversations on this page').check();
  await page.getByLabel('Label to apply').selectOption({ label });
  await bulkAction(page, 'Apply label', `Label “${label}” applied`);
}

/** Labels: creating, renaming, applying. */
export const organizeTestCases: TestCaseDefinition[] = [
  {
    key: 'create-travel-label',
    name: 'Create a green Travel label',
    prompt: 'Create a new label called “Travel” and make it green.',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      { action: 'INSERT', table_name: 'labels', changes: { name: 'Travel', color: 'green' } },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await createLabel(page, 'Travel', 'Green');
      return undefined;
    },
    // Keeps the default colour.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await createLabel(page, 'Travel', null);
      return undefined;
    },
  },
  {
    key: 'rename-misc-label',
    name: 'Rename the Misc label to Reference',
    prompt: 'Rename my “Misc” label to “Reference” and change its colour to grey.',
    startUrl: '/mail/inbox',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays', 'navigation_and_structure'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'labels', pk: '6', changes: { name: 'Reference', color: 'grey' } },
    ],
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await openLabels(page);
      await page.getByRole('button', { name: 'Edit Misc' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Label name').fill('Reference');
      await dialog.getByLabel('Grey', { exact: true }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Label saved').waitFor();
      return undefined;
    },
    // Creates a new Reference label and leaves Misc as it was.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await createLabel(page, 'Reference', 'Grey');
      return undefined;
    },
  },
  {
    key: 'label-juniper-inbox',
    name: 'Label Juniper Health mail in the inbox as Clients',
    prompt: 'Label every conversation from Juniper Health that is currently in my inbox as “Clients”.',
    startUrl: '/mail/inbox',
    hint: 'Search supports operators such as from: and in:inbox.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'bulk update',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['search_and_extract', 'forms_and_inputs'],
    },
    expectedMutations: [14, 15, 18].map((thread) => ({
      action: 'INSERT' as const,
      table_name: 'thread_labels',
      pk: `[${thread},1]`,
      changes: { thread_id: thread, label_id: 1 },
    })),
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      await labelSearchResults(page, 'from:juniperhealth.com in:inbox', 'Clients');
      return undefined;
    },
    // Searches the word "Juniper", which also finds calendar invites and internal mail mentioning the client.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      await labelSearchResults(page, 'juniper in:inbox', 'Clients');
      return undefined;
    },
  },
];
