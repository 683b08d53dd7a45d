/** Forkful's tables: restaurants with menus and modifiers, the customer's addresses, cards, cart and orders. */
export const schema = `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  phone TEXT NOT NULL,
  credit_cents INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE restaurants (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  cuisine TEXT NOT NULL,
  neighbourhood TEXT NOT NULL,
  address TEXT NOT NULL,
  description TEXT NOT NULL,
  rating REAL NOT NULL,
  rating_count INTEGER NOT NULL,
  delivery_minutes INTEGER NOT NULL,
  delivery_fee_cents INTEGER NOT NULL,
  min_order_cents INTEGER NOT NULL,
  price_level INTEGER NOT NULL,
  opens TEXT NOT NULL,
  closes TEXT NOT NULL,
  hue INTEGER NOT NULL,
  rank INTEGER NOT NULL
);
CREATE TABLE menu_categories (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  name TEXT NOT NULL,
  position INTEGER NOT NULL
);
CREATE TABLE menu_items (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  category_id INTEGER NOT NULL REFERENCES menu_categories(id),
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  price_cents INTEGER NOT NULL,
  tags TEXT NOT NULL DEFAULT '',
  allergens TEXT NOT NULL DEFAULT '',
  calories INTEGER NOT NULL,
  available INTEGER NOT NULL DEFAULT 1,
  popular INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX menu_items_restaurant ON menu_items(restaurant_id);
CREATE TABLE modifier_groups (
  id INTEGER PRIMARY KEY,
  item_id INTEGER NOT NULL REFERENCES menu_items(id),
  name TEXT NOT NULL,
  min_choices INTEGER NOT NULL,
  max_choices INTEGER NOT NULL,
  position INTEGER NOT NULL
);
CREATE INDEX modifier_groups_item ON modifier_groups(item_id);
CREATE TABLE modifier_options (
  id INTEGER PRIMARY KEY,
  group_id INTEGER NOT NULL REFERENCES modifier_groups(id),
  name TEXT NOT NULL,
  price_cents INTEGER NOT NULL DEFAULT 0,
  position INTEGER NOT NULL
);
CREATE INDEX modifier_options_group ON modifier_options(group_id);
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  author TEXT NOT NULL,
  rating INTEGER NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX reviews_restaurant ON reviews(restaurant_id);
CREATE TABLE addresses (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  label TEXT NOT NULL,
  line1 TEXT NOT NULL,
  line2 TEXT NOT NULL DEFAULT '',
  city TEXT NOT NULL,
  zip TEXT NOT NULL,
  instructions TEXT NOT NULL DEFAULT '',
  verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
  archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1)),
  verify_code TEXT,
  code_sent_at TEXT,
  created_at TEXT NOT NULL
);
CREATE TABLE cards (
  id INTEGER PRIMARY KEY,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1))
);
CREATE TABLE promo_codes (
  code TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('amount', 'percent', 'free_delivery')),
  value INTEGER NOT NULL,
  min_subtotal_cents INTEGER NOT NULL,
  cuisine TEXT,
  expires_at TEXT NOT NULL
);
CREATE TABLE favourites (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  restaurant_id INTEGER NOT NULL UNIQUE REFERENCES restaurants(id),
  created_at TEXT NOT NULL
);
CREATE TABLE cart_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  item_id INTEGER NOT NULL REFERENCES menu_items(id),
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 20),
  unit_price_cents INTEGER NOT NULL,
  options TEXT NOT NULL DEFAULT '',
  instructions TEXT NOT NULL DEFAULT '',
  added_at TEXT NOT NULL
);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  number TEXT NOT NULL,
  restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
  address_id INTEGER REFERENCES addresses(id) ON DELETE SET NULL,
  card_id INTEGER NOT NULL REFERENCES cards(id),
  slot TEXT NOT NULL,
  subtotal_cents INTEGER NOT NULL,
  delivery_fee_cents INTEGER NOT NULL,
  service_fee_cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL DEFAULT 0,
  promo_code TEXT,
  tip_cents INTEGER NOT NULL,
  total_cents INTEGER NOT NULL,
  courier TEXT NOT NULL,
  rating INTEGER,
  rating_comment TEXT,
  placed_at TEXT NOT NULL
);
CREATE TABLE order_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  item_id INTEGER NOT NULL REFERENCES menu_items(id),
  name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  unit_price_cents INTEGER NOT NULL,
  options TEXT NOT NULL DEFAULT '',
  instructions TEXT NOT NULL DEFAULT ''
);
CREATE INDEX order_items_order ON order_items(order_id);
CREATE TABLE issues (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders(id),
  order_item_id INTEGER NOT NULL REFERENCES order_items(id),
  kind TEXT NOT NULL CHECK (kind IN ('missing', 'wrong', 'damaged')),
  resolution TEXT NOT NULL CHECK (resolution IN ('refund', 'credit')),
  amount_cents INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
`;
