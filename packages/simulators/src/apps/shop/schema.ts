/**
 * Hearth & Harbor's tables. Money is stored in cents (integers) so totals and expected mutations never
 * carry floating-point noise. Orders copy the shipping address and item names at purchase time, as real
 * shops do, so editing the address book or the catalog never rewrites history.
 */
export const schema = `
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  blurb TEXT NOT NULL
);
CREATE TABLE brands (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  category_id INTEGER NOT NULL REFERENCES categories(id),
  brand_id INTEGER NOT NULL REFERENCES brands(id),
  description TEXT NOT NULL,
  material TEXT NOT NULL,
  care TEXT NOT NULL,
  icon TEXT NOT NULL,
  compare_at_cents INTEGER,
  final_sale INTEGER NOT NULL DEFAULT 0 CHECK (final_sale IN (0, 1)),
  rating REAL NOT NULL DEFAULT 0,
  review_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE TABLE variants (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  sku TEXT NOT NULL UNIQUE,
  color TEXT NOT NULL,
  swatch TEXT NOT NULL,
  size TEXT NOT NULL,
  price_cents INTEGER NOT NULL CHECK (price_cents > 0),
  stock INTEGER NOT NULL CHECK (stock >= 0)
);
CREATE INDEX variants_product ON variants(product_id);
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  author TEXT NOT NULL,
  location TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  verified INTEGER NOT NULL CHECK (verified IN (0, 1)),
  created_at TEXT NOT NULL
);
CREATE INDEX reviews_product ON reviews(product_id);
CREATE TABLE addresses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  label TEXT NOT NULL,
  full_name TEXT NOT NULL,
  line1 TEXT NOT NULL,
  line2 TEXT,
  city TEXT NOT NULL,
  region TEXT NOT NULL,
  postal_code TEXT NOT NULL,
  phone TEXT,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
);
CREATE TABLE promo_codes (
  code TEXT PRIMARY KEY,
  summary TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'amount', 'free_shipping')),
  value INTEGER NOT NULL,
  min_spend_cents INTEGER NOT NULL DEFAULT 0,
  first_order_only INTEGER NOT NULL DEFAULT 0 CHECK (first_order_only IN (0, 1)),
  expires_at TEXT NOT NULL
);
CREATE TABLE carts (
  id INTEGER PRIMARY KEY,
  promo_code TEXT REFERENCES promo_codes(code)
);
CREATE TABLE cart_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  variant_id INTEGER NOT NULL UNIQUE REFERENCES variants(id),
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 10),
  added_at TEXT NOT NULL
);
CREATE TABLE wishlist_items (
  product_id INTEGER PRIMARY KEY REFERENCES products(id),
  added_at TEXT NOT NULL
);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  number TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('processing', 'shipped', 'delivered', 'cancelled')),
  placed_at TEXT NOT NULL,
  address_id INTEGER,
  ship_name TEXT NOT NULL,
  ship_line1 TEXT NOT NULL,
  ship_line2 TEXT,
  ship_city TEXT NOT NULL,
  ship_region TEXT NOT NULL,
  ship_postal_code TEXT NOT NULL,
  shipping_method TEXT NOT NULL CHECK (shipping_method IN ('standard', 'express', 'next_day')),
  shipping_cents INTEGER NOT NULL,
  subtotal_cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL DEFAULT 0,
  total_cents INTEGER NOT NULL,
  promo_code TEXT,
  card_brand TEXT NOT NULL,
  card_last4 TEXT NOT NULL,
  carrier TEXT,
  tracking_number TEXT,
  delivered_at TEXT,
  cancel_reason TEXT
);
CREATE TABLE order_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  variant_id INTEGER NOT NULL REFERENCES variants(id),
  product_name TEXT NOT NULL,
  variant_label TEXT NOT NULL,
  unit_price_cents INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  final_sale INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX order_items_order ON order_items(order_id);
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  kind TEXT NOT NULL CHECK (kind IN ('placed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'return_requested')),
  note TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX order_events_order ON order_events(order_id);
CREATE TABLE payment_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  amount_cents INTEGER NOT NULL,
  card_brand TEXT NOT NULL,
  card_last4 TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('approved', 'declined')),
  decline_reason TEXT,
  order_id INTEGER REFERENCES orders(id),
  created_at TEXT NOT NULL
);
CREATE TABLE returns (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  rma TEXT NOT NULL UNIQUE,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  status TEXT NOT NULL CHECK (status IN ('requested', 'received', 'refunded')),
  refund_method TEXT NOT NULL CHECK (refund_method IN ('original', 'store_credit')),
  refund_cents INTEGER NOT NULL,
  note TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE return_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  return_id INTEGER NOT NULL REFERENCES returns(id),
  order_item_id INTEGER NOT NULL REFERENCES order_items(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  reason TEXT NOT NULL CHECK (reason IN ('damaged', 'wrong_item', 'wrong_size', 'not_as_described', 'no_longer_needed', 'arrived_late'))
);
`;
