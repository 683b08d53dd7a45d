import { formatShortDate, type SqliteDatabase } from '../../kit';
import {
  BAG_PRICES_CENTS,
  EXIT_ROW_MIN_AGE,
  EXIT_SEAT_CENTS,
  type FareClass,
  type FareCode,
  fareClass,
  LEGROOM_SEAT_CENTS,
} from './data/fares';

/** Skyway's rules, free of HTTP: times, prices, seat maps, itineraries and what a fare allows. */

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

// ---------------------------------------------------------------- times

/** 'YYYY-MM-DDTHH:MM' (a local time treated as written) to epoch milliseconds. */
export function localMs(at: string): number {
  return Date.parse(`${at}:00Z`);
}

export function addMinutes(at: string, minutes: number): string {
  return new Date(localMs(at) + minutes * MINUTE_MS).toISOString().slice(0, 16);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function minutesBetween(from: string, to: string): number {
  return Math.round((localMs(to) - localMs(from)) / MINUTE_MS);
}

export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m`;
}

/** '7:05 AM' from 'YYYY-MM-DDTHH:MM'. */
export function clockLabel(at: string): string {
  const h = Number(at.slice(11, 13));
  const m = at.slice(14, 16);
  return `${((h + 11) % 12) + 1}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}

/** 'Tue, Apr 21' from 'YYYY-MM-DD'. */
export function dayLabel(day: string): string {
  return formatShortDate(day.slice(0, 10));
}

/** Age in whole years on a day. */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5, 10) < birthDate.slice(5, 10) ? years - 1 : years;
}

export function dollars(cents: number): string {
  const whole = cents % 100 === 0;
  const value = (Math.abs(cents) / 100).toFixed(whole ? 0 : 2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${value}`;
}

// ---------------------------------------------------------------- flights and itineraries

export interface Flight {
  id: number;
  airline_code: string;
  airline_name: string;
  number: string;
  origin: string;
  destination: string;
  depart_date: string;
  depart_at: string;
  arrive_at: string;
  duration_min: number;
  aircraft_id: number;
  basic_cents: number;
  load_pct: number;
  status: string;
}

const FLIGHT_COLUMNS = `f.*, a.name AS airline_name`;

export function findFlight(db: SqliteDatabase, id: number): Flight | undefined {
  // The id is computed by the view: look it up by its parts, which the tables index.
  return db
    .prepare<[number, number], Flight>(
      `SELECT ${FLIGHT_COLUMNS} FROM flights f JOIN airlines a ON a.code = f.airline_code
       WHERE f.schedule_id = ? AND f.day_idx = ?`,
    )
    .get(id % 1000, Math.floor(id / 1000));
}

export interface Itinerary {
  /** '812' for a non-stop flight, '812-1533' for a connection. */
  key: string;
  segments: Flight[];
  origin: string;
  destination: string;
  depart_at: string;
  arrive_at: string;
  duration_min: number;
  stops: number;
  airline_code: string;
  airline_name: string;
  /** Every airline flying a part of it (connections may mix airlines). */
  airlines: string[];
  /** Per passenger, by fare class. */
  prices: Record<FareCode, number>;
}

/** Connections are a little cheaper than the sum of their flights. */
const CONNECTION_DISCOUNT = 0.85;

/** One passenger's price of one flight of an itinerary in a fare class, in whole dollars. */
export function segmentPrice(flight: Flight, fare: FareClass, connecting: boolean): number {
  const raw = flight.basic_cents * fare.multiplier * (connecting ? CONNECTION_DISCOUNT : 1);
  return Math.round(raw / 100) * 100;
}

export function itineraryOf(segments: Flight[]): Itinerary {
  const first = segments[0] as Flight;
  const last = segments[segments.length - 1] as Flight;
  const connecting = segments.length > 1;
  const prices = {} as Record<FareCode, number>;
  for (const code of ['basic', 'main', 'comfort', 'first'] as FareCode[]) {
    const fare = fareClass(code);
    prices[code] = segments.reduce((sum, f) => sum + segmentPrice(f, fare, connecting), 0);
  }
  return {
    key: segments.map((f) => f.id).join('-'),
    segments,
    origin: first.origin,
    destination: last.destination,
    depart_at: first.depart_at,
    arrive_at: last.arrive_at,
    duration_min: minutesBetween(first.depart_at, last.arrive_at),
    stops: segments.length - 1,
    airline_code: first.airline_code,
    airline_name: [...new Set(segments.map((f) => f.airline_name))].join(' · '),
    airlines: [...new Set(segments.map((f) => f.airline_code))],
    prices,
  };
}

export const MIN_LAYOVER_MIN = 50;
export const MAX_LAYOVER_MIN = 300;

/** Every itinerary from `from` to `to` leaving on `day`: non-stop flights and one-stop connections through a hub. */
export function itinerariesFor(db: SqliteDatabase, from: string, to: string, day: string): Itinerary[] {
  const direct = db
    .prepare<[string, string, string], Flight>(
      `SELECT ${FLIGHT_COLUMNS} FROM flights f JOIN airlines a ON a.code = f.airline_code
       WHERE f.origin = ? AND f.depart_date = ? AND f.destination = ? AND f.status != 'cancelled'`,
    )
    .all(from, day, to);
  const firstLegs = db
    .prepare<[string, string, string], Flight>(
      `SELECT ${FLIGHT_COLUMNS} FROM flights f JOIN airlines a ON a.code = f.airline_code
       WHERE f.origin = ? AND f.depart_date = ? AND f.destination != ? AND f.status != 'cancelled'
         AND f.destination IN (SELECT code FROM airports WHERE hub = 1)`,
    )
    .all(from, day, to);
  const onward = db.prepare<[string, string, string, string], Flight>(
    `SELECT ${FLIGHT_COLUMNS} FROM flights f JOIN airlines a ON a.code = f.airline_code
     WHERE f.origin = ? AND f.destination = ? AND f.depart_at >= ? AND f.depart_at <= ? AND f.status != 'cancelled'`,
  );
  const result = direct.map((f) => itineraryOf([f]));
  for (const leg of firstLegs) {
    const next = onward.all(
      leg.destination,
      to,
      addMinutes(leg.arrive_at, MIN_LAYOVER_MIN),
      addMinutes(leg.arrive_at, MAX_LAYOVER_MIN),
    );
    for (const second of next) result.push(itineraryOf([leg, second]));
  }
  return result;
}

/** An itinerary from its key, checked against the route; undefined when the key does not make one. */
export function itineraryByKey(db: SqliteDatabase, key: string): Itinerary | undefined {
  const ids = key.split('-').map(Number);
  if (ids.length < 1 || ids.length > 2 || ids.some((id) => !Number.isInteger(id) || id <= 0))
    return undefined;
  const segments = ids.map((id) => findFlight(db, id));
  if (segments.some((s) => !s)) return undefined;
  const [a, b] = segments as Flight[];
  if (a && b) {
    const layover = minutesBetween(a.arrive_at, b.depart_at);
    if (a.destination !== b.origin) return undefined;
    if (layover < MIN_LAYOVER_MIN || layover > MAX_LAYOVER_MIN) return undefined;
  }
  return itineraryOf(segments as Flight[]);
}

// ---------------------------------------------------------------- search filters

export type TimeWindow = 'early' | 'morning' | 'afternoon' | 'evening';
export const TIME_WINDOWS: [TimeWindow, string, number, number][] = [
  ['early', 'Early morning (12 AM – 6 AM)', 0, 6],
  ['morning', 'Morning (6 AM – 12 PM)', 6, 12],
  ['afternoon', 'Afternoon (12 PM – 6 PM)', 12, 18],
  ['evening', 'Evening (6 PM – 12 AM)', 18, 24],
];

export type SortKey = 'price' | 'duration' | 'depart' | 'arrive';
export const SORTS: [SortKey, string][] = [
  ['price', 'Lowest price'],
  ['duration', 'Shortest duration'],
  ['depart', 'Earliest departure'],
  ['arrive', 'Earliest arrival'],
];

export interface ResultFilters {
  stops: 'any' | '0' | '1';
  airlines: string[];
  times: TimeWindow[];
  maxPrice: number | null;
  sort: SortKey;
}

export function filterItineraries(list: Itinerary[], filters: ResultFilters, fare: FareCode): Itinerary[] {
  const hour = (at: string) => Number(at.slice(11, 13));
  const kept = list.filter((it) => {
    if (filters.stops !== 'any' && it.stops !== Number(filters.stops)) return false;
    if (filters.airlines.length && !it.airlines.every((code) => filters.airlines.includes(code)))
      return false;
    if (filters.times.length) {
      const h = hour(it.depart_at);
      const inWindow = TIME_WINDOWS.some(
        ([key, , from, to]) => filters.times.includes(key) && h >= from && h < to,
      );
      if (!inWindow) return false;
    }
    if (filters.maxPrice !== null && it.prices[fare] > filters.maxPrice * 100) return false;
    return true;
  });
  const by: Record<SortKey, (a: Itinerary, b: Itinerary) => number> = {
    price: (a, b) => a.prices[fare] - b.prices[fare] || a.depart_at.localeCompare(b.depart_at),
    duration: (a, b) => a.duration_min - b.duration_min || a.prices[fare] - b.prices[fare],
    depart: (a, b) => a.depart_at.localeCompare(b.depart_at) || a.prices[fare] - b.prices[fare],
    arrive: (a, b) => a.arrive_at.localeCompare(b.arrive_at) || a.prices[fare] - b.prices[fare],
  };
  return kept.sort((a, b) => by[filters.sort](a, b) || a.key.localeCompare(b.key));
}

// ---------------------------------------------------------------- seat maps

export interface Aircraft {
  id: number;
  model: string;
  first_letters: string;
  econ_letters: string;
  first_rows: number;
  last_row: number;
  legroom_rows: string;
  exit_rows: string;
}

export type SeatKind = 'first' | 'legroom' | 'exit' | 'standard';

export interface SeatInfo {
  seat: string;
  row: number;
  letter: string;
  kind: SeatKind;
}

export function findAircraft(db: SqliteDatabase, id: number): Aircraft {
  const aircraft = db.prepare<[number], Aircraft>('SELECT * FROM aircraft WHERE id = ?').get(id);
  if (!aircraft) throw new Error(`No aircraft ${id}`);
  return aircraft;
}

function rowList(text: string): number[] {
  return text.split(',').filter(Boolean).map(Number);
}

export function seatRows(aircraft: Aircraft): SeatInfo[][] {
  const legroom = rowList(aircraft.legroom_rows);
  const exits = rowList(aircraft.exit_rows);
  const rows: SeatInfo[][] = [];
  for (let row = 1; row <= aircraft.last_row; row++) {
    const first = row <= aircraft.first_rows;
    const letters = first ? aircraft.first_letters : aircraft.econ_letters;
    const kind: SeatKind = first
      ? 'first'
      : exits.includes(row)
        ? 'exit'
        : legroom.includes(row)
          ? 'legroom'
          : 'standard';
    rows.push([...letters].map((letter) => ({ seat: `${row}${letter}`, row, letter, kind })));
  }
  return rows;
}

export function seatInfo(aircraft: Aircraft, seat: string): SeatInfo | undefined {
  return seatRows(aircraft)
    .flat()
    .find((s) => s.seat === seat);
}

/** Whether the seat was sold before the simulation began: a fixed hash of the flight and the seat. */
export function presold(flight: { id: number; load_pct: number }, seat: string): boolean {
  let h = (flight.id * 2_654_435_761) >>> 0;
  for (const ch of seat) h = (Math.imul(h ^ ch.charCodeAt(0), 16_777_619) + 374_761_393) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 2_246_822_519) >>> 0;
  return h % 100 < flight.load_pct;
}

/** Seats taken on a flight: presold ones and those of Skyway trips (but not the trip `except`). */
export function takenSeats(
  db: SqliteDatabase,
  flight: Flight,
  aircraft: Aircraft,
  exceptBooking?: number,
): Set<string> {
  const taken = new Set<string>();
  for (const s of seatRows(aircraft).flat()) if (presold(flight, s.seat)) taken.add(s.seat);
  const booked = db
    .prepare<[number, number], { seat: string }>(
      `SELECT s.seat FROM seats s JOIN booking_flights bf ON bf.id = s.booking_flight_id
       JOIN bookings b ON b.id = bf.booking_id WHERE s.flight_id = ? AND b.status = 'confirmed' AND b.id != ?`,
    )
    .all(flight.id, exceptBooking ?? -1);
  for (const { seat } of booked) taken.add(seat);
  return taken;
}

/** What a seat costs a passenger on a fare, or why it cannot be theirs. */
export function seatRule(
  fare: FareClass,
  seat: SeatInfo,
  age: number,
): { ok: true; fee: number } | { ok: false; reason: string } {
  if (fare.seat_selection === 'none')
    return { ok: false, reason: 'Basic fares can’t choose seats. A seat is assigned at check-in.' };
  if (fare.code === 'first') {
    return seat.kind === 'first'
      ? { ok: true, fee: 0 }
      : { ok: false, reason: 'First fares sit in the First cabin.' };
  }
  if (seat.kind === 'first')
    return { ok: false, reason: `Seat ${seat.seat} is in First. Upgrade your fare to sit there.` };
  if (seat.kind === 'exit' && age < EXIT_ROW_MIN_AGE)
    return { ok: false, reason: `Travellers in an exit row must be ${EXIT_ROW_MIN_AGE} or older.` };
  if (fare.code === 'comfort' || seat.kind === 'standard') return { ok: true, fee: 0 };
  return { ok: true, fee: seat.kind === 'exit' ? EXIT_SEAT_CENTS : LEGROOM_SEAT_CENTS };
}

// ---------------------------------------------------------------- bags and cancellations

/** Fee for one passenger's checked bags in one direction. */
export function bagFee(bags: number, fare: FareClass): number {
  let fee = 0;
  for (let i = fare.bags_included; i < bags; i++)
    fee += BAG_PRICES_CENTS[Math.min(i, BAG_PRICES_CENTS.length - 1)] ?? 0;
  return fee;
}

/** What cancelling gives back: money to the card on refundable fares, a travel credit less the fare's fee otherwise. */
export function cancellationOutcome(fare: FareClass, totalCents: number): { refund: number; credit: number } {
  if (fare.refundable) return { refund: totalCents, credit: 0 };
  return { refund: 0, credit: Math.max(0, totalCents - fare.cancel_fee_cents) };
}

export function pointsFor(fare: FareClass, fareCents: number): number {
  return Math.floor(fareCents / 100) * fare.points_per_dollar;
}

/** Check-in opens 24 hours before departure and closes 45 minutes before. */
export function checkInWindow(departAt: string, now: Date): 'early' | 'open' | 'closed' {
  const minutes = (localMs(departAt) - now.getTime()) / MINUTE_MS;
  if (minutes > 24 * 60) return 'early';
  if (minutes < 45) return 'closed';
  return 'open';
}

export function passportProblem(expiry: string | null, travelDay: string): string | null {
  if (!expiry) return 'A passport is required for international travel.';
  if (expiry < addDays(travelDay, 182)) return 'The passport must be valid for six months after travel.';
  return null;
}
