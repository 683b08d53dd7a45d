/** Skyway's tables: airports, airlines, aircraft and the flight schedule; the traveller's account, saved
 * passengers, cards, trips (bookings with their flights, passengers and seats) and travel credits.
 * Money is in US cents; flight times are local 'YYYY-MM-DDTHH:MM' strings, compared as written. */
export const schema = `
CREATE TABLE airports (
  code TEXT PRIMARY KEY,
  city TEXT NOT NULL,
  name TEXT NOT NULL,
  country TEXT NOT NULL,
  hub INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE airlines (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  color TEXT NOT NULL
);
CREATE TABLE aircraft (
  id INTEGER PRIMARY KEY,
  model TEXT NOT NULL,
  first_letters TEXT NOT NULL,
  econ_letters TEXT NOT NULL,
  first_rows INTEGER NOT NULL,
  last_row INTEGER NOT NULL,
  legroom_rows TEXT NOT NULL,
  exit_rows TEXT NOT NULL
);
CREATE TABLE fare_classes (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  rank INTEGER NOT NULL,
  multiplier REAL NOT NULL,
  changeable INTEGER NOT NULL,
  refundable INTEGER NOT NULL,
  cancel_fee_cents INTEGER NOT NULL,
  bags_included INTEGER NOT NULL,
  seat_selection TEXT NOT NULL CHECK (seat_selection IN ('none', 'standard', 'legroom', 'first')),
  points_per_dollar INTEGER NOT NULL
);
-- The timetable: each row flies daily at one time; per day of the schedule (see days), one character of
-- 'days' says whether it flies ('s'), was cancelled ('c') or does not fly ('-'), 'fares' holds the Basic fare
-- in whole dollars (5 digits) and 'loads' the share of seats sold before the simulation began (2 digits).
CREATE TABLE schedule (
  id INTEGER PRIMARY KEY CHECK (id < 1000),
  airline_code TEXT NOT NULL REFERENCES airlines(code),
  number TEXT NOT NULL,
  origin TEXT NOT NULL REFERENCES airports(code),
  destination TEXT NOT NULL REFERENCES airports(code),
  depart_time TEXT NOT NULL,
  duration_min INTEGER NOT NULL,
  aircraft_id INTEGER NOT NULL REFERENCES aircraft(id),
  days TEXT NOT NULL,
  fares TEXT NOT NULL,
  loads TEXT NOT NULL
);
CREATE INDEX schedule_route ON schedule(origin, destination);
CREATE TABLE days (
  idx INTEGER PRIMARY KEY,
  day TEXT NOT NULL UNIQUE
);
-- Dated flights: a timetable row on a day. A flight's id is day index × 1000 + timetable id.
CREATE VIEW flights AS
SELECT d.idx * 1000 + s.id AS id,
  s.id AS schedule_id,
  d.idx AS day_idx,
  s.airline_code,
  s.number,
  s.origin,
  s.destination,
  d.day AS depart_date,
  d.day || 'T' || s.depart_time AS depart_at,
  strftime('%Y-%m-%dT%H:%M', d.day || ' ' || s.depart_time, '+' || s.duration_min || ' minutes') AS arrive_at,
  s.duration_min,
  s.aircraft_id,
  CAST(substr(s.fares, d.idx * 5 + 1, 5) AS INTEGER) * 100 AS basic_cents,
  CAST(substr(s.loads, d.idx * 2 + 1, 2) AS INTEGER) AS load_pct,
  CASE substr(s.days, d.idx + 1, 1) WHEN 'c' THEN 'cancelled' ELSE 'scheduled' END AS status
FROM schedule s, days d
WHERE substr(s.days, d.idx + 1, 1) != '-';
CREATE TABLE account (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  tier TEXT NOT NULL,
  member_number TEXT NOT NULL,
  base_points INTEGER NOT NULL
);
CREATE TABLE passengers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  birth_date TEXT NOT NULL,
  gender TEXT NOT NULL CHECK (gender IN ('female', 'male', 'unspecified')),
  passport_number TEXT,
  passport_country TEXT,
  passport_expiry TEXT,
  known_traveler TEXT,
  is_self INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE TABLE cards (
  id INTEGER PRIMARY KEY,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  holder TEXT NOT NULL,
  expires TEXT NOT NULL,
  is_default INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE bookings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  code TEXT NOT NULL UNIQUE,
  trip_type TEXT NOT NULL CHECK (trip_type IN ('one_way', 'round_trip')),
  fare_class TEXT NOT NULL REFERENCES fare_classes(code),
  status TEXT NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
  fare_cents INTEGER NOT NULL,
  extras_cents INTEGER NOT NULL DEFAULT 0,
  total_cents INTEGER NOT NULL,
  card_id INTEGER REFERENCES cards(id),
  points_earned INTEGER NOT NULL DEFAULT 0,
  refund_cents INTEGER,
  credit_cents INTEGER,
  created_at TEXT NOT NULL,
  cancelled_at TEXT
);
-- The flights of a trip: the outbound (and return) direction, in order; fare_cents is each passenger's share.
CREATE TABLE booking_flights (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_id INTEGER NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  direction TEXT NOT NULL CHECK (direction IN ('outbound', 'return')),
  position INTEGER NOT NULL,
  -- A dated flight of the flights view (not a foreign key: views have none).
  flight_id INTEGER NOT NULL,
  fare_cents INTEGER NOT NULL
);
CREATE INDEX booking_flights_booking ON booking_flights(booking_id);
CREATE TABLE booking_passengers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_id INTEGER NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  passenger_id INTEGER REFERENCES passengers(id),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  birth_date TEXT NOT NULL,
  bags INTEGER NOT NULL DEFAULT 0,
  checked_in INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE seats (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_flight_id INTEGER NOT NULL REFERENCES booking_flights(id) ON DELETE CASCADE,
  booking_passenger_id INTEGER NOT NULL REFERENCES booking_passengers(id) ON DELETE CASCADE,
  flight_id INTEGER NOT NULL,
  seat TEXT NOT NULL,
  fee_cents INTEGER NOT NULL DEFAULT 0,
  UNIQUE (flight_id, seat)
);
CREATE TABLE travel_credits (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  booking_id INTEGER REFERENCES bookings(id),
  amount_cents INTEGER NOT NULL,
  expires_on TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;
