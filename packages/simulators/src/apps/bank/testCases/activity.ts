import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import {
  activitySummary,
  download,
  filterActivity,
  openNav,
  openTransaction,
  parseCsv,
  pdfFile,
  signIn,
  toast,
} from './steps';

const TOTAL_SCHEMA = {
  type: 'object',
  properties: { count: { type: 'integer' }, total: { type: 'number' } },
  required: ['count', 'total'],
  additionalProperties: false,
};

async function uberRides(page: Page, ctx: SolveContext, includeEats: boolean): Promise<void> {
  await signIn(page, ctx);
  await openNav(page, 'Activity');
  await filterActivity(page, { q: 'Uber', from: '2026-03-01', to: '2026-03-31' });
  const rows = page.locator('table.activity tbody tr');
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    const merchant = ((await rows.nth(i).getByRole('link').textContent()) ?? '').trim();
    if (merchant === 'Uber' || includeEats) await rows.nth(i).getByRole('checkbox').check();
  }
  const bar = page.locator('form[data-bulk]');
  await bar.getByLabel('Category for selected').selectOption({ label: 'Travel' });
  await bar.getByRole('button', { name: 'Apply category' }).click();
  await toast(page, /transactions? moved to Travel/);
}

async function disputeGym(page: Page, ctx: SolveContext, date: string): Promise<void> {
  await signIn(page, ctx);
  await openNav(page, 'Activity');
  await filterActivity(page, { q: 'Northgate', from: '2026-03-01', to: '2026-03-31' });
  await openTransaction(page, 'Northgate Fitness', date);
  await page.getByRole('button', { name: 'Dispute this transaction' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').selectOption({ label: 'Duplicate charge' });
  await dialog.getByLabel('What happened?').fill('Charged twice for the March membership (Mar 2 and Mar 3).');
  await dialog.getByRole('button', { name: 'Submit dispute' }).click();
  await toast(page, 'Dispute submitted');
}

async function annotate(page: Page, ctx: SolveContext, merchant: string): Promise<void> {
  await signIn(page, ctx);
  await openNav(page, 'Activity');
  await filterActivity(page, { from: '2026-03-12', to: '2026-03-12' });
  await openTransaction(page, merchant, 'Mar 12, 2026');
  await page.getByLabel('Note').fill('Team lunch with Acme');
  await page.getByRole('button', { name: 'Save note' }).click();
  await toast(page, 'Note saved');
}

async function recategorise(page: Page, ctx: SolveContext, category: string): Promise<void> {
  await signIn(page, ctx);
  await openNav(page, 'Activity');
  await filterActivity(page, { q: 'Petals' });
  await openTransaction(page, 'Petals & Stems', 'Apr 8, 2026');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: category });
  await page.getByRole('button', { name: 'Save category' }).click();
  await toast(page, `Category changed to ${category}`);
}

async function staplesReceipt(page: Page, ctx: SolveContext, date: string): Promise<void> {
  await signIn(page, ctx);
  await openNav(page, 'Activity');
  await filterActivity(page, { q: 'Staples' });
  await openTransaction(page, 'Staples', date);
  await page.getByLabel('Attach receipt').setInputFiles(pdfFile('staples-receipt.pdf'));
  await toast(page, 'Receipt attached');
  await page.getByText('staples-receipt.pdf').waitFor();
}

async function groceries(page: Page, ctx: SolveContext, account?: string) {
  await signIn(page, ctx);
  await openNav(page, 'Activity');
  await filterActivity(page, {
    from: '2026-02-01',
    to: '2026-02-28',
    category: 'Groceries',
    ...(account ? { account } : {}),
  });
  const summary = await activitySummary(page);
  return { count: summary.count, total: summary.moneyOut };
}

async function pendingCard(page: Page, ctx: SolveContext, account?: string) {
  await signIn(page, ctx);
  await openNav(page, 'Activity');
  await filterActivity(page, { ...(account ? { account } : {}), status: 'Pending' });
  const summary = await activitySummary(page);
  return { count: summary.count, total: summary.moneyOut };
}

/** Exports March's card dining as CSV and adds it up, with or without the Uber Eats deliveries. */
async function diningExport(page: Page, ctx: SolveContext, withDelivery: boolean) {
  await signIn(page, ctx);
  await openNav(page, 'Activity');
  await filterActivity(page, {
    from: '2026-03-01',
    to: '2026-03-31',
    account: 'Larkspur Rewards Visa',
    category: 'Dining',
  });
  const csv = parseCsv(await download(page, page.getByRole('link', { name: 'Export CSV' })));
  const rows = csv.slice(1).filter((r) => withDelivery || r[2] !== 'Uber Eats');
  const cents = rows.reduce((sum, r) => sum + Math.round(Number(r[6]) * 100), 0);
  return { count: rows.length, total: -cents / 100 };
}

/** The merchant with the most card spending in March, from the exported CSV. */
async function topMerchant(page: Page, ctx: SolveContext, bySum: boolean) {
  await signIn(page, ctx);
  await openNav(page, 'Activity');
  await filterActivity(page, {
    from: '2026-03-01',
    to: '2026-03-31',
    account: 'Larkspur Rewards Visa',
    type: 'Money out',
  });
  const csv = parseCsv(await download(page, page.getByRole('link', { name: 'Export CSV' })));
  const totals = new Map<string, number>();
  let largest = { merchant: '', cents: 0 };
  for (const r of csv.slice(1)) {
    const cents = -Math.round(Number(r[6]) * 100);
    const merchant = r[2] ?? '';
    totals.set(merchant, (totals.get(merchant) ?? 0) + cents);
    if (cents > largest.cents) largest = { merchant, cents };
  }
  if (!bySum) return { merchant: largest.merchant, total: (totals.get(largest.merchant) ?? 0) / 100 };
  const [merchant, cents] = [...totals.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return { merchant, total: cents / 100 };
}

export const activityCases: TestCaseDefinition[] = [
  {
    key: 'categorise-uber-rides-march',
    name: 'File March’s Uber rides under Travel',
    prompt:
      'Recategorise every Uber ride I took in March 2026 as Travel, on all my accounts. Uber Eats food orders are not rides: leave them as they are.',
    startUrl: '/activity',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'bulk-edit the records a search and a date range find',
      reasoning_level: 'level_4',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['search_and_extract', 'forms_and_inputs', 'data_displays'],
    },
    expectedMutations: [1, 2, 4, 5].map((id) => ({
      action: 'UPDATE' as const,
      table_name: 'transactions',
      pk: String(id),
      changes: { category: 'Travel' },
    })),
    solve: async (page, ctx) => {
      await uberRides(page, ctx, false);
      return undefined;
    },
    // Selects everything the search for "Uber" finds, food deliveries included.
    wrong: async (page, ctx) => {
      await uberRides(page, ctx, true);
      return undefined;
    },
  },
  {
    key: 'dispute-duplicate-gym',
    name: 'Dispute the double gym charge',
    prompt:
      'Northgate Fitness charged my March membership twice. Dispute the second of the two charges as a duplicate; the first one is legitimate.',
    startUrl: '/accounts',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'find a duplicate and file a dispute in a modal',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'feedback_and_overlays', 'forms_and_inputs'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'disputes',
        changes: { transaction_id: 10, reason: 'duplicate', status: 'open' },
      },
    ],
    solve: async (page, ctx) => {
      await disputeGym(page, ctx, 'Mar 3, 2026');
      return undefined;
    },
    // Disputes the first, legitimate charge.
    wrong: async (page, ctx) => {
      await disputeGym(page, ctx, 'Mar 2, 2026');
      return undefined;
    },
  },
  {
    key: 'note-olive-thyme-lunch',
    name: 'Annotate a lunch',
    prompt: 'Add the note "Team lunch with Acme" to my Olive & Thyme charge of March 12, 2026.',
    startUrl: '/activity',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'edit one field of one record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'search_and_extract'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'transactions', pk: '11', changes: { note: 'Team lunch with Acme' } },
    ],
    solve: async (page, ctx) => {
      await annotate(page, ctx, 'Olive & Thyme');
      return undefined;
    },
    // The other meal of that day: an Uber Eats order.
    wrong: async (page, ctx) => {
      await annotate(page, ctx, 'Uber Eats');
      return undefined;
    },
  },
  {
    key: 'recategorise-flowers',
    name: 'Flowers were a gift',
    prompt: 'The Petals & Stems purchase on April 8 was a gift. Change its category to Gifts & Donations.',
    startUrl: '/activity',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'edit one field of one record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'navigation_and_structure'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'transactions', pk: '12', changes: { category: 'Gifts & Donations' } },
    ],
    solve: async (page, ctx) => {
      await recategorise(page, ctx, 'Gifts & Donations');
      return undefined;
    },
    wrong: async (page, ctx) => {
      await recategorise(page, ctx, 'Personal care');
      return undefined;
    },
  },
  {
    key: 'attach-staples-receipt',
    name: 'Attach a receipt to a purchase',
    prompt:
      'Attach a PDF receipt to the $142.86 Staples purchase (any PDF will do, for example a file named staples-receipt.pdf).',
    startUrl: '/activity',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'upload a file to a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'search_and_extract'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'receipts',
        changes: { transaction_id: 13, expense_line_id: null, content_type: 'application/pdf' },
      },
    ],
    solve: async (page, ctx) => {
      await staplesReceipt(page, ctx, 'Mar 20, 2026');
      return undefined;
    },
    // Another, smaller Staples purchase a few days earlier.
    wrong: async (page, ctx) => {
      await staplesReceipt(page, ctx, 'Mar 17, 2026');
      return undefined;
    },
  },
  {
    key: 'groceries-february-total',
    name: 'February’s grocery spending',
    prompt:
      'How much did I spend on groceries in February 2026 across all my accounts? Answer with the number of grocery transactions and the total in dollars.',
    startUrl: '/activity',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'filter and read an aggregate',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'data_displays', 'forms_and_inputs'],
    },
    expectedOutput: { count: 14, total: 1289.13 },
    outputSchema: TOTAL_SCHEMA,
    solve: async (page, ctx) => groceries(page, ctx),
    // Only the credit card's groceries.
    wrong: async (page, ctx) => groceries(page, ctx, 'Larkspur Rewards Visa'),
  },
  {
    key: 'pending-card-charges',
    name: 'Pending charges on the card',
    prompt:
      'How many charges are still pending on my Larkspur Rewards Visa, and what do they add up to in dollars?',
    startUrl: '/activity',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'filter by status and read a total',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['data_displays', 'search_and_extract'],
    },
    expectedOutput: { count: 6, total: 339.01 },
    outputSchema: TOTAL_SCHEMA,
    solve: async (page, ctx) => pendingCard(page, ctx, 'Larkspur Rewards Visa'),
    // Every account's pending charges, the debit card's among them.
    wrong: async (page, ctx) => pendingCard(page, ctx),
  },
  {
    key: 'dining-march-export',
    name: 'Restaurants in March, without deliveries',
    prompt:
      'Export my March 2026 Dining transactions on the Larkspur Rewards Visa as a CSV file and tell me how many there were and their total in dollars, leaving out Uber Eats deliveries.',
    startUrl: '/activity',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'download a filtered export and aggregate it',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'data_displays', 'forms_and_inputs'],
    },
    expectedOutput: { count: 22, total: 909.16 },
    outputSchema: TOTAL_SCHEMA,
    solve: async (page, ctx) => diningExport(page, ctx, false),
    wrong: async (page, ctx) => diningExport(page, ctx, true),
  },
  {
    key: 'top-card-merchant-march',
    name: 'Where the card went in March',
    prompt:
      'At which merchant did I spend the most in total on my Larkspur Rewards Visa in March 2026 (purchases only, not payments)? Give the merchant as the activity shows it and the total in dollars.',
    startUrl: '/activity',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'group and rank exported records',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand'],
      capabilities: ['data_displays', 'search_and_extract'],
    },
    expectedOutput: { merchant: "Trader Joe's", total: 328.16 },
    outputSchema: {
      type: 'object',
      properties: { merchant: { type: 'string' }, total: { type: 'number' } },
      required: ['merchant', 'total'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => topMerchant(page, ctx, true),
    // The merchant of the single largest purchase, not the largest total.
    wrong: async (page, ctx) => topMerchant(page, ctx, false),
  },
];
