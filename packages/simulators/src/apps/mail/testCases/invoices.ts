import type { Page } from 'playwright-core';
import type { TestCaseDefinition } from '../../../kit';
import { listRows, openThread, searchMail, signIn, threadMessages } from './steps';

export interface InvoiceSeen {
  number: string;
  subject: string;
  amount: number;
}

/** Invoice numbers the February payment run paid, read from the remittance summary. */
async function paidInFebruaryRun(page: Page): Promise<Set<string>> {
  await searchMail(page, 'subject:"payment run"');
  await openThread(page, 'February payment run — remittance summary');
  const [summary] = await threadMessages(page);
  return new Set([...(summary?.body ?? '').matchAll(/([A-Z]{2,3}-[\d-]+) — \$/g)].map((m) => m[1] as string));
}

/** The amount an invoice email states ("invoice KS-0192 for $4,800.00"), as the list's preview shows it. */
function statedAmount(text: string): number {
  return Number((/for \$([\d,]+\.\d{2})/.exec(text)?.[1] ?? '0').replaceAll(',', ''));
}

/**
 * The reconciliation both invoice tasks need: February invoices (from any folder) minus those the payment
 * run paid, with the amounts the list previews show.
 */
export async function unpaidFebruaryInvoices(page: Page, query = 'subject:invoice'): Promise<InvoiceSeen[]> {
  const paid = await paidInFebruaryRun(page);
  await searchMail(page, query);
  const february = (await listRows(page)).filter((row) => row.date.startsWith('2026-02'));
  const unpaid: InvoiceSeen[] = [];
  for (const row of february) {
    const number = /Invoice (\S+)/.exec(row.subject)?.[1] ?? '';
    if (paid.has(number)) continue;
    unpaid.push({ number, subject: row.subject, amount: statedAmount(row.snippet) });
  }
  return unpaid.sort((a, b) => a.number.localeCompare(b.number));
}

async function lumenInvoice(page: Page, pick: 'february' | 'last') {
  await searchMail(page, 'from:lumencloud');
  const rows = await listRows(page);
  const row = pick === 'february' ? rows.find((r) => r.date.startsWith('2026-02')) : rows[rows.length - 1];
  await openThread(page, row?.subject ?? '');
  const [message] = await threadMessages(page);
  const body = message?.body ?? '';
  return {
    invoice: /invoice (\S+) for/.exec(body)?.[1] ?? '',
    amount: statedAmount(body),
    due: /due on ([A-Za-z]+ \d+, \d{4})/.exec(body)?.[1] ?? '',
  };
}

/** Reading and reconciling invoices. */
export const invoiceTestCases: TestCaseDefinition[] = [
  {
    key: 'lumen-february-invoice',
    name: 'Amount and due date of the February cloud invoice',
    prompt:
      'How much is the Lumen Cloud invoice for February, and when is it due? Include the invoice number.',
    startUrl: '/mail/inbox',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a value',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['search_and_extract'],
    },
    expectedOutput: { invoice: 'LC-2026-0211', amount: 1284.4, due: 'March 13, 2026' },
    outputSchema: {
      type: 'object',
      properties: { invoice: { type: 'string' }, amount: { type: 'number' }, due: { type: 'string' } },
      required: ['invoice', 'amount', 'due'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      return lumenInvoice(page, 'february');
    },
    // Reads the oldest Lumen invoice in the results: January's.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      return lumenInvoice(page, 'last');
    },
  },
  {
    key: 'unpaid-february-invoices',
    name: 'Reconcile February invoices with the payment run',
    prompt:
      'Accounts payable sent a remittance summary for the February payment run. Which invoices I received in February were not paid in that run? Give their invoice numbers and the total amount still outstanding.',
    startUrl: '/mail/inbox',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'reconcile two lists',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand'],
      capabilities: ['search_and_extract', 'data_displays', 'navigation_and_structure'],
    },
    expectedOutput: { invoices: ['KS-0192', 'OC-88310'], total: 4892.75 },
    outputSchema: {
      type: 'object',
      properties: {
        invoices: { type: 'array', items: { type: 'string' } },
        total: { type: 'number', minimum: 0 },
      },
      required: ['invoices', 'total'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => {
      await signIn(page, ctx);
      const unpaid = await unpaidFebruaryInvoices(page);
      const cents = unpaid.reduce((sum, i) => sum + Math.round(i.amount * 100), 0);
      return { invoices: unpaid.map((i) => i.number), total: cents / 100 };
    },
    // Only looks at conversations labelled Invoices, missing the unlabelled ones.
    wrong: async (page, ctx) => {
      await signIn(page, ctx);
      const unpaid = await unpaidFebruaryInvoices(page, 'label:invoices');
      const cents = unpaid.reduce((sum, i) => sum + Math.round(i.amount * 100), 0);
      return { invoices: unpaid.map((i) => i.number), total: cents / 100 };
    },
  },
];
