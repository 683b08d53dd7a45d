import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { applyFilters, openResult, readAllResults, search, signIn, sortBy } from './steps';

/** Search tasks: dates, guests, filters, sorting and the infinite list. */

async function countFamilyStays(page: Page, ctx: SolveContext, children: number) {
  await signIn(page, ctx);
  await search(page, {
    where: 'Lisbon',
    dates: ['2026-04-10', '2026-04-14'],
    guests: { adults: 2, children },
  });
  const heading = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  return { count: Number(/\d+/.exec(heading)?.[0] ?? 0) };
}

async function cheapestSeville(page: Page, ctx: SolveContext, freeCancellation: boolean) {
  await signIn(page, ctx);
  await search(page, {
    where: 'Seville',
    dates: ['2026-03-14', '2026-03-16'],
    guests: { adults: 2 },
    typeDates: true,
  });
  await applyFilters(page, {
    check: ['Wifi', 'Washer', ...(freeCancellation ? ['Free cancellation'] : [])],
    rating: '4.5+',
  });
  await sortBy(page, 'Price: low to high');
  const [first] = await readAllResults(page, false);
  return { name: first?.title ?? '', nightly: first?.nightly ?? 0 };
}

async function topSuperhosts(page: Page, ctx: SolveContext, loadAll: boolean) {
  await signIn(page, ctx);
  await search(page, { where: 'Barcelona' });
  const stays = await readAllResults(page, loadAll);
  return {
    stays: stays
      .filter((s) => s.superhost && s.rating >= 4.9)
      .map((s) => s.title)
      .sort(),
  };
}

async function groupStays(page: Page, ctx: SolveContext, minRating: number) {
  await signIn(page, ctx);
  await search(page, {
    where: 'Reykjavik',
    dates: ['2026-08-14', '2026-08-18'],
    guests: { adults: 5, children: 3 },
  });
  const listed = await readAllResults(page);
  const found: { name: string; total: number }[] = [];
  for (const stay of listed.filter((s) => s.rating >= minRating)) {
    await openResult(page, stay.title);
    const total = await page.locator('price-breakdown [data-row="total"] dd').first().textContent();
    found.push({ name: stay.title, total: Number((total ?? '').replace(/[^\d.]/g, '')) });
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /stays? in Reykjavik/ }).waitFor();
  }
  return { stays: found.sort((a, b) => a.total - b.total) };
}

export const searchingCases: TestCaseDefinition[] = [
  {
    key: 'count-family-stays-lisbon',
    name: 'Count family-sized stays in Lisbon',
    prompt:
      'How many stays does Roamly show in Lisbon for April 10 to April 14, 2026, for 2 adults and 2 children? Answer with the number.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'count search results',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['forms_and_inputs', 'search_and_extract', 'auth_and_bot_protection'],
    },
    expectedOutput: { count: 38 },
    outputSchema: {
      type: 'object',
      properties: { count: { type: 'integer' } },
      required: ['count'],
      additionalProperties: false,
    },
    solve: (page, ctx) => countFamilyStays(page, ctx, 2),
    // Leaves the children out of the guests counter, so stays for two show up too.
    wrong: (page, ctx) => countFamilyStays(page, ctx, 0),
  },
  {
    key: 'cheapest-flexible-seville',
    name: 'Cheapest well-rated Seville stay with free cancellation',
    prompt:
      "I'm in Seville from March 14 to 16, 2026, with my partner (2 adults). I need wifi and a washer, a guest rating of 4.5 or more, and free cancellation. Which stay is cheapest per night, and what is its nightly price in dollars?",
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find the best match',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['search_and_extract', 'forms_and_inputs', 'data_displays'],
    },
    expectedOutput: { name: 'Peaceful Guest Suite in Los Remedios', nightly: 153 },
    outputSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, nightly: { type: 'number' } },
      required: ['name', 'nightly'],
      additionalProperties: false,
    },
    solve: (page, ctx) => cheapestSeville(page, ctx, true),
    // Forgets the free cancellation filter and answers a strict-policy flat.
    wrong: (page, ctx) => cheapestSeville(page, ctx, false),
  },
  {
    key: 'top-rated-superhosts-barcelona',
    name: 'Superhost stays rated 4.9+ in Barcelona',
    prompt:
      'List every Barcelona stay on Roamly that is run by a Superhost and has a guest rating of 4.9 or higher. Give their names in alphabetical order.',
    startUrl: '/',
    hint: 'The results keep loading as you scroll down the list.',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'collect from a long list',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['data_displays', 'navigation_and_structure', 'search_and_extract'],
    },
    expectedOutput: {
      stays: ['Eixample Modernist Apartment', 'Gràcia Garden Apartment', 'Poblenou Design Loft'],
    },
    outputSchema: {
      type: 'object',
      properties: { stays: { type: 'array', items: { type: 'string' } } },
      required: ['stays'],
      additionalProperties: false,
    },
    solve: (page, ctx) => topSuperhosts(page, ctx, true),
    // Reads only the first screen of results and never scrolls for more.
    wrong: (page, ctx) => topSuperhosts(page, ctx, false),
  },
  {
    key: 'group-stays-reykjavik',
    name: 'Stays for a group of eight in Reykjavik',
    prompt:
      "We're 5 adults and 3 children going to Reykjavik from August 14 to 18, 2026. Which stays can host all of us and have a guest rating of at least 4.7? For each, give the name and the total price in dollars (all fees and taxes), cheapest first.",
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'compare options',
      reasoning_level: 'level_4',
      skills: ['navigation_and_input', 'extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['forms_and_inputs', 'search_and_extract', 'iframe_and_shadow_dom', 'data_displays'],
    },
    expectedOutput: {
      stays: [
        { name: 'Grótta Lighthouse House', total: 2061 },
        { name: 'Esja View Family Villa', total: 2533.2 },
      ],
    },
    outputSchema: {
      type: 'object',
      properties: {
        stays: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, total: { type: 'number' } },
            required: ['name', 'total'],
            additionalProperties: false,
          },
        },
      },
      required: ['stays'],
      additionalProperties: false,
    },
    solve: (page, ctx) => groupStays(page, ctx, 4.7),
    // Keeps the penthouse rated 4.52: the rating condition is forgotten.
    wrong: (page, ctx) => groupStays(page, ctx, 0),
  },
];
