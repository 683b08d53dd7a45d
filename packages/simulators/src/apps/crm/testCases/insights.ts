import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { dollars, filter, openBoard, openRail, readTable, searchTable, signIn } from './steps';

async function stageTotal(page: Page, ctx: SolveContext, pipeline: string) {
  await signIn(page, ctx);
  await openBoard(page, pipeline);
  const text = await page
    .getByRole('region', { name: 'Negotiation', exact: true })
    .locator('.stage-total')
    .textContent();
  return { total: dollars(text ?? '') };
}

async function ownerOnBoard(page: Page, ctx: SolveContext, owner: string | null) {
  await signIn(page, ctx);
  await openBoard(page, 'Enterprise');
  if (owner) {
    const before = page.url();
    await page.getByRole('combobox', { name: 'Owner' }).selectOption({ label: owner });
    await page.waitForURL((url) => url.href !== before);
  }
  const summary = (await page.locator('.page-head p.muted').first().textContent()) ?? '';
  const count = Number(/(\d+) open deals/.exec(summary)?.[1]);
  const total = dollars((await page.locator('.pipeline-total').textContent()) ?? '');
  return { count, total };
}

async function clinics(page: Page, ctx: SolveContext, fact: RegExp) {
  await signIn(page, ctx);
  await openRail(page, 'Companies');
  await searchTable(page, 'companies', 'Pemberton');
  await page.getByRole('link', { name: 'Pemberton Health', exact: true }).click();
  await page.getByRole('heading', { name: 'Pemberton Health', level: 1 }).waitFor();
  const site = page.frameLocator('iframe[title="Company website preview"]');
  const line = (await site.getByRole('listitem').filter({ hasText: fact }).textContent()) ?? '';
  return { clinics: Number(/\d+/.exec(line)?.[0]) };
}

async function vantageMover(page: Page, ctx: SolveContext, who: 'mover' | 'owner') {
  await signIn(page, ctx);
  await openRail(page, 'Deals');
  await searchTable(page, 'deals', 'Vantage');
  await page.getByRole('link', { name: 'Vantage Foods – Warehouse sensors', exact: true }).click();
  await page.getByRole('heading', { name: 'Vantage Foods – Warehouse sensors', level: 1 }).waitFor();
  const entry = page.locator('.activity-row').filter({ hasText: 'to Negotiation' });
  const date = ((await entry.locator('time').getAttribute('datetime')) ?? '').slice(0, 10);
  if (who === 'owner') {
    const owner = (await page.locator('.deal-meta .owner').textContent())?.trim() ?? '';
    return { name: owner, date };
  }
  return { name: (await entry.locator('.activity-actor').textContent())?.trim() ?? '', date };
}

async function leoMarch(page: Page, ctx: SolveContext, onlyOpen: boolean) {
  await signIn(page, ctx);
  await openRail(page, 'Deals');
  await filter(page, {
    Owner: 'Leo Martins',
    Pipeline: 'New business',
    ...(onlyOpen ? { Status: 'Open' } : {}),
    Closing: 'This month',
  });
  const rows = await readTable(page);
  const deals = rows
    .map((r) => ({ title: r[1] ?? '', value: dollars(r[4] ?? '') }))
    .sort((a, b) => b.value - a.value);
  return { deals };
}

async function webinarContacts(page: Page, ctx: SolveContext, filters: Record<string, string>) {
  await signIn(page, ctx);
  await openRail(page, 'Contacts');
  await filter(page, filters);
  const text = (await page.locator('.result-count').textContent()) ?? '';
  return { count: Number(/\d+/.exec(text)?.[0]) };
}

/** Questions answered from the board, the tables, the activity log and the website preview. */
export const insightCases: TestCaseDefinition[] = [
  {
    key: 'enterprise-negotiation-total',
    name: 'Total of the Enterprise negotiation stage',
    prompt:
      'What is the total value, in dollars, of the open deals in the Negotiation stage of the Enterprise pipeline?',
    startUrl: '/pipeline/1',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a figure',
      reasoning_level: 'level_1',
      skills: ['extract_and_understand'],
      capabilities: ['data_displays', 'navigation_and_structure'],
    },
    expectedOutput: { total: 1013000 },
    outputSchema: {
      type: 'object',
      properties: { total: { type: 'integer' } },
      required: ['total'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => stageTotal(page, ctx, 'Enterprise'),
    // The board that opens first is New business, which has a Negotiation stage too.
    wrong: async (page, ctx) => stageTotal(page, ctx, 'New business'),
  },
  {
    key: 'jonas-enterprise-book',
    name: "Size Jonas's enterprise pipeline",
    prompt:
      'How many open deals does Jonas Becker own in the Enterprise pipeline, and what is their total value in dollars?',
    startUrl: '/pipeline/2',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read and aggregate',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['data_displays', 'search_and_extract'],
    },
    expectedOutput: { count: 23, total: 1345500 },
    outputSchema: {
      type: 'object',
      properties: { count: { type: 'integer' }, total: { type: 'integer' } },
      required: ['count', 'total'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => ownerOnBoard(page, ctx, 'Jonas Becker'),
    // The whole pipeline, not Jonas's part of it.
    wrong: async (page, ctx) => ownerOnBoard(page, ctx, null),
  },
  {
    key: 'count-aisha-webinar-contacts',
    name: "Count Aisha's webinar contacts",
    prompt: 'How many of the contacts owned by Aisha Karimi are tagged "Webinar 2026"?',
    startUrl: '/contacts',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'filter and count',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['search_and_extract', 'data_displays'],
    },
    expectedOutput: { count: 18 },
    outputSchema: {
      type: 'object',
      properties: { count: { type: 'integer' } },
      required: ['count'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => webinarContacts(page, ctx, { Tag: 'Webinar 2026', Owner: 'Aisha Karimi' }),
    // Every owner's webinar contacts.
    wrong: async (page, ctx) => webinarContacts(page, ctx, { Tag: 'Webinar 2026' }),
  },
  {
    key: 'pemberton-clinic-count',
    name: 'Count the Pemberton clinics from their website',
    prompt:
      "According to Pemberton Health's own website (the website preview on its company page), how many clinics do they run?",
    startUrl: '/companies',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a fact',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['iframe_and_shadow_dom', 'search_and_extract'],
    },
    expectedOutput: { clinics: 14 },
    outputSchema: {
      type: 'object',
      properties: { clinics: { type: 'integer' } },
      required: ['clinics'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => clinics(page, ctx, /clinics across/),
    // Reads the clinicians line instead.
    wrong: async (page, ctx) => clinics(page, ctx, /clinicians/),
  },
  {
    key: 'vantage-negotiation-mover',
    name: 'Who moved the Vantage deal into Negotiation',
    prompt:
      "Who moved the Vantage Foods warehouse sensors deal into Negotiation, and on which date? Give the person's full name and the date as YYYY-MM-DD.",
    startUrl: '/deals',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read the history',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand'],
      capabilities: ['search_and_extract', 'data_displays', 'navigation_and_structure'],
    },
    expectedOutput: { name: 'Mei Tanaka', date: '2026-02-12' },
    outputSchema: {
      type: 'object',
      properties: { name: { type: 'string' }, date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
      required: ['name', 'date'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => vantageMover(page, ctx, 'mover'),
    // The deal's owner is not who moved it.
    wrong: async (page, ctx) => vantageMover(page, ctx, 'owner'),
  },
  {
    key: 'leo-march-closings',
    name: "List Leo's open March closings",
    prompt:
      "List Leo Martins's open deals in the New business pipeline that are expected to close in March 2026, largest value first, with each deal's title and value in dollars.",
    startUrl: '/deals',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'filter and report',
      reasoning_level: 'level_4',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['search_and_extract', 'data_displays'],
    },
    expectedOutput: {
      deals: [
        { title: 'Northwind Traders – Fleet telematics', value: 42000 },
        { title: 'Orchard & Vine – POS rollout', value: 18500 },
        { title: 'Vantage Foods – Inventory sync', value: 15000 },
        { title: 'Northwind Traders – Fleet telematics pilot', value: 9500 },
      ],
    },
    outputSchema: {
      type: 'object',
      properties: {
        deals: {
          type: 'array',
          items: {
            type: 'object',
            properties: { title: { type: 'string' }, value: { type: 'integer' } },
            required: ['title', 'value'],
            additionalProperties: false,
          },
        },
      },
      required: ['deals'],
      additionalProperties: false,
    },
    solve: async (page, ctx) => leoMarch(page, ctx, true),
    // Keeps a deal already won this month.
    wrong: async (page, ctx) => leoMarch(page, ctx, false),
  },
];
