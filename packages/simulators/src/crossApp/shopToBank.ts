import type { Page } from 'playwright-core';
import { accountById, availableOf } from '../apps/bank/data/scenario';
import { dollars, sendMoney, signIn as signInBank } from '../apps/bank/testCases/steps';
import { openOrder, signIn as signInShop } from '../apps/shop/testCases/steps';
import type { CrossAppSolveContext, CrossAppTestCaseDefinition } from '../testing/crossAppTestCase';

/** Bank rows the cases name (bank/data/scenario.ts; the people payees follow the ten businesses). */
const CHECKING = 1;
const VISA = 3;
const BEN_OKAFOR = 12;
const MEI_LIN_CHEN = 23;

/**
 * What a confirmed transfer from checking writes in the bank: the transfer (its memo included), the checking
 * ledger and its activity line, and for a transfer to one of the customer's accounts (paying the card) that
 * account's ledger and line too. The reference and the times of the transfer are the bank's own (ignored).
 */
function paymentFromChecking(
  to: { account: number } | { payee: number },
  cents: number,
  memo: string,
): CrossAppTestCaseDefinition['expectedMutations'] {
  const from = accountById(CHECKING);
  const toAccount = 'account' in to ? to.account : null;
  const expected: NonNullable<CrossAppTestCaseDefinition['expectedMutations']> = [
    {
      simulator: 'bank',
      action: 'INSERT',
      table_name: 'transfers',
      changes: {
        from_account_id: CHECKING,
        to_account_id: toAccount,
        payee_id: 'payee' in to ? to.payee : null,
        amount: cents,
        memo,
        status: 'completed',
      },
    },
    {
      simulator: 'bank',
      action: 'UPDATE',
      table_name: 'accounts',
      pk: String(CHECKING),
      changes: { balance: from.balance - cents, available: availableOf(from) - cents },
    },
    {
      simulator: 'bank',
      action: 'INSERT',
      table_name: 'transactions',
      changes: { account_id: CHECKING, amount: -cents, status: 'posted' },
    },
  ];
  if (toAccount !== null) {
    const target = accountById(toAccount);
    expected.push(
      {
        simulator: 'bank',
        action: 'UPDATE',
        table_name: 'accounts',
        pk: String(toAccount),
        changes: { balance: target.balance + cents, available: availableOf(target) + cents },
      },
      {
        simulator: 'bank',
        action: 'INSERT',
        table_name: 'transactions',
        changes: { account_id: toAccount, amount: cents, status: 'posted' },
      },
    );
  }
  return expected;
}

/** An order's page in the shop: its number, total, subtotal and refunds to the card, as the page shows them. */
interface OrderFacts {
  number: string;
  total: string;
  subtotal: string;
  refunded: string[];
}

async function orderFacts(page: Page): Promise<OrderFacts> {
  const heading = (await page.getByRole('heading', { level: 1, name: /^Order HH-/ }).textContent()) ?? '';
  const totals = page.locator('dl.totals');
  const refunds = await page
    .locator('section.panel', { has: page.getByRole('heading', { name: 'Returns' }) })
    .locator('p')
    .allTextContents();
  return {
    number: heading.replace('Order ', '').trim(),
    total: ((await totals.locator('dd.total').textContent()) ?? '').trim(),
    subtotal: ((await totals.locator('dd').first().textContent()) ?? '').trim(),
    refunded: refunds.flatMap((text) => /Refund (\$[\d,.]+) to original payment/.exec(text)?.[1] ?? []),
  };
}

/** Signs in to the shop and opens an order by its number. */
async function readOrder(page: Page, ctx: CrossAppSolveContext, number: string): Promise<OrderFacts> {
  await signInShop(page, ctx.apps.shop!);
  await openOrder(page, number);
  return orderFacts(page);
}

/** Signs in to the shop, searches the orders for an item and opens the one whose row names `item`. */
async function readOrderWith(page: Page, ctx: CrossAppSolveContext, item: string): Promise<OrderFacts> {
  await signInShop(page, ctx.apps.shop!);
  await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
  await page.getByLabel('Search orders').fill(item);
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await page.waitForURL(/q=/);
  const row = page.locator('.orders-table tbody tr', { hasText: item }).first();
  const number = ((await row.locator('td').first().textContent()) ?? '').trim();
  await row.getByRole('link', { name: number, exact: true }).click();
  await page.getByRole('heading', { name: `Order ${number}` }).waitFor();
  return orderFacts(page);
}

/** '$1,234.50' → '1234.50', what the bank's amount field takes. */
function amountOf(cents: number): string {
  return (cents / 100).toFixed(2);
}

function cents(text: string): number {
  return Math.round(dollars(text) * 100);
}

/** Goes over to the bank, signs in and sends a transfer from Everyday Checking, confirmed with its code. */
async function payFromChecking(
  page: Page,
  ctx: CrossAppSolveContext,
  to: string,
  amount: number,
  memo: string,
): Promise<void> {
  await page.goto(ctx.apps.bank!.url('/accounts'));
  await signInBank(page, ctx.apps.bank!);
  await sendMoney(page, 'Everyday Checking', to, amountOf(amount), { memo });
}

const unused = undefined;
const metadata: CrossAppTestCaseDefinition['metadata'] = {
  goal_type: 'pay an amount another app states',
  reasoning_level: 'level_3',
  skills: ['extract_and_understand', 'navigation_and_input'],
  capabilities: ['forms_and_inputs', 'auth_and_bot_protection', 'data_displays'],
};

/** Shop → bank: a shop order paid for, or paid back, from the bank, its amount read in the shop. */
export const shopToBankTestCases: CrossAppTestCaseDefinition[] = [
  {
    key: 'pay-off-the-spring-order-on-the-visa',
    simulators: ['shop', 'bank'],
    name: 'Pay what the SPRING15 order cost off the credit card',
    prompt:
      'My Hearth & Harbor order HH-418207 went on my Larkspur Rewards Visa. In Larkspur Bank, pay exactly what that order cost off the Visa from Everyday Checking, with the memo "HH-418207".',
    startUrl: '/orders',
    scoringTypes: ['mutations'],
    metadata,
    // $233.00 of goods, $34.95 off with SPRING15, free shipping: $198.05.
    expectedMutations: paymentFromChecking({ account: VISA }, 19_805, 'HH-418207'),
    solve: async (page, ctx) => {
      const order = await readOrder(page, ctx, 'HH-418207');
      await payFromChecking(page, ctx, 'Larkspur Rewards Visa', cents(order.total), order.number);
      return unused;
    },
    // Pays the subtotal, the price of the goods before the promo code.
    wrong: async (page, ctx) => {
      const order = await readOrder(page, ctx, 'HH-418207');
      await payFromChecking(page, ctx, 'Larkspur Rewards Visa', cents(order.subtotal), order.number);
      return unused;
    },
  },
  {
    key: 'pay-ben-back-for-the-pepper-mill-order',
    simulators: ['shop', 'bank'],
    name: 'Pay Ben back for the order with the olivewood pepper mill',
    prompt:
      'Ben Okafor put my Hearth & Harbor order with the olivewood pepper mill on his card. Pay him back the order’s total from Everyday Checking in Larkspur Bank (he is one of my payees), with the order number (like HH-123456) as the memo.',
    startUrl: '/orders',
    scoringTypes: ['mutations'],
    metadata: {
      ...metadata,
      capabilities: ['search_and_extract', 'forms_and_inputs', 'auth_and_bot_protection'],
    },
    // HH-421950: the pepper mill and two mugs, $80.00 with free shipping.
    expectedMutations: paymentFromChecking({ payee: BEN_OKAFOR }, 8_000, 'HH-421950'),
    solve: async (page, ctx) => {
      const order = await readOrderWith(page, ctx, 'Olivewood Pepper Mill');
      await payFromChecking(page, ctx, 'Ben Okafor', cents(order.total), order.number);
      return unused;
    },
    // Takes the other order still processing (the storage bins and the bowl, $120.00) for the pepper mill's.
    wrong: async (page, ctx) => {
      const order = await readOrder(page, ctx, 'HH-421876');
      await payFromChecking(page, ctx, 'Ben Okafor', cents(order.total), order.number);
      return unused;
    },
  },
  {
    key: 'pay-off-moms-order-after-its-refund',
    simulators: ['shop', 'bank'],
    name: 'Pay off what the order shipped to Mom still costs after its refund',
    prompt:
      'Order HH-418644 at Hearth & Harbor went on my Larkspur Rewards Visa, and I sent part of it back for a refund to the card. From Everyday Checking, pay the Visa what that order still costs me after the refund, with the memo "HH-418644".',
    startUrl: '/orders',
    scoringTypes: ['mutations'],
    metadata: {
      ...metadata,
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow', 'navigation_and_input'],
    },
    // $50.95 paid (a $36.00 bin and $14.95 express shipping); the bin came back, refunded to the card: $14.95.
    expectedMutations: paymentFromChecking({ account: VISA }, 1_495, 'HH-418644'),
    solve: async (page, ctx) => {
      const order = await readOrder(page, ctx, 'HH-418644');
      const refunded = order.refunded.reduce((sum, amount) => sum + cents(amount), 0);
      await payFromChecking(page, ctx, 'Larkspur Rewards Visa', cents(order.total) - refunded, order.number);
      return unused;
    },
    // Pays the order's whole total and leaves the refund out.
    wrong: async (page, ctx) => {
      const order = await readOrder(page, ctx, 'HH-418644');
      await payFromChecking(page, ctx, 'Larkspur Rewards Visa', cents(order.total), order.number);
      return unused;
    },
  },
  {
    key: 'split-the-walnut-board-order-with-mei-lin',
    simulators: ['shop', 'bank'],
    name: 'Send Mei Lin half of the order with the walnut board with handle',
    prompt:
      'My sister Mei Lin Chen paid for my Hearth & Harbor order with the walnut serving board with a handle, and we agreed to split it. Send her half of that order’s total from Everyday Checking in Larkspur Bank, with the order number (like HH-123456) as the memo.',
    startUrl: '/orders',
    scoringTypes: ['mutations'],
    metadata: {
      ...metadata,
      skills: ['extract_and_understand', 'reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'forms_and_inputs', 'auth_and_bot_protection'],
    },
    // HH-420733: the board with handle and two mugs, $102.00; half is $51.00.
    expectedMutations: paymentFromChecking({ payee: MEI_LIN_CHEN }, 5_100, 'HH-420733'),
    solve: async (page, ctx) => {
      const order = await readOrderWith(page, ctx, 'Walnut Serving Board with Handle');
      await payFromChecking(page, ctx, 'Mei Lin Chen', cents(order.total) / 2, order.number);
      return unused;
    },
    // Searches "walnut" and takes the order with the end-grain board (HH-416911, $105.00) instead.
    wrong: async (page, ctx) => {
      const order = await readOrderWith(page, ctx, 'Walnut End-Grain Serving Board');
      await payFromChecking(page, ctx, 'Mei Lin Chen', cents(order.total) / 2, order.number);
      return unused;
    },
  },
];
