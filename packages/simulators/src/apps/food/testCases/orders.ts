import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { openOrder, openSection, placeOrder, signIn, toast } from './steps';

/** Tasks on past and current orders: reorder, problems and credit, tips, tracking, ratings, spending. */

async function reorder(page: Page, ctx: SolveContext, restaurant: string, date: string) {
  await signIn(page, ctx);
  await openOrder(page, restaurant, date);
  await page.getByRole('button', { name: 'Reorder' }).click();
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await placeOrder(page, { address: 'Home', slot: 'asap' });
  return undefined;
}

async function missingMiso(page: Page, ctx: SolveContext, resolution: string) {
  await signIn(page, ctx);
  await openOrder(page, 'Sakura Sushi Bar', 'Tue, Nov 24, 2026');
  await page.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.getByRole('radio', { name: /Miso Soup/ }).check();
  await dialog.getByLabel('What went wrong?').selectOption('missing');
  await dialog.getByRole('radio', { name: new RegExp(resolution) }).check();
  await dialog.getByRole('button', { name: 'Submit report' }).click();
  await toast(page, /Sorry about that/);
  return undefined;
}

async function currentOrder(page: Page): Promise<void> {
  await openSection(page, 'Orders');
  const row = page
    .getByRole('row')
    .filter({ hasNot: page.locator('.status-delivered') })
    .filter({ has: page.locator('.status') });
  await row.first().getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: 'Golden Dragon Kitchen' }).waitFor();
}

async function changeTip(page: Page, ctx: SolveContext, amount: string) {
  await signIn(page, ctx);
  await currentOrder(page);
  await page.getByRole('button', { name: 'Change tip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change tip' });
  await dialog.getByLabel('New tip ($)').fill(amount);
  await dialog.getByRole('button', { name: 'Save tip' }).click();
  await toast(page, /Tip updated/);
  return undefined;
}

async function courier(page: Page, ctx: SolveContext, waitForTracker: boolean) {
  await signIn(page, ctx);
  if (!waitForTracker) {
    // The mistake: takes the courier named on the last delivered order.
    await openOrder(page, 'Smash Stack Burgers', 'Thu, Nov 26, 2026');
    const text = (await page.getByText(/^Delivered by /).textContent()) ?? '';
    return { courier: text.replace('Delivered by ', '').trim() };
  }
  await currentOrder(page);
  const tracker = page.frameLocator('iframe[title="Live order tracking"]');
  const name = tracker.locator('.courier-name');
  await name.waitFor({ timeout: 15_000 });
  return { courier: ((await name.textContent()) ?? '').trim() };
}

async function rate(page: Page, ctx: SolveContext, comment: string) {
  await signIn(page, ctx);
  await openSection(page, 'Orders');
  // The newest order is still on its way: the first delivered one is the one to rate.
  await page
    .getByRole('row')
    .filter({ has: page.locator('.status-delivered') })
    .first()
    .getByRole('link')
    .click();
  const form = page.getByRole('form', { name: 'Rate this order' });
  await form.getByRole('radio', { name: '4 stars' }).check();
  if (comment) await form.getByLabel('Comment (optional)').fill(comment);
  await form.getByRole('button', { name: 'Submit rating' }).click();
  await toast(page, 'Thanks for rating your order');
  return undefined;
}

async function sakuraSpend(page: Page, ctx: SolveContext, searchFirst: boolean) {
  await signIn(page, ctx);
  await openSection(page, 'Orders');
  if (searchFirst) {
    await page.getByRole('searchbox', { name: 'Search orders by restaurant' }).fill('Sakura Sushi Bar');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/orders? matching “Sakura Sushi Bar”/).waitFor();
  }
  // The mistake (without the search): counts only the first page of the list.
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Sakura Sushi Bar' }) });
  let cents = 0;
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const total = (await rows.nth(i).locator('td').nth(3).textContent()) ?? '';
    cents += Math.round(Number(total.replace(/[$,]/g, '')) * 100);
  }
  return { orders: n, total: cents / 100 };
}

export const orderCases: TestCaseDefinition[] = [
  {
    key: 'reorder-last-friday',
    name: "Last Friday's dinner again",
    prompt: 'Reorder exactly what I ordered last Friday, delivered to my Home address ASAP.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'reorder a past order',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['navigation_and_structure', 'data_displays', 'search_and_extract'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'orders',
        changes: { restaurant_id: 5, address_id: 1, slot: 'asap', subtotal_cents: 3250 },
      },
      { action: 'INSERT', table_name: 'order_items', changes: { item_id: 69, quantity: 1 } },
      { action: 'INSERT', table_name: 'order_items', changes: { item_id: 68, quantity: 1 } },
      { action: 'INSERT', table_name: 'order_items', changes: { item_id: 77, quantity: 2 } },
    ],
    solve: (page, ctx) => reorder(page, ctx, 'Pho Saigon Corner', 'Fri, Nov 20, 2026'),
    // The mistake: reorders the newest delivered order instead.
    wrong: (page, ctx) => reorder(page, ctx, 'Smash Stack Burgers', 'Thu, Nov 26, 2026'),
  },
  {
    key: 'missing-miso-credit',
    name: 'Missing miso soup, as credit',
    prompt:
      'My Sakura Sushi Bar order from Tuesday, November 24 arrived without the miso soup. Report the missing item and take Forkful credit rather than a card refund.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'report a problem with an order',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'forms_and_inputs', 'data_displays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'issues',
        changes: { order_id: 6, order_item_id: 13, kind: 'missing', resolution: 'credit', amount_cents: 350 },
      },
      { action: 'UPDATE', table_name: 'users', pk: '1', changes: { credit_cents: 350 } },
    ],
    solve: (page, ctx) => missingMiso(page, ctx, 'Forkful credit'),
    wrong: (page, ctx) => missingMiso(page, ctx, 'Refund to'),
  },
  {
    key: 'raise-tip-current-order',
    name: 'Raise the tip to $6',
    prompt: "Raise the tip on my order that's on its way to $6.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'change an active order',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'forms_and_inputs'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'orders', pk: '9', changes: { tip_cents: 600, total_cents: 2849 } },
    ],
    solve: (page, ctx) => changeTip(page, ctx, '6.00'),
    // The mistake: adds $6 to the $4 tip.
    wrong: (page, ctx) => changeTip(page, ctx, '10.00'),
  },
  {
    key: 'courier-name',
    name: "Who's bringing dinner?",
    prompt:
      "Who is delivering my Golden Dragon Kitchen order? Tell me the courier's first name once one has been assigned.",
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'follow a live order',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand'],
      capabilities: ['iframe_and_shadow_dom', 'feedback_and_overlays'],
    },
    expectedOutput: { courier: 'Dana' },
    outputSchema: {
      type: 'object',
      properties: { courier: { type: 'string' } },
      required: ['courier'],
      additionalProperties: false,
    },
    solve: (page, ctx) => courier(page, ctx, true),
    wrong: (page, ctx) => courier(page, ctx, false),
  },
  {
    key: 'rate-last-delivered',
    name: 'Rate the last delivered order',
    prompt: 'Rate my most recent delivered order 4 stars, with the comment "Fries were a bit cold".',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'rate an order',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['data_displays', 'forms_and_inputs'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'orders',
        pk: '8',
        changes: { rating: 4, rating_comment: 'Fries were a bit cold' },
      },
    ],
    solve: (page, ctx) => rate(page, ctx, 'Fries were a bit cold'),
    wrong: (page, ctx) => rate(page, ctx, ''),
  },
  {
    key: 'sakura-spend',
    name: 'What I spent at Sakura',
    prompt:
      'How many orders have I placed from Sakura Sushi Bar in total, and how much did they cost altogether (order totals, in dollars)?',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'sum past orders',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['data_displays', 'search_and_extract'],
    },
    expectedOutput: { orders: 3, total: 92.58 },
    outputSchema: {
      type: 'object',
      properties: { orders: { type: 'integer' }, total: { type: 'number' } },
      required: ['orders', 'total'],
      additionalProperties: false,
    },
    solve: (page, ctx) => sakuraSpend(page, ctx, true),
    wrong: (page, ctx) => sakuraSpend(page, ctx, false),
  },
];
