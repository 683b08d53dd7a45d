import type { Page } from 'playwright-core';
import type { SolveContext, TestCaseDefinition } from '../../../kit';
import { bookCard, openResult, priceLine, reserve, search, setGuests, signIn, typeDates } from './steps';

/** Tasks on a listing page: house rules in a new tab, sharing in a popup, the price breakdown, the host. */

async function houseRules(page: Page, ctx: SolveContext, title: string) {
  await signIn(page, ctx);
  await search(page, { where: 'Porto' });
  await openResult(page, title);
  const [rules] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Show house rules' }).click(),
  ]);
  await rules.getByRole('heading', { name: 'House rules' }).waitFor();
  const value = async (term: string) =>
    (
      (await rules
        .locator('.rule-list div')
        .filter({ has: rules.locator('dt', { hasText: term }) })
        .locator('dd')
        .textContent()) ?? ''
    ).trim();
  const checkIn = await value('Check-in');
  const checkout = await value('Checkout');
  const pets = await value('Pets');
  await rules.close();
  return {
    check_in_from: checkIn.split('–')[0]?.trim() ?? '',
    checkout_by: checkout.replace('Before', '').trim(),
    pets_allowed: pets === 'Pets allowed',
  };
}

async function share(page: Page, ctx: SolveContext, title: string) {
  await signIn(page, ctx);
  await search(page, { where: 'Lisbon' });
  await openResult(page, title);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Share' }).click(),
  ]);
  await popup.getByRole('heading', { name: 'Share this place' }).waitFor();
  await popup.getByLabel('Email address').fill('sam.lee@example.com');
  await popup.getByLabel('Note').fill('Our Lisbon pick?');
  await popup.getByRole('button', { name: 'Send' }).click();
  await popup.getByText('Shared with sam.lee@example.com').waitFor();
  await popup.close();
  return undefined;
}

async function graciaBreakdown(page: Page, ctx: SolveContext, withFees: boolean) {
  await signIn(page, ctx);
  await search(page, { where: 'Barcelona', dates: ['2026-05-04', '2026-05-07'], guests: { adults: 2 } });
  await openResult(page, 'Gràcia Garden Apartment');
  const cleaning = await priceLine(page, 'cleaning');
  const total = withFees ? await priceLine(page, 'total') : (await priceLine(page, 'nights')) + cleaning;
  return { cleaning_fee: cleaning, total };
}

async function messageHost(page: Page, ctx: SolveContext, title: string) {
  await signIn(page, ctx);
  await search(page, { where: 'Reykjavik' });
  await openResult(page, title);
  await page.getByRole('link', { name: 'Contact host' }).click();
  await page.getByLabel('Message').fill('Is there parking for two cars?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByText('Message sent').waitFor();
  return undefined;
}

/** The total of a stay at the courtyard house, read from "Confirm and pay" (nothing is booked until confirmed). */
async function quote(page: Page, checkIn: string, checkOut: string): Promise<number> {
  await typeDates(bookCard(page), checkIn, checkOut);
  const outcome = await reserve(page);
  if (outcome !== 'confirm') throw new Error(outcome);
  const total = await priceLine(page, 'total');
  await page.getByRole('link', { name: '‹ Back to the listing' }).click();
  await page.getByRole('heading', { level: 1, name: 'Old Town Courtyard House' }).waitFor();
  return total;
}

async function weekOrSixNights(page: Page, ctx: SolveContext, quoteTheWeek: boolean) {
  await signIn(page, ctx);
  await search(page, { where: 'Seville' });
  await openResult(page, 'Old Town Courtyard House');
  await setGuests(bookCard(page), { adults: 2 });
  const six = await quote(page, '2026-06-01', '2026-06-07');
  // The mistake: assumes a seventh night costs what the average of the six does.
  const seven = quoteTheWeek
    ? await quote(page, '2026-06-01', '2026-06-08')
    : Math.round((six / 6) * 7 * 100) / 100;
  return { seven_nights: seven, six_nights: six, cheaper: seven < six ? 'seven_nights' : 'six_nights' };
}

export const listingCases: TestCaseDefinition[] = [
  {
    key: 'house-rules-ribeira-cottage',
    name: 'House rules of the Ribeira cottage',
    prompt:
      'Open the house rules of the Ribeira Riverside Cottage in Porto. From what time can we check in, by what time must we check out, and are pets allowed?',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'find a value',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input', 'extract_and_understand'],
      capabilities: ['navigation_and_structure', 'search_and_extract', 'auth_and_bot_protection'],
    },
    expectedOutput: { check_in_from: '16:00', checkout_by: '11:00', pets_allowed: false },
    outputSchema: {
      type: 'object',
      properties: {
        check_in_from: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
        checkout_by: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
        pets_allowed: { type: 'boolean' },
      },
      required: ['check_in_from', 'checkout_by', 'pets_allowed'],
      additionalProperties: false,
    },
    solve: (page, ctx) => houseRules(page, ctx, 'Ribeira Riverside Cottage'),
    // Opens the neighbouring Porto house by the sea instead.
    wrong: (page, ctx) => houseRules(page, ctx, 'Foz do Douro Beach House'),
  },
  {
    key: 'share-alfama-loft',
    name: 'Share the Alfama loft with Sam',
    prompt:
      'Share the Alfama Rooftop Loft with River View in Lisbon with my friend sam.lee@example.com, with the note "Our Lisbon pick?".',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'share a record',
      reasoning_level: 'level_2',
      skills: ['navigation_and_input'],
      capabilities: ['feedback_and_overlays', 'forms_and_inputs', 'navigation_and_structure'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'shares',
        changes: { listing_id: 1, recipient: 'sam.lee@example.com', note: 'Our Lisbon pick?' },
      },
    ],
    solve: (page, ctx) => share(page, ctx, 'Alfama Rooftop Loft with River View'),
    // Shares the other Lisbon favourite, the Bairro Alto studio.
    wrong: (page, ctx) => share(page, ctx, 'Bairro Alto Terrace Studio'),
  },
  {
    key: 'gracia-price-breakdown',
    name: 'Price of three nights in Gràcia',
    prompt:
      'For the Gràcia Garden Apartment in Barcelona, May 4 to 7, 2026, for 2 adults: what is the cleaning fee, and what is the total price including every fee and tax? Answer in dollars.',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'read a computed value',
      reasoning_level: 'level_2',
      skills: ['extract_and_understand', 'navigation_and_input'],
      capabilities: ['iframe_and_shadow_dom', 'data_displays', 'forms_and_inputs'],
    },
    expectedOutput: { cleaning_fee: 55, total: 685.46 },
    outputSchema: {
      type: 'object',
      properties: { cleaning_fee: { type: 'number' }, total: { type: 'number' } },
      required: ['cleaning_fee', 'total'],
      additionalProperties: false,
    },
    solve: (page, ctx) => graciaBreakdown(page, ctx, true),
    // Adds the nights and the cleaning fee and forgets the service fee and taxes.
    wrong: (page, ctx) => graciaBreakdown(page, ctx, false),
  },
  {
    key: 'message-lava-cabin-host',
    name: 'Ask the lava field cabin host about parking',
    prompt:
      'Ask the host of the Lava Field Cabin with Hot Tub in Reykjavik: "Is there parking for two cars?"',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'send a message',
      reasoning_level: 'level_1',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'auth_and_bot_protection'],
    },
    expectedMutations: [
      {
        action: 'INSERT',
        table_name: 'messages',
        changes: { listing_id: 25, from_guest: 1, body: 'Is there parking for two cars?' },
      },
    ],
    solve: (page, ctx) => messageHost(page, ctx, 'Lava Field Cabin with Hot Tub'),
    // Writes to the other cabin's host.
    wrong: (page, ctx) => messageHost(page, ctx, 'Northern Lights Glass Cabin'),
  },
  {
    key: 'week-or-six-nights-seville',
    name: 'A week or six nights at the courtyard house',
    prompt:
      'At the Old Town Courtyard House in Seville, for 2 adults from June 1, 2026: what is the total price (all fees and taxes) for 7 nights (checkout June 8) and for 6 nights (checkout June 7), and which of the two costs less in total? Don\'t book anything. Answer cheaper as "seven_nights" or "six_nights".',
    startUrl: '/',
    scoringTypes: ['output'],
    metadata: {
      goal_type: 'compare prices',
      reasoning_level: 'level_3',
      skills: ['extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['forms_and_inputs', 'data_displays', 'iframe_and_shadow_dom'],
    },
    expectedOutput: { seven_nights: 1515.72, six_nights: 1527.8, cheaper: 'seven_nights' },
    outputSchema: {
      type: 'object',
      properties: {
        seven_nights: { type: 'number' },
        six_nights: { type: 'number' },
        cheaper: { enum: ['seven_nights', 'six_nights'] },
      },
      required: ['seven_nights', 'six_nights', 'cheaper'],
      additionalProperties: false,
    },
    solve: (page, ctx) => weekOrSixNights(page, ctx, true),
    // Extrapolates the week from the six-night price and misses the weekly discount.
    wrong: (page, ctx) => weekOrSixNights(page, ctx, false),
  },
];
