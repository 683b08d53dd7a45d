import type { Rng, SeedContext, SqliteDatabase } from '../../kit';
import { BRANDS, CATEGORIES, type CategoryTemplate, COLORS, DESCRIPTION_LINES } from './data/catalog';
import { FIRST_NAMES, LAST_INITIALS, PLACES, REVIEWS_BY_RATING } from './data/people';
import { SHIPPING_OPTIONS } from './pricing';

/**
 * The seed: a catalog of a few hundred products with variants, stock and reviews; the customer's address
 * book, wishlist, cart and order history. Rows that test cases name are written by hand first (their ids
 * are fixed: products 1–12, variants 1–…, addresses 1–4); generated rows fill the store around them.
 */

const DAY = 86_400_000;

type StarCounts = [number, number, number, number, number];

interface ProductInput {
  name: string;
  category: string;
  brand: string;
  variants: [color: string, size: string, priceCents: number, stock: number][];
  stars: StarCounts;
  compareAtCents?: number;
  finalSale?: boolean;
  material?: string;
  care?: string;
  description?: string;
  ageDays?: number;
}

/** Products the test cases name; their ids follow this order (1, 2, …) and so do their variants. */
const HAND_WRITTEN: ProductInput[] = [
  {
    // 1: variants 1–8 (Blue 12, Blue 16, Sage 12, Sage 16, Oat 12, Oat 16, Charcoal 12, Charcoal 16).
    name: 'Harbor Stoneware Mug',
    category: 'tableware',
    brand: 'Hearth & Harbor',
    variants: [
      ['Blue', '12 oz', 1800, 40],
      ['Blue', '16 oz', 2200, 25],
      ['Sage', '12 oz', 1800, 18],
      ['Sage', '16 oz', 2200, 12],
      ['Oat', '12 oz', 1800, 30],
      ['Oat', '16 oz', 2200, 9],
      ['Charcoal', '12 oz', 1800, 14],
      ['Charcoal', '16 oz', 2200, 0],
    ],
    stars: [1, 1, 3, 9, 23],
    material: 'Stoneware with a reactive glaze',
    care: 'Dishwasher and microwave safe.',
    description:
      'Our best-selling mug, thrown in Portland from high-fire stoneware. The wide handle fits four fingers and the glaze pools differently on every piece.',
    ageDays: 400,
  },
  {
    // 2: variants 9–14.
    name: 'Belgian Linen Tablecloth',
    category: 'decor',
    brand: 'Marlow Linen Co.',
    variants: [
      ['Oat', '60 × 90 in', 11600, 11],
      ['Oat', '60 × 120 in', 13600, 6],
      ['Fog', '60 × 90 in', 11600, 8],
      ['Fog', '60 × 120 in', 13600, 3],
      ['Sage', '60 × 90 in', 11600, 5],
      ['Sage', '60 × 120 in', 13600, 0],
    ],
    stars: [0, 1, 2, 8, 14],
    material: 'Belgian linen',
    care: 'Machine wash warm, line dry.',
    ageDays: 300,
  },
  {
    // 3: variants 15–22; Clay Full/Queen is sold out.
    name: 'Stonewashed Linen Duvet Cover',
    category: 'bedding',
    brand: 'Marlow Linen Co.',
    variants: [
      ['Clay', 'Full/Queen', 18900, 0],
      ['Clay', 'King/Cal King', 21900, 5],
      ['Fog', 'Full/Queen', 18900, 7],
      ['Fog', 'King/Cal King', 21900, 2],
      ['Oat', 'Full/Queen', 18900, 12],
      ['Oat', 'King/Cal King', 21900, 9],
      ['Sage', 'Full/Queen', 18900, 4],
      ['Sage', 'King/Cal King', 21900, 0],
    ],
    stars: [1, 0, 3, 11, 19],
    material: '100% European flax linen',
    care: 'Machine wash warm, tumble dry low.',
    ageDays: 500,
  },
  // 4–8: the cast-iron skillets (variants 23–28).
  {
    name: 'Ironwood No. 8 Cast Iron Skillet',
    category: 'cookware',
    brand: 'Ironwood Foundry',
    variants: [['Black', '10 in', 3900, 0]],
    stars: [0, 0, 1, 4, 9],
    material: 'Cast iron',
    care: 'Hand wash, dry immediately and oil lightly.',
  },
  {
    name: 'Ironwood No. 10 Cast Iron Skillet',
    category: 'cookware',
    brand: 'Ironwood Foundry',
    variants: [['Black', '12 in', 5400, 16]],
    stars: [0, 0, 0, 2, 10],
    material: 'Cast iron',
    care: 'Hand wash, dry immediately and oil lightly.',
  },
  {
    name: 'Ironwood Camp Skillet',
    category: 'cookware',
    brand: 'Ironwood Foundry',
    variants: [['Black', '10 in', 3400, 22]],
    stars: [1, 1, 2, 4, 3],
    material: 'Cast iron',
    care: 'Hand wash, dry immediately and oil lightly.',
  },
  {
    name: 'Ironwood Smooth-Polished Cast Iron Skillet',
    category: 'cookware',
    brand: 'Ironwood Foundry',
    variants: [
      ['Black', '10 in', 4700, 6],
      ['Black', '12 in', 5900, 3],
    ],
    stars: [0, 1, 1, 3, 6],
    material: 'Cast iron, machined smooth',
    care: 'Hand wash, dry immediately and oil lightly.',
  },
  {
    name: 'Heritage Cast Iron Skillet',
    category: 'cookware',
    brand: 'Kettle Creek',
    variants: [['Black', '10 in', 2900, 30]],
    stars: [0, 0, 1, 3, 6],
    material: 'Cast iron',
    care: 'Hand wash, dry immediately and oil lightly.',
  },
  // 9–14: wishlist products (variants 29–…).
  {
    name: 'Walnut End-Grain Serving Board',
    category: 'kitchen-tools',
    brand: 'Alder Street',
    variants: [['Walnut', '18 in', 6900, 8]],
    compareAtCents: 8900,
    stars: [0, 0, 1, 5, 12],
    material: 'Walnut',
    care: 'Hand wash; oil monthly.',
  },
  {
    name: 'Walnut Serving Board with Handle',
    category: 'kitchen-tools',
    brand: 'Alder Street',
    variants: [['Walnut', '20 in', 5800, 14]],
    stars: [0, 1, 1, 6, 9],
    material: 'Walnut',
    care: 'Hand wash; oil monthly.',
  },
  {
    name: 'Fig Leaf Three-Wick Candle',
    category: 'candles',
    brand: 'Tallow & Wick',
    variants: [['Ivory', '21 oz', 4800, 0]],
    compareAtCents: 6400,
    stars: [0, 0, 2, 7, 15],
    material: 'Soy wax',
    care: 'Burn for at least an hour the first time.',
  },
  {
    name: 'Merino Throw Blanket',
    category: 'bedding',
    brand: 'Bramble Mill',
    variants: [
      ['Oat', '50 × 70 in', 7400, 0],
      ['Forest', '50 × 70 in', 7400, 3],
      ['Rust', '50 × 70 in', 7400, 6],
    ],
    compareAtCents: 8900,
    stars: [0, 0, 1, 4, 11],
    material: 'Merino wool',
    care: 'Dry clean or hand wash cold.',
  },
  {
    name: 'Ironwood Enameled Dutch Oven',
    category: 'cookware',
    brand: 'Ironwood Foundry',
    variants: [
      ['Blue', '5.5 qt', 15900, 4],
      ['Clay', '5.5 qt', 15900, 7],
    ],
    stars: [0, 0, 1, 6, 21],
    material: 'Enameled cast iron',
    care: 'Dishwasher safe; hand washing keeps the enamel bright.',
  },
  {
    name: 'Turkish Cotton Robe',
    category: 'bath',
    brand: 'Saltmarsh Home',
    variants: [
      ['White', 'S/M', 7900, 5],
      ['White', 'L/XL', 7900, 2],
    ],
    compareAtCents: 9800,
    stars: [0, 1, 2, 5, 8],
    material: 'Turkish cotton',
    care: 'Machine wash warm.',
  },
  // 15–19: goods in the hand-written orders.
  {
    name: 'Reactive Glaze Serving Bowl',
    category: 'tableware',
    brand: 'Cobble & Clay',
    variants: [
      ['Rust', 'Large', 4800, 10],
      ['Sage', 'Large', 4800, 7],
    ],
    stars: [1, 0, 2, 6, 10],
  },
  {
    name: 'Percale Sheet Set',
    category: 'bedding',
    brand: 'Marlow Linen Co.',
    variants: [
      ['White', 'Queen', 14900, 9],
      ['White', 'King', 16900, 6],
    ],
    stars: [0, 1, 3, 9, 12],
  },
  {
    name: 'Olivewood Pepper Mill',
    category: 'kitchen-tools',
    brand: 'Northbay Kitchen',
    variants: [['Olive', '9 in', 4400, 13]],
    stars: [0, 0, 1, 4, 8],
  },
  {
    name: 'Speckled Espresso Cups, Set of 2',
    category: 'tableware',
    brand: 'Fjordware',
    variants: [['Ivory', '3 oz', 1600, 20]],
    compareAtCents: 2400,
    finalSale: true,
    stars: [0, 1, 1, 3, 4],
  },
  {
    name: 'Felt Storage Bin',
    category: 'storage',
    brand: 'Otterly Home',
    variants: [
      ['Fog', 'Large', 3600, 15],
      ['Charcoal', 'Large', 3600, 12],
    ],
    stars: [0, 0, 2, 5, 6],
  },
];

const ICON_BY_CATEGORY = Object.fromEntries(CATEGORIES.map((c) => [c.slug, c.icon]));
const SWATCHES = Object.fromEntries([...COLORS, ['Walnut', '#5b3a29'] as [string, string]]);

/** Nouns only the hand-written rows use, so a generated product never answers a test case by accident. */
const RESERVED_NOUNS = new Set(['Cast Iron Skillet', 'Serving Board', 'Duvet Cover']);

function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function iso(at: Date | number): string {
  return new Date(at).toISOString();
}

class SeedWriter {
  readonly categoryIds = new Map<string, number>();
  readonly brandIds = new Map<string, number>();
  readonly names = new Set<string>();
  variantCount = 0;
  skuCount = 0;

  constructor(
    readonly db: SqliteDatabase,
    readonly rng: Rng,
    readonly now: Date,
  ) {}

  product(input: ProductInput, reviewRng: Rng): number {
    const category = CATEGORIES.find((c) => c.slug === input.category) as CategoryTemplate;
    const description = input.description ?? this.rng.sample(DESCRIPTION_LINES, this.rng.int(2, 3)).join(' ');
    const createdAt = iso(this.now.getTime() - (input.ageDays ?? this.rng.int(20, 700)) * DAY);
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO products (slug, name, category_id, brand_id, description, material, care, icon,
           compare_at_cents, final_sale, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        slugify(input.name),
        input.name,
        this.categoryIds.get(input.category),
        this.brandIds.get(input.brand),
        description,
        input.material ?? 'Stoneware',
        input.care ?? 'Wipe clean.',
        ICON_BY_CATEGORY[category.slug] ?? 'vase',
        input.compareAtCents ?? null,
        input.finalSale ? 1 : 0,
        createdAt,
      );
    const productId = Number(lastInsertRowid);
    this.names.add(input.name);
    const insertVariant = this.db.prepare(
      'INSERT INTO variants (product_id, sku, color, swatch, size, price_cents, stock) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    for (const [color, size, price, stock] of input.variants) {
      this.skuCount += 1;
      const prefix = category.slug.slice(0, 3).toUpperCase();
      insertVariant.run(
        productId,
        `HH-${prefix}-${String(this.skuCount).padStart(5, '0')}`,
        color,
        SWATCHES[color] ?? '#999999',
        size,
        price,
        stock,
      );
    }
    this.reviews(productId, input.stars, createdAt, reviewRng);
    return productId;
  }

  reviews(productId: number, stars: StarCounts, since: string, rng: Rng): void {
    const insert = this.db.prepare(
      `INSERT INTO reviews (product_id, author, location, rating, title, body, verified, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const sinceMs = new Date(since).getTime();
    const spanDays = Math.max(2, Math.floor((this.now.getTime() - sinceMs) / DAY));
    let total = 0;
    let count = 0;
    stars.forEach((n, index) => {
      const rating = (index + 1) as 1 | 2 | 3 | 4 | 5;
      for (let i = 0; i < n; i++) {
        const [title, body] = rng.pick(REVIEWS_BY_RATING[rating]);
        insert.run(
          productId,
          `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_INITIALS)}.`,
          rng.pick(PLACES),
          rating,
          title,
          body,
          rng.bool(0.85) ? 1 : 0,
          iso(this.now.getTime() - rng.int(1, spanDays - 1) * DAY - rng.int(0, 86_000) * 1000),
        );
        total += rating;
        count += 1;
      }
    });
    this.db
      .prepare('UPDATE products SET rating = ?, review_count = ? WHERE id = ?')
      .run(count === 0 ? 0 : Math.round((total / count) * 10) / 10, count, productId);
  }
}

function generatedProducts(writer: SeedWriter, rng: Rng, reviewRng: Rng): void {
  for (const category of CATEGORIES) {
    for (const item of category.items) {
      if (RESERVED_NOUNS.has(item.noun)) continue;
      const adjectives = rng.sample(category.adjectives, Math.min(category.adjectives.length, rng.int(3, 5)));
      for (const adjective of adjectives) {
        const name = `${adjective} ${item.noun}`;
        if (writer.names.has(name)) continue;
        const colors = rng.sample(
          COLORS.map(([c]) => c),
          item.colors,
        );
        const brand = rng.pick(BRANDS);
        // Some makers charge a little more or less for the same kind of thing.
        const markup = rng.pick([0.85, 0.9, 1, 1, 1, 1.1, 1.2]);
        const onSale = rng.bool(0.18);
        const variants: ProductInput['variants'] = [];
        for (const color of colors) {
          for (const [size, base] of item.sizes) {
            const price = Math.round((base * markup) / 100) * 100;
            const stock = rng.weighted([
              [0, 2],
              [rng.int(1, 4), 2],
              [rng.int(5, 60), 8],
            ] as const);
            variants.push([color, size, Math.max(900, onSale ? Math.round(price * 0.8) : price), stock]);
          }
        }
        const popularity = rng.int(0, 30);
        const mood = rng.weighted([
          ['loved', 6],
          ['liked', 3],
          ['mixed', 1],
        ] as const);
        const weights: StarCounts =
          mood === 'loved'
            ? [0.02, 0.03, 0.07, 0.25, 0.63]
            : mood === 'liked'
              ? [0.05, 0.07, 0.18, 0.4, 0.3]
              : [0.15, 0.2, 0.3, 0.2, 0.15];
        const stars = weights.map((w) => Math.round(w * popularity)) as StarCounts;
        writer.product(
          {
            name,
            category: category.slug,
            brand,
            variants,
            stars,
            compareAtCents: onSale ? Math.round((item.sizes[0]?.[1] ?? 0) * markup) : undefined,
            finalSale: onSale && rng.bool(0.3),
            material: rng.pick(item.materials),
            care: item.care,
          },
          reviewRng,
        );
      }
    }
  }
}

interface AddressRow {
  label: string;
  full_name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postal_code: string;
  phone: string | null;
  is_default: number;
}

/** Addresses 1–4. */
const ADDRESSES: AddressRow[] = [
  {
    label: 'Home',
    full_name: 'Jordan Ellis',
    line1: '2217 SE Clinton St',
    line2: null,
    city: 'Portland',
    region: 'OR',
    postal_code: '97202',
    phone: '(503) 555-0142',
    is_default: 1,
  },
  {
    label: 'Office',
    full_name: 'Jordan Ellis',
    line1: '1120 NW Couch St',
    line2: 'Suite 400, Ellis & Park Studio',
    city: 'Portland',
    region: 'OR',
    postal_code: '97209',
    phone: '(503) 555-0199',
    is_default: 0,
  },
  {
    label: "Mom's",
    full_name: 'Linda Ellis',
    line1: '4418 Fremont Ave N',
    line2: null,
    city: 'Seattle',
    region: 'WA',
    postal_code: '98103',
    phone: '(206) 555-0117',
    is_default: 0,
  },
  {
    label: 'Cabin',
    full_name: 'Jordan Ellis',
    line1: '81 Larch Mountain Rd',
    line2: null,
    city: 'Corbett',
    region: 'OR',
    postal_code: '97019',
    phone: null,
    is_default: 0,
  },
];

interface OrderInput {
  number: string;
  placedAt: string;
  status: 'processing' | 'shipped' | 'delivered' | 'cancelled';
  addressId: number;
  method: 'standard' | 'express' | 'next_day';
  items: [variantId: number, quantity: number][];
  card: [brand: 'Visa' | 'Mastercard', last4: string];
  promo?: [code: string, discountCents: number];
  shippedAt?: string;
  deliveredAt?: string;
  carrier?: string;
  tracking?: string;
  cancelReason?: string;
}

function insertOrder(db: SqliteDatabase, order: OrderInput): number {
  const address = ADDRESSES[order.addressId - 1] as AddressRow;
  const variant = db.prepare<
    [number],
    { price_cents: number; name: string; color: string; size: string; final_sale: number }
  >(
    `SELECT v.price_cents, p.name, v.color, v.size, p.final_sale FROM variants v
     JOIN products p ON p.id = v.product_id WHERE v.id = ?`,
  );
  const lines = order.items.map(([id, quantity]) => ({ id, quantity, row: variant.get(id) }));
  const subtotal = lines.reduce((sum, line) => sum + (line.row?.price_cents ?? 0) * line.quantity, 0);
  const discount = order.promo?.[1] ?? 0;
  const option = SHIPPING_OPTIONS.find((o) => o.method === order.method);
  const shipping = order.method === 'standard' && subtotal - discount >= 7500 ? 0 : (option?.priceCents ?? 0);
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO orders (number, status, placed_at, address_id, ship_name, ship_line1, ship_line2, ship_city,
         ship_region, ship_postal_code, shipping_method, shipping_cents, subtotal_cents, discount_cents,
         total_cents, promo_code, card_brand, card_last4, carrier, tracking_number, delivered_at, cancel_reason)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      order.number,
      order.status,
      order.placedAt,
      order.addressId,
      address.full_name,
      address.line1,
      address.line2,
      address.city,
      address.region,
      address.postal_code,
      order.method,
      shipping,
      subtotal,
      discount,
      subtotal - discount + shipping,
      order.promo?.[0] ?? null,
      order.card[0],
      order.card[1],
      order.carrier ?? null,
      order.tracking ?? null,
      order.deliveredAt ?? null,
      order.cancelReason ?? null,
    );
  const orderId = Number(lastInsertRowid);
  const insertItem = db.prepare(
    `INSERT INTO order_items (order_id, variant_id, product_name, variant_label, unit_price_cents, quantity, final_sale)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const line of lines) {
    const row = line.row;
    if (!row) throw new Error(`seed: no variant ${line.id}`);
    insertItem.run(
      orderId,
      line.id,
      row.name,
      variantLabel(row.color, row.size),
      row.price_cents,
      line.quantity,
      row.final_sale,
    );
  }
  const event = db.prepare('INSERT INTO order_events (order_id, kind, note, created_at) VALUES (?, ?, ?, ?)');
  event.run(orderId, 'placed', 'Order placed and payment authorised', order.placedAt);
  if (order.status === 'cancelled') {
    const at = iso(new Date(order.placedAt).getTime() + 3 * 3_600_000);
    event.run(
      orderId,
      'cancelled',
      `Cancelled by you: ${order.cancelReason ?? 'Other'}. Refund issued to your card.`,
      at,
    );
  }
  if (order.shippedAt) {
    event.run(
      orderId,
      'shipped',
      `Shipped with ${order.carrier} · tracking ${order.tracking}`,
      order.shippedAt,
    );
  }
  if (order.deliveredAt) {
    event.run(
      orderId,
      'out_for_delivery',
      'Out for delivery',
      iso(new Date(order.deliveredAt).getTime() - 5 * 3_600_000),
    );
    event.run(orderId, 'delivered', `Delivered to ${address.line1}`, order.deliveredAt);
  }
  return orderId;
}

export function variantLabel(color: string, size: string): string {
  return `${color} / ${size}`;
}

function tracking(rng: Rng, carrier: string): string {
  if (carrier === 'UPS')
    return `1Z${rng.token(6, 'ABCDEFGHJKLMNPRSTUVWXY0123456789')}${rng.token(10, '0123456789')}`;
  if (carrier === 'FedEx') return rng.token(12, '0123456789');
  return `9400${rng.token(18, '0123456789')}`;
}

function generatedOrders(db: SqliteDatabase, rng: Rng, now: Date): void {
  const variantIds = db
    .prepare<[], { id: number }>('SELECT id FROM variants WHERE id > 60 AND price_cents < 30000 ORDER BY id')
    .all()
    .map((v) => v.id);
  const count = 30;
  // Older than 45 days, so none of them falls inside the 30-day return window of today's questions.
  const ages = Array.from({ length: count }, () => rng.int(45, 330)).sort((a, b) => b - a);
  let number = 302_140;
  for (const age of ages) {
    number += rng.int(1_800, 3_900);
    const placed = now.getTime() - age * DAY - rng.int(0, 40_000) * 1000;
    const cancelled = rng.bool(0.08);
    const carrier = rng.pick(['UPS', 'USPS', 'FedEx']);
    const shipped = placed + rng.int(1, 2) * DAY;
    const items = rng.sample(variantIds, rng.int(1, 4)).map(
      (id) =>
        [
          id,
          rng.weighted([
            [1, 8],
            [2, 3],
            [4, 1],
          ] as const),
        ] as [number, number],
    );
    insertOrder(db, {
      number: `HH-${number}`,
      placedAt: iso(placed),
      status: cancelled ? 'cancelled' : 'delivered',
      addressId: rng.weighted([
        [1, 8],
        [2, 3],
        [3, 2],
        [4, 1],
      ] as const),
      method: rng.weighted([
        ['standard', 7],
        ['express', 2],
        ['next_day', 1],
      ] as const),
      items,
      card: rng.bool(0.6) ? ['Visa', '4242'] : ['Mastercard', '4444'],
      shippedAt: cancelled ? undefined : iso(shipped),
      deliveredAt: cancelled ? undefined : iso(shipped + rng.int(2, 5) * DAY),
      carrier: cancelled ? undefined : carrier,
      tracking: cancelled ? undefined : tracking(rng, carrier),
      cancelReason: cancelled ? rng.pick(['Found a better price', 'Ordered by mistake']) : undefined,
    });
  }
}

function handWrittenOrders(db: SqliteDatabase): void {
  const visa: ['Visa', string] = ['Visa', '4242'];
  insertOrder(db, {
    number: 'HH-415502',
    placedAt: '2026-01-14T18:22:00.000Z',
    status: 'cancelled',
    addressId: 1,
    method: 'standard',
    items: [[4, 4]],
    card: visa,
    cancelReason: 'Delivery is too slow',
  });
  insertOrder(db, {
    number: 'HH-416911',
    placedAt: '2026-01-22T16:05:00.000Z',
    status: 'delivered',
    addressId: 1,
    method: 'standard',
    items: [
      [1, 2],
      [29, 1],
    ],
    card: visa,
    shippedAt: '2026-01-23T20:10:00.000Z',
    deliveredAt: '2026-01-29T19:40:00.000Z',
    carrier: 'USPS',
    tracking: '9400111899223344556677',
  });
  insertOrder(db, {
    number: 'HH-417390',
    placedAt: '2026-02-01T11:47:00.000Z',
    status: 'delivered',
    addressId: 2,
    method: 'express',
    items: [[26, 1]],
    card: ['Mastercard', '4444'],
    shippedAt: '2026-02-02T15:30:00.000Z',
    deliveredAt: '2026-02-04T21:12:00.000Z',
    carrier: 'FedEx',
    tracking: '771298455310',
  });
  insertOrder(db, {
    number: 'HH-417825',
    placedAt: '2026-02-07T09:31:00.000Z',
    status: 'delivered',
    addressId: 1,
    method: 'standard',
    items: [[44, 2]],
    card: visa,
    shippedAt: '2026-02-09T14:02:00.000Z',
    deliveredAt: '2026-02-12T18:55:00.000Z',
    carrier: 'USPS',
    tracking: '9400111899561200348817',
  });
  insertOrder(db, {
    number: 'HH-418207',
    placedAt: '2026-02-15T20:14:00.000Z',
    status: 'delivered',
    addressId: 1,
    method: 'standard',
    items: [
      [39, 1],
      [41, 1],
      [45, 1],
    ],
    card: visa,
    promo: ['SPRING15', 3495],
    shippedAt: '2026-02-16T17:45:00.000Z',
    deliveredAt: '2026-02-20T22:03:00.000Z',
    carrier: 'UPS',
    tracking: '1Z7F49W80391847262',
  });
  const returned = insertOrder(db, {
    number: 'HH-418644',
    placedAt: '2026-02-18T08:20:00.000Z',
    status: 'delivered',
    addressId: 3,
    method: 'express',
    items: [[46, 1]],
    card: visa,
    shippedAt: '2026-02-18T19:00:00.000Z',
    deliveredAt: '2026-02-24T17:30:00.000Z',
    carrier: 'UPS',
    tracking: '1Z7F49W80392210458',
  });
  insertOrder(db, {
    number: 'HH-420733',
    placedAt: '2026-02-26T13:09:00.000Z',
    status: 'shipped',
    addressId: 1,
    method: 'standard',
    items: [
      [30, 1],
      [2, 2],
    ],
    card: ['Mastercard', '4444'],
    shippedAt: '2026-02-27T16:40:00.000Z',
    carrier: 'UPS',
    tracking: '1Z84A7W20318495520',
  });
  insertOrder(db, {
    number: 'HH-421876',
    placedAt: '2026-02-28T19:51:00.000Z',
    status: 'processing',
    addressId: 1,
    method: 'standard',
    items: [
      [46, 2],
      [40, 1],
    ],
    card: visa,
  });
  insertOrder(db, {
    number: 'HH-421950',
    placedAt: '2026-03-01T10:26:00.000Z',
    status: 'processing',
    addressId: 2,
    method: 'standard',
    items: [
      [43, 1],
      [5, 2],
    ],
    card: visa,
  });
  const item = db
    .prepare<[number], { id: number; unit_price_cents: number }>(
      'SELECT id, unit_price_cents FROM order_items WHERE order_id = ?',
    )
    .get(returned);
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO returns (rma, order_id, status, refund_method, refund_cents, note, created_at)
       VALUES ('RMA-58210', ?, 'refunded', 'original', ?, 'The colour was much darker than the photos.', '2026-02-25T10:00:00.000Z')`,
    )
    .run(returned, item?.unit_price_cents ?? 0);
  db.prepare(
    "INSERT INTO return_items (return_id, order_item_id, quantity, reason) VALUES (?, ?, 1, 'not_as_described')",
  ).run(lastInsertRowid, item?.id ?? 0);
  db.prepare(
    "INSERT INTO order_events (order_id, kind, note, created_at) VALUES (?, 'return_requested', 'Return RMA-58210 requested · refunded to your card', '2026-02-25T10:00:00.000Z')",
  ).run(returned);
}

export function seed({ db, rng, now }: SeedContext): void {
  const writer = new SeedWriter(db, rng.fork('products'), now);
  CATEGORIES.forEach((category, index) => {
    db.prepare('INSERT INTO categories (id, slug, name, blurb) VALUES (?, ?, ?, ?)').run(
      index + 1,
      category.slug,
      category.name,
      category.blurb,
    );
    writer.categoryIds.set(category.slug, index + 1);
  });
  BRANDS.forEach((brand, index) => {
    db.prepare('INSERT INTO brands (id, name) VALUES (?, ?)').run(index + 1, brand);
    writer.brandIds.set(brand, index + 1);
  });
  const reviewRng = rng.fork('reviews');
  for (const product of HAND_WRITTEN) writer.product(product, reviewRng);
  generatedProducts(writer, rng.fork('catalog'), reviewRng);

  const insertAddress = db.prepare(
    `INSERT INTO addresses (label, full_name, line1, line2, city, region, postal_code, phone, is_default)
     VALUES (@label, @full_name, @line1, @line2, @city, @region, @postal_code, @phone, @is_default)`,
  );
  for (const address of ADDRESSES) insertAddress.run(address);

  const promo = db.prepare(
    `INSERT INTO promo_codes (code, summary, kind, value, min_spend_cents, first_order_only, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  promo.run('WELCOME10', '10% off your first order', 'percent', 10, 0, 1, '2026-12-31T23:59:59.000Z');
  promo.run(
    'SPRING15',
    '15% off orders of $100 or more',
    'percent',
    15,
    10000,
    0,
    '2026-04-30T23:59:59.000Z',
  );
  promo.run(
    'HARBOR20',
    '$20 off orders of $150 or more',
    'amount',
    2000,
    15000,
    0,
    '2026-03-31T23:59:59.000Z',
  );
  promo.run(
    'WINTER30',
    '30% off everything — winter clearance',
    'percent',
    30,
    0,
    0,
    '2026-02-28T23:59:59.000Z',
  );
  promo.run(
    'FREESHIP',
    'Free standard shipping on orders of $50 or more',
    'free_shipping',
    0,
    5000,
    0,
    '2026-06-30T23:59:59.000Z',
  );
  promo.run('TAKE5', '$5 off any order', 'amount', 500, 0, 0, '2026-03-15T23:59:59.000Z');

  generatedOrders(db, rng.fork('orders'), now);
  handWrittenOrders(db);

  db.prepare('INSERT INTO carts (id, promo_code) VALUES (1, NULL)').run();
  const cart = db.prepare('INSERT INTO cart_items (variant_id, quantity, added_at) VALUES (?, ?, ?)');
  cart.run(1, 2, '2026-02-27T21:15:00.000Z');
  cart.run(9, 1, '2026-02-28T08:02:00.000Z');

  const wish = db.prepare('INSERT INTO wishlist_items (product_id, added_at) VALUES (?, ?)');
  [9, 10, 11, 12, 13, 14].forEach((productId, index) => {
    wish.run(productId, iso(now.getTime() - (40 - index * 5) * DAY));
  });
}
