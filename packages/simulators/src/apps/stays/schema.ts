/** Roamly's tables: cities, hosts and their listings with amenities, seasonal rates and reserved nights; the
 * traveller's trips, wishlists, messages, shares and reviews. Money is in US cents, dates are 'YYYY-MM-DD'. */
export const schema = `
CREATE TABLE cities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  country TEXT NOT NULL,
  tax_pct INTEGER NOT NULL
);
CREATE TABLE hosts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  joined_on TEXT NOT NULL,
  superhost INTEGER NOT NULL DEFAULT 0,
  response_rate INTEGER NOT NULL,
  languages TEXT NOT NULL
);
CREATE TABLE amenities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  category TEXT NOT NULL
);
CREATE TABLE listings (
  id INTEGER PRIMARY KEY,
  city_id INTEGER NOT NULL REFERENCES cities(id),
  host_id INTEGER NOT NULL REFERENCES hosts(id),
  title TEXT NOT NULL,
  property_type TEXT NOT NULL CHECK (property_type IN ('apartment', 'house', 'loft', 'cabin', 'villa', 'guesthouse')),
  neighborhood TEXT NOT NULL,
  description TEXT NOT NULL,
  max_guests INTEGER NOT NULL,
  bedrooms INTEGER NOT NULL,
  beds INTEGER NOT NULL,
  baths REAL NOT NULL,
  nightly_cents INTEGER NOT NULL,
  cleaning_cents INTEGER NOT NULL,
  weekly_discount_pct INTEGER NOT NULL DEFAULT 0,
  min_nights INTEGER NOT NULL DEFAULT 1,
  cancellation_policy TEXT NOT NULL CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict', 'non_refundable')),
  rating REAL NOT NULL,
  review_count INTEGER NOT NULL,
  check_in_from TEXT NOT NULL,
  check_in_until TEXT NOT NULL,
  checkout_by TEXT NOT NULL,
  pets_allowed INTEGER NOT NULL,
  smoking_allowed INTEGER NOT NULL,
  parties_allowed INTEGER NOT NULL,
  quiet_hours TEXT NOT NULL,
  map_x REAL NOT NULL,
  map_y REAL NOT NULL,
  photo_hue INTEGER NOT NULL,
  rank INTEGER NOT NULL
);
CREATE INDEX listings_city ON listings(city_id, rank);
CREATE TABLE listing_amenities (
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  amenity_id INTEGER NOT NULL REFERENCES amenities(id),
  PRIMARY KEY (listing_id, amenity_id)
) WITHOUT ROWID;
-- A nightly price for the nights from starts_on up to (not including) ends_on.
CREATE TABLE seasonal_rates (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  starts_on TEXT NOT NULL,
  ends_on TEXT NOT NULL,
  nightly_cents INTEGER NOT NULL
);
CREATE INDEX seasonal_rates_listing ON seasonal_rates(listing_id);
-- Nights other guests reserved or the host blocked: from starts_on up to (not including) ends_on.
CREATE TABLE reserved_nights (
  id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  starts_on TEXT NOT NULL,
  ends_on TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('reserved', 'blocked'))
);
CREATE INDEX reserved_nights_listing ON reserved_nights(listing_id);
CREATE TABLE payment_methods (
  id INTEGER PRIMARY KEY,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  expires TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE bookings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  code TEXT NOT NULL UNIQUE,
  listing_id INTEGER NOT NULL REFERENCES listings(id),
  check_in TEXT NOT NULL,
  check_out TEXT NOT NULL,
  adults INTEGER NOT NULL,
  children INTEGER NOT NULL,
  infants INTEGER NOT NULL,
  subtotal_cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL,
  cleaning_cents INTEGER NOT NULL,
  service_cents INTEGER NOT NULL,
  taxes_cents INTEGER NOT NULL,
  total_cents INTEGER NOT NULL,
  payment_method_id INTEGER NOT NULL REFERENCES payment_methods(id),
  message TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
  refund_cents INTEGER,
  created_at TEXT NOT NULL,
  cancelled_at TEXT
);
CREATE INDEX bookings_listing ON bookings(listing_id);
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  listing_id INTEGER NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  booking_id INTEGER UNIQUE REFERENCES bookings(id),
  author TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('published', 'pending')),
  created_at TEXT NOT NULL
);
CREATE INDEX reviews_listing ON reviews(listing_id);
CREATE TABLE wishlists (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
CREATE TABLE wishlist_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  wishlist_id INTEGER NOT NULL REFERENCES wishlists(id) ON DELETE CASCADE,
  listing_id INTEGER NOT NULL REFERENCES listings(id),
  created_at TEXT NOT NULL,
  UNIQUE (wishlist_id, listing_id)
);
CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  listing_id INTEGER NOT NULL REFERENCES listings(id),
  from_guest INTEGER NOT NULL,
  body TEXT NOT NULL,
  sent_at TEXT NOT NULL
);
CREATE INDEX messages_listing ON messages(listing_id);
CREATE TABLE shares (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  listing_id INTEGER NOT NULL REFERENCES listings(id),
  recipient TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
`;
