/// <reference lib="dom" />
// Reference solutions pass callbacks to page.evaluate, which run in the browser.
import type { Page } from 'playwright-core';
import { type SolveContext, type TestCaseDefinition, tableCells } from '../../../kit';
import {
  addComment,
  filterIssues,
  OPEN_COLUMNS,
  openBoard,
  openIssue,
  openSection,
  pick,
  readBoard,
  readIssueList,
  setStatus,
  signIn,
} from './steps';

const PRIORITY_RANK = ['No priority', 'Low', 'Medium', 'High', 'Urgent'];

async function raiseAccessibilityBugs(page: Page, ctx: SolveContext, types: string[]) {
  await signIn(page, ctx);
  await openBoard(page, 'Design System');
  const cards = await readBoard(page, OPEN_COLUMNS);
  const below = cards.filter(
    (c) =>
      c.labels.includes('accessibility') &&
      types.includes(c.type) &&
      PRIORITY_RANK.indexOf(c.priority) < PRIORITY_RANK.indexOf('High'),
  );
  for (const card of below) {
    await openIssue(page, card.key);
    await pick(page, 'Priority', 'High', 'Priority changed to High');
  }
}

async function handOverTomasWork(page: Page, ctx: SolveContext, columns: string[]) {
  await signIn(page, ctx);
  await openSection(page, 'Projects');
  const card = page.locator('.project-card', { has: page.getByRole('heading', { name: 'Infrastructure' }) });
  const lead = ((await card.locator('dt:text-is("Lead") + dd').textContent()) ?? '')
    .replace(/^[A-Z]{2}/, '')
    .trim();
  await openBoard(page, 'Infrastructure');
  const before = page.url();
  await page.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: 'Tomás Lindqvist' });
  await page.waitForURL((url) => url.href !== before);
  for (const issue of await readBoard(page, columns)) {
    await openIssue(page, issue.key);
    await pick(page, 'Assignee', lead, `Assigned to ${lead}`);
  }
}

async function triageUrgentWebBugs(page: Page, ctx: SolveContext, chooseOwner: (team: string[][]) => string) {
  await signIn(page, ctx);
  await openSection(page, 'All issues');
  await filterIssues(page, { Project: 'Web App (WEB)', Priority: 'Urgent', Assignee: 'Unassigned' });
  const rows = (await readIssueList(page)).filter(
    (r) => r.type === 'Bug' && !['Done', 'Canceled'].includes(r.status),
  );
  await openSection(page, 'Team');
  const team = await tableCells(page.locator('.team-table tbody tr'));
  const owner = chooseOwner(team);
  for (const row of rows) {
    await openIssue(page, row.key);
    await pick(page, 'Assignee', owner, `Assigned to ${owner}`);
  }
}

/** The Web team's engineers from the team table: name column without badges, open issues as a number. */
function webEngineers(team: string[][]): { name: string; open: number }[] {
  return team
    .filter((cells) => cells[2] === 'Web' && /Engineer/.test(cells[1] ?? ''))
    .map((cells) => ({
      name: (cells[0] ?? '')
        .replace(/^[A-Z]{2}/, '')
        .replace(/ Lead \w+$/, '')
        .trim(),
      open: Number(cells[5]),
    }));
}

async function closeReleaseChecklist(page: Page, ctx: SolveContext, closeStoryAnyway: boolean) {
  await signIn(page, ctx);
  await openIssue(page, 'MOB-102');
  const subtasks = await page
    .locator('section', { has: page.getByRole('heading', { name: /Sub-tasks/ }) })
    .locator('.issue-mini-list li')
    .evaluateAll((items) =>
      items.map((li) => ({
        key: li.querySelector('.issue-key')?.textContent?.trim() ?? '',
        status: li.querySelector('.status')?.textContent?.trim() ?? '',
      })),
    );
  const stillOpen: string[] = [];
  for (const sub of subtasks) {
    if (sub.status === 'In review') {
      await openIssue(page, sub.key);
      await setStatus(page, 'Done');
    } else if (sub.status !== 'Done' && sub.status !== 'Canceled') stillOpen.push(sub.key);
  }
  await openIssue(page, 'MOB-102');
  if (stillOpen.length === 0 || closeStoryAnyway) await setStatus(page, 'Done');
  else await addComment(page, `Still open: ${stillOpen.join(', ')}`);
}

/** Team rules applied over several records: find the set, then change exactly it. */
export const policyCases: TestCaseDefinition[] = [
  {
    key: 'raise-open-accessibility-bugs',
    name: 'Apply the accessibility priority rule',
    prompt:
      'Design System rule: every open accessibility bug in the current sprint must be at least High priority. Apply the rule to the Design System project.',
    startUrl: '/issues',
    hint: 'Priority is set with the picker in the properties panel of each issue.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'bulk update by policy',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'iframe_and_shadow_dom', 'data_displays'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'issues', pk: '530', changes: { priority: 'high' } },
      { action: 'UPDATE', table_name: 'issues', pk: '531', changes: { priority: 'high' } },
    ],
    solve: async (page, ctx) => {
      await raiseAccessibilityBugs(page, ctx, ['Bug']);
      return undefined;
    },
    // Also raises the accessibility story, which the rule does not cover.
    wrong: async (page, ctx) => {
      await raiseAccessibilityBugs(page, ctx, ['Bug', 'Story']);
      return undefined;
    },
  },
  {
    key: 'hand-over-tomas-sprint-work',
    name: "Hand over Tomás's sprint work",
    prompt:
      "Tomás Lindqvist is on leave from today. Reassign his unfinished issues in the current Infrastructure sprint to the Infrastructure project's lead. Leave his other work alone.",
    startUrl: '/issues',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'bulk update by policy',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'iframe_and_shadow_dom', 'navigation_and_structure'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'issues', pk: '425', changes: { assignee_id: 11 } },
      { action: 'UPDATE', table_name: 'issues', pk: '426', changes: { assignee_id: 11 } },
    ],
    solve: async (page, ctx) => {
      await handOverTomasWork(page, ctx, OPEN_COLUMNS);
      return undefined;
    },
    // Ignores "unfinished": also hands over the CI runner upgrade he already finished.
    wrong: async (page, ctx) => {
      await handOverTomasWork(page, ctx, [...OPEN_COLUMNS, 'Done']);
      return undefined;
    },
  },
  {
    key: 'triage-unassigned-urgent-web-bugs',
    name: 'Triage unassigned urgent Web bugs',
    prompt:
      'Web App triage rule: an open urgent bug with no assignee goes to the Web team engineer who currently has the fewest open issues. Apply the rule now.',
    startUrl: '/issues',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'assign by policy',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand'],
      capabilities: ['search_and_extract', 'data_displays', 'iframe_and_shadow_dom'],
    },
    expectedMutations: [{ action: 'UPDATE', table_name: 'issues', pk: '102', changes: { assignee_id: 3 } }],
    solve: async (page, ctx) => {
      await triageUrgentWebBugs(page, ctx, (team) => {
        const engineers = webEngineers(team).sort((a, b) => a.open - b.open);
        return engineers[0]?.name ?? '';
      });
      return undefined;
    },
    // Gives it to the busiest engineer (the project lead) instead of the least busy one.
    wrong: async (page, ctx) => {
      await triageUrgentWebBugs(page, ctx, (team) => {
        const engineers = webEngineers(team).sort((a, b) => b.open - a.open);
        return engineers[0]?.name ?? '';
      });
      return undefined;
    },
  },
  {
    key: 'close-out-release-checklist',
    name: 'Close out the 4.8 release checklist',
    prompt:
      'QA has approved everything that was waiting for review on the 4.8 release checklist (MOB-102): mark those sub-tasks Done. Then, if every sub-task is done, mark MOB-102 Done; otherwise leave it open and comment on it "Still open: " followed by the keys of the unfinished sub-tasks, comma-separated.',
    startUrl: '/issues',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'conditional workflow',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['data_displays', 'forms_and_inputs', 'navigation_and_structure'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'issues', pk: '214', changes: { status: 'done' } },
      { action: 'UPDATE', table_name: 'issues', pk: '215', changes: { status: 'done' } },
      {
        action: 'INSERT',
        table_name: 'comments',
        changes: { issue_id: 213, author_id: 1, body: 'Still open: MOB-105' },
      },
    ],
    solve: async (page, ctx) => {
      await closeReleaseChecklist(page, ctx, false);
      return undefined;
    },
    // Closes the story although the screenshots sub-task is still in progress.
    wrong: async (page, ctx) => {
      await closeReleaseChecklist(page, ctx, true);
      return undefined;
    },
  },
];
