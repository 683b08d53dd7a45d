// Every test case's reference solution and wrong variant run in CI through Proctor's benchmarker:
// apps/server/test/builtInBenchmark.test.ts (-t stays for this app's alone).
import { afterEach, describe, expect, it } from 'vitest';
import { stays } from '../../src/apps/stays/index';
import { parseDay, priceStay, refundCents, refundShare } from '../../src/apps/stays/pricing';
import { matchCity, readFilters, searchListings } from '../../src/apps/stays/queries';
import { SimulatorHost, type SimulatorInstance, testCaseProblems, vocabularyCoverage } from '../../src/index';
import { InstanceClient } from '../../src/testing/index';

const host = new SimulatorHost();
let next = 0;
function instance(): SimulatorInstance {
  next += 1;
  return host.createInstance(stays, { id: `stays-unit-${next}` });
}
afterEach(() => {
  for (const live of host.instances()) live.destroy();
});

async function signedIn(live: SimulatorInstance): Promise<InstanceClient> {
  const client = new InstanceClient(live);
  await client.post('/login', { email: stays.auth.user, password: stays.auth.password, next: '/' });
  return client;
}

function count(live: SimulatorInstance, sql: string): number {
  return (live.db.prepare(sql).get() as { n: number }).n;
}

const BOOK_LAVA_CABIN = {
  check_in: '2026-03-20',
  check_out: '2026-03-22',
  adults: '2',
  children: '0',
  infants: '0',
  payment_method: '1',
  message: '',
  agree: 'on',
};

describe('stays seed', () => {
  it('should hold six cities of stays with hosts, reviews, seasons and reserved nights', () => {
    const live = instance();
    expect(count(live, 'SELECT count(*) AS n FROM cities')).toBe(6);
    expect(count(live, 'SELECT count(*) AS n FROM listings')).toBe(420);
    expect(count(live, 'SELECT count(*) AS n FROM hosts')).toBe(100);
    expect(count(live, 'SELECT count(*) AS n FROM reviews')).toBeGreaterThanOrEqual(1500);
    expect(count(live, 'SELECT count(*) AS n FROM listing_amenities')).toBeGreaterThanOrEqual(2000);
    expect(count(live, 'SELECT count(*) AS n FROM seasonal_rates')).toBeGreaterThanOrEqual(150);
    expect(count(live, 'SELECT count(*) AS n FROM reserved_nights')).toBeGreaterThanOrEqual(500);
    expect(count(live, 'SELECT count(*) AS n FROM bookings')).toBe(9);
    expect(count(live, 'SELECT count(*) AS n FROM wishlists')).toBe(3);
    for (const city of [1, 2, 3, 4, 5, 6])
      expect(
        count(live, `SELECT count(*) AS n FROM listings WHERE city_id = ${city}`),
      ).toBeGreaterThanOrEqual(65);
  });

  it('should keep the hand-written stays and trips at the ids the test cases name', () => {
    const live = instance();
    const titles = live.db
      .prepare('SELECT id, title FROM listings WHERE id IN (1, 5, 11, 22, 25, 26) ORDER BY id')
      .all() as { id: number; title: string }[];
    expect(Object.fromEntries(titles.map((r) => [r.id, r.title]))).toEqual({
      1: 'Alfama Rooftop Loft with River View',
      5: 'Campo de Ourique Garden Home',
      11: 'Miragaia Townhouse with Patio',
      22: 'Demachiyanagi Courtyard House',
      25: 'Lava Field Cabin with Hot Tub',
      26: 'Northern Lights Glass Cabin',
    });
    const trips = live.db.prepare('SELECT id, code FROM bookings WHERE id IN (5, 6, 9)').all() as {
      id: number;
      code: string;
    }[];
    expect(trips).toEqual([
      { id: 5, code: 'RM-6JN4CV' },
      { id: 6, code: 'RM-5PR8LS' },
      { id: 9, code: 'RM-9LG5HA' },
    ]);
    expect(
      live.db.prepare('SELECT id FROM wishlist_items WHERE wishlist_id = 1 AND listing_id = 26').get(),
    ).toEqual({ id: 3 });
  });

  it('should keep generated stays out of the answers the test cases expect', () => {
    const live = instance();
    // Only hand-written stays are rated 4.9 or more, host more than six, or are step-free in Lisbon.
    expect(count(live, 'SELECT count(*) AS n FROM listings WHERE id > 30 AND rating >= 4.9')).toBe(0);
    expect(count(live, 'SELECT count(*) AS n FROM listings WHERE id > 30 AND max_guests > 6')).toBe(0);
    expect(
      count(
        live,
        "SELECT count(*) AS n FROM listing_amenities la JOIN amenities a ON a.id = la.amenity_id JOIN listings l ON l.id = la.listing_id WHERE a.name = 'Step-free access' AND l.city_id = 1 AND l.id > 30",
      ),
    ).toBe(0);
  });
});

describe('stays money rules', () => {
  const listing = { nightly_cents: 19500, cleaning_cents: 7000, weekly_discount_pct: 15 };

  it('should take the weekly discount off a 7-night stay, then add cleaning, service fee and taxes', () => {
    const week = priceStay(listing, [], 10, '2026-06-01', '2026-06-08');
    expect(week).toMatchObject({
      subtotal_cents: 136500,
      discount_cents: 20475,
      cleaning_cents: 7000,
      service_cents: 16244,
      taxes_cents: 12303,
      total_cents: 151572,
    });
    expect(week.nights).toHaveLength(7);
    const sixNights = priceStay(listing, [], 10, '2026-06-01', '2026-06-07');
    expect(sixNights.discount_cents).toBe(0);
    expect(sixNights.total_cents).toBe(152780);
  });

  it("should charge a season's rate for the nights inside it only", () => {
    const season = [
      { name: 'Autumn leaves', starts_on: '2026-10-01', ends_on: '2026-12-01', nightly_cents: 21000 },
    ];
    const price = priceStay(
      { nightly_cents: 18000, cleaning_cents: 0, weekly_discount_pct: 0 },
      season,
      0,
      '2026-09-29',
      '2026-10-02',
    );
    expect(price.nights.map((n) => n.cents)).toEqual([18000, 18000, 21000]);
    expect(price.nights[2]?.season).toBe('Autumn leaves');
  });

  it('should refund by policy and by how long before check-in the guest cancels', () => {
    expect(refundShare('flexible', 1)).toBe(1);
    expect(refundShare('flexible', 0)).toBe(0);
    expect(refundShare('moderate', 5)).toBe(1);
    expect(refundShare('moderate', 4)).toBe(0.5);
    expect(refundShare('strict', 7)).toBe(0.5);
    expect(refundShare('strict', 6)).toBe(0);
    expect(refundShare('non_refundable', 300)).toBe(0);
    expect(refundCents('strict', 74930, '2026-03-02', '2026-03-20')).toBe(37465);
  });

  it('should read only real calendar days', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('March 3')).toBeNull();
  });
});

describe('stays search', () => {
  it('should leave out stays that are taken, too small or below the minimum stay', () => {
    const live = instance();
    const porto = matchCity(live.db, 'porto')!;
    const stay = { checkIn: '2026-04-03', checkOut: '2026-04-07' };
    const family = searchListings(
      live.db,
      porto,
      readFilters(new URLSearchParams('adults=2&children=2&sort=price_asc'), stay),
    );
    const titles = family.map((r) => r.listing.title);
    expect(titles).not.toContain('Bonfim Family Flat');
    expect(family.every((r) => r.listing.max_guests >= 4)).toBe(true);
    const freeOnly = searchListings(
      live.db,
      porto,
      readFilters(new URLSearchParams('adults=2&children=2&free_cancel=1&sort=price_asc'), stay),
    );
    expect(freeOnly[0]?.listing.title).toBe('Miragaia Townhouse with Patio');
    expect(freeOnly[0]?.price?.total_cents).toBe(35770);
  });

  it('should match destinations by the start of the name, in any case', () => {
    const live = instance();
    expect(matchCity(live.db, 'reyk')?.name).toBe('Reykjavik');
    expect(matchCity(live.db, 'Kyoto, Japan')?.name).toBe('Kyoto');
    expect(matchCity(live.db, 'Paris')).toBeUndefined();
  });
});

describe('stays routes', () => {
  it('should refuse a wrong password with a message and no session', async () => {
    const client = new InstanceClient(instance());
    const response = await client.post('/login', { email: stays.auth.user, password: 'nope', next: '/' });
    expect(response.status).toBe(422);
    expect(response.text).toContain('That email and password don&#39;t match. Try again.');
    expect((await client.get('/trips', { follow: false })).location).toMatch(/^\/login\?next=/);
  });

  it('should show every main page without writing', async () => {
    const live = instance();
    const client = await signedIn(live);
    for (const path of [
      '/',
      '/search',
      '/search?where=Lisbon',
      '/search?where=Lisbon&check_in=2026-04-10&check_out=2026-04-14&adults=2&children=2&sort=price_asc',
      '/search?where=Kyoto&amenity=Washer&rating=4.5&type=house&free_cancel=1&min_price=50&max_price=400&shown=24',
      '/search/results?where=Barcelona&offset=12',
      '/listings/12?check_in=2026-05-04&check_out=2026-05-07&adults=2',
      '/listings/12/book?check_in=2026-05-04&check_out=2026-05-07&adults=2',
      '/listings/7/rules',
      '/listings/7/share',
      '/trips',
      '/trips?tab=past',
      '/trips?tab=cancelled',
      '/trips/RM-5PR8LS',
      '/trips/RM-6JN4CV',
      '/wishlists',
      '/wishlists?listing=3',
      '/wishlists/1',
      '/messages',
      '/messages/8',
    ]) {
      expect((await client.get(path)).status, path).toBe(200);
    }
    expect((await client.get('/listings/9999')).status).toBe(404);
    expect((await client.get('/trips/RM-NOPE00')).status).toBe(404);
    expect((await client.get('/search?where=Atlantis')).status).toBe(404);
    expect(live.state()).toEqual([]);
  });

  it('should count results and page them for the infinite scroll', async () => {
    const client = await signedIn(instance());
    const page = await client.get('/search?where=Barcelona');
    expect(page.text).toContain('71 stays in Barcelona');
    expect(page.text.match(/class="result-card"/g)).toHaveLength(12);
    expect(page.text).toContain('data-load-more="/search/results?where=Barcelona&amp;offset=12"');
    const last = await client.get('/search/results?where=Barcelona&offset=60');
    expect(last.text.match(/class="result-card"/g)).toHaveLength(11);
    expect(last.text).toContain('You&#39;ve seen all 71 stays');
  });

  it('should explain why a stay cannot be booked and write nothing', async () => {
    const live = instance();
    const client = await signedIn(live);
    const short = await client.get('/listings/23/book?check_in=2026-03-14&check_out=2026-03-16&adults=2');
    expect(short.status).toBe(422);
    expect(short.text).toContain('This place has a minimum stay of 3 nights.');
    const taken = await client.post('/listings/9/book', {
      ...BOOK_LAVA_CABIN,
      check_in: '2026-04-03',
      check_out: '2026-04-07',
    });
    expect(taken.status).toBe(422);
    expect(taken.text).toContain('Those dates are not available. Try other dates.');
    const crowded = await client.post('/listings/25/book', { ...BOOK_LAVA_CABIN, adults: '5' });
    expect(crowded.text).toContain('This place fits up to 4 guests, not counting infants.');
    const expired = await client.post('/listings/25/book', { ...BOOK_LAVA_CABIN, payment_method: '2' });
    expect(expired.status).toBe(422);
    expect(expired.text).toContain('This card expired in 01/2026. Choose another payment method.');
    const unagreed = await client.post('/listings/25/book', { ...BOOK_LAVA_CABIN, agree: '' });
    expect(unagreed.text).toContain('Agree to the house rules and cancellation policy to continue');
    const past = await client.get('/listings/25/book?check_in=2026-02-20&check_out=2026-02-22&adults=2');
    expect(past.text).toContain('Check-in can&#39;t be in the past.');
    expect(live.state()).toEqual([]);
  });

  it("should book, block those nights, and cancel with the policy's refund", async () => {
    const live = instance();
    const client = await signedIn(live);
    const booked = await client.post('/listings/25/book', BOOK_LAVA_CABIN);
    expect(booked.status).toBe(200);
    expect(booked.text).toMatch(/Booking confirmed · RM-[A-Z0-9]{6}/);
    const row = live.db.prepare('SELECT * FROM bookings WHERE id = 10').get() as Record<string, unknown>;
    expect(row).toMatchObject({ listing_id: 25, adults: 2, total_cents: 59160, status: 'confirmed' });
    const again = await client.post('/listings/25/book', {
      ...BOOK_LAVA_CABIN,
      check_in: '2026-03-21',
      check_out: '2026-03-23',
    });
    expect(again.text).toContain('Those dates are not available.');

    const cancelled = await client.post('/trips/RM-5PR8LS/cancel');
    expect(cancelled.text).toContain('Trip cancelled · $374.65 will be refunded');
    expect(live.db.prepare('SELECT status, refund_cents FROM bookings WHERE id = 6').get()).toEqual({
      status: 'cancelled',
      refund_cents: 37465,
    });
    const pastTrip = await client.post('/trips/RM-6JN4CV/cancel');
    expect(pastTrip.text).toContain('Only upcoming trips can be cancelled.');
  });

  it('should give the same booking code to the same actions on any instance', async () => {
    const codes: string[] = [];
    for (const live of [instance(), instance()]) {
      const client = await signedIn(live);
      await client.post('/listings/25/book', BOOK_LAVA_CABIN);
      codes.push((live.db.prepare('SELECT code FROM bookings WHERE id = 10').get() as { code: string }).code);
    }
    expect(codes[0]).toBe(codes[1]);
  });

  it('should save to a wishlist once, remove, and create lists with unique names', async () => {
    const live = instance();
    const client = await signedIn(live);
    const saved = await client.post('/wishlists/2/items', { listing_id: '1', back: '/search?where=Lisbon' });
    expect(saved.text).toContain('Saved to Lisbon 2026');
    const twice = await client.post('/wishlists/2/items', { listing_id: '1', back: '//evil.example' });
    expect(twice.text).toContain('Already in Lisbon 2026');
    expect(count(live, 'SELECT count(*) AS n FROM wishlist_items WHERE wishlist_id = 2')).toBe(3);
    const removed = await client.post('/wishlists/1/items/26/delete', { back: '/wishlists/1' });
    expect(removed.text).toContain('Removed from Summer ideas');
    const duplicate = await client.post('/wishlists', { name: 'summer IDEAS' });
    expect(duplicate.status).toBe(422);
    expect(duplicate.text).toContain('You already have a wishlist called');
    const created = await client.post('/wishlists', { name: 'Kyoto autumn', listing_id: '20' });
    expect(created.text).toContain('Created Kyoto autumn and saved Higashiyama Tea House');
  });

  it('should validate shares, messages and reviews', async () => {
    const live = instance();
    const client = await signedIn(live);
    expect((await client.post('/listings/1/share', { email: 'not-an-email', note: '' })).status).toBe(422);
    expect((await client.post('/messages/25', { body: '   ' })).status).toBe(422);
    expect((await client.post('/trips/RM-6JN4CV/review', { rating: '5', body: 'Short' })).status).toBe(422);
    expect(live.state()).toEqual([]);
    const reviewed = await client.post('/trips/RM-2MB7KR/review', {
      rating: '5',
      body: 'Lovely place, again.',
    });
    expect(reviewed.text).toContain('You already reviewed this stay.');
    const upcoming = await client.post('/trips/RM-4K7Q2B/review', { rating: '5', body: 'Not there yet.' });
    expect(upcoming.text).toContain('You can review a stay after checkout.');
    expect(live.state()).toEqual([]);
  });
});

describe('stays test cases', () => {
  it('should be well-formed and cover every level, skill and capability', () => {
    expect(stays.testCases.length).toBeGreaterThanOrEqual(22);
    expect(stays.testCases.flatMap(testCaseProblems)).toEqual([]);
    expect(vocabularyCoverage(stays.testCases)).toEqual({
      missingReasoningLevels: [],
      missingSkills: [],
      missingCapabilities: [],
    });
    const hard = stays.testCases.filter((t) => ['level_4', 'level_5'].includes(t.metadata.reasoning_level));
    expect(hard.length * 4).toBeGreaterThanOrEqual(stays.testCases.length);
  });
});
