// Every test case's reference solution and wrong variant run in CI through Proctor's benchmarker:
// apps/server/test/builtInBenchmark.test.ts (-t flights for this app's alone).
import { afterEach, describe, expect, it } from 'vitest';
import { fareClass } from '../../src/apps/flights/data/fares';
import {
  bagFee,
  cancellationOutcome,
  checkInWindow,
  type Flight,
  filterItineraries,
  itinerariesFor,
  itineraryOf,
  passportProblem,
  type SeatInfo,
  seatRule,
} from '../../src/apps/flights/domain';
import { flights } from '../../src/apps/flights/index';
import { matchAirport } from '../../src/apps/flights/search';
import { SimulatorHost, type SimulatorInstance, testCaseProblems, vocabularyCoverage } from '../../src/index';
import { InstanceClient } from '../../src/testing/index';

const host = new SimulatorHost();
let next = 0;
function instance(): SimulatorInstance {
  next += 1;
  return host.createInstance(flights, { id: `flights-unit-${next}` });
}
afterEach(() => {
  for (const live of host.instances()) live.destroy();
});

async function signedIn(live: SimulatorInstance): Promise<InstanceClient> {
  const client = new InstanceClient(live);
  await client.post('/login', { email: flights.auth.user, password: flights.auth.password, next: '/' });
  return client;
}

function count(live: SimulatorInstance, sql: string): number {
  return (live.db.prepare(sql).get() as { n: number }).n;
}

function row<T>(live: SimulatorInstance, sql: string): T {
  return live.db.prepare(sql).get() as T;
}

const ORD_LAX = '/search?from=ORD&to=LAX&trip=one_way&depart=2026-04-28&adults=1&children=0&cabin=economy';

function seat(kind: SeatInfo['kind'], name = '12A'): SeatInfo {
  return { seat: name, row: Number.parseInt(name, 10), letter: name.slice(-1), kind };
}

/** Walks the booking wizard for Jordan alone on PC 275 (ORD–LAX, April 28) up to the payment frame. */
async function draftPc275(client: InstanceClient, fare: string, bags = 0): Promise<void> {
  await client.post('/booking/start', { out: '29304', fare, adults: '1', children: '0' });
  await client.post('/booking/passengers', { p0_saved: '1' });
  await client.post('/booking/extras', { bags_0: String(bags) });
}

describe('flights seed', () => {
  it('should hold forty airports, four airlines and about two months of flights', () => {
    const live = instance();
    expect(count(live, 'SELECT count(*) AS n FROM airports')).toBe(40);
    expect(count(live, 'SELECT count(*) AS n FROM airlines')).toBe(4);
    expect(count(live, 'SELECT count(*) AS n FROM flights')).toBeGreaterThan(20_000);
    expect(count(live, 'SELECT count(*) AS n FROM schedule')).toBeGreaterThan(300);
    expect(count(live, 'SELECT count(DISTINCT depart_date) AS n FROM flights')).toBe(67);
    expect(count(live, 'SELECT count(*) AS n FROM passengers')).toBe(5);
    expect(count(live, 'SELECT count(*) AS n FROM bookings')).toBe(9);
  });

  it('should keep the hand-written trips at the ids and flights the test cases name', () => {
    const live = instance();
    const trips = live.db
      .prepare('SELECT id, code, fare_class, total_cents FROM bookings WHERE id IN (1, 2, 3, 4)')
      .all();
    expect(trips).toEqual([
      { id: 1, code: 'K7P2QX', fare_class: 'main', total_cents: 43000 },
      { id: 2, code: 'H4M9TD', fare_class: 'comfort', total_cents: 27700 },
      { id: 3, code: 'B2W8LN', fare_class: 'basic', total_cents: 59800 },
      { id: 4, code: 'R6C3JV', fare_class: 'main', total_cents: 80000 },
    ]);
    expect(row(live, 'SELECT number, depart_at FROM flights WHERE id = 29304')).toEqual({
      number: 'PC 275',
      depart_at: '2026-04-28T07:30',
    });
  });
});

describe('flights rules', () => {
  const flight = (id: number, basic: number): Flight =>
    ({ id, basic_cents: basic, depart_at: '2026-04-28T08:00', arrive_at: '2026-04-28T10:00' }) as Flight;

  it('should price fares by class and discount connections', () => {
    const direct = itineraryOf([flight(1, 20_000)]);
    expect(direct.prices).toEqual({ basic: 20_000, main: 26_000, comfort: 35_000, first: 60_000 });
    const connection = itineraryOf([flight(1, 20_000), flight(2, 10_000)]);
    expect(connection.prices.basic).toBe(17_000 + 8_500);
    expect(connection.stops).toBe(1);
  });

  it('should let each fare choose the seats its rules allow', () => {
    expect(seatRule(fareClass('basic'), seat('standard'), 30).ok).toBe(false);
    expect(seatRule(fareClass('main'), seat('standard'), 30)).toEqual({ ok: true, fee: 0 });
    expect(seatRule(fareClass('main'), seat('legroom'), 30)).toEqual({ ok: true, fee: 3900 });
    expect(seatRule(fareClass('main'), seat('exit'), 30)).toEqual({ ok: true, fee: 2900 });
    expect(seatRule(fareClass('main'), seat('exit'), 9)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('15'),
    });
    expect(seatRule(fareClass('comfort'), seat('legroom'), 30)).toEqual({ ok: true, fee: 0 });
    expect(seatRule(fareClass('first'), seat('standard'), 30).ok).toBe(false);
    expect(seatRule(fareClass('main'), seat('first', '2A'), 30).ok).toBe(false);
  });

  it('should charge bags beyond those the fare includes', () => {
    expect(bagFee(2, fareClass('main'))).toBe(8000);
    expect(bagFee(2, fareClass('comfort'))).toBe(4500);
    expect(bagFee(2, fareClass('first'))).toBe(0);
    expect(bagFee(3, fareClass('basic'))).toBe(23_000);
  });

  it('should refund refundable fares and give credit less the fee otherwise', () => {
    expect(cancellationOutcome(fareClass('comfort'), 27_700)).toEqual({ refund: 27_700, credit: 0 });
    expect(cancellationOutcome(fareClass('main'), 80_000)).toEqual({ refund: 0, credit: 80_000 });
    expect(cancellationOutcome(fareClass('basic'), 59_800)).toEqual({ refund: 0, credit: 49_900 });
    expect(cancellationOutcome(fareClass('basic'), 5_000)).toEqual({ refund: 0, credit: 0 });
  });

  it('should open check-in 24 hours before departure and want passports valid six months after travel', () => {
    const now = new Date('2026-04-06T13:00:00.000Z');
    expect(checkInWindow('2026-04-07T11:40', now)).toBe('open');
    expect(checkInWindow('2026-04-07T13:30', now)).toBe('early');
    expect(checkInWindow('2026-04-06T13:30', now)).toBe('closed');
    expect(passportProblem('2026-05-15', '2026-05-12')).toMatch(/six months/);
    expect(passportProblem(null, '2026-05-12')).toMatch(/required/);
    expect(passportProblem('2029-08-19', '2026-05-12')).toBeNull();
  });

  it('should match airports by label, code or city', () => {
    const live = instance();
    expect(matchAirport(live.db, 'Boston (BOS)')?.code).toBe('BOS');
    expect(matchAirport(live.db, 'lax')?.code).toBe('LAX');
    expect(matchAirport(live.db, 'Reykjavík')?.code).toBe('KEF');
    expect(matchAirport(live.db, 'Atlantis')).toBeUndefined();
  });

  it('should find nonstop flights and connections and filter them', () => {
    const live = instance();
    const all = itinerariesFor(live.db, 'ORD', 'LAX', '2026-04-28');
    expect(all).toHaveLength(14);
    const nonstop = filterItineraries(
      all,
      { stops: '0', airlines: [], times: [], maxPrice: null, sort: 'arrive' },
      'basic',
    );
    expect(nonstop.map((it) => it.segments[0]?.number)).toEqual([
      'PC 275',
      'AU 520',
      'PC 280',
      'AU 525',
      'BJ 464',
    ]);
    const pacific = filterItineraries(
      all,
      { stops: 'any', airlines: ['PC'], times: [], maxPrice: null, sort: 'depart' },
      'basic',
    );
    expect(pacific.every((it) => it.airlines.every((a) => a === 'PC'))).toBe(true);
  });
});

describe('flights pages', () => {
  it('should refuse a search without airports or with a past date', async () => {
    const client = await signedIn(instance());
    const empty = await client.get('/search?trip=one_way');
    expect(empty.status).toBe(422);
    expect(empty.text).toContain('Choose where you’re flying from');
    const past = await client.get('/search?from=BOS&to=ORD&trip=one_way&depart=2026-04-01');
    expect(past.status).toBe(422);
    expect(past.text).toContain('The departure date is in the past');
    const results = await client.get(`${ORD_LAX}&stops=0`);
    expect(results.status).toBe(200);
    expect(results.text).toContain('5 flights');
  });

  it('should book through the wizard only with the account password, and not on an expired card', async () => {
    const live = instance();
    const client = await signedIn(live);
    await draftPc275(client, 'comfort', 2);
    const wrong = await client.post('/booking/payment/frame', { card: '1', password: 'nope', accept: 'on' });
    expect(wrong.status).toBe(422);
    expect(wrong.text).toContain('That password isn’t right');
    const expired = await client.post('/booking/payment/frame', {
      card: '2',
      password: flights.auth.password,
      accept: 'on',
    });
    expect(expired.text).toContain('has expired');
    expect(live.state()).toEqual([]);
    const paid = await client.post('/booking/payment/frame', {
      card: '1',
      password: flights.auth.password,
      accept: 'on',
    });
    expect(paid.text).toContain('Payment approved');
    expect(
      row(live, 'SELECT fare_class, fare_cents, extras_cents, total_cents FROM bookings WHERE id = 10'),
    ).toEqual({
      fare_class: 'comfort',
      fare_cents: 45_000,
      extras_cents: 4500,
      total_cents: 49_500,
    });
  });

  it('should keep a child out of the exit row and charge extra-legroom seats on Main', async () => {
    const live = instance();
    const client = await signedIn(live);
    await client.post('/booking/start', { out: '20307', fare: 'main', adults: '1', children: '1' });
    await client.post('/booking/passengers', { p0_saved: '1', p1_saved: '3' });
    const refused = await client.post('/booking/seats', { flight: '0', passenger: '1', seat: '16B' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('exit row must be 15 or older');
    await client.post('/booking/seats', { flight: '0', passenger: '0', seat: '7A' });
    await client.post('/booking/seats', { flight: '0', passenger: '1', seat: '7B' });
    const payment = await client.post('/booking/extras', { bags_0: '0', bags_1: '0' });
    expect(payment.text).toContain('$78');
  });

  it('should refuse a passport that runs out within six months of an international trip', async () => {
    const client = await signedIn(instance());
    await client.post('/booking/start', { out: '43194', fare: 'main', adults: '1', children: '0' });
    const refused = await client.post('/booking/passengers', { p0_saved: '5' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('valid for six months after travel');
  });

  it('should cancel a Basic trip for a travel credit and a Comfort trip for a refund', async () => {
    const live = instance();
    const client = await signedIn(live);
    await client.post('/trips/B2W8LN/cancel');
    await client.post('/trips/H4M9TD/cancel');
    expect(
      live.db
        .prepare(
          'SELECT code, status, refund_cents, credit_cents FROM bookings WHERE id IN (2, 3) ORDER BY id',
        )
        .all(),
    ).toEqual([
      { code: 'H4M9TD', status: 'cancelled', refund_cents: 27_700, credit_cents: null },
      { code: 'B2W8LN', status: 'cancelled', refund_cents: null, credit_cents: 49_900 },
    ]);
    expect(
      count(live, 'SELECT count(*) AS n FROM travel_credits WHERE booking_id = 3 AND amount_cents = 49900'),
    ).toBe(1);
  });

  it('should change a Main trip for the fare difference and refuse to change a Basic one', async () => {
    const live = instance();
    const client = await signedIn(live);
    const basic = await client.get('/trips/B2W8LN/change', { follow: false });
    expect(basic.location).toBe('/trips/B2W8LN');
    await client.post('/trips/R6C3JV/change', { direction: 'outbound', key: '20306' });
    expect(row(live, 'SELECT fare_cents, total_cents FROM bookings WHERE id = 4')).toEqual({
      fare_cents: 87_400,
      total_cents: 94_400,
    });
    expect(count(live, 'SELECT count(*) AS n FROM seats WHERE booking_flight_id = 5')).toBe(0);
  });

  it('should check in only with the hazardous-materials confirmation, and only within 24 hours', async () => {
    const live = instance();
    const client = await signedIn(live);
    const missing = await client.post('/trips/K7P2QX/check-in', { passenger: '1' });
    expect(missing.status).toBe(422);
    await client.post('/trips/K7P2QX/check-in', { passenger: '1', hazmat: 'on' });
    expect(count(live, 'SELECT checked_in AS n FROM booking_passengers WHERE id = 1')).toBe(1);
    const pass = await client.get('/trips/K7P2QX/boarding-pass/1');
    expect(pass.text).toContain('A32');
    await client.post('/trips/B2W8LN/check-in', { passenger: '3', hazmat: 'on' });
    expect(count(live, 'SELECT checked_in AS n FROM booking_passengers WHERE id = 3')).toBe(0);
  });

  it('should save a traveller only with a passport valid for six months', async () => {
    const live = instance();
    const client = await signedIn(live);
    const base = { first_name: 'Noah', last_name: 'Bennett', birth_date: '1992-07-30', gender: 'male' };
    const refused = await client.post('/account/travellers', {
      ...base,
      passport_number: '548203917',
      passport_country: 'US',
      passport_expiry: '2026-09-01',
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('expires within six months');
    await client.post('/account/travellers', base);
    expect(row(live, "SELECT passport_number FROM passengers WHERE first_name = 'Noah'")).toEqual({
      passport_number: null,
    });
  });
});

describe('flights test cases', () => {
  it('should be 22, well-formed, and cover every level, skill and capability', () => {
    expect(flights.testCases).toHaveLength(22);
    expect(flights.testCases.flatMap(testCaseProblems)).toEqual([]);
    expect(vocabularyCoverage(flights.testCases)).toEqual({
      missingReasoningLevels: [],
      missingSkills: [],
      missingCapabilities: [],
    });
    const hard = flights.testCases.filter((t) => ['level_4', 'level_5'].includes(t.metadata.reasoning_level));
    expect(hard.length).toBeGreaterThanOrEqual(6);
  });
});
