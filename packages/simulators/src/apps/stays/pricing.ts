/** Roamly's money rules: nightly rates with seasons, the price breakdown of a stay and the refund of a cancellation. */

const DAY_MS = 86_400_000;

/** Roamly's fee on every stay, a share of the nights after discounts. */
export const SERVICE_FEE_PCT = 14;
/** Stays of this many nights or more get the listing's weekly discount. */
export const WEEKLY_NIGHTS = 7;

export type CancellationPolicy = 'flexible' | 'moderate' | 'strict' | 'non_refundable';

export const POLICIES: Record<CancellationPolicy, { label: string; summary: string }> = {
  flexible: { label: 'Flexible', summary: 'Full refund up to 1 day before check-in.' },
  moderate: {
    label: 'Moderate',
    summary: 'Full refund up to 5 days before check-in; 50% refund after that.',
  },
  strict: { label: 'Strict', summary: '50% refund up to 7 days before check-in; no refund after that.' },
  non_refundable: { label: 'Non-refundable', summary: 'No refund if you cancel.' },
};

/** Policies that give the whole price back when the guest cancels in good time: the "Free cancellation" filter. */
export const FREE_CANCELLATION: CancellationPolicy[] = ['flexible', 'moderate'];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' of a real calendar day, or null. */
export function parseDay(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!ISO_DATE.test(text)) return null;
  const time = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(time)) return null;
  return new Date(time).toISOString().slice(0, 10) === text ? text : null;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export interface SeasonalRate {
  name: string;
  starts_on: string;
  ends_on: string;
  nightly_cents: number;
}

export interface PricedListing {
  nightly_cents: number;
  cleaning_cents: number;
  weekly_discount_pct: number;
}

export interface Night {
  date: string;
  cents: number;
  season: string | null;
}

/** The price of each night from check-in up to check-out: a season's rate where one applies, else the base. */
export function nightlyRates(
  listing: PricedListing,
  seasons: readonly SeasonalRate[],
  checkIn: string,
  checkOut: string,
): Night[] {
  const nights: Night[] = [];
  for (let date = checkIn; date < checkOut; date = addDays(date, 1)) {
    const season = seasons.find((s) => s.starts_on <= date && date < s.ends_on);
    nights.push({
      date,
      cents: season?.nightly_cents ?? listing.nightly_cents,
      season: season?.name ?? null,
    });
  }
  return nights;
}

export interface PriceBreakdown {
  nights: Night[];
  subtotal_cents: number;
  discount_cents: number;
  cleaning_cents: number;
  service_cents: number;
  taxes_cents: number;
  total_cents: number;
  /** What the results list shows: everything but taxes. */
  before_taxes_cents: number;
}

/**
 * A stay's price: the nights, minus the weekly discount (7 nights or more), plus the cleaning fee, Roamly's
 * service fee (a share of the discounted nights) and the city's taxes (on the discounted nights and cleaning).
 */
export function priceStay(
  listing: PricedListing,
  seasons: readonly SeasonalRate[],
  taxPct: number,
  checkIn: string,
  checkOut: string,
): PriceBreakdown {
  const nights = nightlyRates(listing, seasons, checkIn, checkOut);
  const subtotal = nights.reduce((sum, night) => sum + night.cents, 0);
  const discount =
    nights.length >= WEEKLY_NIGHTS ? Math.round((subtotal * listing.weekly_discount_pct) / 100) : 0;
  const stay = subtotal - discount;
  const service = Math.round((stay * SERVICE_FEE_PCT) / 100);
  const taxes = Math.round(((stay + listing.cleaning_cents) * taxPct) / 100);
  return {
    nights,
    subtotal_cents: subtotal,
    discount_cents: discount,
    cleaning_cents: listing.cleaning_cents,
    service_cents: service,
    taxes_cents: taxes,
    total_cents: stay + listing.cleaning_cents + service + taxes,
    before_taxes_cents: stay + listing.cleaning_cents + service,
  };
}

/** The share of the total given back when the guest cancels `daysBefore` days before check-in. */
export function refundShare(policy: CancellationPolicy, daysBefore: number): number {
  switch (policy) {
    case 'flexible':
      return daysBefore >= 1 ? 1 : 0;
    case 'moderate':
      return daysBefore >= 5 ? 1 : 0.5;
    case 'strict':
      return daysBefore >= 7 ? 0.5 : 0;
    case 'non_refundable':
      return 0;
  }
}

export function refundCents(
  policy: CancellationPolicy,
  totalCents: number,
  today: string,
  checkIn: string,
): number {
  return Math.round(totalCents * refundShare(policy, daysBetween(today, checkIn)));
}
