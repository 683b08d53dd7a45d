import type { RequestContext } from '../../kit';
import { type CartState, cartTotals } from './cartState';
import type { CardBrand, ShippingOption } from './pricing';

interface AddressRow {
  id: number;
  full_name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postal_code: string;
}

/**
 * Turns the cart into an order once the card is approved: the order with a copy of the address, its items
 * at today's prices, the first timeline event, the stock taken, and an empty cart. Runs inside the
 * request's transaction, so a failure leaves nothing behind.
 */
export function placeOrder(
  ctx: RequestContext,
  input: {
    cart: CartState;
    address: AddressRow;
    option: ShippingOption;
    card: { brand: CardBrand; last4: string };
  },
): { id: number; number: string; totalCents: number } {
  const { cart, address, option, card } = input;
  const totals = cartTotals(cart, option);
  const at = ctx.now().toISOString();
  let number = '';
  const taken = ctx.db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM orders WHERE number = ?');
  do number = `HH-${ctx.rng.int(422_000, 429_999)}`;
  while ((taken.get(number)?.n ?? 0) > 0);
  // A code that stopped applying (the cart shrank below its minimum) is dropped, not charged for.
  const promo = cart.promo && cart.promoProblem === null ? cart.promo.code : null;
  const { lastInsertRowid } = ctx.db
    .prepare(
      `INSERT INTO orders (number, status, placed_at, address_id, ship_name, ship_line1, ship_line2, ship_city, ship_region,
         ship_postal_code, shipping_method, shipping_cents, subtotal_cents, discount_cents, total_cents, promo_code,
         card_brand, card_last4) VALUES (?, 'processing', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      number,
      at,
      address.id,
      address.full_name,
      address.line1,
      address.line2,
      address.city,
      address.region,
      address.postal_code,
      option.method,
      totals.shippingCents,
      totals.subtotalCents,
      totals.discountCents,
      totals.totalCents,
      promo,
      card.brand,
      card.last4,
    );
  const orderId = Number(lastInsertRowid);
  const item = ctx.db.prepare(
    `INSERT INTO order_items (order_id, variant_id, product_name, variant_label, unit_price_cents, quantity, final_sale)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const stock = ctx.db.prepare('UPDATE variants SET stock = stock - ? WHERE id = ?');
  for (const line of cart.lines) {
    item.run(
      orderId,
      line.variant_id,
      line.name,
      `${line.color} / ${line.size}`,
      line.price_cents,
      line.quantity,
      line.final_sale,
    );
    stock.run(line.quantity, line.variant_id);
  }
  ctx.db
    .prepare(
      "INSERT INTO order_events (order_id, kind, note, created_at) VALUES (?, 'placed', 'Order placed and payment authorised', ?)",
    )
    .run(orderId, at);
  ctx.db.prepare('DELETE FROM cart_items').run();
  ctx.db.prepare('UPDATE carts SET promo_code = NULL WHERE id = 1').run();
  return { id: orderId, number, totalCents: totals.totalCents };
}
