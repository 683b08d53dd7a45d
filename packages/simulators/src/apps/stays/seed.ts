import type { Rng, SeedContext, SqliteDatabase } from '../../kit';
import { AMENITIES, CITIES, type City } from './data/cities';
import {
  DEFAULT_RULES,
  FEATURED_LISTINGS,
  FEATURED_MESSAGES,
  FEATURED_TRIPS,
  FEATURED_WISHLISTS,
  type FeaturedListing,
  type HouseRules,
  PAYMENT_METHODS,
} from './data/featured';
import {
  ADJECTIVES,
  DESCRIPTION_CLOSERS,
  DESCRIPTION_OPENERS,
  FEATURES,
  HOST_FIRST_NAMES,
  HOST_LAST_NAMES,
  LANGUAGES,
  REVIEWER_NAMES,
  REVIEWS_BY_RATING,
  TYPE_WORDS,
} from './data/words';
import { addDays, type CancellationPolicy, priceStay, type SeasonalRate } from './pricing';

/**
 * The seed: six cities with about seventy stays each, their hosts, amenities, seasonal rates, reserved nights
 * and recent reviews; the traveller's trips, wishlists and messages. The rows test cases name are written
 * first from data/featured.ts (listings 1–30, bookings 1–9, wishlists 1–3); generated rows fill each city.
 */

const GENERATED_PER_CITY = 65;
const DAY_MS = 86_400_000;

interface ListingRow {
  city_id: number;
  host_id: number;
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
  rules: HouseRules;
  map_x: number;
  map_y: number;
  photo_hue: number;
  rank: number;
}

function cityByName(name: string): City {
  const city = CITIES.find((c) => c.name === name);
  if (!city) throw new Error(`Unknown city ${name}`);
  return city;
}

function insertListing(db: SqliteDatabase, id: number, row: ListingRow): void {
  db.prepare(
    `INSERT INTO listings (id, city_id, host_id, title, property_type, neighborhood, description, max_guests,
       bedrooms, beds, baths, nightly_cents, cleaning_cents, weekly_discount_pct, min_nights, cancellation_policy,
       rating, review_count, check_in_from, check_in_until, checkout_by, pets_allowed, smoking_allowed,
       parties_allowed, quiet_hours, map_x, map_y, photo_hue, rank)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    row.city_id,
    row.host_id,
    row.title,
    row.property_type,
    row.neighborhood,
    row.description,
    row.max_guests,
    row.bedrooms,
    row.beds,
    row.baths,
    row.nightly_cents,
    row.cleaning_cents,
    row.weekly_discount_pct,
    row.min_nights,
    row.cancellation_policy,
    row.rating,
    row.review_count,
    row.rules.checkInFrom,
    row.rules.checkInUntil,
    row.rules.checkoutBy,
    row.rules.pets ? 1 : 0,
    row.rules.smoking ? 1 : 0,
    row.rules.parties ? 1 : 0,
    row.rules.quietHours,
    row.map_x,
    row.map_y,
    row.photo_hue,
    row.rank,
  );
}

function jitter(rng: Rng, value: number, spread: number): number {
  return Math.min(96, Math.max(4, Math.round((value + rng.float(-spread, spread, 1)) * 10) / 10));
}

function hostName(rng: Rng): string {
  return `${rng.pick(HOST_FIRST_NAMES)} ${rng.pick(HOST_LAST_NAMES)}`;
}

function reviewBody(rng: Rng, rating: number): string {
  return rng.pick(REVIEWS_BY_RATING[rating] ?? REVIEWS_BY_RATING[4]!);
}

export function seed({ db, rng, now }: SeedContext): void {
  const today = now.toISOString().slice(0, 10);
  const amenityId = new Map(AMENITIES.map(([name], index) => [name, index + 1]));
  for (const city of CITIES)
    db.prepare('INSERT INTO cities (id, name, country, tax_pct) VALUES (?, ?, ?, ?)').run(
      city.id,
      city.name,
      city.country,
      city.taxPct,
    );
  AMENITIES.forEach(([name, category], index) => {
    db.prepare('INSERT INTO amenities (id, name, category) VALUES (?, ?, ?)').run(index + 1, name, category);
  });

  const insertHost = db.prepare(
    'INSERT INTO hosts (id, name, joined_on, superhost, response_rate, languages) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const hostRng = rng.fork('hosts');
  const joined = () => new Date(now.getTime() - hostRng.int(200, 3200) * DAY_MS).toISOString().slice(0, 10);
  FEATURED_LISTINGS.forEach((listing, index) => {
    insertHost.run(
      index + 1,
      listing.host[0],
      joined(),
      listing.host[1] ? 1 : 0,
      hostRng.int(90, 100),
      hostRng.pick(LANGUAGES),
    );
  });
  const GENERATED_HOSTS = 70;
  const firstGeneratedHost = FEATURED_LISTINGS.length + 1;
  for (let i = 0; i < GENERATED_HOSTS; i++)
    insertHost.run(
      firstGeneratedHost + i,
      hostName(hostRng),
      joined(),
      hostRng.bool(0.3) ? 1 : 0,
      hostRng.int(70, 100),
      hostRng.pick(LANGUAGES),
    );

  const insertAmenity = db.prepare('INSERT INTO listing_amenities (listing_id, amenity_id) VALUES (?, ?)');
  const insertSeason = db.prepare(
    'INSERT INTO seasonal_rates (listing_id, name, starts_on, ends_on, nightly_cents) VALUES (?, ?, ?, ?, ?)',
  );
  const insertReserved = db.prepare(
    'INSERT INTO reserved_nights (listing_id, starts_on, ends_on, reason) VALUES (?, ?, ?, ?)',
  );
  const insertReview = db.prepare(
    `INSERT INTO reviews (listing_id, booking_id, author, rating, body, status, created_at)
     VALUES (?, ?, ?, ?, ?, 'published', ?)`,
  );

  // Hand-written stays: ids 1–30, each with its own host.
  const takenRanks = new Map<number, Set<number>>();
  FEATURED_LISTINGS.forEach((listing: FeaturedListing, index) => {
    const id = index + 1;
    const city = cityByName(listing.city);
    const hood = city.neighborhoods.find((n) => n.name === listing.neighborhood) ?? city.neighborhoods[0]!;
    const ranks = takenRanks.get(city.id) ?? new Set<number>();
    ranks.add(listing.rank);
    takenRanks.set(city.id, ranks);
    insertListing(db, id, {
      city_id: city.id,
      host_id: id,
      title: listing.title,
      property_type: listing.type,
      neighborhood: listing.neighborhood,
      description: listing.description,
      max_guests: listing.guests,
      bedrooms: listing.bedrooms,
      beds: listing.beds,
      baths: listing.baths,
      nightly_cents: listing.nightly * 100,
      cleaning_cents: listing.cleaning * 100,
      weekly_discount_pct: listing.weeklyPct ?? 0,
      min_nights: listing.minNights ?? 1,
      cancellation_policy: listing.policy,
      rating: listing.rating,
      review_count: listing.reviews,
      rules: { ...DEFAULT_RULES, ...listing.rules },
      map_x: jitter(rng, hood.x, 3),
      map_y: jitter(rng, hood.y, 3),
      photo_hue: (id * 47) % 360,
      rank: listing.rank,
    });
    for (const name of listing.amenities) insertAmenity.run(id, amenityId.get(name));
    for (const [name, starts, ends, nightly] of listing.seasons ?? [])
      insertSeason.run(id, name, starts, ends, nightly * 100);
    for (const [starts, ends] of listing.reserved ?? []) insertReserved.run(id, starts, ends, 'reserved');
  });

  // Generated stays, city by city, ranked around the hand-written ones.
  const listingRng = rng.fork('listings');
  let nextId = FEATURED_LISTINGS.length + 1;
  const titles = new Set(FEATURED_LISTINGS.map((l) => l.title));
  for (const city of CITIES) {
    const taken = takenRanks.get(city.id) ?? new Set<number>();
    const total = GENERATED_PER_CITY + taken.size;
    const freeRanks = listingRng.shuffle(
      Array.from({ length: total }, (_, i) => i + 1).filter((rank) => !taken.has(rank)),
    );
    for (let i = 0; i < GENERATED_PER_CITY; i++) {
      const id = nextId++;
      const type = listingRng.weighted([
        ['apartment', 9],
        ['house', 4],
        ['loft', 2],
        ['cabin', city.name === 'Reykjavik' ? 3 : 0],
        ['villa', 1],
        ['guesthouse', 2],
      ] as const);
      const hood = listingRng.pick(city.neighborhoods);
      const adjective = listingRng.pick(ADJECTIVES);
      const typeWord = listingRng.pick(TYPE_WORDS[type]!);
      let title = '';
      do {
        title = listingRng.bool(0.5)
          ? `${listingRng.pick(ADJECTIVES)} ${listingRng.pick(TYPE_WORDS[type]!)} in ${hood.name}`
          : `${hood.name} ${listingRng.pick(TYPE_WORDS[type]!)} with ${listingRng.pick(FEATURES)}`;
      } while (titles.has(title));
      titles.add(title);
      const bedrooms = type === 'villa' ? listingRng.int(3, 4) : listingRng.int(1, 3);
      const guests = Math.min(6, bedrooms * 2 - (listingRng.bool(0.3) ? 1 : 0));
      const [low, high] = city.priceRange;
      const nightly = listingRng.int(low, high) + (type === 'villa' ? 60 : 0);
      const description = [
        listingRng
          .pick(DESCRIPTION_OPENERS)
          .replace('{city}', city.name)
          .replace('{hood}', hood.name)
          .replace('{adj}', adjective.toLowerCase())
          .replace('{type}', typeWord.toLowerCase()),
        listingRng.pick(DESCRIPTION_CLOSERS),
      ].join(' ');
      const rating = listingRng.float(3.9, 4.89, 2);
      insertListing(db, id, {
        city_id: city.id,
        host_id: firstGeneratedHost + listingRng.int(0, GENERATED_HOSTS - 1),
        title,
        property_type: type,
        neighborhood: hood.name,
        description,
        max_guests: Math.max(2, guests),
        bedrooms,
        beds: bedrooms + listingRng.int(0, 1),
        baths: listingRng.pick([1, 1, 1.5, 2]),
        nightly_cents: nightly * 100,
        cleaning_cents: listingRng.int(4, 18) * 500,
        weekly_discount_pct: listingRng.weighted([
          [0, 6],
          [5, 2],
          [10, 2],
          [15, 1],
        ] as const),
        min_nights: listingRng.weighted([
          [1, 6],
          [2, 3],
          [3, 1],
        ] as const),
        cancellation_policy: listingRng.weighted([
          ['flexible', 3],
          ['moderate', 4],
          ['strict', 3],
          ['non_refundable', 1],
        ] as const),
        rating,
        review_count: listingRng.int(3, 260),
        rules: {
          checkInFrom: listingRng.pick(['14:00', '15:00', '16:00']),
          checkInUntil: listingRng.pick(['20:00', '22:00', '23:00']),
          checkoutBy: listingRng.pick(['10:00', '11:00', '12:00']),
          pets: listingRng.bool(0.25),
          smoking: listingRng.bool(0.05),
          parties: listingRng.bool(0.03),
          quietHours: listingRng.pick(['22:00–08:00', '23:00–07:00', '22:00–07:00']),
        },
        map_x: jitter(listingRng, hood.x, 7),
        map_y: jitter(listingRng, hood.y, 7),
        photo_hue: listingRng.int(0, 359),
        rank: freeRanks[i]!,
      });
      const chosen = AMENITIES.filter(([name]) => {
        switch (name) {
          case 'Wifi':
            return listingRng.bool(0.95);
          case 'Kitchen':
            return listingRng.bool(0.8);
          case 'Heating':
            return listingRng.bool(0.85);
          case 'Washer':
            return listingRng.bool(0.55);
          // Lisbon's step-free stays are the hand-written ones the accessibility task compares.
          case 'Step-free access':
            return city.name !== 'Lisbon' && listingRng.bool(0.08);
          case 'Pool':
          case 'Hot tub':
          case 'EV charger':
            return listingRng.bool(0.08);
          default:
            return listingRng.bool(0.3);
        }
      });
      for (const [name] of chosen) insertAmenity.run(id, amenityId.get(name));
      if (listingRng.bool(0.45))
        insertSeason.run(
          id,
          city.season.name,
          city.season.starts,
          city.season.ends,
          Math.round((nightly * (100 + listingRng.int(20, 40))) / 100) * 100,
        );
      const stays = listingRng.int(0, 4);
      for (let s = 0; s < stays; s++) {
        const starts = addDays(today, listingRng.int(1, 200));
        insertReserved.run(
          id,
          starts,
          addDays(starts, listingRng.int(2, 7)),
          listingRng.bool(0.8) ? 'reserved' : 'blocked',
        );
      }
    }
  }

  // Recent reviews: a few per stay, around its overall rating.
  const reviewRng = rng.fork('reviews');
  const listings = db
    .prepare<[], { id: number; rating: number }>('SELECT id, rating FROM listings ORDER BY id')
    .all();
  for (const listing of listings) {
    const count = reviewRng.int(3, 5);
    for (let i = 0; i < count; i++) {
      const stars = Math.max(2, Math.min(5, Math.round(listing.rating + reviewRng.float(-0.9, 0.6, 2))));
      const at = new Date(now.getTime() - reviewRng.int(3, 400) * DAY_MS).toISOString();
      insertReview.run(
        listing.id,
        null,
        reviewRng.pick(REVIEWER_NAMES),
        stars,
        reviewBody(reviewRng, stars),
        at,
      );
    }
  }

  PAYMENT_METHODS.forEach(([brand, last4, expires, isDefault], index) => {
    db.prepare(
      'INSERT INTO payment_methods (id, brand, last4, expires, is_default) VALUES (?, ?, ?, ?, ?)',
    ).run(index + 1, brand, last4, expires, isDefault ? 1 : 0);
  });

  const seasonsOf = db.prepare<[number], SeasonalRate>(
    'SELECT name, starts_on, ends_on, nightly_cents FROM seasonal_rates WHERE listing_id = ? ORDER BY starts_on',
  );
  const pricing = db.prepare<
    [number],
    { nightly_cents: number; cleaning_cents: number; weekly_discount_pct: number; tax_pct: number }
  >(
    `SELECT l.nightly_cents, l.cleaning_cents, l.weekly_discount_pct, c.tax_pct
     FROM listings l JOIN cities c ON c.id = l.city_id WHERE l.id = ?`,
  );
  FEATURED_TRIPS.forEach((trip, index) => {
    const listing = pricing.get(trip.listing)!;
    const price = priceStay(
      listing,
      seasonsOf.all(trip.listing),
      listing.tax_pct,
      trip.checkIn,
      trip.checkOut,
    );
    const cancelled = trip.status === 'cancelled';
    db.prepare(
      `INSERT INTO bookings (id, code, listing_id, check_in, check_out, adults, children, infants, subtotal_cents,
         discount_cents, cleaning_cents, service_cents, taxes_cents, total_cents, payment_method_id, message, status,
         refund_cents, created_at, cancelled_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)`,
    ).run(
      index + 1,
      trip.code,
      trip.listing,
      trip.checkIn,
      trip.checkOut,
      trip.adults,
      trip.children,
      price.subtotal_cents,
      price.discount_cents,
      price.cleaning_cents,
      price.service_cents,
      price.taxes_cents,
      price.total_cents,
      trip.message ?? '',
      trip.status,
      cancelled ? price.total_cents : null,
      `${trip.bookedOn}T12:00:00.000Z`,
      cancelled ? `${addDays(trip.bookedOn, 30)}T12:00:00.000Z` : null,
    );
    if (trip.review)
      insertReview.run(
        trip.listing,
        index + 1,
        'Riley',
        trip.review[0],
        trip.review[1],
        `${addDays(trip.checkOut, 2)}T12:00:00.000Z`,
      );
  });

  FEATURED_WISHLISTS.forEach(([name, items], index) => {
    const created = new Date(now.getTime() - (90 - index * 20) * DAY_MS);
    db.prepare('INSERT INTO wishlists (id, name, created_at) VALUES (?, ?, ?)').run(
      index + 1,
      name,
      created.toISOString(),
    );
    items.forEach((listingId, position) => {
      db.prepare('INSERT INTO wishlist_items (wishlist_id, listing_id, created_at) VALUES (?, ?, ?)').run(
        index + 1,
        listingId,
        new Date(created.getTime() + (position + 1) * DAY_MS).toISOString(),
      );
    });
  });

  for (const [listing, fromGuest, body, sentAt] of FEATURED_MESSAGES)
    db.prepare('INSERT INTO messages (listing_id, from_guest, body, sent_at) VALUES (?, ?, ?, ?)').run(
      listing,
      fromGuest ? 1 : 0,
      body,
      sentAt,
    );
}
