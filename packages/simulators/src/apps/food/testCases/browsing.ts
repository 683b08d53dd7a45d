import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { openItem, openRestaurant, openSection, quickAdd, signIn, toast } from './steps';

/** Browsing tasks: finding restaurants and dishes, reading ratings, fees and allergens, favourites. */

interface CardFacts {
  name: string;
  neighbourhood: string;
  rating: number;
  minutes: number;
  fee: number;
}

/** Reads the restaurant cards on the page, in order. */
async function readCards(page: Page): Promise<CardFacts[]> {
  const cards = page.locator('article.r-card');
  const out: CardFacts[] = [];
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    const name = ((await card.locator('.r-name').textContent()) ?? '').replace('♥', '').trim();
    const meta = (await card.locator('.r-meta').textContent()) ?? '';
    const rating = Number(((await card.locator('.rating').textContent()) ?? '').replace('★', '').trim());
    const minutes = Number.parseInt((await card.locator('.r-time').textContent()) ?? '', 10);
    const feeText = (await card.locator('.r-fee').textContent()) ?? '';
    const fee = feeText.startsWith('Free') ? 0 : Number(feeText.replace(/[^0-9.]/g, ''));
    out.push({ name, neighbourhood: meta.split('·')[1]?.trim() ?? '', rating, minutes, fee });
  }
  return out;
}

async function pickCuisine(page: Page, cuisine: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Cuisines' })
    .getByRole('link', { name: cuisine, exact: true })
    .click();
  await page.waitForURL(new RegExp(`cuisine=${cuisine}`));
}

async function sortBy(page: Page, label: string): Promise<void> {
  await page.getByRole('form', { name: 'Filters' }).getByLabel('Sort by').selectOption({ label });
  await page.waitForURL(/sort=/);
}

async function thai(page: Page, ctx: SolveContext, sorted: boolean) {
  await signIn(page, ctx);
  await pickCuisine(page, 'Thai');
  if (sorted) await sortBy(page, 'Rating');
  const [best] = await readCards(page);
  return { name: best?.name ?? '', neighbourhood: best?.neighbourhood ?? '', rating: best?.rating ?? 0 };
}

async function pizzaFee(page: Page, ctx: SolveContext, sort: string) {
  await signIn(page, ctx);
  await pickCuisine(page, 'Pizza');
  await sortBy(page, sort);
  const [first] = await readCards(page);
  return { name: first?.name ?? '', neighbourhood: first?.neighbourhood ?? '', fee: first?.fee ?? -1 };
}

async function fastestFavourite(page: Page, ctx: SolveContext, byTime: boolean) {
  await signIn(page, ctx);
  await openSection(page, 'Favourites');
  const cards = await readCards(page);
  const best = [...cards].sort((a, b) => (byTime ? a.minutes - b.minutes : b.rating - a.rating))[0];
  return { name: best?.name ?? '', minutes: best?.minutes ?? 0 };
}

/** Under-30-minute restaurants with vegan dishes: the cheapest vegan dish of a Mains section (optionally in stock). */
async function cheapestVeganMain(page: Page, ctx: SolveContext, inStockOnly: boolean) {
  await signIn(page, ctx);
  const filters = page.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Under 30 min').check();
  await page.waitForURL(/fast=1/);
  await page.getByRole('form', { name: 'Filters' }).getByLabel('Dietary').selectOption('vegan');
  await page.waitForURL(/diet=vegan/);
  const restaurants = await readCards(page);
  const found: { restaurant: string; dish: string; price: number }[] = [];
  for (const r of restaurants) {
    await page
      .getByRole('article', { name: `${r.name}, ${r.neighbourhood}`, exact: true })
      .getByRole('link')
      .click();
    await page.getByRole('heading', { level: 1, name: r.name }).waitFor();
    const mains = page.getByRole('region', { name: 'Mains', exact: true });
    if ((await mains.count()) > 0) {
      const cards = mains.locator('article.menu-card');
      for (let i = 0; i < (await cards.count()); i++) {
        const card = cards.nth(i);
        const tags = await card.locator('.tag').allTextContents();
        if (!tags.includes('vegan')) continue;
        if (inStockOnly && (await card.locator('.sold-out-label').count()) > 0) continue;
        found.push({
          restaurant: r.name,
          dish: (await card.getAttribute('aria-label')) ?? '',
          price: Number(((await card.locator('.mc-price').textContent()) ?? '').replace('$', '')),
        });
      }
    }
    await page.goBack();
    await page.getByRole('form', { name: 'Filters' }).waitFor();
  }
  found.sort((a, b) => a.price - b.price);
  return found[0] ?? null;
}

async function satay(page: Page, ctx: SolveContext, fromCard: boolean) {
  await signIn(page, ctx);
  await openRestaurant(page, 'Bangkok Street Kitchen', 'Mission');
  const dialog = await openItem(page, 'Satay Chicken Skewers');
  const card = dialog.getByRole('region', { name: 'Nutrition and allergens' });
  const calories = Number.parseInt((await card.locator('dd').nth(0).textContent()) ?? '', 10);
  // The mistake: reads the description instead of the allergen card.
  const contains = fromCard
    ? ((await card.locator('dd').nth(1).textContent()) ?? '')
    : ((await dialog.locator('.muted').first().textContent()) ?? '');
  return { contains_peanuts: /peanut/i.test(contains), calories };
}

async function favourite(page: Page, ctx: SolveContext, name: string, neighbourhood: string) {
  await signIn(page, ctx);
  await openRestaurant(page, name, neighbourhood);
  await page.getByRole('button', { name: /Save to favourites/ }).click();
  await toast(page, `Saved ${name} to favourites`);
  return undefined;
}

async function unfavourite(page: Page, ctx: SolveContext, name: string) {
  await signIn(page, ctx);
  await openSection(page, 'Favourites');
  await page
    .getByRole('article', { name: new RegExp(`^${name},`) })
    .getByRole('link')
    .click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await page.getByRole('button', { name: /Saved to favourites/ }).click();
  await toast(page, `Removed ${name} from favourites`);
  return undefined;
}

async function icedTeas(page: Page, ctx: SolveContext, times: number) {
  await signIn(page, ctx);
  await openRestaurant(page, 'Bangkok Street Kitchen', 'Mission');
  for (let i = 0; i < times; i++) {
    await quickAdd(page, 'Thai Iced Tea');
    await page.locator('.kit-toast').first().locator('[data-toast-close]').click();
  }
  await page.getByRole('button', { name: `Cart, ${times} ${times === 1 ? 'item' : 'items'}` }).waitFor();
  return undefined;
}

export const browsingCases: TestCaseDefinition[] = [
  {
    key: 'highest-rated-thai',
    name: 'Best-rated Thai restaurant',
    prompt:
      'Which Thai restaurant on Forkful has the highest rating? Answer with its name, neighbourhood and rating.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'compare restaurants',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['search_and_extract', 'data_displays'],
    },
    expectedOutput: { name: 'Bangkok Street Kitchen', neighbourhood: 'Mission', rating: 4.9 },
    outputSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, neighbourhood: { type: 'string' }, rating: { type: 'number' } },
      required: ['name', 'neighbourhood', 'rating'],
      additionalProperties: false,
    },
    solve: (page, ctx) => thai(page, ctx, true),
    // The mistake: takes the first Thai restaurant in the recommended order.
    wrong: (page, ctx) => thai(page, ctx, false),
  },
  {
    key: 'cheapest-delivery-pizza',
    name: 'Pizza with the lowest delivery fee',
    prompt:
      'Which pizza restaurant charges the lowest delivery fee? Answer with its name, neighbourhood and the fee in dollars.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'compare restaurants',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['search_and_extract', 'data_displays'],
    },
    expectedOutput: { name: 'Slice of Brooklyn', neighbourhood: 'Dogpatch', fee: 0 },
    outputSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, neighbourhood: { type: 'string' }, fee: { type: 'number' } },
      required: ['name', 'neighbourhood', 'fee'],
      additionalProperties: false,
    },
    solve: (page, ctx) => pizzaFee(page, ctx, 'Delivery fee'),
    // The mistake: sorts by delivery time instead of fee.
    wrong: (page, ctx) => pizzaFee(page, ctx, 'Delivery time'),
  },
  {
    key: 'fastest-favourite',
    name: 'Fastest of my favourites',
    prompt:
      'Of the restaurants in my favourites, which one delivers fastest? Answer with its name and its delivery time in minutes.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'compare saved restaurants',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['navigation_and_structure', 'data_displays'],
    },
    expectedOutput: { name: 'Olive & Thyme', minutes: 20 },
    outputSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, minutes: { type: 'integer' } },
      required: ['name', 'minutes'],
      additionalProperties: false,
    },
    solve: (page, ctx) => fastestFavourite(page, ctx, true),
    // The mistake: answers with the best-rated favourite.
    wrong: (page, ctx) => fastestFavourite(page, ctx, false),
  },
  {
    key: 'cheapest-vegan-main-fast',
    name: 'Cheapest vegan main, delivered fast',
    prompt:
      'Among the restaurants that deliver in under 30 minutes, find the cheapest vegan dish listed in a "Mains" menu section that I can order right now. Answer with the restaurant, the dish and its price in dollars.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a dish across menus',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['search_and_extract', 'navigation_and_structure', 'data_displays'],
    },
    expectedOutput: { restaurant: 'Pho Saigon Corner', dish: 'Tofu Banh Mi', price: 10 },
    outputSchema: {
      type: 'object',
      properties: { restaurant: { type: 'string' }, dish: { type: 'string' }, price: { type: 'number' } },
      required: ['restaurant', 'dish', 'price'],
      additionalProperties: false,
    },
    solve: (page, ctx) => cheapestVeganMain(page, ctx, true),
    // The mistake: the cheapest vegan main is sold out today.
    wrong: (page, ctx) => cheapestVeganMain(page, ctx, false),
  },
  {
    key: 'satay-allergens',
    name: 'Peanuts in the satay?',
    prompt:
      'Does the Satay Chicken Skewers dish at Bangkok Street Kitchen contain peanuts, and how many calories does it have? Answer with contains_peanuts (true or false) and calories.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read nutrition information',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['iframe_and_shadow_dom', 'feedback_and_overlays'],
    },
    expectedOutput: { contains_peanuts: true, calories: 420 },
    outputSchema: {
      type: 'object',
      properties: { contains_peanuts: { type: 'boolean' }, calories: { type: 'integer' } },
      required: ['contains_peanuts', 'calories'],
      additionalProperties: false,
    },
    solve: (page, ctx) => satay(page, ctx, true),
    wrong: (page, ctx) => satay(page, ctx, false),
  },
  {
    key: 'favourite-saffron-lane',
    name: 'Save Saffron Lane',
    prompt: 'Add Saffron Lane, the Indian restaurant in SoMa, to my favourites.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'save a restaurant',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['search_and_extract', 'navigation_and_structure'],
    },
    expectedMutations: [{ action: 'INSERT', table_name: 'favourites', changes: { restaurant_id: 8 } }],
    solve: (page, ctx) => favourite(page, ctx, 'Saffron Lane', 'SoMa'),
    // The mistake: the look-alike Indian restaurant in Nob Hill.
    wrong: (page, ctx) => favourite(page, ctx, 'Saffron Palace', 'Nob Hill'),
  },
  {
    key: 'unfavourite-smash-stack',
    name: 'Drop a favourite',
    prompt: 'Remove Smash Stack Burgers from my favourites.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'remove a saved restaurant',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['navigation_and_structure', 'feedback_and_overlays'],
    },
    expectedMutations: [{ action: 'DELETE', table_name: 'favourites', pk: '4' }],
    solve: (page, ctx) => unfavourite(page, ctx, 'Smash Stack Burgers'),
    wrong: (page, ctx) => unfavourite(page, ctx, 'Sakura Sushi Bar'),
  },
  {
    key: 'quick-add-iced-teas',
    name: 'Two Thai iced teas in the cart',
    prompt: "Put two Thai Iced Teas from Bangkok Street Kitchen in my cart. Don't place the order yet.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'fill the cart',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'forms_and_inputs'],
    },
    expectedMutations: [
      { action: 'INSERT', table_name: 'cart_items', changes: { item_id: 47, quantity: 2, options: '' } },
    ],
    solve: (page, ctx) => icedTeas(page, ctx, 2),
    wrong: (page, ctx) => icedTeas(page, ctx, 1),
  },
];
