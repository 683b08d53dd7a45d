import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { openOrder, signIn } from './steps';

/** Order history tasks: tracking, cancellation, returns and the return policy. */

async function tracking(page: Page, ctx: SolveContext, number: string) {
  await signIn(page, ctx);
  await openOrder(page, number);
  return {
    carrier: (await page.locator('.carrier').textContent())?.trim() ?? '',
    tracking_number: (await page.locator('.tracking').textContent())?.trim() ?? '',
  };
}

async function cancelOrderWith(page: Page, ctx: SolveContext, search: string, pick: 'first' | 'last') {
  await signIn(page, ctx);
  await page.getByLabel('Search orders').fill(search);
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await page.waitForURL(/q=/);
  const links = page.locator('.orders-table tbody tr td:first-child a');
  await (pick === 'first' ? links.first() : links.last()).click();
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason for cancelling').selectOption('Ordered by mistake');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByText(/Order HH-\d+ cancelled/).waitFor();
  return undefined;
}

async function requestReturn(page: Page, ctx: SolveContext, refund: 'Original payment' | 'Store credit') {
  await signIn(page, ctx);
  await openOrder(page, 'HH-418207');
  await page.getByRole('link', { name: 'Return items' }).click();
  const bowl = page.getByRole('group', { name: /Reactive Glaze Serving Bowl/ });
  await bowl.getByRole('checkbox', { name: 'Return this item' }).check();
  await bowl.getByLabel(/Reason for/).selectOption({ label: 'Arrived damaged or defective' });
  const sheets = page.getByRole('group', { name: /Percale Sheet Set/ });
  await sheets.getByRole('checkbox', { name: 'Return this item' }).check();
  await sheets.getByLabel(/Reason for/).selectOption({ label: 'Wrong size or fit' });
  await page.getByRole('radio', { name: new RegExp(`^${refund}`) }).check();
  await page.getByRole('button', { name: 'Submit return request' }).click();
  await page.locator('.kit-toast', { hasText: /Return RMA-\d+ requested/ }).waitFor();
  return undefined;
}

async function returnableOrders(page: Page, ctx: SolveContext, trustReturnButton: boolean) {
  await signIn(page, ctx);
  await page.getByLabel('Status').selectOption('delivered');
  await page.waitForURL(/status=delivered/);
  const numbers = await page.locator('.orders-table tbody tr td:first-child a').allTextContents();
  const eligible: string[] = [];
  for (const number of numbers) {
    await page.getByRole('link', { name: number, exact: true }).click();
    await page.getByRole('heading', { name: `Order ${number}` }).waitFor();
    const delivered = (await page.locator('.tl-delivered .muted').textContent()) ?? '';
    // Ten delivered orders back is far outside a 30-day window; the newest ones are the candidates.
    if (trustReturnButton) {
      if (await page.getByRole('link', { name: 'Return items' }).isVisible()) eligible.push(number);
    } else if (/Feb|Mar/.test(delivered) && delivered.includes('2026')) {
      // Reads only the delivery date and forgets final-sale and already-returned items.
      const returned = await page.getByText('Returned 1').count();
      if (returned === 0) eligible.push(number);
    }
    await page.goBack();
  }
  return { orders: eligible.sort() };
}

export const orderTestCases: TestCaseDefinition[] = [
  {
    key: 'order-tracking-number',
    name: 'Tracking number of a shipped order',
    prompt: 'Which carrier is delivering my order HH-420733, and what is its tracking number?',
    startUrl: '/orders',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'look up a value',
      reasoning_level: 'level_1',
      skills: ['extract_and_understand'],
      capabilities: ['search_and_extract', 'data_displays'],
    },
    expectedOutput: { carrier: 'UPS', tracking_number: '1Z84A7W20318495520' },
    outputSchema: {
      type: 'object',
      properties: { carrier: { type: 'string' }, tracking_number: { type: 'string' } },
      required: ['carrier', 'tracking_number'],
      additionalProperties: false,
    },
    solve: (page, ctx) => tracking(page, ctx, 'HH-420733'),
    // Reads the tracking number of the order before it.
    wrong: (page, ctx) => tracking(page, ctx, 'HH-418644'),
  },
  {
    key: 'cancel-pepper-mill-order',
    name: 'Cancel the order with the pepper mill',
    prompt: 'Cancel the order that has the olivewood pepper mill in it. I ordered it by mistake.',
    startUrl: '/orders',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'cancel an order',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['feedback_and_overlays', 'search_and_extract', 'forms_and_inputs'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'orders',
        pk: '39',
        changes: { status: 'cancelled', cancel_reason: 'Ordered by mistake' },
      },
      { action: 'INSERT', table_name: 'order_events', changes: { order_id: 39, kind: 'cancelled' } },
    ],
    solve: (page, ctx) => cancelOrderWith(page, ctx, 'pepper mill', 'first'),
    // Cancels the other order that is still processing.
    wrong: (page, ctx) => cancelOrderWith(page, ctx, 'HH-421876', 'first'),
  },
  {
    key: 'return-bowl-and-sheets',
    name: 'Return a cracked bowl and the wrong-size sheets',
    prompt:
      'From order HH-418207, return the serving bowl (it arrived cracked) and the sheet set (wrong size). Keep the storage bin. I want the refund as store credit.',
    startUrl: '/orders',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'request a return',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'returns',
        changes: { order_id: 35, status: 'requested', refund_method: 'store_credit', refund_cents: 19700 },
      },
      {
        action: 'INSERT',
        table_name: 'return_items',
        changes: { order_item_id: 87, quantity: 1, reason: 'damaged' },
      },
      {
        action: 'INSERT',
        table_name: 'return_items',
        changes: { order_item_id: 88, quantity: 1, reason: 'wrong_size' },
      },
      { action: 'INSERT', table_name: 'order_events', changes: { order_id: 35, kind: 'return_requested' } },
    ],
    solve: (page, ctx) => requestReturn(page, ctx, 'Store credit'),
    // Leaves the refund on the original card.
    wrong: (page, ctx) => requestReturn(page, ctx, 'Original payment'),
  },
  {
    key: 'orders-still-returnable',
    name: 'Which orders can still be returned',
    prompt:
      'Which of my delivered orders can I still send something back from today, under the store’s return policy? Give me the order numbers.',
    startUrl: '/orders',
    hint: 'The policy is under Help → Returns & refunds.',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'apply a policy',
      reasoning_level: 'level_5',
      skills: ['reasoning_and_control_flow', 'extract_and_understand'],
      capabilities: ['data_displays', 'navigation_and_structure', 'search_and_extract'],
    },
    expectedOutput: { orders: ['HH-417390', 'HH-418207'] },
    outputSchema: {
      type: 'object',
      properties: { orders: { type: 'array', items: { type: 'string', pattern: '^HH-\\d{6}$' } } },
      required: ['orders'],
      additionalProperties: false,
    },
    solve: (page, ctx) => returnableOrders(page, ctx, true),
    wrong: (page, ctx) => returnableOrders(page, ctx, false),
  },
];
