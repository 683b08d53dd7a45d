import type { SqliteDatabase } from '../../kit';
import { type FareClass, fareClass } from './data/fares';
import { type Flight, findFlight, type Itinerary, itineraryOf } from './domain';

/** A trip as the pages show it: the booking, its legs, passengers and seats. */

export interface Booking {
  id: number;
  code: string;
  trip_type: 'one_way' | 'round_trip';
  fare_class: string;
  status: 'confirmed' | 'cancelled';
  fare_cents: number;
  extras_cents: number;
  total_cents: number;
  card_id: number | null;
  points_earned: number;
  refund_cents: number | null;
  credit_cents: number | null;
  created_at: string;
  cancelled_at: string | null;
}

export interface BookingFlight {
  id: number;
  booking_id: number;
  direction: 'outbound' | 'return';
  position: number;
  flight_id: number;
  fare_cents: number;
}

export interface BookingPassenger {
  id: number;
  booking_id: number;
  passenger_id: number | null;
  first_name: string;
  last_name: string;
  birth_date: string;
  bags: number;
  checked_in: number;
}

export interface SeatRow {
  id: number;
  booking_flight_id: number;
  booking_passenger_id: number;
  flight_id: number;
  seat: string;
  fee_cents: number;
}

export interface Leg {
  direction: 'outbound' | 'return';
  rows: BookingFlight[];
  itinerary: Itinerary;
}

export interface Trip {
  booking: Booking;
  fare: FareClass;
  legs: Leg[];
  passengers: BookingPassenger[];
  seats: SeatRow[];
}

export function loadTrip(db: SqliteDatabase, code: string): Trip | undefined {
  const booking = db
    .prepare<[string], Booking>('SELECT * FROM bookings WHERE code = ?')
    .get(code.toUpperCase());
  if (!booking) return undefined;
  const rows = db
    .prepare<[number], BookingFlight>(
      'SELECT * FROM booking_flights WHERE booking_id = ? ORDER BY direction DESC, position',
    )
    .all(booking.id);
  const legs: Leg[] = [];
  for (const direction of ['outbound', 'return'] as const) {
    const mine = rows.filter((r) => r.direction === direction);
    if (!mine.length) continue;
    const segments = mine.map((r) => findFlight(db, r.flight_id) as Flight);
    legs.push({ direction, rows: mine, itinerary: itineraryOf(segments) });
  }
  const passengers = db
    .prepare<[number], BookingPassenger>('SELECT * FROM booking_passengers WHERE booking_id = ? ORDER BY id')
    .all(booking.id);
  const seats = db
    .prepare<[number], SeatRow>(
      `SELECT s.* FROM seats s JOIN booking_flights bf ON bf.id = s.booking_flight_id WHERE bf.booking_id = ? ORDER BY s.id`,
    )
    .all(booking.id);
  return { booking, fare: fareClass(booking.fare_class), legs, passengers, seats };
}

export function tripDeparture(trip: Trip): string {
  return trip.legs[0]?.itinerary.depart_at ?? '';
}

export function tripEnd(trip: Trip): string {
  return trip.legs[trip.legs.length - 1]?.itinerary.arrive_at ?? '';
}

export function allTrips(db: SqliteDatabase): Trip[] {
  return db
    .prepare<[], { code: string }>('SELECT code FROM bookings ORDER BY id')
    .all()
    .map(({ code }) => loadTrip(db, code) as Trip);
}

export interface Card {
  id: number;
  brand: string;
  last4: string;
  holder: string;
  expires: string;
  is_default: number;
}

export function cards(db: SqliteDatabase): Card[] {
  return db.prepare<[], Card>('SELECT * FROM cards ORDER BY is_default DESC, id').all();
}

export interface SavedPassengerRow {
  id: number;
  first_name: string;
  last_name: string;
  birth_date: string;
  gender: string;
  passport_number: string | null;
  passport_country: string | null;
  passport_expiry: string | null;
  known_traveler: string | null;
  is_self: number;
}

export function savedPassengers(db: SqliteDatabase): SavedPassengerRow[] {
  return db.prepare<[], SavedPassengerRow>('SELECT * FROM passengers ORDER BY is_self DESC, id').all();
}

export function isInternational(db: SqliteDatabase, itineraries: Itinerary[]): boolean {
  const codes = new Set(itineraries.flatMap((it) => it.segments.flatMap((s) => [s.origin, s.destination])));
  const countries = db
    .prepare<[], { code: string; country: string }>('SELECT code, country FROM airports')
    .all()
    .filter((a) => codes.has(a.code));
  return countries.some((a) => a.country !== 'US');
}
