import type { Page } from 'playwright-core';
import type { ExpectedMutation, SolveContext, TestCaseDefinition } from '../../../kit';
import {
  applyFilters,
  bookCard,
  confirmBooking,
  openResult,
  openSection,
  pickDates,
  priceLine,
  readAllResults,
  reserve,
  search,
  setGuests,
  signIn,
  sortBy,
  typeDates,
} from './steps';

/** Booking tasks: the widget, the confirmation modal, and choosing what to book. */

function booking(changes: Record<string, string | number>): ExpectedMutation[] {
  return [
    {
      action: 'INSERT',
      table_name: 'bookings',
      changes: { status: 'confirmed', payment_method_id: 1, refund_cents: null, ...changes },
    },
  ];
}

async function lavaCabin(page: Page, ctx: SolveContext, checkOut: string) {
  await signIn(page, ctx);
  await search(page, { where: 'Reykjavik' });
  await openResult(page, 'Lava Field Cabin with Hot Tub');
  await pickDates(bookCard(page), '2026-03-20', checkOut);
  await setGuests(bookCard(page), { adults: 2 });
  const outcome = await reserve(page);
  if (outcome !== 'confirm') throw new Error(outcome);
  await confirmBooking(page);
  return undefined;
}

async function gionMinimum(page: Page, ctx: SolveContext, extendCheckout: boolean) {
  await signIn(page, ctx);
  await search(page, { where: 'Kyoto' });
  await openResult(page, 'Gion Machiya Townhouse');
  await typeDates(bookCard(page), '2026-03-14', '2026-03-16');
  await setGuests(bookCard(page), { adults: 2 });
  const problem = await reserve(page);
  const minimum = Number(/minimum stay of (\d+) nights/.exec(problem)?.[1] ?? 0);
  if (!minimum) throw new Error(`Expected a minimum stay, got: ${problem}`);
  // The right way keeps the check-in day; the mistake keeps the check-out day and starts earlier.
  if (extendCheckout) await typeDates(bookCard(page), '2026-03-14', `2026-03-${14 + minimum}`);
  else await typeDates(bookCard(page), `2026-03-${16 - minimum}`, '2026-03-16');
  const outcome = await reserve(page);
  if (outcome !== 'confirm') throw new Error(outcome);
  await confirmBooking(page);
  return undefined;
}

async function portoFamily(page: Page, ctx: SolveContext, freeCancellation: boolean) {
  await signIn(page, ctx);
  await search(page, {
    where: 'Porto',
    dates: ['2026-04-03', '2026-04-07'],
    guests: { adults: 2, children: 2, infants: 1 },
  });
  if (freeCancellation) await applyFilters(page, { check: ['Free cancellation'] });
  await sortBy(page, 'Price: low to high');
  const [cheapest] = await readAllResults(page, false);
  await openResult(page, cheapest?.title ?? '');
  const outcome = await reserve(page);
  if (outcome !== 'confirm') throw new Error(outcome);
  await confirmBooking(page);
  return undefined;
}

async function summerWishlist(page: Page, ctx: SolveContext, checkAvailability: boolean) {
  await signIn(page, ctx);
  await openSection(page, 'Wishlists');
  await page.getByRole('link', { name: /Summer ideas/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Summer ideas' }).waitFor();
  const saved = await readAllResults(page, false);
  // The mistake: takes the first stay of the list without comparing ratings.
  const order = checkAvailability ? [...saved].sort((a, b) => b.rating - a.rating) : saved;
  for (const stay of order) {
    await page
      .getByRole('article', { name: stay.title, exact: true })
      .getByRole('link', { name: stay.title, exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: stay.title }).waitFor();
    await typeDates(bookCard(page), '2026-07-10', '2026-07-14');
    await setGuests(bookCard(page), { adults: 2 });
    const outcome = await reserve(page);
    if (outcome === 'confirm') {
      await confirmBooking(page);
      return undefined;
    }
    await page.goBack();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Summer ideas' }).waitFor();
  }
  throw new Error('Nothing in Summer ideas is free on those dates');
}

async function kyotoWeek(page: Page, ctx: SolveContext, countFees: boolean) {
  await signIn(page, ctx);
  await search(page, { where: 'Kyoto', dates: ['2026-10-05', '2026-10-12'], guests: { adults: 2 } });
  await applyFilters(page, { check: ['Kitchen', 'Washer'] });
  await sortBy(page, 'Top rated');
  const listed = await readAllResults(page);
  for (const stay of listed) {
    // The mistake: nightly price × 7 under the budget, fees and taxes forgotten.
    if (!countFees && stay.nightly * 7 > 1500) continue;
    await openResult(page, stay.title);
    if (countFees && (await priceLine(page, 'total')) > 1500) {
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: /stays? in Kyoto/ }).waitFor();
      continue;
    }
    const outcome = await reserve(page);
    if (outcome !== 'confirm') throw new Error(outcome);
    await confirmBooking(page);
    return undefined;
  }
  throw new Error('No Kyoto stay fits the budget');
}

const WHEELCHAIR_NOTE = 'My father uses a wheelchair; is the entrance step-free?';

async function accessibleLisbon(page: Page, ctx: SolveContext, compareTotals: boolean) {
  await signIn(page, ctx);
  await search(page, { where: 'Lisbon', dates: ['2026-04-20', '2026-04-25'], guests: { adults: 3 } });
  await applyFilters(page, { check: ['Step-free access', 'Free cancellation'] });
  await sortBy(page, 'Price: low to high');
  const listed = await readAllResults(page);
  let choice = listed[0]?.title ?? '';
  if (compareTotals) {
    let best = Number.POSITIVE_INFINITY;
    for (const stay of listed) {
      await openResult(page, stay.title);
      const total = await priceLine(page, 'total');
      if (total < best) [best, choice] = [total, stay.title];
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: /stays? in Lisbon/ }).waitFor();
    }
  }
  await openResult(page, choice);
  const outcome = await reserve(page);
  if (outcome !== 'confirm') throw new Error(outcome);
  await confirmBooking(page, WHEELCHAIR_NOTE);
  return undefined;
}

export const bookingCases: TestCaseDefinition[] = [
  {
    key: 'book-lava-cabin-weekend',
    name: 'Book the lava field cabin for a weekend',
    prompt:
      'Book the Lava Field Cabin with Hot Tub in Reykjavik for 2 adults, checking in Friday March 20, 2026 and checking out Sunday March 22. Pay with my default card.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'book a stay',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input'],
      capabilities: ['forms_and_inputs', 'feedback_and_overlays', 'auth_and_bot_protection'],
    },
    expectedMutations: booking({
      listing_id: 25,
      check_in: '2026-03-20',
      check_out: '2026-03-22',
      adults: 2,
      children: 0,
      infants: 0,
      total_cents: 59160,
      message: '',
    }),
    solve: (page, ctx) => lavaCabin(page, ctx, '2026-03-22'),
    // One day off in the calendar: checks out on Monday.
    wrong: (page, ctx) => lavaCabin(page, ctx, '2026-03-23'),
  },
  {
    key: 'gion-minimum-stay',
    name: 'Book Gion with its minimum stay',
    prompt:
      'Book the Gion Machiya Townhouse in Kyoto for 2 adults, arriving March 14, 2026 for 2 nights. If the host requires a longer stay, keep the arrival day and book the shortest stay the host allows.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'book with a fallback',
      reasoning_level: 'level_3',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['error_state_handling', 'forms_and_inputs'],
    },
    expectedMutations: booking({
      listing_id: 23,
      check_in: '2026-03-14',
      check_out: '2026-03-17',
      adults: 2,
      children: 0,
      infants: 0,
      total_cents: 91740,
    }),
    solve: (page, ctx) => gionMinimum(page, ctx, true),
    wrong: (page, ctx) => gionMinimum(page, ctx, false),
  },
  {
    key: 'book-family-stay-porto',
    name: 'Cheapest cancellable family stay in Porto',
    prompt:
      'Book the cheapest stay in Porto from April 3 to April 7, 2026 for 2 adults, 2 children and our baby. It must have free cancellation. Use my default card.',
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'choose and book',
      reasoning_level: 'level_4',
      skills: ['navigation_and_input', 'reasoning_and_control_flow'],
      capabilities: ['search_and_extract', 'forms_and_inputs', 'feedback_and_overlays'],
    },
    expectedMutations: booking({
      listing_id: 11,
      check_in: '2026-04-03',
      check_out: '2026-04-07',
      adults: 2,
      children: 2,
      infants: 1,
      total_cents: 35770,
    }),
    solve: (page, ctx) => portoFamily(page, ctx, true),
    // Sorts by price but forgets free cancellation: books the strict-policy duplex.
    wrong: (page, ctx) => portoFamily(page, ctx, false),
  },
  {
    key: 'book-best-available-wishlist-stay',
    name: 'Book the best available stay from a wishlist',
    prompt:
      "From my 'Summer ideas' wishlist, book the highest-rated stay that is available from July 10 to July 14, 2026 for 2 adults. Use my default card.",
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'choose and book',
      reasoning_level: 'level_4',
      skills: ['navigation_and_input', 'extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['error_state_handling', 'data_displays', 'navigation_and_structure'],
    },
    expectedMutations: booking({
      listing_id: 2,
      check_in: '2026-07-10',
      check_out: '2026-07-14',
      adults: 2,
      children: 0,
      infants: 0,
      total_cents: 65150,
    }),
    solve: (page, ctx) => summerWishlist(page, ctx, true),
    wrong: (page, ctx) => summerWishlist(page, ctx, false),
  },
  {
    key: 'kyoto-week-within-budget',
    name: 'A week in Kyoto within budget',
    prompt:
      'Book a week in Kyoto for 2 adults, October 5 to 12, 2026. The place needs a kitchen and a washer, and the total with all fees and taxes must not exceed $1,500. Among the stays that fit, book the best-rated one with my default card.',
    startUrl: '/',
    hint: 'Prices change with the season, and some hosts give a weekly discount.',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'optimise under a constraint',
      reasoning_level: 'level_5',
      skills: ['navigation_and_input', 'extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['forms_and_inputs', 'search_and_extract', 'iframe_and_shadow_dom', 'data_displays'],
    },
    expectedMutations: booking({
      listing_id: 22,
      check_in: '2026-10-05',
      check_out: '2026-10-12',
      adults: 2,
      children: 0,
      infants: 0,
      discount_cents: 26600,
      total_cents: 136288,
    }),
    solve: (page, ctx) => kyotoWeek(page, ctx, true),
    wrong: (page, ctx) => kyotoWeek(page, ctx, false),
  },
  {
    key: 'accessible-lisbon-stay',
    name: 'Step-free stay in Lisbon for my parents',
    prompt: `I'm taking my parents to Lisbon, April 20 to 25, 2026: 3 adults. My father uses a wheelchair, so the place needs step-free access, and we want free cancellation. Book the one with the lowest total price (all fees included) and send the host this message with the booking: "${WHEELCHAIR_NOTE}"`,
    startUrl: '/',
    scoringTypes: ['mutations'],
    metadata: {
      goal_type: 'optimise and book',
      reasoning_level: 'level_5',
      skills: ['navigation_and_input', 'extract_and_understand', 'reasoning_and_control_flow'],
      capabilities: ['forms_and_inputs', 'search_and_extract', 'data_displays', 'feedback_and_overlays'],
    },
    expectedMutations: booking({
      listing_id: 5,
      check_in: '2026-04-20',
      check_out: '2026-04-25',
      adults: 3,
      children: 0,
      infants: 0,
      total_cents: 66180,
      message: WHEELCHAIR_NOTE,
    }),
    solve: (page, ctx) => accessibleLisbon(page, ctx, true),
    // Takes the lowest price per night, whose cleaning fee makes the stay dearer.
    wrong: (page, ctx) => accessibleLisbon(page, ctx, false),
  },
];
