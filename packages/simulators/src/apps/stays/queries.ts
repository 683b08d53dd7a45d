import type { SqliteDatabase } from '../../kit';
import {
  type CancellationPolicy,
  daysBetween,
  FREE_CANCELLATION,
  type PriceBreakdown,
  parseDay,
  priceStay,
  type SeasonalRate,
} from './pricing';

/** Reads of Roamly's data shared by its pages: listings, search, availability, prices, wishlists. */

export interface Listing {
  id: number;
  city_id: number;
  city: string;
  country: string;
  tax_pct: number;
  host_id: number;
  host_name: string;
  superhost: number;
  title: string;
  property_type: string;
  neighborhood: string;
  description: string;
  max_guests: number;
  bedrooms: number;
  beds: number;
  baths: number;
  nightly_cents: number;
  cleaning_cents: number;
  weekly_discount_pct: number;
  min_nights: number;
  cancellation_policy: CancellationPolicy;
  rating: number;
  review_count: number;
  check_in_from: string;
  check_in_until: string;
  checkout_by: string;
  pets_allowed: number;
  smoking_allowed: number;
  parties_allowed: number;
  quiet_hours: string;
  map_x: number;
  map_y: number;
  photo_hue: number;
  rank: number;
}

const LISTING_SELECT = `SELECT l.*, c.name AS city, c.country, c.tax_pct, h.name AS host_name, h.superhost
  FROM listings l JOIN cities c ON c.id = l.city_id JOIN hosts h ON h.id = l.host_id`;

export function findListing(db: SqliteDatabase, id: string | number): Listing | undefined {
  const n = Number(id);
  if (!Number.isInteger(n)) return undefined;
  return db.prepare<[number], Listing>(`${LISTING_SELECT} WHERE l.id = ?`).get(n);
}

export function seasonsOf(db: SqliteDatabase, listingId: number): SeasonalRate[] {
  return db
    .prepare<[number], SeasonalRate>(
      'SELECT name, starts_on, ends_on, nightly_cents FROM seasonal_rates WHERE listing_id = ? ORDER BY starts_on',
    )
    .all(listingId);
}

export function amenitiesOf(db: SqliteDatabase, listingId: number): { name: string; category: string }[] {
  return db
    .prepare<[number], { name: string; category: string }>(
      `SELECT a.name, a.category FROM listing_amenities la JOIN amenities a ON a.id = la.amenity_id
       WHERE la.listing_id = ? ORDER BY a.id`,
    )
    .all(listingId);
}

export function priceFor(
  db: SqliteDatabase,
  listing: Listing,
  checkIn: string,
  checkOut: string,
): PriceBreakdown {
  return priceStay(listing, seasonsOf(db, listing.id), listing.tax_pct, checkIn, checkOut);
}

/** Ranges of nights nobody else may book: other guests' stays, the host's blocks and the traveller's trips. */
export function takenRanges(
  db: SqliteDatabase,
  listingId: number,
  exceptBooking?: number,
): { starts_on: string; ends_on: string }[] {
  return db
    .prepare<[number, number, number], { starts_on: string; ends_on: string }>(
      `SELECT starts_on, ends_on FROM reserved_nights WHERE listing_id = ?
       UNION ALL
       SELECT check_in, check_out FROM bookings WHERE listing_id = ? AND status = 'confirmed' AND id != ?
       ORDER BY 1`,
    )
    .all(listingId, listingId, exceptBooking ?? 0);
}

export function isAvailable(
  db: SqliteDatabase,
  listingId: number,
  checkIn: string,
  checkOut: string,
): boolean {
  return !takenRanges(db, listingId).some((r) => r.starts_on < checkOut && r.ends_on > checkIn);
}

export interface Guests {
  adults: number;
  children: number;
  infants: number;
}

export const GUEST_LIMITS = { adults: [1, 16], children: [0, 10], infants: [0, 5] } as const;

function clampCount(value: string | null, [low, high]: readonly [number, number], fallback: number): number {
  const n = Number(value);
  if (value === null || value.trim() === '' || !Number.isInteger(n)) return fallback;
  return Math.min(high, Math.max(low, n));
}

export function readGuests(query: URLSearchParams): Guests {
  return {
    adults: clampCount(query.get('adults'), GUEST_LIMITS.adults, 1),
    children: clampCount(query.get('children'), GUEST_LIMITS.children, 0),
    infants: clampCount(query.get('infants'), GUEST_LIMITS.infants, 0),
  };
}

export function guestsLabel(guests: Guests): string {
  const people = guests.adults + guests.children;
  const parts = [`${people} guest${people === 1 ? '' : 's'}`];
  if (guests.infants > 0) parts.push(`${guests.infants} infant${guests.infants === 1 ? '' : 's'}`);
  return parts.join(', ');
}

export interface Stay {
  checkIn: string;
  checkOut: string;
}

/** The dates of a search or a booking widget: both valid, check-out later; or an error to show; or none given. */
export function readStay(
  query: URLSearchParams,
  today: string,
): { stay: Stay | null; error: string | null; checkIn: string; checkOut: string } {
  const checkIn = (query.get('check_in') ?? '').trim();
  const checkOut = (query.get('check_out') ?? '').trim();
  if (checkIn === '' && checkOut === '') return { stay: null, error: null, checkIn, checkOut };
  const from = parseDay(checkIn);
  const to = parseDay(checkOut);
  if (!from || !to) return { stay: null, error: 'Enter both dates as YYYY-MM-DD.', checkIn, checkOut };
  if (from < today) return { stay: null, error: "Check-in can't be in the past.", checkIn, checkOut };
  if (to <= from) return { stay: null, error: 'Check-out must be after check-in.', checkIn, checkOut };
  if (daysBetween(from, to) > 60)
    return { stay: null, error: 'Stays are limited to 60 nights.', checkIn, checkOut };
  return { stay: { checkIn: from, checkOut: to }, error: null, checkIn, checkOut };
}

export const SORTS = {
  recommended: 'Recommended',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Top rated',
} as const;
export type Sort = keyof typeof SORTS;

export const RATING_FILTERS = ['4', '4.5', '4.8'] as const;
export const PROPERTY_TYPES: Record<string, string> = {
  apartment: 'Apartment',
  house: 'House',
  loft: 'Loft',
  cabin: 'Cabin',
  villa: 'Villa',
  guesthouse: 'Guesthouse',
};

export interface SearchFilters {
  where: string;
  guests: Guests;
  stay: Stay | null;
  minPrice: number | null;
  maxPrice: number | null;
  types: string[];
  amenities: string[];
  rating: number | null;
  freeCancel: boolean;
  sort: Sort;
}

function dollars(value: string | null): number | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : null;
}

export function readFilters(query: URLSearchParams, stay: Stay | null): SearchFilters {
  const sort = query.get('sort') ?? 'recommended';
  const rating = query.get('rating') ?? '';
  return {
    where: (query.get('where') ?? '').trim(),
    guests: readGuests(query),
    stay,
    minPrice: dollars(query.get('min_price')),
    maxPrice: dollars(query.get('max_price')),
    types: query.getAll('type').filter((t) => t in PROPERTY_TYPES),
    amenities: query.getAll('amenity').filter((a) => a !== ''),
    rating: (RATING_FILTERS as readonly string[]).includes(rating) ? Number(rating) : null,
    freeCancel: query.get('free_cancel') === '1',
    sort: sort in SORTS ? (sort as Sort) : 'recommended',
  };
}

export interface City {
  id: number;
  name: string;
  country: string;
  tax_pct: number;
}

export function allCities(db: SqliteDatabase): City[] {
  return db.prepare<[], City>('SELECT id, name, country, tax_pct FROM cities ORDER BY id').all();
}

/** The city a destination names: its whole name or the start of it, any case ("lis" is Lisbon). */
export function matchCity(db: SqliteDatabase, where: string): City | undefined {
  const text = where.split(',')[0]!.trim().toLowerCase();
  if (text === '') return undefined;
  return allCities(db).find((c) => c.name.toLowerCase() === text || c.name.toLowerCase().startsWith(text));
}

export interface SearchResult {
  listing: Listing;
  /** The average price of a night: the base rate without dates, the stay's rates with them. */
  nightlyCents: number;
  price: PriceBreakdown | null;
}

/** Every stay in the city that matches the filters, sorted; prices depend on the dates, so they filter here. */
export function searchListings(db: SqliteDatabase, city: City, filters: SearchFilters): SearchResult[] {
  const where = ['l.city_id = ?', 'l.max_guests >= ?'];
  const args: (string | number)[] = [city.id, filters.guests.adults + filters.guests.children];
  if (filters.types.length > 0) {
    where.push(`l.property_type IN (${filters.types.map(() => '?').join(', ')})`);
    args.push(...filters.types);
  }
  if (filters.rating !== null) {
    where.push('l.rating >= ?');
    args.push(filters.rating);
  }
  if (filters.freeCancel) {
    where.push(`l.cancellation_policy IN (${FREE_CANCELLATION.map(() => '?').join(', ')})`);
    args.push(...FREE_CANCELLATION);
  }
  for (const amenity of filters.amenities) {
    where.push(
      'EXISTS (SELECT 1 FROM listing_amenities la JOIN amenities a ON a.id = la.amenity_id WHERE la.listing_id = l.id AND a.name = ?)',
    );
    args.push(amenity);
  }
  const stay = filters.stay;
  if (stay) {
    where.push('l.min_nights <= ?');
    args.push(daysBetween(stay.checkIn, stay.checkOut));
    where.push(
      `NOT EXISTS (SELECT 1 FROM reserved_nights r WHERE r.listing_id = l.id AND r.starts_on < ? AND r.ends_on > ?)`,
    );
    args.push(stay.checkOut, stay.checkIn);
    where.push(
      `NOT EXISTS (SELECT 1 FROM bookings b WHERE b.listing_id = l.id AND b.status = 'confirmed' AND b.check_in < ? AND b.check_out > ?)`,
    );
    args.push(stay.checkOut, stay.checkIn);
  }
  const rows = db
    .prepare<(string | number)[], Listing>(
      `${LISTING_SELECT} WHERE ${where.join(' AND ')} ORDER BY l.rank, l.id`,
    )
    .all(...args);
  const seasons = new Map<number, SeasonalRate[]>();
  if (stay) {
    const all = db
      .prepare<[number], SeasonalRate & { listing_id: number }>(
        `SELECT s.listing_id, s.name, s.starts_on, s.ends_on, s.nightly_cents FROM seasonal_rates s
         JOIN listings l ON l.id = s.listing_id WHERE l.city_id = ? ORDER BY s.starts_on`,
      )
      .all(city.id);
    for (const s of all) seasons.set(s.listing_id, [...(seasons.get(s.listing_id) ?? []), s]);
  }
  let results: SearchResult[] = rows.map((listing) => {
    if (!stay) return { listing, nightlyCents: listing.nightly_cents, price: null };
    const price = priceStay(
      listing,
      seasons.get(listing.id) ?? [],
      listing.tax_pct,
      stay.checkIn,
      stay.checkOut,
    );
    return { listing, nightlyCents: Math.round(price.subtotal_cents / price.nights.length), price };
  });
  if (filters.minPrice !== null) results = results.filter((r) => r.nightlyCents >= filters.minPrice! * 100);
  if (filters.maxPrice !== null) results = results.filter((r) => r.nightlyCents <= filters.maxPrice! * 100);
  const byRank = (a: SearchResult, b: SearchResult) =>
    a.listing.rank - b.listing.rank || a.listing.id - b.listing.id;
  switch (filters.sort) {
    case 'price_asc':
      return results.sort((a, b) => a.nightlyCents - b.nightlyCents || byRank(a, b));
    case 'price_desc':
      return results.sort((a, b) => b.nightlyCents - a.nightlyCents || byRank(a, b));
    case 'rating':
      return results.sort((a, b) => b.listing.rating - a.listing.rating || byRank(a, b));
    default:
      return results;
  }
}

export interface Wishlist {
  id: number;
  name: string;
  created_at: string;
}

export function allWishlists(db: SqliteDatabase): Wishlist[] {
  return db.prepare<[], Wishlist>('SELECT id, name, created_at FROM wishlists ORDER BY id').all();
}

/** For each listing id, the wishlists it is saved to. */
export function savedIn(db: SqliteDatabase): Map<number, Set<number>> {
  const saved = new Map<number, Set<number>>();
  for (const row of db
    .prepare<[], { listing_id: number; wishlist_id: number }>(
      'SELECT listing_id, wishlist_id FROM wishlist_items',
    )
    .all()) {
    const set = saved.get(row.listing_id) ?? new Set<number>();
    set.add(row.wishlist_id);
    saved.set(row.listing_id, set);
  }
  return saved;
}

export interface Booking {
  id: number;
  code: string;
  listing_id: number;
  check_in: string;
  check_out: string;
  adults: number;
  children: number;
  infants: number;
  subtotal_cents: number;
  discount_cents: number;
  cleaning_cents: number;
  service_cents: number;
  taxes_cents: number;
  total_cents: number;
  payment_method_id: number;
  message: string;
  status: 'confirmed' | 'cancelled';
  refund_cents: number | null;
  created_at: string;
  cancelled_at: string | null;
}

export interface PaymentMethod {
  id: number;
  brand: string;
  last4: string;
  expires: string;
  is_default: number;
}

export function paymentMethods(db: SqliteDatabase): PaymentMethod[] {
  return db.prepare<[], PaymentMethod>('SELECT * FROM payment_methods ORDER BY id').all();
}
