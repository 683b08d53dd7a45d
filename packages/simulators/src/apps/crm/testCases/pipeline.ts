import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import {
  addNote,
  addTask,
  bulk,
  card,
  closeDeal,
  dollars,
  dragDeal,
  filter,
  openBoard,
  openDealLink,
  openRail,
  readTable,
  row,
  searchTable,
  selectRows,
  signIn,
} from './steps';

async function dragOnBoard(page: Page, ctx: SolveContext, pipeline: string, title: string, stage: string) {
  await signIn(page, ctx);
  await openBoard(page, pipeline);
  await dragDeal(page, title, stage);
}

/** Uses the card's hover menu ("⋯") to move it. */
async function moveByMenu(page: Page, ctx: SolveContext, title: string, stage: string) {
  await signIn(page, ctx);
  await openBoard(page, 'Enterprise');
  await card(page, title).hover();
  await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  await card(page, title).getByRole('button', { name: stage, exact: true }).click();
  await page.locator('.kit-toast', { hasText: `Moved “${title}” to ${stage}` }).waitFor();
}

async function loseKestrel(page: Page, ctx: SolveContext, reason: string) {
  const title = 'Kestrel Logistics – Route optimisation';
  await signIn(page, ctx);
  await openBoard(page, 'New business');
  await card(page, title).hover();
  await page.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
  await card(page, title).getByRole('link', { name: 'Mark lost…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: 'Mark as lost' }).click();
  await page.locator('.kit-toast', { hasText: 'marked as lost' }).waitFor();
}

/** Opens the Brightwave data platform deal whose stage (in the Deals table) matches. */
async function winBrightwave(page: Page, ctx: SolveContext, stageWanted: string) {
  await signIn(page, ctx);
  await openRail(page, 'Deals');
  await searchTable(page, 'deals', 'Brightwave');
  const target = row(page, 'Brightwave – Data platform', stageWanted);
  await target.getByRole('link', { name: 'Brightwave – Data platform', exact: true }).click();
  await page.getByRole('heading', { name: 'Brightwave – Data platform', level: 1 }).waitFor();
  await closeDeal(page, 'Won', 'Signed MSA');
}

async function pembertonTask(page: Page, ctx: SolveContext, due: string) {
  await signIn(page, ctx);
  await openRail(page, 'Deals');
  await searchTable(page, 'deals', 'Pemberton');
  await openDealLink(page, 'Pemberton Health – Patient portal');
  await addTask(page, 'Send SOC 2 report', due, 'Dana Whitfield');
}

/** Finds the highest-value overdue open deal (in the pipeline given, or all) and drags it to Negotiation. */
async function overdueToNegotiation(page: Page, ctx: SolveContext, pipeline: string | null) {
  await signIn(page, ctx);
  await openRail(page, 'Deals');
  await filter(page, pipeline ? { Pipeline: pipeline, Closing: 'Overdue' } : { Closing: 'Overdue' });
  const rows = await readTable(page);
  // Cells: [checkbox, title, company, "Pipeline · Stage", value, close date, status, owner]
  const best = rows.reduce((a, b) => (dollars(b[4] ?? '') > dollars(a[4] ?? '') ? b : a));
  const title = best[1] ?? '';
  const board = (best[3] ?? '').split(' · ')[0] ?? '';
  await openBoard(page, board);
  await dragDeal(page, title, 'Negotiation');
  return { title };
}

async function danaLeave(page: Page, ctx: SolveContext, keepNegotiationForMe: boolean) {
  await signIn(page, ctx);
  await openRail(page, 'Deals');
  await filter(page, { Owner: 'Dana Whitfield', Pipeline: 'Enterprise', Status: 'Open' });
  if (keepNegotiationForMe) {
    const rows = await readTable(page);
    const negotiation = rows.filter((r) => r[3] === 'Enterprise · Negotiation').map((r) => r[1] ?? '');
    await selectRows(page, negotiation);
    await bulk(page, 'Reassign', 'Sam Okoro', /^Reassigned \d+ deals? to Sam Okoro/);
    await page
      .getByRole('link', { name: 'Brightwave – Data platform', exact: true })
      .waitFor({ state: 'detached' });
  }
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await bulk(page, 'Reassign', 'Jonas Becker', /^Reassigned \d+ deals? to Jonas Becker/);
}

/** The pipeline board: drag and drop, the hover menu, won/lost with a reason. */
export const pipelineCases: TestCaseDefinition[] = [
  {
    key: 'drag-fleet-telematics-to-proposal',
    name: 'Drag the fleet telematics deal to Proposal sent',
    prompt:
      "Leo has sent the proposal for Northwind Traders' fleet telematics deal. On the New business board, move the deal to Proposal sent.",
    startUrl: '/pipeline/1',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['navigation_and_structure', 'data_displays', 'auth_and_bot_protection'],
    },
    expectedMutations: [{ action: 'UPDATE', table_name: 'deals', pk: '1', changes: { stage_id: 4 } }],
    solve: async (page, ctx) => {
      await dragOnBoard(page, ctx, 'New business', 'Northwind Traders – Fleet telematics', 'Proposal sent');
      return undefined;
    },
    // The pilot deal next to it has almost the same name.
    wrong: async (page, ctx) => {
      await dragOnBoard(
        page,
        ctx,
        'New business',
        'Northwind Traders – Fleet telematics pilot',
        'Proposal sent',
      );
      return undefined;
    },
  },
  {
    key: 'move-halvorsen-suite-to-negotiation',
    name: 'Move the Halvorsen suite deal to Negotiation',
    prompt:
      'The Halvorsen Marine fleet maintenance suite deal is now in negotiation. Update its stage on the Enterprise board.',
    startUrl: '/pipeline/2',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['navigation_and_structure', 'feedback_and_overlays'],
    },
    expectedMutations: [{ action: 'UPDATE', table_name: 'deals', pk: '13', changes: { stage_id: 10 } }],
    solve: async (page, ctx) => {
      await moveByMenu(page, ctx, 'Halvorsen Marine – Fleet maintenance suite', 'Negotiation');
      return undefined;
    },
    // One column short.
    wrong: async (page, ctx) => {
      await moveByMenu(page, ctx, 'Halvorsen Marine – Fleet maintenance suite', 'Security review');
      return undefined;
    },
  },
  {
    key: 'lose-kestrel-route-optimisation',
    name: 'Mark the Kestrel route optimisation deal lost',
    prompt:
      'Kestrel Logistics went with a competitor for route optimisation. Mark that deal as lost, with the reason "Went with a competitor".',
    startUrl: '/pipeline/1',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'close a deal',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'forms_and_inputs'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'deals',
        pk: '5',
        changes: { status: 'lost', outcome_reason: 'Went with a competitor' },
      },
    ],
    solve: async (page, ctx) => {
      await loseKestrel(page, ctx, 'Went with a competitor');
      return undefined;
    },
    // A reason of the agent's own instead of the one given.
    wrong: async (page, ctx) => {
      await loseKestrel(page, ctx, 'Price too high');
      return undefined;
    },
  },
  {
    key: 'win-brightwave-in-negotiation',
    name: 'Win the Brightwave deal that was in negotiation',
    prompt:
      'Brightwave signed the master services agreement for the data platform deal we were negotiating. Mark that deal as won with the reason "Signed MSA".',
    startUrl: '/deals',
    hint: 'Two Brightwave deals share a title; look at their stages.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'close a deal',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'extract_and_understand'],
      capabilities: ['search_and_extract', 'data_displays', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'deals',
        pk: '3',
        changes: { status: 'won', outcome_reason: 'Signed MSA' },
      },
    ],
    solve: async (page, ctx) => {
      await winBrightwave(page, ctx, 'Enterprise · Negotiation');
      return undefined;
    },
    // The deal with the same title, still in Discovery.
    wrong: async (page, ctx) => {
      await winBrightwave(page, ctx, 'Enterprise · Discovery');
      return undefined;
    },
  },
  {
    key: 'quillon-renewal-in-talks-with-note',
    name: 'Advance the Quillon renewal and note the budget',
    prompt:
      'Quillon Systems confirmed the budget for their renewal. On the Renewals board, move the Quillon Systems renewal to In talks, and add the note "Budget confirmed by CFO" to the deal.',
    startUrl: '/pipeline/3',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a record and add a note',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input'],
      capabilities: ['navigation_and_structure', 'forms_and_inputs', 'data_displays'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'deals', pk: '9', changes: { stage_id: 12 } },
      {
        action: 'INSERT',
        table_name: 'notes',
        changes: { deal_id: 9, contact_id: null, author_id: 1, body: 'Budget confirmed by CFO' },
      },
    ],
    solve: async (page, ctx) => {
      await dragOnBoard(page, ctx, 'Renewals', 'Quillon Systems – Renewal 2026', 'In talks');
      await page.getByRole('link', { name: 'Quillon Systems – Renewal 2026', exact: true }).click();
      await page.getByRole('heading', { name: 'Quillon Systems – Renewal 2026', level: 1 }).waitFor();
      await addNote(page, 'Budget confirmed by CFO');
      return undefined;
    },
    // Half the job: the card moves, the note is forgotten.
    wrong: async (page, ctx) => {
      await dragOnBoard(page, ctx, 'Renewals', 'Quillon Systems – Renewal 2026', 'In talks');
      return undefined;
    },
  },
  {
    key: 'pemberton-soc2-task-friday',
    name: 'Add a SOC 2 task due this Friday',
    prompt:
      'Hannah at Pemberton Health asked for our SOC 2 report. On the Pemberton Health patient portal deal, add a task "Send SOC 2 report" due this Friday, assigned to Dana Whitfield.',
    startUrl: '/deals',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['forms_and_inputs', 'search_and_extract'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'tasks',
        changes: { deal_id: 6, title: 'Send SOC 2 report', due_date: '2026-03-06', owner_id: 2, done: 0 },
      },
    ],
    solve: async (page, ctx) => {
      // Today is Monday, March 2, 2026.
      await pembertonTask(page, ctx, '2026-03-06');
      return undefined;
    },
    // "Friday" read as a week away.
    wrong: async (page, ctx) => {
      await pembertonTask(page, ctx, '2026-03-13');
      return undefined;
    },
  },
  {
    key: 'overdue-deal-to-negotiation',
    name: 'Push the biggest overdue new-business deal to Negotiation',
    prompt:
      'Find the open deal in the New business pipeline with the highest value whose expected close date has already passed. Move it to Negotiation, and tell me its title.',
    startUrl: '/deals',
    scoringTypes: ['mutations', 'output'],
    metadata: {
      goal_type: 'find, decide and update',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'data_displays', 'navigation_and_structure'],
    },
    expectedMutations: [{ action: 'UPDATE', table_name: 'deals', pk: '16', changes: { stage_id: 5 } }],
    expectedOutput: { title: 'Marlowe Freight – Yard scanners' },
    outputSchema: {
      type: 'object',
      properties: { title: { type: 'string' } },
      required: ['title'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => overdueToNegotiation(page, ctx, 'New business'),
    // Forgets the pipeline: the biggest overdue deal overall is an Enterprise one.
    wrong: async (page, ctx) => overdueToNegotiation(page, ctx, null),
  },
  {
    key: 'dana-leave-reassign-enterprise',
    name: "Share out Dana's enterprise deals",
    prompt:
      'Dana Whitfield is going on leave. Reassign all of her open deals in the Enterprise pipeline to Jonas Becker, except the ones already in Negotiation: I will take those over myself.',
    startUrl: '/deals',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'bulk update with a rule',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['data_displays', 'search_and_extract', 'forms_and_inputs'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'deals', pk: '3', changes: { owner_id: 1 } },
      { action: 'UPDATE', table_name: 'deals', pk: '12', changes: { owner_id: 1 } },
      { action: 'UPDATE', table_name: 'deals', pk: '6', changes: { owner_id: 5 } },
      { action: 'UPDATE', table_name: 'deals', pk: '11', changes: { owner_id: 5 } },
      { action: 'UPDATE', table_name: 'deals', pk: '13', changes: { owner_id: 5 } },
    ],
    solve: async (page, ctx) => {
      await danaLeave(page, ctx, true);
      return undefined;
    },
    // Everything to Jonas: the exception is missed.
    wrong: async (page, ctx) => {
      await danaLeave(page, ctx, false);
      return undefined;
    },
  },
];
