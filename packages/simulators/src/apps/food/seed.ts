import type { Rng, SeedContext, SqliteDatabase } from '../../kit';
import {
  ADDRESSES,
  CARDS,
  CURRENT_ORDER,
  CUSTOMER,
  FAVOURITES,
  FEATURED_ORDERS,
  FEATURED_RESTAURANTS,
  type FeaturedOrder,
  PROMO_CODES,
} from './data/featured';
import {
  COURIERS,
  CUISINES,
  type Cuisine,
  DISHES,
  MODIFIER_TEMPLATES,
  MORE_DISHES,
  NAME_PARTS,
  NEIGHBOURHOODS,
  REVIEW_BODIES,
  REVIEWERS,
  STREETS,
} from './data/menus';
import { computeTotals } from './domain';

/**
 * The seed: 60 restaurants (12 by hand, 48 generated over ten cuisines) with menus, modifiers and reviews;
 * the customer with three addresses, three cards, promo codes and favourites; eight hand-written past orders,
 * one order on its way, and a few dozen generated past orders.
 */

const DAY_MS = 86_400_000;
const GENERATED_RESTAURANTS = 48;
const GENERATED_ORDERS = 36;

interface Dish {
  category: string;
  name: string;
  description: string;
  cents: number;
  tags: string;
  allergens: string;
  calories: number;
  template: string;
}

function parseDish(line: string): Dish {
  const [category, name, description, price, tags, allergens, calories, template] = line.split('|');
  return {
    category: category ?? '',
    name: name ?? '',
    description: description ?? '',
    cents: Math.round(Number(price) * 100),
    tags: tags ?? '',
    allergens: allergens ?? '',
    calories: Number(calories),
    template: template ?? '',
  };
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

interface Ids {
  category: number;
  item: number;
  group: number;
  option: number;
}

function insertMenu(
  db: SqliteDatabase,
  ids: Ids,
  restaurantId: number,
  dishes: Dish[],
  rng: Rng | null,
  soldOut: string[],
): void {
  const categories = new Map<string, number>(
    db
      .prepare<[number], { id: number; name: string }>(
        'SELECT id, name FROM menu_categories WHERE restaurant_id = ?',
      )
      .all(restaurantId)
      .map((c) => [c.name, c.id]),
  );
  for (const dish of dishes) {
    let categoryId = categories.get(dish.category);
    if (categoryId === undefined) {
      ids.category += 1;
      categoryId = ids.category;
      categories.set(dish.category, categoryId);
      db.prepare('INSERT INTO menu_categories (id, restaurant_id, name, position) VALUES (?, ?, ?, ?)').run(
        categoryId,
        restaurantId,
        dish.category,
        categories.size,
      );
    }
    ids.item += 1;
    const available = soldOut.includes(dish.name) || rng?.bool(0.04) ? 0 : 1;
    const popular = rng === null ? (ids.item % 5 === 0 ? 1 : 0) : rng.bool(0.15) ? 1 : 0;
    db.prepare(
      `INSERT INTO menu_items (id, restaurant_id, category_id, name, description, price_cents, tags, allergens,
         calories, available, popular) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      ids.item,
      restaurantId,
      categoryId,
      dish.name,
      dish.description,
      dish.cents,
      dish.tags,
      dish.allergens,
      dish.calories,
      available,
      popular,
    );
    const groups = MODIFIER_TEMPLATES[dish.template] ?? [];
    groups.forEach((group, g) => {
      ids.group += 1;
      db.prepare(
        'INSERT INTO modifier_groups (id, item_id, name, min_choices, max_choices, position) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(ids.group, ids.item, group.name, group.min, group.max, g + 1);
      group.options.forEach(([name, cents], o) => {
        ids.option += 1;
        db.prepare(
          'INSERT INTO modifier_options (id, group_id, name, price_cents, position) VALUES (?, ?, ?, ?, ?)',
        ).run(ids.option, ids.group, name, cents, o + 1);
      });
    });
  }
}

function insertReviews(db: SqliteDatabase, rng: Rng, restaurantId: number, rating: number, now: Date): void {
  const count = rng.int(4, 10);
  for (let i = 0; i < count; i++) {
    const stars = Math.max(
      1,
      Math.min(
        5,
        Math.round(
          rating +
            rng.weighted([
              [0, 6],
              [-1, 3],
              [1, 1],
              [-2, 1],
            ] as const),
        ),
      ),
    );
    const at = new Date(now.getTime() - rng.int(1, 200) * DAY_MS - rng.int(0, 600) * 60_000);
    db.prepare(
      'INSERT INTO reviews (restaurant_id, author, rating, body, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(
      restaurantId,
      rng.pick(REVIEWERS),
      stars,
      rng.pick(REVIEW_BODIES[stars] ?? REVIEW_BODIES[4] ?? []),
      at.toISOString(),
    );
  }
}

interface ItemRow {
  id: number;
  name: string;
  price_cents: number;
}

function itemByName(db: SqliteDatabase, restaurantId: number, name: string): ItemRow {
  const item = db
    .prepare<[number, string], ItemRow>(
      'SELECT id, name, price_cents FROM menu_items WHERE restaurant_id = ? AND name = ?',
    )
    .get(restaurantId, name);
  if (!item) throw new Error(`No ${name} at restaurant ${restaurantId}`);
  return item;
}

function optionCents(db: SqliteDatabase, itemId: number, options: string): number {
  let cents = 0;
  for (const name of options.split(', ').filter(Boolean)) {
    const row = db
      .prepare<[number, string], { price_cents: number }>(
        `SELECT o.price_cents FROM modifier_options o JOIN modifier_groups g ON g.id = o.group_id
         WHERE g.item_id = ? AND o.name = ?`,
      )
      .get(itemId, name);
    if (!row) throw new Error(`No option ${name} on item ${itemId}`);
    cents += row.price_cents;
  }
  return cents;
}

function insertOrder(db: SqliteDatabase, order: FeaturedOrder, number: string): void {
  const restaurant = db
    .prepare<[number], { delivery_fee_cents: number }>(
      'SELECT delivery_fee_cents FROM restaurants WHERE id = ?',
    )
    .get(order.restaurantId);
  if (!restaurant) throw new Error(`No restaurant ${order.restaurantId}`);
  const lines = order.items.map(([name, quantity, options, instructions]) => {
    const item = itemByName(db, order.restaurantId, name);
    return {
      item,
      quantity,
      options,
      instructions: instructions ?? '',
      unit: item.price_cents + optionCents(db, item.id, options),
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.unit * line.quantity, 0);
  const totals = computeTotals(subtotal, restaurant, undefined, order.tipCents);
  const result = db
    .prepare(
      `INSERT INTO orders (number, restaurant_id, address_id, card_id, slot, subtotal_cents, delivery_fee_cents,
         service_fee_cents, discount_cents, promo_code, tip_cents, total_cents, courier, rating, rating_comment, placed_at)
       VALUES (?, ?, ?, 1, 'asap', ?, ?, ?, 0, NULL, ?, ?, ?, ?, NULL, ?)`,
    )
    .run(
      number,
      order.restaurantId,
      order.addressId,
      totals.subtotal,
      totals.deliveryFee,
      totals.serviceFee,
      totals.tip,
      totals.total,
      order.courier,
      order.rating ?? null,
      order.placedAt,
    );
  for (const line of lines)
    db.prepare(
      `INSERT INTO order_items (order_id, item_id, name, quantity, unit_price_cents, options, instructions)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      result.lastInsertRowid,
      line.item.id,
      line.item.name,
      line.quantity,
      line.unit,
      line.options,
      line.instructions,
    );
}

function generatedName(rng: Rng, cuisine: Cuisine, taken: Set<string>): string {
  const [firsts, seconds] = NAME_PARTS[cuisine];
  for (;;) {
    const name = `${rng.pick(firsts)} ${rng.pick(seconds)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

export function seed({ db, rng, now }: SeedContext): void {
  db.prepare('INSERT INTO users (id, name, email, phone, credit_cents) VALUES (1, ?, ?, ?, 0)').run(
    CUSTOMER.name,
    CUSTOMER.email,
    CUSTOMER.phone,
  );
  const created = new Date(now.getTime() - 400 * DAY_MS).toISOString();
  for (const a of ADDRESSES)
    db.prepare(
      `INSERT INTO addresses (label, line1, line2, city, zip, instructions, verified, created_at)
       VALUES (?, ?, ?, 'San Francisco, CA', ?, ?, 1, ?)`,
    ).run(a.label, a.line1, a.line2, a.zip, a.instructions, created);
  CARDS.forEach((c, i) => {
    db.prepare('INSERT INTO cards (id, brand, last4, exp, is_default) VALUES (?, ?, ?, ?, ?)').run(
      i + 1,
      c.brand,
      c.last4,
      c.exp,
      c.isDefault,
    );
  });
  for (const p of PROMO_CODES)
    db.prepare(
      'INSERT INTO promo_codes (code, title, kind, value, min_subtotal_cents, cuisine, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(p.code, p.title, p.kind, p.value, p.min, p.cuisine, p.expires);

  const ids: Ids = { category: 0, item: 0, group: 0, option: 0 };
  const menus = rng.fork('menus');
  const reviews = rng.fork('reviews');
  const insertRestaurant = db.prepare(
    `INSERT INTO restaurants (id, slug, name, cuisine, neighbourhood, address, description, rating, rating_count,
       delivery_minutes, delivery_fee_cents, min_order_cents, price_level, opens, closes, hue, rank)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const names = new Set<string>();
  const slugs = new Set<string>();
  FEATURED_RESTAURANTS.forEach((r, i) => {
    const id = i + 1;
    names.add(r.name);
    slugs.add(r.slug);
    insertRestaurant.run(
      id,
      r.slug,
      r.name,
      r.cuisine,
      r.neighbourhood,
      `${r.address}, San Francisco`,
      r.description,
      r.rating,
      r.ratingCount,
      r.minutes,
      r.feeCents,
      r.minOrderCents,
      r.priceLevel,
      r.opens,
      r.closes,
      (id * 47) % 360,
      r.rank,
    );
    const dishes = DISHES[r.cuisine]
      .map(parseDish)
      .map((d) => ({ ...d, cents: r.prices?.[d.name] ?? d.cents }));
    insertMenu(db, ids, id, dishes, null, r.soldOut ?? []);
    insertReviews(db, reviews, id, r.rating, now);
  });

  const places = rng.fork('restaurants');
  for (let i = 0; i < GENERATED_RESTAURANTS; i++) {
    const id = FEATURED_RESTAURANTS.length + i + 1;
    const cuisine = CUISINES[i % CUISINES.length] ?? 'Pizza';
    const name = generatedName(places, cuisine, names);
    const neighbourhood = places.pick(NEIGHBOURHOODS);
    let slug = slugify(name);
    if (slugs.has(slug)) slug = `${slug}-${slugify(neighbourhood)}`;
    slugs.add(slug);
    const breakfast = cuisine === 'Breakfast';
    const rating = places.float(3.6, 4.7, 1);
    insertRestaurant.run(
      id,
      slug,
      name,
      cuisine,
      neighbourhood,
      `${places.int(100, 3999)} ${places.pick(STREETS)}, San Francisco`,
      `${cuisine} favourites from the ${neighbourhood}, cooked to order and packed for the trip.`,
      rating,
      places.int(40, 1500),
      places.int(6, 11) * 5,
      places.pick([99, 149, 199, 249, 299, 349, 399, 499, 599]),
      places.pick([1000, 1200, 1500, 2000, 2500]),
      places.int(1, 3),
      breakfast
        ? places.pick(['07:00', '07:30', '08:00'])
        : places.pick(['10:30', '11:00', '11:30', '12:00']),
      breakfast
        ? places.pick(['14:00', '15:00'])
        : places.pick(['21:00', '21:30', '22:00', '22:30', '23:00']),
      places.int(0, 359),
      places.int(1, 99),
    );
    const dishes = DISHES[cuisine]
      .map(parseDish)
      .filter((d) => d.category === 'Drinks' || menus.bool(0.85))
      .map((d) => ({ ...d, cents: Math.max(200, d.cents + menus.int(-4, 6) * 25) }));
    insertMenu(db, ids, id, dishes, menus, []);
    insertReviews(db, reviews, id, rating, now);
  }

  FEATURED_ORDERS.forEach((order, i) => {
    insertOrder(db, order, `FK-${(48213 + i * 37).toString()}`);
  });
  insertOrder(db, CURRENT_ORDER, 'FK-51877');

  const orders = rng.fork('orders');
  const restaurantCount = FEATURED_RESTAURANTS.length + GENERATED_RESTAURANTS;
  for (let i = 0; i < GENERATED_ORDERS; i++) {
    let restaurantId = orders.int(1, restaurantCount);
    if (restaurantId === 4) restaurantId = 5;
    const menu = db
      .prepare<[number], ItemRow>(
        `SELECT i.id, i.name, i.price_cents FROM menu_items i
         WHERE i.restaurant_id = ? AND NOT EXISTS (SELECT 1 FROM modifier_groups g WHERE g.item_id = i.id AND g.min_choices > 0)`,
      )
      .all(restaurantId);
    const picked = orders.sample(menu, Math.min(menu.length, orders.int(1, 3)));
    const day = new Date(now.getTime() - orders.int(9, 160) * DAY_MS);
    const placedAt = new Date(
      Date.UTC(
        day.getUTCFullYear(),
        day.getUTCMonth(),
        day.getUTCDate(),
        orders.int(11, 21),
        orders.int(0, 59),
      ),
    ).toISOString();
    insertOrder(
      db,
      {
        restaurantId,
        placedAt,
        addressId: orders.pick([1, 1, 1, 2, 3]),
        items: picked.map((item) => [item.name, orders.int(1, 2), '']),
        tipCents: orders.pick([200, 300, 400, 500]),
        courier: orders.pick(COURIERS),
        rating: orders.bool(0.6) ? orders.int(3, 5) : undefined,
      },
      `FK-${orders.int(10000, 47999)}`,
    );
  }

  // The second pass of dishes, after the orders: ids of the first pass and the generated orders stay put.
  const more = rng.fork('more-dishes');
  const all = db
    .prepare<[], { id: number; cuisine: Cuisine }>('SELECT id, cuisine FROM restaurants ORDER BY id')
    .all();
  for (const r of all) {
    const featured = r.id <= FEATURED_RESTAURANTS.length;
    const dishes = MORE_DISHES[r.cuisine]
      .map(parseDish)
      .filter(() => featured || more.bool(0.8))
      .map((d) => (featured ? d : { ...d, cents: Math.max(200, d.cents + more.int(-2, 6) * 25) }));
    insertMenu(db, ids, r.id, dishes, featured ? null : more, []);
  }

  for (const restaurantId of FAVOURITES)
    db.prepare('INSERT INTO favourites (restaurant_id, created_at) VALUES (?, ?)').run(restaurantId, created);
}
