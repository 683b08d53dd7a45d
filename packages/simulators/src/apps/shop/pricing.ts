/**
 * The store's pure rules: shipping options and arrival dates, promo code checks, order totals, card checks
 * and the return policy. No database and no clock here: callers pass the instant, so the unit tests pin
 * every rule down without a server.
 */

const DAY_MS = 86_400_000;

export type ShippingMethod = 'standard' | 'express' | 'next_day';

export interface ShippingOption {
  method: ShippingMethod;
  label: string;
  priceCents: number;
  /** Business days from the order to the earliest and latest arrival. */
  minDays: number;
  maxDays: number;
}

/** Orders at or above this subtotal (after the promo discount) ship standard for free. */
export const FREE_STANDARD_SHIPPING_CENTS = 7500;

export const SHIPPING_OPTIONS: readonly ShippingOption[] = [
  { method: 'standard', label: 'Standard', priceCents: 695, minDays: 5, maxDays: 7 },
  { method: 'express', label: 'Express', priceCents: 1495, minDays: 2, maxDays: 3 },
  { method: 'next_day', label: 'Next business day', priceCents: 2495, minDays: 1, maxDays: 1 },
];

export function shippingOption(method: string): ShippingOption | undefined {
  return SHIPPING_OPTIONS.find((option) => option.method === method);
}

/** The instant `days` business days (Monday to Friday) after `from`. */
export function addBusinessDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return new Date(at);
}

export function arrivalWindow(option: ShippingOption, orderedAt: Date): { earliest: Date; latest: Date } {
  return {
    earliest: addBusinessDays(orderedAt, option.minDays),
    latest: addBusinessDays(orderedAt, option.maxDays),
  };
}

export interface PromoCode {
  code: string;
  summary: string;
  kind: 'percent' | 'amount' | 'free_shipping';
  value: number;
  min_spend_cents: number;
  first_order_only: number;
  expires_at: string;
}

export type PromoCheck = { ok: true; discountCents: number } | { ok: false; error: string };

/**
 * Whether a code applies to a cart, and the discount it gives on the merchandise. A free-shipping code
 * gives no merchandise discount: it makes standard shipping free (see `orderTotals`).
 */
export function checkPromo(
  promo: PromoCode | undefined,
  cart: { subtotalCents: number; previousOrders: number },
  now: Date,
): PromoCheck {
  if (!promo) return { ok: false, error: "We don't recognise that code. Check the spelling and try again." };
  if (promo.expires_at <= now.toISOString()) {
    return { ok: false, error: `${promo.code} expired on ${shortDate(promo.expires_at)}.` };
  }
  if (promo.first_order_only === 1 && cart.previousOrders > 0) {
    return { ok: false, error: `${promo.code} is only valid on your first order.` };
  }
  if (cart.subtotalCents < promo.min_spend_cents) {
    const missing = promo.min_spend_cents - cart.subtotalCents;
    return {
      ok: false,
      error: `${promo.code} needs a subtotal of ${dollars(promo.min_spend_cents)}. Add ${dollars(missing)} more to use it.`,
    };
  }
  if (promo.kind === 'percent') {
    return { ok: true, discountCents: Math.round((cart.subtotalCents * promo.value) / 100) };
  }
  if (promo.kind === 'amount') return { ok: true, discountCents: Math.min(promo.value, cart.subtotalCents) };
  return { ok: true, discountCents: 0 };
}

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
}

export function shippingCents(
  option: ShippingOption,
  discountedSubtotalCents: number,
  freeShippingCode: boolean,
): number {
  if (option.method !== 'standard') return option.priceCents;
  if (freeShippingCode || discountedSubtotalCents >= FREE_STANDARD_SHIPPING_CENTS) return 0;
  return option.priceCents;
}

export function orderTotals(input: {
  subtotalCents: number;
  discountCents: number;
  option: ShippingOption;
  freeShippingCode: boolean;
}): OrderTotals {
  const discounted = input.subtotalCents - input.discountCents;
  const shipping = shippingCents(input.option, discounted, input.freeShippingCode);
  return {
    subtotalCents: input.subtotalCents,
    discountCents: input.discountCents,
    shippingCents: shipping,
    totalCents: discounted + shipping,
  };
}

/** The card numbers the payment frame treats specially, as payment providers document test cards. */
export const DECLINED_CARD = '4000000000000002';

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Discover';

export function cardBrand(digits: string): CardBrand | null {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return null;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 13 && sum % 10 === 0;
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardCheck =
  | { ok: true; brand: CardBrand; last4: string; declined: boolean }
  | { ok: false; errors: Partial<Record<keyof CardInput, string>> };

/** Validates the payment form as a provider's hosted field would; `now` decides whether a card expired. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const errors: Partial<Record<keyof CardInput, string>> = {};
  const digits = input.number.replace(/[\s-]/g, '');
  const brand = cardBrand(digits);
  if (digits === '') errors.number = 'Enter your card number';
  else if (!/^\d+$/.test(digits) || !luhnValid(digits) || !brand)
    errors.number = 'Your card number is invalid';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  if (input.expiry.trim() === '') errors.expiry = 'Enter the expiry date';
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12)
    errors.expiry = 'Use the format MM / YY';
  else {
    const year = 2000 + Number(expiry[2]);
    const month = Number(expiry[1]);
    const endOfMonth = Date.UTC(year, month, 1);
    if (endOfMonth <= now.getTime()) errors.expiry = "Your card's expiry date is in the past";
  }
  const cvcLength = brand === 'American Express' ? 4 : 3;
  if (input.cvc.trim() === '') errors.cvc = 'Enter the security code';
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim()))
    errors.cvc = `The security code is ${cvcLength} digits`;
  if (input.name.trim() === '') errors.name = 'Enter the name on the card';
  if (Object.keys(errors).length > 0 || !brand) return { ok: false, errors };
  return { ok: true, brand, last4: digits.slice(-4), declined: digits === DECLINED_CARD };
}

/** Items can be returned for this many days after delivery, unless they were sold as final sale. */
export const RETURN_WINDOW_DAYS = 30;

export function returnDeadline(deliveredAt: string): Date {
  return new Date(new Date(deliveredAt).getTime() + RETURN_WINDOW_DAYS * DAY_MS);
}

export function withinReturnWindow(deliveredAt: string | null, now: Date): boolean {
  return deliveredAt !== null && returnDeadline(deliveredAt).getTime() > now.getTime();
}

export const RETURN_REASONS = {
  damaged: 'Arrived damaged or defective',
  wrong_item: 'Received the wrong item',
  wrong_size: 'Wrong size or fit',
  not_as_described: 'Not as described',
  no_longer_needed: 'No longer needed',
  arrived_late: 'Arrived too late',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;

export const CANCEL_REASONS = [
  'Ordered by mistake',
  'Found a better price',
  'Delivery is too slow',
  'Need to change the shipping address',
  'Other',
] as const;

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

function shortDate(iso: string): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const at = new Date(iso);
  return `${months[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()}`;
}
