import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { openAccountPage, signIn } from './steps';

/** Account, address book, wishlist and product-research tasks. */

async function setDefault(page: Page, ctx: SolveContext, label: string) {
  await signIn(page, ctx);
  await openAccountPage(page, 'Addresses');
  await page.getByRole('button', { name: `Set ${label} as default` }).click();
  await page.getByRole('heading', { name: "Confirm it's you" }).waitFor();
  await page.getByLabel('Password').fill(ctx.auth.password);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText(`“${label}” is now your default address`).waitFor();
  return undefined;
}

async function addAddress(page: Page, ctx: SolveContext, withApartment: boolean) {
  await signIn(page, ctx);
  await openAccountPage(page, 'Addresses');
  await page.getByRole('button', { name: '+ Add address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Address name').fill('Sam');
  await dialog.getByLabel('Full name').fill('Sam Ellis');
  await dialog.getByLabel('Street address').fill('77 Orchard Lane');
  if (withApartment) await dialog.getByLabel('Apartment, suite').fill('Apt 2B');
  await dialog.getByLabel('City').fill('Burlington');
  await dialog.getByLabel('State').selectOption('VT');
  await dialog.getByLabel('ZIP code').fill('05401');
  await dialog.getByLabel('Phone').fill('(802) 555-0163');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await page.getByText('Address “Sam” saved').waitFor();
  return undefined;
}

async function removeFromWishlist(page: Page, ctx: SolveContext, name: string) {
  await signIn(page, ctx);
  await page.getByRole('link', { name: 'Wishlist' }).first().click();
  await page.getByRole('button', { name: `Remove ${name} from wishlist` }).click();
  await page.getByText(`Removed ${name} from your wishlist`).waitFor();
  return undefined;
}

async function reviewSummary(page: Page, ctx: SolveContext, starRow: string) {
  await signIn(page, ctx);
  await page.getByLabel('Search products').fill('Harbor Stoneware Mug');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('link', { name: /Harbor Stoneware Mug/ })
    .first()
    .click();
  const histogram = page.getByRole('table', { name: 'Rating breakdown' });
  const count = (
    await histogram.getByRole('row', { name: starRow }).locator('td.count').textContent()
  )?.trim();
  const total = (await page.locator('.review-score .muted').textContent()) ?? '';
  const average = (await page.locator('.review-score .big').textContent()) ?? '';
  return { reviews: Number.parseInt(total, 10), five_star: Number(count), average: Number(average) };
}

async function saleItems(page: Page, ctx: SolveContext, checkStock: boolean) {
  await signIn(page, ctx);
  await page.getByRole('link', { name: 'Wishlist' }).first().click();
  const names = await page.locator('.wish-name').allTextContents();
  const picked: string[] = [];
  for (const name of names) {
    await page.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name, exact: true }).waitFor();
    const onSale = await page.locator('.pdp-price .badge-sale').count();
    const stock = await page.locator('.variant-table tbody td:last-child').allTextContents();
    const available = stock.some((s) => s !== 'Out of stock');
    if (onSale > 0 && (available || !checkStock)) picked.push(name);
    await page.goBack();
  }
  return { items: picked.sort() };
}

export const accountTestCases: TestCaseDefinition[] = [
  {
    key: 'remove-board-from-wishlist',
    name: 'Remove the handled serving board from the wishlist',
    prompt: 'Take the walnut serving board with the handle off my wishlist.',
    startUrl: '/login',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'remove a saved item',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['data_displays', 'feedback_and_overlays', 'auth_and_bot_protection'],
    },
    expectedMutations: [{ action: 'DELETE', table_name: 'wishlist_items', pk: '10' }],
    solve: (page, ctx) => removeFromWishlist(page, ctx, 'Walnut Serving Board with Handle'),
    // The other walnut board.
    wrong: (page, ctx) => removeFromWishlist(page, ctx, 'Walnut End-Grain Serving Board'),
  },
  {
    key: 'add-sister-address',
    name: "Add a sister's address",
    prompt:
      'Add my sister to my address book, named "Sam": Sam Ellis, 77 Orchard Lane, Apt 2B, Burlington, VT 05401, phone (802) 555-0163.',
    startUrl: '/account/addresses',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'addresses',
        changes: {
          label: 'Sam',
          full_name: 'Sam Ellis',
          line1: '77 Orchard Lane',
          line2: 'Apt 2B',
          city: 'Burlington',
          region: 'VT',
          postal_code: '05401',
          phone: '(802) 555-0163',
          is_default: 0,
        },
      },
    ],
    solve: (page, ctx) => addAddress(page, ctx, true),
    // Forgets the apartment number.
    wrong: (page, ctx) => addAddress(page, ctx, false),
  },
  {
    key: 'make-moms-address-default',
    name: "Make mom's address the default",
    prompt: "Make my mom's Seattle address my default shipping address.",
    startUrl: '/account',
    hint: 'Changing the address book asks you to confirm your password.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'update a setting behind re-authentication',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['auth_and_bot_protection', 'forms_and_inputs'],
    },
    expectedMutations: [
      { action: 'UPDATE', table_name: 'addresses', pk: '1', changes: { is_default: 0 } },
      { action: 'UPDATE', table_name: 'addresses', pk: '3', changes: { is_default: 1 } },
    ],
    solve: (page, ctx) => setDefault(page, ctx, "Mom's"),
    wrong: (page, ctx) => setDefault(page, ctx, 'Cabin'),
  },
  {
    key: 'mug-review-summary',
    name: 'Review summary of the stoneware mug',
    prompt:
      'How many reviews does the Harbor Stoneware Mug have, how many of them are 5-star, and what is its average rating?',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a summary',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['data_displays', 'search_and_extract'],
    },
    expectedOutput: { reviews: 37, five_star: 23, average: 4.4 },
    outputSchema: {
      type: 'object',
      properties: {
        reviews: { type: 'integer', minimum: 0 },
        five_star: { type: 'integer', minimum: 0 },
        average: { type: 'number', minimum: 0, maximum: 5 },
      },
      required: ['reviews', 'five_star', 'average'],
      additionalProperties: false,
    },
    solve: (page, ctx) => reviewSummary(page, ctx, '5 star'),
    // Reads the 4-star row of the breakdown.
    wrong: (page, ctx) => reviewSummary(page, ctx, '4 star'),
  },
  {
    key: 'wishlist-on-sale-in-stock',
    name: 'Wishlist items on sale and in stock',
    prompt:
      'Which items on my wishlist are on sale right now and can actually be bought today (in stock in at least one option)? List their names alphabetically.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'filter across pages',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['data_displays', 'search_and_extract', 'navigation_and_structure'],
    },
    expectedOutput: {
      items: ['Merino Throw Blanket', 'Turkish Cotton Robe', 'Walnut End-Grain Serving Board'],
    },
    outputSchema: {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'string' } } },
      required: ['items'],
      additionalProperties: false,
    },
    solve: (page, ctx) => saleItems(page, ctx, true),
    // Forgets the stock condition and keeps the sold-out candle.
    wrong: (page, ctx) => saleItems(page, ctx, false),
  },
];
