import type { SqliteDatabase } from '../../kit';
import { checkPromo, orderTotals, type PromoCode, SHIPPING_OPTIONS, type ShippingOption } from './pricing';

/** The cart as pages and the payment frame see it: lines, the applied promo code and the totals. */

export interface CartLine {
  id: number;
  variant_id: number;
  quantity: number;
  product_id: number;
  slug: string;
  name: string;
  icon: string;
  color: string;
  swatch: string;
  size: string;
  price_cents: number;
  stock: number;
  final_sale: number;
}

export interface CartState {
  lines: CartLine[];
  promo: PromoCode | null;
  /** Why the applied code no longer applies (the cart shrank below its minimum), if it doesn't. */
  promoProblem: string | null;
  subtotalCents: number;
  discountCents: number;
  itemCount: number;
}

export function findPromo(db: SqliteDatabase, code: string): PromoCode | undefined {
  return db
    .prepare<[string], PromoCode>('SELECT * FROM promo_codes WHERE code = ?')
    .get(code.trim().toUpperCase());
}

export function previousOrders(db: SqliteDatabase): number {
  return (
    db.prepare<[], { n: number }>("SELECT count(*) AS n FROM orders WHERE status <> 'cancelled'").get()?.n ??
    0
  );
}

export function loadCart(db: SqliteDatabase, now: Date): CartState {
  const lines = db
    .prepare<[], CartLine>(
      `SELECT ci.id, ci.variant_id, ci.quantity, p.id AS product_id, p.slug, p.name, p.icon, v.color, v.swatch, v.size,
         v.price_cents, v.stock, p.final_sale
       FROM cart_items ci JOIN variants v ON v.id = ci.variant_id JOIN products p ON p.id = v.product_id ORDER BY ci.id`,
    )
    .all();
  const subtotalCents = lines.reduce((sum, line) => sum + line.price_cents * line.quantity, 0);
  const code = db
    .prepare<[], { promo_code: string | null }>('SELECT promo_code FROM carts WHERE id = 1')
    .get()?.promo_code;
  const promo = code ? (findPromo(db, code) ?? null) : null;
  let discountCents = 0;
  let promoProblem: string | null = null;
  if (promo) {
    const check = checkPromo(promo, { subtotalCents, previousOrders: previousOrders(db) }, now);
    if (check.ok) discountCents = check.discountCents;
    else promoProblem = check.error;
  }
  return {
    lines,
    promo,
    promoProblem,
    subtotalCents,
    discountCents,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

export function cartTotals(cart: CartState, option: ShippingOption) {
  return orderTotals({
    subtotalCents: cart.subtotalCents,
    discountCents: cart.discountCents,
    option,
    freeShippingCode: cart.promo?.kind === 'free_shipping' && cart.promoProblem === null,
  });
}

export const DEFAULT_SHIPPING = SHIPPING_OPTIONS[0] as ShippingOption;
