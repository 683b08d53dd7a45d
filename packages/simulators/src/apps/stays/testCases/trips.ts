import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import {
  applyFilters,
  cancelInDialog,
  dollars,
  findCard,
  openSection,
  openTrip,
  refundOffered,
  search,
  signIn,
  sortBy,
} from './steps';

/** Trips, cancellations and reviews; wishlists. */

async function barcelonaCode(page: Page, ctx: SolveContext, tab: 'Upcoming' | 'Past') {
  await signIn(page, ctx);
  await openSection(page, 'Trips');
  if (tab === 'Past') {
    await page.getByRole('navigation', { name: 'Trips' }).getByRole('link', { name: 'Past' }).click();
    await page.waitForURL(/tab=past/);
  }
  const card = page.locator('.trip-card').filter({ hasText: 'Barcelona' }).first();
  return { code: ((await card.locator('.code').textContent()) ?? '').trim() };
}

async function cancelPorto(page: Page, ctx: SolveContext, reportRefund: boolean) {
  await signIn(page, ctx);
  await openTrip(page, 'Foz do Douro Beach House');
  const paid = dollars(await page.locator('price-breakdown [data-row="total"] dd').textContent());
  const refund = await refundOffered(page);
  await cancelInDialog(page);
  return { refund: reportRefund ? refund : paid };
}

async function overlappingTrips(page: Page, ctx: SolveContext, byRefund: boolean) {
  await signIn(page, ctx);
  const offers: { title: string; code: string; refund: number; paid: number }[] = [];
  for (const title of ['Triana Tile House', 'Graça Hilltop Apartment']) {
    await openTrip(page, title);
    const code = ((await page.locator('.trip-facts .code').textContent()) ?? '').trim();
    const paid = dollars(await page.locator('price-breakdown [data-row="total"] dd').textContent());
    const refund = await refundOffered(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Keep trip' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    offers.push({ title, code, refund, paid });
  }
  // The mistake: cancels the dearer trip, as if the refund followed the price.
  const [cancel] = [...offers].sort((a, b) => (byRefund ? b.refund - a.refund : b.paid - a.paid));
  await openTrip(page, cancel!.title);
  await refundOffered(page);
  await cancelInDialog(page);
  return { cancelled: cancel!.code, refund: cancel!.refund };
}

async function reviewStay(page: Page, ctx: SolveContext, title: string) {
  await signIn(page, ctx);
  await openTrip(page, title, 'Past');
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page.getByRole('textbox', { name: 'Review' }).fill('Magical northern lights and a spotless cabin.');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await page.getByText('Thanks! Your review will appear after moderation.').waitFor();
  return undefined;
}

async function removeGlassCabin(page: Page, ctx: SolveContext, wholeList: boolean) {
  await signIn(page, ctx);
  await openSection(page, 'Wishlists');
  await page.getByRole('link', { name: /Summer ideas/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Summer ideas' }).waitFor();
  if (wholeList) {
    await page.getByRole('button', { name: 'Delete wishlist' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted Summer ideas').waitFor();
    return undefined;
  }
  await page.getByRole('button', { name: 'Remove Northern Lights Glass Cabin from Summer ideas' }).click();
  await page.getByText('Removed from Summer ideas').waitFor();
  return undefined;
}

async function saveFromResults(page: Page, title: string, wishlist: string): Promise<void> {
  const card = await findCard(page, title);
  await card.hover();
  await card.getByRole('menuitem', { name: `Save to ${wishlist}` }).click();
  await page.getByText(`Saved to ${wishlist}`).waitFor();
}

async function saveAlfama(page: Page, ctx: SolveContext, wishlist: string) {
  await signIn(page, ctx);
  await search(page, { where: 'Lisbon' });
  await saveFromResults(page, 'Alfama Rooftop Loft with River View', wishlist);
  return undefined;
}

async function kyotoAutumn(page: Page, ctx: SolveContext, needWasher: boolean) {
  await signIn(page, ctx);
  await openSection(page, 'Wishlists');
  await page.getByLabel('Name').fill('Kyoto autumn');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Created Kyoto autumn').waitFor();
  await openSection(page, 'Explore');
  await search(page, { where: 'Kyoto' });
  if (needWasher) await applyFilters(page, { check: ['Washer'] });
  await sortBy(page, 'Top rated');
  const titles = await page.locator('.result-card .card-title').allTextContents();
  for (const title of titles.slice(0, 2)) await saveFromResults(page, title.trim(), 'Kyoto autumn');
  return undefined;
}

export const tripCases: TestCaseDefinition[] = [
  {
    key: 'upcoming-barcelona-code',
    name: 'Confirmation code of the Barcelona trip',
    prompt: "What's the confirmation code of my upcoming trip to Barcelona?",
    startUrl: '/trips',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a value',
      reasoning_level: 'level_1',
      skills: ['extract_and_understand'],
      capabilities: ['navigation_and_structure', 'auth_and_bot_protection'],
    },
    expectedOutput: { code: 'RM-4K7Q2B' },
    outputSchema: {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^RM-[A-Z0-9]{6}$' } },
      required: ['code'],
      additionalProperties: false,
    },
    solve: (page, ctx) => barcelonaCode(page, ctx, 'Upcoming'),
    // Reads last October's Barcelona trip instead.
    wrong: (page, ctx) => barcelonaCode(page, ctx, 'Past'),
  },
  {
    key: 'cancel-porto-trip',
    name: 'Cancel the Porto trip and report the refund',
    prompt: 'Cancel my upcoming trip to Porto and tell me how much money I get back, in dollars.',
    startUrl: '/',
    scoringTypes: ['mutations', 'output'],
    metadata: {
      goal_type: 'cancel and report',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['feedback_and_overlays', 'data_displays'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'bookings',
        pk: '6',
        changes: { status: 'cancelled', refund_cents: 37465 },
      },
    ],
    expectedOutput: { refund: 374.65 },
    outputSchema: {
      type: 'object',
      properties: { refund: { type: 'number' } },
      required: ['refund'],
      additionalProperties: false,
    },
    solve: (page, ctx) => cancelPorto(page, ctx, true),
    // Cancels, then reports what was paid: the strict policy only gives half back.
    wrong: (page, ctx) => cancelPorto(page, ctx, false),
  },
  {
    key: 'cancel-overlapping-trip',
    name: 'Cancel the overlapping trip that refunds more',
    prompt:
      'Two of my upcoming trips in April overlap: Seville and Lisbon. Cancel the one whose cancellation gives me more money back, keep the other, and tell me the confirmation code you cancelled and the refund in dollars.',
    startUrl: '/',
    scoringTypes: ['mutations', 'output'],
    metadata: {
      goal_type: 'compare and act',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow', 'navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'data_displays', 'navigation_and_structure'],
    },
    expectedMutations: [
      {
        action: 'UPDATE',
        table_name: 'bookings',
        pk: '9',
        changes: { status: 'cancelled', refund_cents: 79700 },
      },
    ],
    expectedOutput: { cancelled: 'RM-9LG5HA', refund: 797 },
    outputSchema: {
      type: 'object',
      properties: { cancelled: { type: 'string' }, refund: { type: 'number' } },
      required: ['cancelled', 'refund'],
      additionalProperties: false,
    },
    solve: (page, ctx) => overlappingTrips(page, ctx, true),
    wrong: (page, ctx) => overlappingTrips(page, ctx, false),
  },
  {
    key: 'review-glass-cabin-stay',
    name: 'Review the January stay in Reykjavik',
    prompt:
      'Leave a 5-star review for my January stay in Reykjavik: "Magical northern lights and a spotless cabin."',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'write a review',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'navigation_and_structure'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'reviews',
        changes: {
          listing_id: 26,
          booking_id: 5,
          author: 'Riley',
          rating: 5,
          body: 'Magical northern lights and a spotless cabin.',
          status: 'pending',
        },
      },
    ],
    solve: (page, ctx) => reviewStay(page, ctx, 'Northern Lights Glass Cabin'),
    // Reviews the Kyoto stay of November instead.
    wrong: (page, ctx) => reviewStay(page, ctx, 'Arashiyama Bamboo Retreat'),
  },
  {
    key: 'remove-glass-cabin-from-wishlist',
    name: 'Remove the glass cabin from Summer ideas',
    prompt: "Remove the Northern Lights Glass Cabin from my 'Summer ideas' wishlist. Keep everything else.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'remove a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['navigation_and_structure', 'forms_and_inputs'],
    },
    expectedMutations: [{ action: 'DELETE', table_name: 'wishlist_items', pk: '3' }],
    solve: (page, ctx) => removeGlassCabin(page, ctx, false),
    // Deletes the whole wishlist.
    wrong: (page, ctx) => removeGlassCabin(page, ctx, true),
  },
  {
    key: 'save-alfama-loft',
    name: 'Save the Alfama loft to the Lisbon wishlist',
    prompt: "Save the Alfama Rooftop Loft with River View to my 'Lisbon 2026' wishlist.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'save a record',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'search_and_extract'],
    },
    expectedMutations: [
      { action: 'INSERT', table_name: 'wishlist_items', changes: { wishlist_id: 2, listing_id: 1 } },
    ],
    solve: (page, ctx) => saveAlfama(page, ctx, 'Lisbon 2026'),
    // Picks the first wishlist of the menu.
    wrong: (page, ctx) => saveAlfama(page, ctx, 'Summer ideas'),
  },
  {
    key: 'kyoto-autumn-wishlist',
    name: 'Start a Kyoto wishlist',
    prompt:
      "Create a wishlist called 'Kyoto autumn' and save to it the two best-rated stays in Kyoto that have a washer.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'create and fill a list',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['forms_and_inputs', 'search_and_extract', 'feedback_and_overlays'],
    },
    expectedMutations: [
      { action: 'INSERT', table_name: 'wishlists', changes: { name: 'Kyoto autumn' } },
      { action: 'INSERT', table_name: 'wishlist_items', changes: { wishlist_id: 4, listing_id: 20 } },
      { action: 'INSERT', table_name: 'wishlist_items', changes: { wishlist_id: 4, listing_id: 21 } },
    ],
    solve: (page, ctx) => kyotoAutumn(page, ctx, true),
    // Sorts by rating but forgets the washer: the Gion townhouse has none.
    wrong: (page, ctx) => kyotoAutumn(page, ctx, false),
  },
];
