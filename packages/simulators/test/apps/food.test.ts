// Every test case's reference solution and wrong variant run in CI through Proctor's benchmarker:
// apps/server/test/builtInBenchmark.test.ts (-t food for this app's alone).
import { afterEach, describe, expect, it } from 'vitest';
import {
  computeTotals,
  deliverySlots,
  type PromoCode,
  promoProblem,
  statusAt,
  tipCents,
} from '../../src/apps/food/domain';
import { food } from '../../src/apps/food/index';
import { SimulatorHost, type SimulatorInstance, testCaseProblems, vocabularyCoverage } from '../../src/index';
import { InstanceClient } from '../../src/testing/index';

const host = new SimulatorHost();
let next = 0;
function instance(): SimulatorInstance {
  next += 1;
  return host.createInstance(food, { id: `food-unit-${next}` });
}
afterEach(() => {
  for (const live of host.instances()) live.destroy();
});

async function signedIn(live: SimulatorInstance): Promise<InstanceClient> {
  const client = new InstanceClient(live);
  await client.post('/login', { email: food.auth.user, password: food.auth.password, next: '/' });
  return client;
}

function count(live: SimulatorInstance, sql: string): number {
  return (live.db.prepare(sql).get() as { n: number }).n;
}

const NOW = new Date('2026-11-27T17:40:00.000Z');
const THAI15: PromoCode = {
  code: 'THAI15',
  title: '15% off Thai',
  kind: 'percent',
  value: 15,
  min_subtotal_cents: 2000,
  cuisine: 'Thai',
  expires_at: '2026-12-15T23:59:00.000Z',
};
const FEAST30: PromoCode = {
  ...THAI15,
  code: 'FEAST30',
  kind: 'amount',
  value: 800,
  min_subtotal_cents: 3000,
  cuisine: null,
};

/** The form fields of an add to cart: group_<id> = option ids, looked up by names. */
function choices(
  live: SimulatorInstance,
  itemId: number,
  picks: Record<string, string[]>,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [group, options] of Object.entries(picks)) {
    const rows = live.db
      .prepare(
        `SELECT g.id AS group_id, o.id AS option_id FROM modifier_groups g JOIN modifier_options o ON o.group_id = g.id
         WHERE g.item_id = ? AND g.name = ? AND o.name IN (${options.map(() => '?').join(',')})`,
      )
      .all(itemId, group, ...options) as { group_id: number; option_id: number }[];
    for (const row of rows)
      fields[`group_${row.group_id}`] = [...(fields[`group_${row.group_id}`] ?? []), String(row.option_id)];
  }
  return fields;
}

/** Two Pad Thai (item 37) with chicken, medium spice, at Bangkok Street Kitchen. */
function padThai(live: SimulatorInstance) {
  return {
    item_id: '37',
    quantity: '2',
    ...choices(live, 37, { Protein: ['Chicken'], 'Spice level': ['Medium'] }),
  };
}
const CHECKOUT = { address_id: '1', slot: 'asap', card_id: '1', tip: '15', tip_custom: '' };

describe('food seed', () => {
  it('should hold sixty restaurants with menus, modifiers, reviews and a customer with orders', () => {
    const live = instance();
    expect(count(live, 'SELECT count(*) AS n FROM restaurants')).toBe(60);
    expect(count(live, 'SELECT count(*) AS n FROM menu_items')).toBeGreaterThanOrEqual(1200);
    expect(count(live, 'SELECT count(*) AS n FROM modifier_groups')).toBeGreaterThanOrEqual(200);
    expect(count(live, 'SELECT count(*) AS n FROM reviews')).toBeGreaterThanOrEqual(300);
    expect(count(live, 'SELECT count(*) AS n FROM orders')).toBe(45);
    expect(count(live, 'SELECT count(*) AS n FROM cart_items')).toBe(0);
    const smallest = count(
      live,
      'SELECT min(n) AS n FROM (SELECT count(*) AS n FROM menu_items GROUP BY restaurant_id)',
    );
    expect(smallest).toBeGreaterThanOrEqual(14);
    expect(count(live, 'SELECT count(*) / 60 AS n FROM menu_items')).toBeGreaterThanOrEqual(20);
  });

  it('should keep the hand-written rows at the ids the test cases name', () => {
    const live = instance();
    const names = live.db
      .prepare(
        'SELECT id, name FROM menu_items WHERE id IN (1, 2, 15, 37, 46, 47, 53, 61, 68, 69, 77) ORDER BY id',
      )
      .all() as { id: number; name: string }[];
    expect(names.map((r) => r.name)).toEqual([
      'Margherita',
      'Pepperoni',
      'San Pellegrino',
      'Pad Thai',
      'Mango Sticky Rice',
      'Thai Iced Tea',
      'Spicy Tuna Roll',
      'Build-Your-Own Poke Bowl',
      'Tofu Summer Rolls',
      'Pho Tai',
      'Vietnamese Iced Coffee',
    ]);
    expect(live.db.prepare('SELECT name FROM order_items WHERE id = 13').get()).toEqual({
      name: 'Miso Soup',
    });
  });

  it('should keep generated rows out of the answers the test cases expect', () => {
    const live = instance();
    const generated = (where: string) =>
      count(live, `SELECT count(*) AS n FROM restaurants WHERE id > 12 AND ${where}`);
    expect(generated('delivery_minutes < 30')).toBe(0);
    expect(generated('rating >= 4.8')).toBe(0);
    expect(generated('delivery_fee_cents = 0')).toBe(0);
    expect(count(live, 'SELECT count(*) AS n FROM orders WHERE restaurant_id = 4')).toBe(3);
    expect(
      count(live, "SELECT count(*) AS n FROM orders WHERE substr(placed_at, 1, 10) = '2026-11-20'"),
    ).toBe(1);
    // The cheapest vegan main under 30 minutes that can be ordered is the Tofu Banh Mi.
    const vegan = live.db
      .prepare(
        `SELECT m.name, m.price_cents FROM menu_items m JOIN menu_categories c ON c.id = m.category_id
         JOIN restaurants r ON r.id = m.restaurant_id
         WHERE r.delivery_minutes < 30 AND c.name = 'Mains' AND (',' || m.tags || ',') LIKE '%,vegan,%' AND m.available = 1
         ORDER BY m.price_cents LIMIT 2`,
      )
      .all();
    expect(vegan).toEqual([
      { name: 'Tofu Banh Mi', price_cents: 1000 },
      { name: 'Falafel Wrap', price_cents: 1100 },
    ]);
  });
});

describe('food rules', () => {
  it('should refuse promo codes below their minimum, at other cuisines, or expired', () => {
    expect(promoProblem(FEAST30, { cuisine: 'Thai' }, 2700, NOW)).toBe(
      'FEAST30 needs a subtotal of $30.00. Add $3.00 more to use it.',
    );
    expect(promoProblem(FEAST30, { cuisine: 'Thai' }, 3000, NOW)).toBeNull();
    expect(promoProblem(THAI15, { cuisine: 'Pizza' }, 5000, NOW)).toBe(
      'THAI15 only works at Thai restaurants.',
    );
    expect(
      promoProblem({ ...THAI15, expires_at: '2026-10-31T23:59:00.000Z' }, { cuisine: 'Thai' }, 5000, NOW),
    ).toBe('THAI15 expired on Oct 31, 2026.');
    expect(promoProblem(undefined, { cuisine: 'Thai' }, 5000, NOW)).toMatch(/isn't valid/);
  });

  it('should total subtotal, discount, delivery, a 5% service fee (at least $1) and the tip', () => {
    expect(computeTotals(2700, { delivery_fee_cents: 249 }, THAI15, 405)).toEqual({
      subtotal: 2700,
      deliveryFee: 249,
      serviceFee: 135,
      discount: 405,
      tip: 405,
      total: 3084,
    });
    const free = computeTotals(1200, { delivery_fee_cents: 249 }, { ...THAI15, kind: 'free_delivery' }, 0);
    expect(free.discount).toBe(249);
    expect(free.serviceFee).toBe(100);
    expect(tipCents('15', '', 2650)).toBe(398);
    expect(tipCents('custom', '$6', 2650)).toBe(600);
    expect(tipCents('custom', 'lots', 2650)).toBeNull();
    expect(tipCents('12', '', 2650)).toBeNull();
  });

  it('should offer half-hour slots from 45 minutes ahead until half an hour before closing', () => {
    const northBeach = deliverySlots({ opens: '11:00', closes: '23:00' }, NOW);
    expect(northBeach[0]).toBe('18:30');
    expect(northBeach.at(-1)).toBe('22:30');
    expect(deliverySlots({ opens: '11:00', closes: '22:00' }, NOW).at(-1)).toBe('21:30');
    expect(deliverySlots({ opens: '07:00', closes: '15:00' }, NOW)).toEqual([]);
  });

  it('should advance an order with the clock: placed, preparing, out for delivery, delivered', () => {
    const order = { placed_at: '2026-11-27T17:38:00.000Z', slot: 'asap' };
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 17, minute));
    expect([38, 39, 40, 41, 43, 44].map((m) => statusAt(order, at(m)))).toEqual([
      'placed',
      'preparing',
      'preparing',
      'on_the_way',
      'on_the_way',
      'delivered',
    ]);
    expect(statusAt({ placed_at: order.placed_at, slot: '19:00' }, at(45))).toBe('scheduled');
  });
});

describe('food cart and checkout', () => {
  it('should keep the item modal open with the required and maximum choices explained', async () => {
    const live = instance();
    const client = await signedIn(live);
    const missing = await client.post('/cart/items', {
      item_id: '37',
      quantity: '1',
      ...choices(live, 37, { 'Spice level': ['Medium'] }),
    });
    expect(missing.status).toBe(422);
    expect(missing.text).toContain('Choose your protein');
    // Poke bowl (item 61): four toppings of at most three.
    const tooMany = await client.post('/cart/items', {
      item_id: '61',
      quantity: '1',
      ...choices(live, 61, {
        Base: ['Brown rice'],
        Protein: ['Salmon'],
        Toppings: ['Avocado', 'Mango', 'Edamame', 'Cucumber'],
      }),
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.text).toContain('You can choose up to 3 toppings');
    expect(live.state()).toEqual([]);
  });

  it('should ask before starting a new cart from another restaurant', async () => {
    const live = instance();
    const client = await signedIn(live);
    await client.post('/cart/items', padThai(live));
    const other = await client.post('/cart/items', { item_id: '15', quantity: '1' });
    expect(other.status).toBe(409);
    expect(other.text).toContain('Start a new cart?');
    expect(count(live, 'SELECT count(*) AS n FROM cart_items')).toBe(1);
    const replaced = await client.post('/cart/items', { item_id: '15', quantity: '1', replace: '1' });
    expect(replaced.status).toBe(200);
    expect(live.db.prepare('SELECT item_id, quantity FROM cart_items').all()).toEqual([
      { item_id: 15, quantity: 1 },
    ]);
  });

  it('should refuse checkout below the minimum and with an expired card', async () => {
    const live = instance();
    const client = await signedIn(live);
    await client.post('/cart/items', { item_id: '46', quantity: '1' });
    const short = await client.post('/checkout', CHECKOUT);
    expect(short.status).toBe(422);
    expect(short.text).toContain('has a $15.00 minimum order. Add $7.50 more');
    await client.post('/cart/items', { item_id: '47', quantity: '2' });
    const expired = await client.post('/checkout', { ...CHECKOUT, card_id: '3' });
    expect(expired.status).toBe(422);
    expect(expired.text).toContain('Amex •••• 1005 has expired');
    expect(count(live, 'SELECT count(*) AS n FROM orders')).toBe(45);
  });

  it('should place an order with a valid promo code, empty the cart and refuse a code below its minimum', async () => {
    const live = instance();
    const client = await signedIn(live);
    await client.post('/cart/items', padThai(live));
    const feast = await client.post('/cart/promo', { code: 'feast30', back: '/checkout' });
    expect(feast.text).toContain('FEAST30 needs a subtotal of $30.00');
    await client.post('/cart/promo', { code: 'thai15', back: '/checkout' });
    const placed = await client.post('/checkout', CHECKOUT);
    expect(placed.status).toBe(200);
    expect(placed.text).toContain('Order placed!');
    const order = live.db.prepare('SELECT * FROM orders ORDER BY id DESC LIMIT 1').get() as Record<
      string,
      unknown
    >;
    expect(order).toMatchObject({
      restaurant_id: 3,
      subtotal_cents: 2700,
      promo_code: 'THAI15',
      discount_cents: 405,
      tip_cents: 405,
      total_cents: 3084,
    });
    expect(count(live, 'SELECT count(*) AS n FROM cart_items')).toBe(0);
    const net = live.state().filter((m) => m.table_name === 'cart_items');
    expect(net.map((m) => m.action)).toEqual(['INSERT', 'DELETE']);
  });
});

describe('food orders and account', () => {
  it('should verify a new address with the texted code only', async () => {
    const live = instance();
    const client = await signedIn(live);
    const outside = await client.post('/addresses', { label: 'Maya', line1: '55 Broadway', zip: '94607' });
    expect(outside.status).toBe(422);
    expect(outside.text).toContain('deliver there yet. Forkful delivers within San Francisco only.');
    const page = await client.post('/addresses', { label: 'Gym', line1: '2100 Market St', zip: '94114' });
    expect(page.text).toContain("Confirm it's you");
    const id = (live.db.prepare("SELECT id FROM addresses WHERE label = 'Gym'").get() as { id: number }).id;
    const sms = (await client.get(`/addresses/${id}/code.json`, { accept: 'application/json' })).json<{
      code: string;
    }>();
    expect(sms.code).toMatch(/^\d{6}$/);
    const wrong = await client.post(`/addresses/${id}/verify`, {
      code: sms.code === '111111' ? '222222' : '111111',
    });
    expect(wrong.status).toBe(422);
    await client.post(`/addresses/${id}/verify`, { code: sms.code });
    expect(live.db.prepare('SELECT verified FROM addresses WHERE id = ?').get(id)).toEqual({ verified: 1 });
  });

  it('should credit a missing item once, and change tips only before delivery', async () => {
    const live = instance();
    const client = await signedIn(live);
    // The order on its way is delivered six minutes after it was placed: each write moves the clock a minute.
    await client.post('/orders/9/tip', { tip: '6' });
    expect(live.db.prepare('SELECT tip_cents, total_cents FROM orders WHERE id = 9').get()).toEqual({
      tip_cents: 600,
      total_cents: 2849,
    });
    const report = { order_item_id: '13', kind: 'missing', resolution: 'credit' };
    await client.post('/orders/6/issues', report);
    expect(live.db.prepare('SELECT credit_cents FROM users WHERE id = 1').get()).toEqual({
      credit_cents: 350,
    });
    const again = await client.post('/orders/6/issues', report);
    expect(again.status).toBe(422);
    expect(again.text).toContain('You already reported this item');
    const delivered = await client.post('/orders/9/tip', { tip: '7' });
    expect(delivered.status).toBe(422);
    expect(delivered.text).toContain('the tip can no longer be changed');
  });

  it('should reveal the courier a step ahead in the tracker and show it once the clock gets there', async () => {
    const live = instance();
    const client = await signedIn(live);
    const tracker = await client.get('/orders/9/tracker');
    expect(tracker.text).toContain('Preparing');
    expect(tracker.text).not.toContain('courier-name');
    const next = (await client.get('/orders/9/status.json', { accept: 'application/json' })).json<{
      status: string;
      courier: string;
    }>();
    expect(next).toMatchObject({ status: 'on_the_way', courier: 'Dana' });
    await client.post('/r/saffron-lane/favourite');
    expect((await client.get('/orders/9/tracker')).text).toContain('courier-name');
  });
});

describe('food test cases', () => {
  it('should have 22 well-formed cases covering every level, skill and capability', () => {
    expect(food.testCases).toHaveLength(22);
    expect(food.testCases.flatMap(testCaseProblems)).toEqual([]);
    expect(vocabularyCoverage(food.testCases)).toEqual({
      missingReasoningLevels: [],
      missingSkills: [],
      missingCapabilities: [],
    });
    const hard = food.testCases.filter((t) => ['level_4', 'level_5'].includes(t.metadata.reasoning_level));
    expect(hard.length).toBeGreaterThanOrEqual(6);
    expect(new Set(food.testCases.map((t) => t.key)).size).toBe(22);
  });
});
