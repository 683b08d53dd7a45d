import type { SeedContext } from '../../kit';
import { BOOKING_NOTES, GUEST_DOMAINS, GUEST_FIRST, GUEST_LAST } from './data/guests';
import { AGENDA_LINES, MEETING_TITLES, OFFSITE_LOCATIONS, REMOTE_LOCATIONS, TOPICS } from './data/meetings';
import { EMAIL_DOMAIN, emailOf, PEOPLE, ROOMS } from './data/people';
import { candidateOccurrences, type Interval, overlaps } from './scheduling';
import { addDays, addMinutes, clockTime, datePart, weekday } from './time';

export const OWNER_ID = 1;
export const OWNER_EMAIL = `jordan.ellis@${EMAIL_DOMAIN}`;
export const BOOKING_SLUG = 'jordan-ellis';

/** Seeded calendar range: five weeks back and six weeks ahead of the clock's Monday, March 16, 2026. */
const FIRST_DAY = '2026-02-09';
const LAST_DAY = '2026-04-24';
const RANDOM_EVENTS = 430;

type Response = 'needs_action' | 'accepted' | 'tentative' | 'declined';

interface EventSeed {
  title: string;
  start: string;
  end: string;
  organizer: number;
  room?: number;
  location?: string;
  attendees?: [number, Response][];
  weekly?: number;
  description?: string;
  showAs?: 'busy' | 'free';
  status?: 'confirmed' | 'cancelled';
}

const room = (name: string): number => ROOMS.findIndex((r) => r.name === name) + 1;

/**
 * Events that test cases name, written by hand so their ids, times and neighbours are known. The days they
 * sit on are kept clear of generated meetings for the people involved (see PROTECTED below).
 */
const HAND_WRITTEN: EventSeed[] = [
  {
    title: 'Q2 roadmap review',
    start: '2026-03-17T10:00',
    end: '2026-03-17T11:00',
    organizer: 2,
    room: room('Harbor'),
    attendees: [
      [1, 'needs_action'],
      [5, 'accepted'],
      [6, 'accepted'],
      [3, 'tentative'],
    ],
    description: 'Walk through the Q2 roadmap draft and agree on the three bets for the quarter.',
  },
  {
    title: 'Vendor demo: Brightwave Analytics',
    start: '2026-03-18T13:00',
    end: '2026-03-18T14:00',
    organizer: 8,
    location: 'Video call',
    attendees: [
      [1, 'needs_action'],
      [4, 'accepted'],
      [12, 'accepted'],
    ],
    description: 'Brightwave will demo their embedded analytics product. Recording available on request.',
  },
  {
    title: 'Customer advisory board',
    start: '2026-03-26T15:00',
    end: '2026-03-26T17:00',
    organizer: 7,
    room: room('Breakwater'),
    attendees: [
      [1, 'accepted'],
      [8, 'accepted'],
      [34, 'accepted'],
      [15, 'tentative'],
      [2, 'needs_action'],
    ],
    description: 'Eight customers join in person. Light dinner afterwards in the kitchen.',
  },
  {
    title: 'Budget check-in',
    start: '2026-03-24T11:00',
    end: '2026-03-24T11:30',
    organizer: 1,
    room: room('Compass'),
    attendees: [[13, 'accepted']],
    description: 'Q2 product budget: tooling and research panel.',
  },
  {
    title: 'Budget check-in',
    start: '2026-03-24T11:00',
    end: '2026-03-24T11:30',
    organizer: 1,
    attendees: [[13, 'needs_action']],
  },
  {
    title: 'Pipeline review',
    start: '2026-03-20T10:00',
    end: '2026-03-20T11:00',
    organizer: 12,
    room: room('Harbor'),
    attendees: [
      [1, 'accepted'],
      [8, 'accepted'],
      [25, 'accepted'],
    ],
  },
  {
    title: 'Weekly metrics review',
    start: '2026-03-20T09:00',
    end: '2026-03-20T09:30',
    organizer: 1,
    location: 'Video call',
    attendees: [
      [5, 'accepted'],
      [16, 'accepted'],
    ],
  },
  {
    title: 'Design system office hours',
    start: '2026-03-20T10:30',
    end: '2026-03-20T11:00',
    organizer: 24,
    room: room('Fjord'),
    attendees: [
      [1, 'needs_action'],
      [9, 'accepted'],
      [3, 'accepted'],
    ],
  },
  {
    title: 'Hackathon demo prep',
    start: '2026-03-20T14:00',
    end: '2026-03-20T15:00',
    organizer: 27,
    room: room('Keel'),
    attendees: [
      [1, 'needs_action'],
      [9, 'needs_action'],
      [19, 'accepted'],
    ],
  },
  {
    title: 'Security awareness training',
    start: '2026-03-20T16:00',
    end: '2026-03-20T16:45',
    organizer: 23,
    room: room('Mooring'),
    attendees: [
      [1, 'needs_action'],
      [21, 'accepted'],
      [22, 'accepted'],
    ],
    description: 'Mandatory yearly training. Phishing, passwords, device security.',
  },
  {
    title: 'Data platform sync',
    start: '2026-03-17T15:00',
    end: '2026-03-17T16:00',
    organizer: 1,
    room: room('Tidewater'),
    attendees: [
      [16, 'accepted'],
      [33, 'accepted'],
    ],
  },
  {
    title: 'Dashboard QA',
    start: '2026-03-17T14:30',
    end: '2026-03-17T15:30',
    organizer: 4,
    location: 'Video call',
    attendees: [[19, 'accepted']],
  },
  {
    title: 'Hiring sync',
    start: '2026-03-18T09:30',
    end: '2026-03-18T10:00',
    organizer: 1,
    room: room('Compass'),
    attendees: [
      [20, 'accepted'],
      [30, 'accepted'],
    ],
  },
  {
    title: 'Content calendar sync',
    start: '2026-03-18T14:00',
    end: '2026-03-18T15:00',
    organizer: 15,
    room: room('Compass'),
    attendees: [
      [17, 'accepted'],
      [32, 'accepted'],
    ],
  },
  {
    title: 'Contract review',
    start: '2026-03-18T14:30',
    end: '2026-03-18T15:30',
    organizer: 26,
    room: room('Driftwood'),
    attendees: [[13, 'accepted']],
  },
  {
    title: 'Roadmap writing block',
    start: '2026-03-19T10:00',
    end: '2026-03-19T11:00',
    organizer: 1,
    description: 'Heads-down time for the Q2 narrative.',
  },
  {
    title: 'Lunch with Maya',
    start: '2026-03-19T13:00',
    end: '2026-03-19T13:30',
    organizer: 1,
    location: 'Lakeview Café',
    attendees: [[32, 'accepted']],
  },
  {
    title: 'Eng leads sync',
    start: '2026-03-19T11:00',
    end: '2026-03-19T12:00',
    organizer: 2,
    room: room('Harbor'),
    attendees: [
      [6, 'accepted'],
      [10, 'accepted'],
      [37, 'accepted'],
    ],
  },
  {
    title: 'Interview loop: backend candidate',
    start: '2026-03-19T14:00',
    end: '2026-03-19T15:00',
    organizer: 30,
    room: room('Anchor'),
    attendees: [[2, 'accepted']],
  },
  {
    title: 'Design crit',
    start: '2026-03-19T12:00',
    end: '2026-03-19T13:00',
    organizer: 3,
    room: room('Fjord'),
    attendees: [
      [24, 'accepted'],
      [11, 'accepted'],
    ],
  },
  {
    title: 'Data office hours',
    start: '2026-03-19T13:30',
    end: '2026-03-19T14:00',
    organizer: 4,
    location: 'Video call',
  },
  {
    title: 'Stakeholder readout',
    start: '2026-03-19T16:00',
    end: '2026-03-19T16:30',
    organizer: 4,
    room: room('Seaglass'),
    attendees: [
      [31, 'accepted'],
      [16, 'accepted'],
    ],
  },
  {
    title: 'Vendor roadmap call',
    start: '2026-03-19T15:00',
    end: '2026-03-19T15:45',
    organizer: 8,
    location: 'Video call',
    attendees: [
      [4, 'declined'],
      [12, 'accepted'],
    ],
  },
  {
    title: 'Onboarding cohort welcome',
    start: '2026-03-19T15:00',
    end: '2026-03-19T16:00',
    organizer: 20,
    room: room('Fjord'),
    attendees: [
      [35, 'accepted'],
      [29, 'accepted'],
    ],
  },
  {
    title: 'Partner check-in: Northwind',
    start: '2026-03-19T15:00',
    end: '2026-03-19T16:00',
    organizer: 29,
    room: room('Compass'),
    attendees: [[18, 'accepted']],
  },
  {
    title: 'Leadership offsite planning',
    start: '2026-03-17T13:00',
    end: '2026-03-17T14:30',
    organizer: 28,
    room: room('Lighthouse'),
    attendees: [
      [31, 'accepted'],
      [13, 'accepted'],
      [8, 'accepted'],
    ],
  },
  {
    title: 'Marketing QBR',
    start: '2026-03-17T15:00',
    end: '2026-03-17T16:00',
    organizer: 15,
    room: room('Seaglass'),
    attendees: [
      [17, 'accepted'],
      [32, 'accepted'],
      [38, 'accepted'],
    ],
  },
  {
    title: 'Product team standup',
    start: '2026-03-02T09:30',
    end: '2026-03-02T09:45',
    organizer: 1,
    location: 'Video call',
    weekly: 12,
    attendees: [
      [5, 'accepted'],
      [9, 'accepted'],
      [10, 'accepted'],
      [3, 'accepted'],
    ],
  },
  {
    title: 'Quarterly planning doc',
    start: '2026-03-16T14:00',
    end: '2026-03-16T15:30',
    organizer: 1,
    showAs: 'free',
    description: 'Tentative writing time; book over it if needed.',
  },
];

/** Where generated meetings may not go: the hand-written scenarios above must stay as designed. */
const KEY_PEOPLE = new Set([1, 2, 3, 4, 5, 6, 20, 24, 30]);
const PROTECTED_PEOPLE_DAYS = new Set(['2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20']);
const PROTECTED_ROOM_WINDOWS: Interval[] = [
  { start: '2026-03-17T13:00', end: '2026-03-17T16:30' },
  { start: '2026-03-18T14:00', end: '2026-03-18T15:30' },
  { start: '2026-03-19T00:00', end: '2026-03-20T00:00' },
];
/** The weekly Monday 4 PM one-on-one a test case creates must find Jordan and Sam free. */
const ONE_ON_ONE: Interval[] = candidateOccurrences('2026-03-23T16:00', '2026-03-23T16:30', 8);

const PART_TIME: Record<number, [string, string, number[]]> = {
  2: ['08:30', '16:30', [1, 2, 3, 4, 5]],
  3: ['10:00', '18:00', [1, 2, 3, 4, 5]],
  4: ['09:00', '17:00', [1, 2, 3, 4]],
};

export function seed({ db, rng, now }: SeedContext): void {
  const nowIso = now.toISOString();
  const insertPerson = db.prepare('INSERT INTO people (id, name, email, title, team) VALUES (?, ?, ?, ?, ?)');
  const insertHours = db.prepare(
    'INSERT INTO working_hours (person_id, weekday, start_time, end_time) VALUES (?, ?, ?, ?)',
  );
  const hoursRng = rng.fork('working-hours');
  PEOPLE.forEach((person, index) => {
    const id = index + 1;
    insertPerson.run(id, person.name, emailOf(person.name), person.title, person.team);
    const [start, end, days] =
      PART_TIME[id] ??
      (id === 1
        ? ['09:00', '17:00', [1, 2, 3, 4, 5]]
        : hoursRng.weighted<[string, string, number[]]>([
            [['09:00', '17:00', [1, 2, 3, 4, 5]], 6],
            [['08:00', '16:00', [1, 2, 3, 4, 5]], 2],
            [['10:00', '18:00', [1, 2, 3, 4, 5]], 2],
            [['09:00', '15:00', [1, 2, 3, 4]], 1],
          ]));
    for (const day of days) insertHours.run(id, day, start, end);
  });

  const insertRoom = db.prepare(
    'INSERT INTO rooms (id, name, floor, capacity, features) VALUES (?, ?, ?, ?, ?)',
  );
  ROOMS.forEach((r, index) => {
    insertRoom.run(index + 1, r.name, r.floor, r.capacity, r.features);
  });

  const insertEvent = db.prepare(
    `INSERT INTO events (title, description, start_at, end_at, location, room_id, organizer_id, recurrence,
       occurrences, show_as, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAttendee = db.prepare(
    'INSERT INTO attendees (event_id, person_id, response, comment, responded_at) VALUES (?, ?, ?, ?, ?)',
  );
  const roomBookings = new Map<number, Interval[]>();
  // Created a few days before the meeting, and never after the clock's start.
  const createdAt = (start: string, ageRng: typeof rng): string => {
    const at = new Date(
      Date.parse(`${addDays(datePart(start), -ageRng.int(2, 20))}T15:00:00Z`),
    ).toISOString();
    return at < nowIso ? at : new Date(now.getTime() - ageRng.int(1, 72) * 3_600_000).toISOString();
  };

  const addEvent = (e: EventSeed, created: string): number => {
    const weekly = e.weekly ?? 1;
    const id = Number(
      insertEvent.run(
        e.title,
        e.description ?? '',
        e.start,
        e.end,
        e.location ?? (e.room ? `${ROOMS[e.room - 1]?.name} · Floor ${ROOMS[e.room - 1]?.floor}` : ''),
        e.room ?? null,
        e.organizer,
        weekly > 1 ? 'weekly' : 'none',
        weekly,
        e.showAs ?? 'busy',
        e.status ?? 'confirmed',
        created,
        created,
      ).lastInsertRowid,
    );
    for (const [person, response] of e.attendees ?? []) {
      insertAttendee.run(id, person, response, '', response === 'needs_action' ? null : created);
    }
    if (e.room && e.status !== 'cancelled') {
      const list = roomBookings.get(e.room) ?? [];
      list.push(...candidateOccurrences(e.start, e.end, weekly));
      roomBookings.set(e.room, list);
    }
    return id;
  };

  const handRng = rng.fork('hand-written');
  for (const e of HAND_WRITTEN) addEvent(e, createdAt(e.start, handRng));

  const gen = rng.fork('events');
  const weekdays: string[] = [];
  for (let d = FIRST_DAY; d <= LAST_DAY; d = addDays(d, 1)) if (weekday(d) <= 5) weekdays.push(d);
  const today = '2026-03-16';
  let made = 0;
  while (made < RANDOM_EVENTS) {
    const day = gen.pick(weekdays);
    const startMinutes = gen.int(16, 33) * 30;
    const length = gen.pick([30, 30, 45, 60, 60, 60, 90, 120]);
    const start = `${day}T${clockTime(startMinutes)}`;
    const end = addMinutes(start, length);
    const weekly = gen.bool(0.08) ? gen.int(3, 8) : 1;
    const organizer = gen.bool(0.12) ? OWNER_ID : gen.int(2, PEOPLE.length);
    const invited = gen.sample(
      Array.from({ length: PEOPLE.length }, (_, i) => i + 1).filter((id) => id !== organizer),
      gen.int(1, 6),
    );
    if (organizer !== OWNER_ID && !invited.includes(OWNER_ID) && gen.bool(0.32)) invited.push(OWNER_ID);
    const series = candidateOccurrences(start, end, weekly);
    const people = [organizer, ...invited];
    const blocked =
      series.some((o) => PROTECTED_PEOPLE_DAYS.has(datePart(o.start))) &&
      people.some((p) => KEY_PEOPLE.has(p));
    const blocksOneOnOne =
      (people.includes(1) || people.includes(5)) &&
      series.some((o) => ONE_ON_ONE.some((w) => overlaps(o, w)));
    if (blocked || blocksOneOnOne) continue;
    made += 1;

    const past = day < today;
    const attendees: [number, Response][] = invited.map((person) => [
      person,
      past
        ? gen.weighted<Response>([
            ['accepted', 8],
            ['declined', 1],
            ['tentative', 1],
          ])
        : gen.weighted<Response>([
            ['accepted', 5],
            ['needs_action', person === OWNER_ID ? 4 : 2],
            ['tentative', 1],
            ['declined', 1],
          ]),
    ]);
    const size = people.length;
    let roomId: number | undefined;
    if (gen.bool(0.6)) {
      const fitting = ROOMS.map((r, i) => ({ ...r, id: i + 1 })).filter(
        (r) =>
          r.capacity >= size &&
          !series.some(
            (o) =>
              PROTECTED_ROOM_WINDOWS.some((w) => overlaps(o, w)) ||
              (roomBookings.get(r.id) ?? []).some((b) => overlaps(o, b)),
          ),
      );
      if (fitting.length > 0) roomId = gen.pick(fitting.slice(0, 3)).id;
    }
    const base = gen.pick(MEETING_TITLES);
    const title = gen.bool(0.35) ? `${base}: ${gen.pick(TOPICS)}` : base;
    addEvent(
      {
        title,
        start,
        end,
        organizer,
        room: roomId,
        location: roomId
          ? undefined
          : gen.bool(0.85)
            ? gen.pick(REMOTE_LOCATIONS)
            : gen.pick(OFFSITE_LOCATIONS),
        attendees,
        weekly,
        description: gen.pick(AGENDA_LINES),
        status: gen.bool(0.04) ? 'cancelled' : 'confirmed',
      },
      createdAt(start, gen),
    );
  }

  db.prepare(
    `INSERT INTO booking_settings (id, slug, headline, min_notice_hours, window_days)
     VALUES (1, ?, 'Book time with Jordan Ellis', 4, 21)`,
  ).run(BOOKING_SLUG);
  const insertType = db.prepare(
    `INSERT INTO appointment_types (id, slug, name, duration_minutes, description, location, active)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  insertType.run(
    1,
    'intro-call',
    'Intro call',
    30,
    'A quick first conversation about your team and goals.',
    'Video call',
    1,
  );
  insertType.run(
    2,
    'project-consultation',
    'Project consultation',
    60,
    'A deeper session on a product problem you are working on. Bring context.',
    'Video call',
    1,
  );
  insertType.run(
    3,
    'portfolio-review',
    'Portfolio review',
    45,
    'For product managers looking for feedback.',
    'Video call',
    1,
  );
  insertType.run(
    4,
    'office-hours',
    'Office hours',
    20,
    'Open drop-in slot. Currently paused.',
    'Harbor · Floor 2',
    0,
  );

  const insertBooking = db.prepare(
    `INSERT INTO bookings (reference, appointment_type_id, event_id, guest_name, guest_email, note, start_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const bookingRng = rng.fork('bookings');
  const types = [
    [1, 'Intro call', 30],
    [2, 'Project consultation', 60],
    [3, 'Portfolio review', 45],
  ] as const;
  let bookings = 0;
  while (bookings < 28) {
    const day = bookingRng.pick(weekdays.filter((d) => d < '2026-03-14' || d > '2026-03-22'));
    const [typeId, typeName, length] = bookingRng.pick(types);
    const start = `${day}T${clockTime(bookingRng.int(18, 31) * 30)}`;
    const end = addMinutes(start, length);
    if (ONE_ON_ONE.some((w) => overlaps({ start, end }, w))) continue;
    bookings += 1;
    const first = bookingRng.pick(GUEST_FIRST);
    const last = bookingRng.pick(GUEST_LAST);
    const domain = bookingRng.pick(GUEST_DOMAINS);
    const guest = `${first} ${last}`;
    const email = `${first.toLowerCase()}.${last.toLowerCase().replace('ø', 'o')}@${domain}`;
    const created = createdAt(start, bookingRng);
    const eventId = addEvent(
      {
        title: `${typeName} with ${guest}`,
        start,
        end,
        organizer: OWNER_ID,
        location: 'Video call',
        description: `Booked through your booking page by ${guest} (${email}).`,
      },
      created,
    );
    insertBooking.run(
      `SW-${bookingRng.token(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`,
      typeId,
      eventId,
      guest,
      email,
      bookingRng.pick(BOOKING_NOTES),
      start,
      created,
    );
  }
}
