import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { dollars, download, openNav, parseCsv, pdfFile, signIn, toast } from './steps';

async function openStatements(page: Page, account: string): Promise<void> {
  await openNav(page, 'Statements');
  await page.getByRole('navigation', { name: 'Accounts' }).getByRole('link', { name: account }).click();
  await page.waitForURL((url) => url.search.startsWith('?account='));
}

/** The largest row of a statement in the viewer iframe: purchases only, or any row. */
async function largestInStatement(page: Page, ctx: SolveContext, month: string, purchasesOnly: boolean) {
  await signIn(page, ctx);
  await openStatements(page, 'Larkspur Rewards Visa');
  await page.getByRole('link', { name: month, exact: true }).click();
  const viewer = page.frameLocator('iframe[title="Statement viewer"]');
  const table = viewer.getByRole('table', { name: 'Transactions' });
  await table.waitFor();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent?.trim() ?? '')),
    );
  let best = { description: '', amount: 0 };
  for (const [, description = '', amount = ''] of rows) {
    const value = dollars(amount);
    const size = purchasesOnly ? -value : Math.abs(value);
    if (size > Math.abs(best.amount)) best = { description, amount: Math.abs(value) };
  }
  return best;
}

async function savingsStatement(page: Page, ctx: SolveContext, line: 'Closing balance' | 'Opening balance') {
  await signIn(page, ctx);
  await openStatements(page, 'High-Yield Savings');
  const csv = parseCsv(
    await download(page, page.getByRole('link', { name: 'Download February 2026 statement' })),
  );
  const row = csv.find((r) => r[0] === line);
  return { closing: Number(row?.[1]) };
}

async function submitChicago(page: Page, ctx: SolveContext, merchant: string): Promise<void> {
  await signIn(page, ctx);
  await openNav(page, 'Expenses');
  await page.getByRole('link', { name: 'Chicago client visit', exact: true }).click();
  await page.getByRole('heading', { name: 'Chicago client visit', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Submit report' }).click();
  await page.getByRole('alert').filter({ hasText: 'can’t be submitted yet' }).waitFor();
  await page.getByLabel(`Receipt for ${merchant}`).setInputFiles(pdfFile('hotel-palomar-folio.pdf'));
  await toast(page, `Receipt attached to ${merchant}`);
  await page.getByRole('button', { name: 'Submit report' }).click();
  await Promise.race([
    toast(page, 'submitted for approval'),
    page.getByRole('alert').filter({ hasText: 'can’t be submitted yet' }).waitFor(),
  ]);
}

export const documentCases: TestCaseDefinition[] = [
  {
    key: 'statement-largest-purchase',
    name: 'Largest purchase on the February card statement',
    prompt:
      'On my February 2026 Larkspur Rewards Visa statement, what was the largest single purchase? Give its description as the statement prints it and its amount in dollars.',
    startUrl: '/statements',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a document in an embedded viewer and compare rows',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['iframe_and_shadow_dom', 'navigation_and_structure', 'data_displays'],
    },
    expectedOutput: { description: 'ALASKA AIR 0272', amount: 422.02 },
    outputSchema: {
      type: 'object',
      properties: { description: { type: 'string' }, amount: { type: 'number' } },
      required: ['description', 'amount'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => largestInStatement(page, ctx, 'February 2026', true),
    // The largest line, which is the card payment, not a purchase.
    wrong: async (page, ctx) => largestInStatement(page, ctx, 'February 2026', false),
  },
  {
    key: 'savings-february-closing',
    name: 'Closing balance of a downloaded statement',
    prompt:
      'Download my February 2026 High-Yield Savings statement and tell me its closing balance in dollars.',
    startUrl: '/statements',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'download a file and read it',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['navigation_and_structure', 'data_displays'],
    },
    expectedOutput: { closing: 11787.64 },
    outputSchema: {
      type: 'object',
      properties: { closing: { type: 'number' } },
      required: ['closing'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => savingsStatement(page, ctx, 'Closing balance'),
    wrong: async (page, ctx) => savingsStatement(page, ctx, 'Opening balance'),
  },
  {
    key: 'submit-chicago-report',
    name: 'Submit the Chicago expense report',
    prompt:
      'Submit my "Chicago client visit" expense report. If it asks for a missing receipt, attach a PDF to the line that needs it (any PDF will do, for example hotel-palomar-folio.pdf).',
    startUrl: '/expenses',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'recover from a refused submission by uploading a file',
      reasoning_level: 'level_4',
      skills: ['reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['error_state_handling', 'forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'receipts',
        changes: { expense_line_id: 2, transaction_id: null, content_type: 'application/pdf' },
      },
      { action: 'UPDATE', table_name: 'expense_reports', pk: '1', changes: { status: 'submitted' } },
    ],
    solve: async (page, ctx) => {
      await submitChicago(page, ctx, 'Hotel Palomar Chicago');
      return undefined;
    },
    // Attaches to the taxi ride, which needs none; the hotel still lacks its receipt.
    wrong: async (page, ctx) => {
      await submitChicago(page, ctx, 'Yellow Cab Chicago');
      return undefined;
    },
  },
];
