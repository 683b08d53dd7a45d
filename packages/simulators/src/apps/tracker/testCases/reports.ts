import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { OPEN_COLUMNS, openBoard, openIssue, openSection, readBoard, readIssueList, signIn } from './steps';

async function leadEmail(page: Page, ctx: SolveContext, project: string) {
  await signIn(page, ctx);
  await openSection(page, 'Projects');
  const card = page.locator('.project-card', { has: page.getByRole('heading', { name: project }) });
  const lead = ((await card.locator('dt:text-is("Lead") + dd').textContent()) ?? '')
    .replace(/^[A-Z]{2}/, '')
    .trim();
  await openSection(page, 'Team');
  const email = await page
    .locator('.team-table tbody tr', { hasText: lead })
    .locator('a[href^="mailto:"]')
    .textContent();
  return { email: email?.trim() ?? '' };
}

async function myOverdue(page: Page, ctx: SolveContext, overdueOnly: boolean) {
  await signIn(page, ctx);
  await openSection(page, 'My issues');
  const rows = await readIssueList(page);
  const issues = rows
    .filter((r) => (overdueOnly ? r.due.includes('Overdue') : r.due !== '—'))
    .map((r) => r.key)
    .sort();
  return { issues };
}

async function blockerOf(page: Page, ctx: SolveContext, followLink: boolean) {
  await signIn(page, ctx);
  await openIssue(page, 'WEB-104');
  const group = page.locator('.link-group', { has: page.getByRole('heading', { name: 'Blocked by' }) });
  const key = ((await group.locator('a.issue-key').first().textContent()) ?? '').trim();
  if (followLink) {
    await group.locator('a.issue-key').first().click();
    await page.waitForURL(`**/issues/${key}`);
  }
  const reporter = ((await page.locator('dt:text-is("Reporter") + dd').textContent()) ?? '')
    .replace(/^[A-Z]{2}/, '')
    .trim();
  const status = (
    (await page.getByLabel('Status', { exact: true }).locator('option:checked').textContent()) ?? ''
  ).trim();
  return { issue: key, reporter, status };
}

async function mobileRemaining(page: Page, ctx: SolveContext, columns: string[]) {
  await signIn(page, ctx);
  await openBoard(page, 'Mobile');
  const byPerson = new Map<string, number>();
  let total = 0;
  for (const card of await readBoard(page, columns)) {
    total += card.points;
    byPerson.set(card.assignee, (byPerson.get(card.assignee) ?? 0) + card.points);
  }
  const top = [...byPerson.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  return { remaining_points: total, top_assignee: top };
}

async function blockedSprintWork(page: Page, ctx: SolveContext, checkBlockers: boolean) {
  await signIn(page, ctx);
  await openBoard(page, 'Web App');
  const cards = (await readBoard(page, OPEN_COLUMNS)).filter((c) => c.blockedBy.length > 0);
  const finished = new Set<string>();
  if (checkBlockers) {
    for (const blocker of new Set(cards.flatMap((c) => c.blockedBy))) {
      await openIssue(page, blocker);
      const status = await page.getByLabel('Status', { exact: true }).locator('option:checked').textContent();
      if (status === 'Done' || status === 'Canceled') finished.add(blocker);
    }
  }
  const issues = cards.filter((c) => c.blockedBy.some((b) => !finished.has(b))).map((c) => c.key);
  return { issues: issues.sort() };
}

const KEY_LIST_SCHEMA = {
  type: 'object',
  properties: { issues: { type: 'array', items: { type: 'string', pattern: '^[A-Z]+-\\d+$' } } },
  required: ['issues'],
  additionalProperties: false,
};

/** Questions answered by reading the tracker: no changes. */
export const reportCases: TestCaseDefinition[] = [
  {
    key: 'infrastructure-lead-email',
    name: 'Email of the Infrastructure lead',
    prompt: "What's the email address of the person who leads the Infrastructure project?",
    startUrl: '/projects',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a fact',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['navigation_and_structure', 'data_displays'],
    },
    expectedOutput: { email: 'lucas.moreau@fernhill.io' },
    outputSchema: {
      type: 'object',
      properties: { email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+$' } },
      required: ['email'],
      additionalProperties: false,
    },
    solve: (page, ctx) => leadEmail(page, ctx, 'Infrastructure'),
    // The lead of the Platform API project, the neighbouring card.
    wrong: (page, ctx) => leadEmail(page, ctx, 'Platform API'),
  },
  {
    key: 'my-overdue-issues',
    name: 'My overdue issues',
    prompt: 'Which of my open issues are past their due date? Give me their keys.',
    startUrl: '/issues',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find records',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['data_displays', 'search_and_extract'],
    },
    expectedOutput: { issues: ['API-104', 'WEB-109'] },
    outputSchema: KEY_LIST_SCHEMA,
    solve: (page, ctx) => myOverdue(page, ctx, true),
    // Every issue with a due date, overdue or not.
    wrong: (page, ctx) => myOverdue(page, ctx, false),
  },
  {
    key: 'who-reported-the-saml-blocker',
    name: 'Who reported what blocks SSO',
    prompt:
      'WEB-104 (SAML single sign-on) is blocked by another issue. Which issue is it, who reported it, and what is its status?',
    startUrl: '/issues',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a fact',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['navigation_and_structure', 'search_and_extract'],
    },
    expectedOutput: { issue: 'API-101', reporter: 'Arjun Mehta', status: 'In progress' },
    outputSchema: {
      type: 'object',
      properties: {
        issue: { type: 'string', pattern: '^[A-Z]+-\\d+$' },
        reporter: { type: 'string' },
        status: { enum: ['Backlog', 'To do', 'In progress', 'In review', 'Done', 'Canceled'] },
      },
      required: ['issue', 'reporter', 'status'],
      additionalProperties: false,
    },
    solve: (page, ctx) => blockerOf(page, ctx, true),
    // Reads the reporter and status of WEB-104 itself instead of following the link.
    wrong: (page, ctx) => blockerOf(page, ctx, false),
  },
  {
    key: 'mobile-sprint-remaining-points',
    name: 'Remaining work in the Mobile sprint',
    prompt:
      'How many story points are still unfinished in the current Mobile sprint, and which person holds the most of those unfinished points?',
    startUrl: '/projects',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'aggregate records',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['data_displays', 'navigation_and_structure'],
    },
    expectedOutput: { remaining_points: 50, top_assignee: 'Elena Petrova' },
    outputSchema: {
      type: 'object',
      properties: { remaining_points: { type: 'integer', minimum: 0 }, top_assignee: { type: 'string' } },
      required: ['remaining_points', 'top_assignee'],
      additionalProperties: false,
    },
    solve: (page, ctx) => mobileRemaining(page, ctx, OPEN_COLUMNS),
    // Treats "In review" as finished.
    wrong: (page, ctx) => mobileRemaining(page, ctx, ['To do', 'In progress']),
  },
  {
    key: 'web-sprint-blocked-work',
    name: 'Blocked work in the Web sprint',
    prompt:
      'Which open issues in the current Web App sprint are blocked by an issue that is not finished yet? List their keys in alphabetical order.',
    startUrl: '/issues',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find records',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand'],
      capabilities: ['search_and_extract', 'navigation_and_structure', 'data_displays'],
    },
    expectedOutput: { issues: ['WEB-104', 'WEB-107'] },
    outputSchema: KEY_LIST_SCHEMA,
    solve: (page, ctx) => blockedSprintWork(page, ctx, true),
    // Counts an issue as blocked without checking whether its blocker is already done.
    wrong: (page, ctx) => blockedSprintWork(page, ctx, false),
  },
];
