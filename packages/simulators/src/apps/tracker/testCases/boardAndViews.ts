import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { filterIssues, openBoard, openSection, signIn } from './steps';

async function moveCard(page: Page, ctx: SolveContext, key: string, status: string): Promise<void> {
  await signIn(page, ctx);
  await openBoard(page, 'Mobile');
  await page.getByRole('button', { name: `Move ${key}` }).click();
  await page.locator(`#move-${key}`).getByRole('button', { name: status }).click();
  await page.getByText(`${key}: Status changed to ${status}`).waitFor();
}

async function deleteView(page: Page, ctx: SolveContext, name: string): Promise<void> {
  await signIn(page, ctx);
  await page.getByRole('navigation', { name: 'Saved views' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Delete view' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
  await page.getByText(`View "${name}" deleted`).waitFor();
}

async function saveApiBugsView(page: Page, ctx: SolveContext, filters: Record<string, string>) {
  await signIn(page, ctx);
  await openSection(page, 'All issues');
  await filterIssues(page, filters);
  const summary = (await page.locator('.page-header p').first().textContent()) ?? '';
  const count = Number(/(\d+) issue/.exec(summary)?.[1]);
  await page.getByRole('button', { name: 'Save view' }).click();
  await page.getByLabel('View name').fill('API high-priority bugs');
  await page.getByRole('dialog').getByRole('button', { name: 'Save view' }).click();
  await page.getByText('View "API high-priority bugs" saved').waitFor();
  return { count };
}

async function fileCsvBug(page: Page, ctx: SolveContext, labels: string[]): Promise<void> {
  await signIn(page, ctx);
  await page.getByRole('link', { name: 'New issue' }).click();
  await page.getByLabel('Project *').selectOption({ label: 'Web App (WEB)' });
  await page.getByLabel('Title *').fill('CSV export drops rows after 10,000 records');
  await page
    .getByLabel('Description')
    .fill(
      'Exports of large workspaces stop at 10,000 rows without a warning. Reported by a Business customer.',
    );
  for (const label of labels) await page.getByRole('checkbox', { name: label }).check();
  await page.getByRole('button', { name: /^Priority:/ }).click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  await page.getByRole('button', { name: /^Assignee:/ }).click();
  await page.getByRole('textbox', { name: 'Filter assignee options' }).fill('Daniel');
  await page.getByRole('option', { name: 'Daniel Okafor', exact: true }).click();
  await page.getByLabel('Sprint').selectOption({ label: 'Current sprint' });
  await page.getByLabel('Estimate (points)').fill('3');
  await page.getByRole('button', { name: 'Create issue' }).click();
  await page.getByText('Created WEB-112').waitFor();
}

/** The board, saved views and the create form. */
export const boardAndViewCases: TestCaseDefinition[] = [
  {
    key: 'move-offline-sync-to-review',
    name: 'Move the offline sync fix to review',
    prompt:
      'Kwame has opened a pull request for the offline sync conflict bug. Move its card on the Mobile board to In review.',
    startUrl: '/projects/MOB/board',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['navigation_and_structure', 'data_displays', 'feedback_and_overlays'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'issues', pk: '212', changes: { status: 'in_review' } },
    ],
    solve: async (page, ctx) => {
      await moveCard(page, ctx, 'MOB-101', 'In review');
      return undefined;
    },
    // One column too far: reviewed is not done.
    wrong: async (page, ctx) => {
      await moveCard(page, ctx, 'MOB-101', 'Done');
      return undefined;
    },
  },
  {
    key: 'delete-old-triage-view',
    name: 'Delete an obsolete saved view',
    prompt: 'I no longer use my "Old triage" saved view. Delete it.',
    startUrl: '/issues',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'delete a record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'navigation_and_structure'],
    },
    expectedMutations: [{ action: 'DELETE', table_name: 'saved_views', pk: '4' }],
    solve: async (page, ctx) => {
      await deleteView(page, ctx, 'Old triage');
      return undefined;
    },
    // The neighbouring view in the sidebar.
    wrong: async (page, ctx) => {
      await deleteView(page, ctx, 'Release blockers');
      return undefined;
    },
  },
  {
    key: 'save-api-high-priority-bugs-view',
    name: 'Save a view of open high-priority API bugs',
    prompt:
      'Create a saved view named "API high-priority bugs" that lists the open bugs of the Platform API project with High priority, and tell me how many issues it shows right now.',
    startUrl: '/issues',
    hint: 'Filter the issue list, then use "Save view".',
    scoringTypes: ['mutations', 'output'],
    metadata: {
      goal_type: 'create a record and report',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['search_and_extract', 'forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'saved_views',
        changes: {
          owner_id: 1,
          name: 'API high-priority bugs',
          query: 'project=API&status=open&type=bug&priority=high',
        },
      },
    ],
    expectedOutput: { count: 3 },
    outputSchema: {
      type: 'object',
      properties: { count: { type: 'integer', minimum: 0 } },
      required: ['count'],
      additionalProperties: false,
    },
    solve: (page, ctx) =>
      saveApiBugsView(page, ctx, {
        Project: 'Platform API (API)',
        Status: 'Open (not done)',
        Type: 'Bug',
        Priority: 'High',
      }),
    // Forgets "open": the view also lists finished bugs.
    wrong: (page, ctx) =>
      saveApiBugsView(page, ctx, { Project: 'Platform API (API)', Type: 'Bug', Priority: 'High' }),
  },
  {
    key: 'file-csv-export-regression',
    name: 'File a customer-reported regression',
    prompt:
      'File a bug in the Web App project: "CSV export drops rows after 10,000 records". A customer reported it and it worked in the last release, so label it accordingly. High priority, 3 points, current sprint, assigned to Daniel Okafor.',
    startUrl: '/issues',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['forms_and_inputs', 'iframe_and_shadow_dom', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'issues',
        changes: {
          project_id: 1,
          key: 'WEB-112',
          type: 'bug',
          title: 'CSV export drops rows after 10,000 records',
          status: 'todo',
          priority: 'high',
          assignee_id: 3,
          reporter_id: 1,
          sprint_id: 5,
          parent_id: null,
          estimate: 3,
        },
      },
      { action: 'INSERT', table_name: 'issue_labels', changes: { issue_id: 536, label_id: 1 } },
      { action: 'INSERT', table_name: 'issue_labels', changes: { issue_id: 536, label_id: 2 } },
    ],
    solve: async (page, ctx) => {
      await fileCsvBug(page, ctx, ['regression', 'customer-reported']);
      return undefined;
    },
    // Only half of "label it accordingly".
    wrong: async (page, ctx) => {
      await fileCsvBug(page, ctx, ['customer-reported']);
      return undefined;
    },
  },
];
