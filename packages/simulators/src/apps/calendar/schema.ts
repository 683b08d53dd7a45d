/**
 * Slotwise's tables. Event times are wall-clock times in the calendar's zone ('YYYY-MM-DDTHH:MM', see
 * time.ts): the product shows one fixed zone, so storing local times keeps every comparison a string
 * comparison and no answer depends on the machine's zone. Bookkeeping instants (created_at, updated_at,
 * responded_at) are UTC ISO strings from the virtual clock.
 */
export const schema = `
CREATE TABLE people (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  team TEXT NOT NULL
);
-- One row per day a person works; a missing weekday is a day off. weekday: 1 = Monday .. 7 = Sunday.
CREATE TABLE working_hours (
  person_id INTEGER NOT NULL REFERENCES people(id),
  weekday INTEGER NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  start_time TEXT NOT NULL,
  end_time TEXT NOT NULL,
  PRIMARY KEY (person_id, weekday)
) WITHOUT ROWID;
CREATE TABLE rooms (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  floor INTEGER NOT NULL,
  capacity INTEGER NOT NULL,
  features TEXT NOT NULL
);
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  start_at TEXT NOT NULL,
  end_at TEXT NOT NULL,
  location TEXT NOT NULL DEFAULT '',
  room_id INTEGER REFERENCES rooms(id),
  organizer_id INTEGER NOT NULL REFERENCES people(id),
  recurrence TEXT NOT NULL DEFAULT 'none' CHECK (recurrence IN ('none', 'weekly')),
  -- Occurrences of a weekly series, the first included; 1 for a one-off event.
  occurrences INTEGER NOT NULL DEFAULT 1,
  show_as TEXT NOT NULL DEFAULT 'busy' CHECK (show_as IN ('busy', 'free')),
  status TEXT NOT NULL DEFAULT 'confirmed' CHECK (status IN ('confirmed', 'cancelled')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX events_start ON events(start_at);
-- Invitees; the organizer is not listed here.
CREATE TABLE attendees (
  event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  person_id INTEGER NOT NULL REFERENCES people(id),
  response TEXT NOT NULL DEFAULT 'needs_action'
    CHECK (response IN ('needs_action', 'accepted', 'tentative', 'declined')),
  comment TEXT NOT NULL DEFAULT '',
  responded_at TEXT,
  PRIMARY KEY (event_id, person_id)
) WITHOUT ROWID;
CREATE TABLE appointment_types (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  duration_minutes INTEGER NOT NULL,
  description TEXT NOT NULL,
  location TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1
);
-- The owner's public booking page: one row.
CREATE TABLE booking_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  slug TEXT NOT NULL,
  headline TEXT NOT NULL,
  min_notice_hours INTEGER NOT NULL,
  window_days INTEGER NOT NULL
);
CREATE TABLE bookings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  reference TEXT NOT NULL UNIQUE,
  appointment_type_id INTEGER NOT NULL REFERENCES appointment_types(id),
  event_id INTEGER NOT NULL REFERENCES events(id),
  guest_name TEXT NOT NULL,
  guest_email TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  start_at TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`;
