import type { Rng, SeedContext, SqliteDatabase } from '../../kit';
import { AIRCRAFT, AIRLINES, AIRPORTS, type Airport } from './data/airports';
import { FARE_CLASSES, type FareCode, fareClass } from './data/fares';
import { ACCOUNT, CARDS, SAVED_PASSENGERS } from './data/people';
import { TRIPS } from './data/trips';
import {
  addDays,
  bagFee,
  type Flight,
  findAircraft,
  findFlight,
  itineraryOf,
  pointsFor,
  presold,
  seatRows,
  segmentPrice,
} from './domain';

/**
 * The seed: forty airports, a route network through seven hubs on four airlines, sixty days of flights from
 * today (each route flies a fixed daily timetable with a few gaps), then the traveller's saved passengers,
 * cards and trips (data/trips.ts), placed on flights of the schedule.
 */

/** A week of past flights (the trips already flown), then sixty days from today, April 6, 2026. */
export const SCHEDULE_START = '2026-03-30';
export const SCHEDULE_DAYS = 67;
const TODAY_INDEX = 7;

const AIRPORT = new Map(AIRPORTS.map((a) => [a.code, a]));
const HUBS_BY_AIRLINE: Record<string, string[]> = {
  AU: ['ORD', 'DEN', 'JFK', 'SFO', 'LAX', 'ATL'],
  NW: ['ATL', 'DFW', 'JFK', 'DEN', 'ORD'],
  PC: ['LAX', 'SFO', 'DEN', 'DFW', 'ORD'],
  BJ: ['JFK', 'ORD', 'ATL', 'LAX', 'DEN'],
};
/** Point-to-point routes flown besides the hubs' (both ways). */
const EXTRA_ROUTES: [string, string, string][] = [
  ['BOS', 'ORD', 'BJ'],
  ['BOS', 'MCO', 'BJ'],
  ['BOS', 'FLL', 'BJ'],
  ['ORD', 'MIA', 'NW'],
  ['SFO', 'SEA', 'PC'],
  ['DEN', 'LAS', 'BJ'],
  ['LAX', 'LAS', 'BJ'],
  ['JFK', 'LHR', 'NW'],
  ['BOS', 'LHR', 'AU'],
  ['BOS', 'DUB', 'AU'],
  ['BOS', 'KEF', 'BJ'],
  ['SEA', 'YVR', 'PC'],
  ['SEA', 'PDX', 'PC'],
  ['BOS', 'DCA', 'NW'],
  ['LAX', 'HNL', 'PC'],
  ['SFO', 'HNL', 'AU'],
  ['ATL', 'CUN', 'NW'],
  ['DFW', 'MEX', 'PC'],
  ['JFK', 'CDG', 'AU'],
  ['ORD', 'YYZ', 'AU'],
  ['EWR', 'MCO', 'BJ'],
  ['PHL', 'TPA', 'BJ'],
];

function distanceKm(a: Airport, b: Airport): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

interface Route {
  from: string;
  to: string;
  airline: string;
  daily: number;
  /** Point-to-point routes fly every day. */
  everyDay: boolean;
}

function buildRoutes(rng: Rng): Route[] {
  const routes = new Map<string, Route>();
  const add = (from: string, to: string, airline: string, daily: number, everyDay = false) => {
    for (const [a, b] of [
      [from, to],
      [to, from],
    ] as const) {
      const key = `${a}-${b}-${airline}`;
      const known = routes.get(key);
      if (known && everyDay) Object.assign(known, { daily: Math.max(known.daily, daily), everyDay });
      else if (!known && a !== b) routes.set(key, { from: a, to: b, airline, daily, everyDay });
    }
  };
  const domestic = AIRPORTS.filter((a) => !a.hub && a.country === 'US');
  for (const [airline, hubs] of Object.entries(HUBS_BY_AIRLINE))
    for (let i = 0; i < hubs.length; i++)
      for (let j = i + 1; j < hubs.length; j++)
        add(hubs[i] as string, hubs[j] as string, airline, airline === 'AU' ? 2 : rng.int(1, 2));
  const hubCodes = AIRPORTS.filter((a) => a.hub).map((a) => a.code);
  for (const airport of domestic) {
    // Each airport is linked to its two or three nearest hubs, each by one airline based there.
    const near = [...hubCodes].sort(
      (a, b) =>
        distanceKm(airport, AIRPORT.get(a) as Airport) - distanceKm(airport, AIRPORT.get(b) as Airport),
    );
    for (const hub of near.slice(0, rng.bool(0.5) ? 3 : 2)) {
      const airlines = Object.entries(HUBS_BY_AIRLINE)
        .filter(([, hubs]) => hubs.includes(hub))
        .map(([code]) => code);
      add(airport.code, hub, rng.pick(airlines), rng.bool(0.35) ? 2 : 1);
    }
  }
  for (const [from, to, airline] of EXTRA_ROUTES) add(from, to, airline, 2, true);
  // Every pair of hubs is linked, by Aurora Air where no other airline flies it.
  const hubs = AIRPORTS.filter((a) => a.hub).map((a) => a.code);
  const linked = new Set([...routes.values()].map((r) => `${r.from}-${r.to}`));
  for (const a of hubs) for (const b of hubs) if (a < b && !linked.has(`${a}-${b}`)) add(a, b, 'AU', 2, true);
  return [...routes.values()].sort((a, b) =>
    `${a.from}${a.to}${a.airline}`.localeCompare(`${b.from}${b.to}${b.airline}`),
  );
}

function aircraftFor(km: number, rng: Rng): number {
  if (km > 4000) return 4;
  if (km < 900) return rng.bool(0.6) ? 3 : 1;
  return rng.bool(0.5) ? 1 : 2;
}

function seedSchedule(db: SqliteDatabase, rng: Rng): void {
  const numbers = new Map<string, number>(AIRLINES.map((a) => [a.code, 100]));
  interface Slot {
    route: Route;
    number: string;
    minute: number;
    km: number;
    duration: number;
    aircraft: number;
    base: number;
    gapDay: number;
  }
  const slots: Slot[] = [];
  for (const route of buildRoutes(rng)) {
    const km = distanceKm(AIRPORT.get(route.from) as Airport, AIRPORT.get(route.to) as Airport);
    const duration = Math.round((35 + km / 13.2) / 5) * 5;
    const longHaul = km > 4000;
    const daily = longHaul ? 1 : route.daily;
    for (let i = 0; i < daily; i++) {
      const next = (numbers.get(route.airline) ?? 100) + rng.int(1, 9);
      numbers.set(route.airline, next);
      // Spread the day's departures: early morning to late evening, long hauls in the evening.
      const window = longHaul
        ? [17 * 60, 22 * 60]
        : [Math.floor((5.5 + (i * 15) / daily) * 60), Math.floor((5.5 + ((i + 1) * 15) / daily) * 60)];
      const minute = Math.round(rng.int(window[0] as number, (window[1] as number) - 10) / 5) * 5;
      const base = (longHaul ? 260 + km * 0.055 : 48 + km * 0.09) * rng.float(0.85, 1.2);
      slots.push({
        route,
        number: `${route.airline} ${next}`,
        minute,
        km,
        duration,
        aircraft: aircraftFor(km, rng),
        base,
        gapDay: !route.everyDay && rng.bool(0.3) ? rng.int(0, 6) : -1,
      });
    }
  }
  const days = slots.map(() => [] as string[]);
  const fares = slots.map(() => [] as string[]);
  const loads = slots.map(() => [] as string[]);
  const insertDay = db.prepare('INSERT INTO days (idx, day) VALUES (?, ?)');
  for (let d = 0; d < SCHEDULE_DAYS; d++) {
    const day = addDays(SCHEDULE_START, d);
    insertDay.run(d, day);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const dayFactor = weekday === 5 || weekday === 0 ? 1.18 : weekday === 2 || weekday === 3 ? 0.92 : 1;
    const ahead = d - TODAY_INDEX;
    const soon = ahead < 7 ? 1.35 : ahead < 14 ? 1.15 : 1;
    slots.forEach((slot, i) => {
      if (slot.gapDay === weekday) {
        days[i]?.push('-');
        fares[i]?.push('00000');
        loads[i]?.push('00');
        return;
      }
      const evening = slot.minute >= 17 * 60 ? 1.08 : slot.minute < 7 * 60 ? 0.88 : 1;
      const price = Math.max(59, Math.round(slot.base * dayFactor * soon * evening * rng.float(0.82, 1.3)));
      const load = rng.int(35, 92);
      days[i]?.push(rng.bool(0.004) ? 'c' : 's');
      fares[i]?.push(String(price).padStart(5, '0'));
      loads[i]?.push(String(load).padStart(2, '0'));
    });
  }
  const insert = db.prepare(
    `INSERT INTO schedule (id, airline_code, number, origin, destination, depart_time, duration_min, aircraft_id,
       days, fares, loads) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  slots.forEach((slot, i) => {
    const hh = String(Math.floor(slot.minute / 60)).padStart(2, '0');
    const mm = String(slot.minute % 60).padStart(2, '0');
    insert.run(
      i + 1,
      slot.route.airline,
      slot.number,
      slot.route.from,
      slot.route.to,
      `${hh}:${mm}`,
      slot.duration,
      slot.aircraft,
      days[i]?.join('') ?? '',
      fares[i]?.join('') ?? '',
      loads[i]?.join('') ?? '',
    );
  });
}

/** The n-th (0-based) non-stop flight of a route on a day, by departure time. */
export function nthFlight(db: SqliteDatabase, from: string, to: string, day: string, n: number): Flight {
  const row = db
    .prepare<[string, string, string, number], { id: number }>(
      `SELECT id FROM flights WHERE origin = ? AND destination = ? AND depart_date = ? AND status = 'scheduled'
       ORDER BY depart_at, id LIMIT 1 OFFSET ?`,
    )
    .get(from, to, day, n);
  if (!row) throw new Error(`No flight ${from}-${to} on ${day} (#${n})`);
  return findFlight(db, row.id) as Flight;
}

function firstFreeSeat(db: SqliteDatabase, flight: Flight, fare: FareCode, taken: Set<string>): string {
  const aircraft = findAircraft(db, flight.aircraft_id);
  for (const row of seatRows(aircraft))
    for (const s of row) {
      const ok = fare === 'first' ? s.kind === 'first' : s.kind === 'standard';
      if (ok && !presold(flight, s.seat) && !taken.has(`${flight.id}:${s.seat}`)) return s.seat;
    }
  throw new Error(`No free seat on flight ${flight.id}`);
}

function seedTrips(db: SqliteDatabase, now: Date): void {
  const insertBooking = db.prepare(
    `INSERT INTO bookings (code, trip_type, fare_class, status, fare_cents, extras_cents, total_cents, card_id,
       points_earned, refund_cents, credit_cents, created_at, cancelled_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertFlight = db.prepare(
    'INSERT INTO booking_flights (booking_id, direction, position, flight_id, fare_cents) VALUES (?, ?, ?, ?, ?)',
  );
  const insertPassenger = db.prepare(
    `INSERT INTO booking_passengers (booking_id, passenger_id, first_name, last_name, birth_date, bags, checked_in)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertSeat = db.prepare(
    'INSERT INTO seats (booking_flight_id, booking_passenger_id, flight_id, seat, fee_cents) VALUES (?, ?, ?, ?, ?)',
  );
  const insertCredit = db.prepare(
    'INSERT INTO travel_credits (booking_id, amount_cents, expires_on, created_at) VALUES (?, ?, ?, ?)',
  );
  const taken = new Set<string>();
  for (const trip of TRIPS) {
    const fare = fareClass(trip.fare);
    const legs = trip.legs.map((leg) => ({
      direction: leg.direction,
      flights: leg.flights.map(([from, to, day, n]) => nthFlight(db, from, to, day, n)),
    }));
    const itineraries = legs.map((leg) => itineraryOf(leg.flights));
    const perPassenger = itineraries.reduce((sum, it) => sum + it.prices[fare.code], 0);
    const fareCents = perPassenger * trip.passengers.length;
    const extras = trip.passengers.reduce((sum, p) => sum + bagFee(p.bags, fare) * legs.length, 0);
    const total = fareCents + extras;
    const createdAt = new Date(now.getTime() - trip.bookedDaysAgo * 86_400_000).toISOString();
    const cancelled = trip.status === 'cancelled';
    const outcome = cancelled
      ? fare.refundable
        ? { refund: total, credit: null }
        : { refund: null, credit: Math.max(0, total - fare.cancel_fee_cents) }
      : { refund: null, credit: null };
    const booking = insertBooking.run(
      trip.code,
      legs.length > 1 ? 'round_trip' : 'one_way',
      fare.code,
      trip.status,
      fareCents,
      extras,
      total,
      1,
      pointsFor(fare, fareCents),
      outcome.refund,
      outcome.credit,
      createdAt,
      cancelled ? createdAt : null,
    ).lastInsertRowid as number;
    const passengerIds = trip.passengers.map((p) => {
      const saved = SAVED_PASSENGERS[p.saved - 1];
      if (!saved) throw new Error(`No saved passenger ${p.saved}`);
      return insertPassenger.run(
        booking,
        p.saved,
        saved.first_name,
        saved.last_name,
        saved.birth_date,
        p.bags,
        p.checkedIn ? 1 : 0,
      ).lastInsertRowid as number;
    });
    legs.forEach((leg) => {
      leg.flights.forEach((flight, position) => {
        const share = segmentPrice(flight, fare, leg.flights.length > 1);
        const bf = insertFlight.run(booking, leg.direction, position, flight.id, share)
          .lastInsertRowid as number;
        if (fare.seat_selection === 'none' && !trip.seated) return;
        if (cancelled) return;
        for (const pid of passengerIds) {
          const seat = firstFreeSeat(db, flight, fare.code, taken);
          taken.add(`${flight.id}:${seat}`);
          insertSeat.run(bf, pid, flight.id, seat, 0);
        }
      });
    });
    if (cancelled && outcome.credit)
      insertCredit.run(booking, outcome.credit, addDays(createdAt.slice(0, 10), 365), createdAt);
  }
}

export function seed({ db, rng, now }: SeedContext): void {
  const airports = db.prepare('INSERT INTO airports (code, city, name, country, hub) VALUES (?, ?, ?, ?, ?)');
  for (const a of AIRPORTS) airports.run(a.code, a.city, a.name, a.country, a.hub ? 1 : 0);
  const airlines = db.prepare('INSERT INTO airlines (code, name, color) VALUES (?, ?, ?)');
  for (const a of AIRLINES) airlines.run(a.code, a.name, a.color);
  const aircraft = db.prepare(
    `INSERT INTO aircraft (id, model, first_letters, econ_letters, first_rows, last_row, legroom_rows, exit_rows)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const a of AIRCRAFT)
    aircraft.run(
      a.id,
      a.model,
      a.first_letters,
      a.econ_letters,
      a.first_rows,
      a.last_row,
      a.legroom_rows,
      a.exit_rows,
    );
  const fares = db.prepare(
    `INSERT INTO fare_classes (code, name, rank, multiplier, changeable, refundable, cancel_fee_cents, bags_included,
       seat_selection, points_per_dollar) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const f of FARE_CLASSES)
    fares.run(
      f.code,
      f.name,
      f.rank,
      f.multiplier,
      f.changeable ? 1 : 0,
      f.refundable ? 1 : 0,
      f.cancel_fee_cents,
      f.bags_included,
      f.seat_selection,
      f.points_per_dollar,
    );
  db.prepare(
    'INSERT INTO account (id, name, email, phone, tier, member_number, base_points) VALUES (1, ?, ?, ?, ?, ?, ?)',
  ).run(ACCOUNT.name, ACCOUNT.email, ACCOUNT.phone, ACCOUNT.tier, ACCOUNT.member_number, ACCOUNT.base_points);
  const passengers = db.prepare(
    `INSERT INTO passengers (first_name, last_name, birth_date, gender, passport_number, passport_country,
       passport_expiry, known_traveler, is_self, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const [i, p] of SAVED_PASSENGERS.entries())
    passengers.run(
      p.first_name,
      p.last_name,
      p.birth_date,
      p.gender,
      p.passport_number,
      p.passport_country,
      p.passport_expiry,
      p.known_traveler,
      p.is_self ? 1 : 0,
      new Date(now.getTime() - (400 - i * 30) * 86_400_000).toISOString(),
    );
  const cards = db.prepare(
    'INSERT INTO cards (id, brand, last4, holder, expires, is_default) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const c of CARDS) cards.run(c.id, c.brand, c.last4, c.holder, c.expires, c.is_default);
  seedSchedule(db, rng.fork('schedule'));
  seedTrips(db, now);
}
