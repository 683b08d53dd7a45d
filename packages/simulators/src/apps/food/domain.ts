/** Forkful's rules: prices and promo codes, opening hours and delivery slots, how an order's status advances. */

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export interface Restaurant {
  id: number;
  slug: string;
  name: string;
  cuisine: string;
  neighbourhood: string;
  address: string;
  description: string;
  rating: number;
  rating_count: number;
  delivery_minutes: number;
  delivery_fee_cents: number;
  min_order_cents: number;
  price_level: number;
  opens: string;
  closes: string;
  hue: number;
  rank: number;
}

export interface PromoCode {
  code: string;
  title: string;
  kind: 'amount' | 'percent' | 'free_delivery';
  value: number;
  min_subtotal_cents: number;
  cuisine: string | null;
  expires_at: string;
}

export interface Totals {
  subtotal: number;
  deliveryFee: number;
  serviceFee: number;
  discount: number;
  tip: number;
  total: number;
}

export function serviceFee(subtotal: number): number {
  return subtotal === 0 ? 0 : Math.max(100, Math.round(subtotal * 0.05));
}

export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** Why a promo code cannot be used on this cart, or null when it can. */
export function promoProblem(
  promo: PromoCode | undefined,
  restaurant: Pick<Restaurant, 'cuisine'>,
  subtotal: number,
  now: Date,
): string | null {
  if (!promo) return "That code isn't valid. Check the spelling and try again.";
  if (promo.expires_at < now.toISOString()) return `${promo.code} expired on ${shortDate(promo.expires_at)}.`;
  if (promo.cuisine && promo.cuisine !== restaurant.cuisine)
    return `${promo.code} only works at ${promo.cuisine} restaurants.`;
  if (subtotal < promo.min_subtotal_cents)
    return `${promo.code} needs a subtotal of ${money(promo.min_subtotal_cents)}. Add ${money(promo.min_subtotal_cents - subtotal)} more to use it.`;
  return null;
}

export function discountFor(promo: PromoCode | undefined, subtotal: number, deliveryFee: number): number {
  if (!promo) return 0;
  if (promo.kind === 'amount') return Math.min(promo.value, subtotal);
  if (promo.kind === 'percent') return Math.round((subtotal * promo.value) / 100);
  return deliveryFee;
}

export function computeTotals(
  subtotal: number,
  restaurant: Pick<Restaurant, 'delivery_fee_cents'>,
  promo: PromoCode | undefined,
  tip: number,
): Totals {
  const deliveryFee = restaurant.delivery_fee_cents;
  const discount = discountFor(promo, subtotal, deliveryFee);
  const fee = serviceFee(subtotal);
  return {
    subtotal,
    deliveryFee,
    serviceFee: fee,
    discount,
    tip,
    total: subtotal - discount + deliveryFee + fee + tip,
  };
}

/** The tip for a choice of the checkout's tip buttons: a percentage of the subtotal, or dollars typed in. */
export function tipCents(choice: string, custom: string, subtotal: number): number | null {
  if (choice === 'custom') {
    const value = Number(custom.replace(/^\$/, '').trim());
    if (!custom.trim() || !Number.isFinite(value) || value < 0 || value > 200) return null;
    return Math.round(value * 100);
  }
  const pct = Number(choice);
  if (![0, 10, 15, 20].includes(pct)) return null;
  return Math.round((subtotal * pct) / 100);
}

function shortDate(iso: string): string {
  const d = new Date(iso);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** '19:00' → '7:00 PM'. */
export function slotLabel(slot: string): string {
  if (slot === 'asap') return 'ASAP';
  const minutes = minutesOfDay(slot);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export function hoursLabel(r: Pick<Restaurant, 'opens' | 'closes'>): string {
  return `${slotLabel(r.opens)} – ${slotLabel(r.closes)}`;
}

export function isOpen(r: Pick<Restaurant, 'opens' | 'closes'>, now: Date): boolean {
  const t = now.getUTCHours() * 60 + now.getUTCMinutes();
  return minutesOfDay(r.opens) <= t && t < minutesOfDay(r.closes);
}

/** Scheduled delivery slots for today: every half hour from 45 minutes ahead until 30 minutes before closing. */
export function deliverySlots(r: Pick<Restaurant, 'opens' | 'closes'>, now: Date): string[] {
  const t = now.getUTCHours() * 60 + now.getUTCMinutes();
  const first = Math.max(Math.ceil((t + 45) / 30) * 30, minutesOfDay(r.opens) + 30);
  const last = minutesOfDay(r.closes) - 30;
  const slots: string[] = [];
  for (let m = first; m <= last && m < 24 * 60; m += 30) slots.push(hhmm(m));
  return slots;
}

export const STATUSES = ['scheduled', 'placed', 'preparing', 'on_the_way', 'delivered'] as const;
export type OrderStatus = (typeof STATUSES)[number];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  scheduled: 'Scheduled',
  placed: 'Order placed',
  preparing: 'Preparing',
  on_the_way: 'Out for delivery',
  delivered: 'Delivered',
};

/** When an order starts moving: when placed (ASAP), or half an hour before its slot (same day). */
function startOf(order: { placed_at: string; slot: string }): number {
  const placed = Date.parse(order.placed_at);
  if (order.slot === 'asap') return placed;
  const day = Math.floor(placed / DAY_MS) * DAY_MS;
  return day + (minutesOfDay(order.slot) - 30) * MINUTE_MS;
}

/**
 * The status at an instant of the virtual clock: placed, then preparing one minute later, out for delivery
 * at three, delivered at six. The clock moves a minute per writing request, so statuses advance as the
 * customer acts.
 */
export function statusAt(order: { placed_at: string; slot: string }, at: Date): OrderStatus {
  const elapsed = Math.floor((at.getTime() - startOf(order)) / MINUTE_MS);
  if (elapsed < 0) return 'scheduled';
  if (elapsed < 1) return 'placed';
  if (elapsed < 3) return 'preparing';
  if (elapsed < 6) return 'on_the_way';
  return 'delivered';
}

/** Minutes until delivery, for the tracker's estimate. */
export function etaMinutes(
  order: { placed_at: string; slot: string },
  at: Date,
  deliveryMinutes: number,
): number {
  const elapsed = Math.floor((at.getTime() - startOf(order)) / MINUTE_MS);
  return Math.max(1, deliveryMinutes - elapsed * 5);
}

export function dayKey(iso: string): string {
  return iso.slice(0, 10);
}

/** Forkful delivers inside San Francisco only: ZIP codes 94102–94134 and Mission Bay's 94158. */
export function deliversTo(zip: string): boolean {
  const n = Number(zip);
  return /^\d{5}$/.test(zip) && ((n >= 94102 && n <= 94134) || n === 94158);
}
