import type { SqliteDatabase } from '../../kit';
import type { FareCode } from './data/fares';
import { addDays, type ResultFilters, SORTS, type SortKey, TIME_WINDOWS, type TimeWindow } from './domain';
import { SCHEDULE_DAYS, SCHEDULE_START } from './seed';

/** Reading the flight search from the address: the trip, and the results' filters. */

export interface AirportRow {
  code: string;
  city: string;
  name: string;
  country: string;
  hub: number;
}

export type Cabin = 'economy' | 'comfort' | 'first';
export const CABINS: [Cabin, string][] = [
  ['economy', 'Economy'],
  ['comfort', 'Comfort'],
  ['first', 'First'],
];

export interface TripSearch {
  from: string;
  to: string;
  fromText: string;
  toText: string;
  trip: 'round_trip' | 'one_way';
  depart: string;
  ret: string;
  adults: number;
  children: number;
  cabin: Cabin;
}

export type SearchErrors = Partial<Record<'from' | 'to' | 'depart' | 'ret' | 'travellers', string>>;

export function airports(db: SqliteDatabase): AirportRow[] {
  return db.prepare<[], AirportRow>('SELECT * FROM airports ORDER BY city').all();
}

export function airportLabel(a: AirportRow): string {
  return `${a.city} (${a.code})`;
}

/** 'Boston (BOS)', 'bos' or 'Boston' to an airport; undefined when nothing (or more than one) matches. */
export function matchAirport(db: SqliteDatabase, text: string): AirportRow | undefined {
  const all = airports(db);
  const trimmed = text.trim();
  const code = /\(([A-Za-z]{3})\)\s*$/.exec(trimmed)?.[1] ?? (/^[A-Za-z]{3}$/.test(trimmed) ? trimmed : '');
  if (code) {
    const hit = all.find((a) => a.code === code.toUpperCase());
    if (hit) return hit;
  }
  const byCity = all.filter((a) => a.city.toLowerCase() === trimmed.toLowerCase());
  return byCity.length === 1 ? byCity[0] : undefined;
}

export function lastScheduleDay(): string {
  return addDays(SCHEDULE_START, SCHEDULE_DAYS - 1);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function count(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && value !== null && value !== '' ? n : fallback;
}

export function readSearch(
  db: SqliteDatabase,
  query: URLSearchParams,
  today: string,
): { search: TripSearch; errors: SearchErrors } {
  const errors: SearchErrors = {};
  const fromText = (query.get('from') ?? '').trim();
  const toText = (query.get('to') ?? '').trim();
  const from = fromText ? matchAirport(db, fromText) : undefined;
  const to = toText ? matchAirport(db, toText) : undefined;
  if (!fromText) errors.from = 'Choose where you’re flying from';
  else if (!from) errors.from = `We don’t fly from “${fromText}”. Pick an airport from the list.`;
  if (!toText) errors.to = 'Choose where you’re flying to';
  else if (!to) errors.to = `We don’t fly to “${toText}”. Pick an airport from the list.`;
  if (from && to && from.code === to.code) errors.to = 'Origin and destination must be different';
  const trip = query.get('trip') === 'one_way' ? 'one_way' : 'round_trip';
  const depart = (query.get('depart') ?? '').trim();
  const ret = trip === 'round_trip' ? (query.get('return') ?? '').trim() : '';
  const last = lastScheduleDay();
  if (!depart) errors.depart = 'Choose a departure date';
  else if (!ISO_DAY.test(depart) || Number.isNaN(Date.parse(depart)))
    errors.depart = 'Enter the date as YYYY-MM-DD';
  else if (depart < today) errors.depart = 'The departure date is in the past';
  else if (depart > last) errors.depart = 'Schedules are open for the next 60 days only';
  if (trip === 'round_trip') {
    if (!ret) errors.ret = 'Choose a return date, or switch to one way';
    else if (!ISO_DAY.test(ret) || Number.isNaN(Date.parse(ret))) errors.ret = 'Enter the date as YYYY-MM-DD';
    else if (depart && ret < depart) errors.ret = 'The return date is before the departure date';
    else if (ret > last) errors.ret = 'Schedules are open for the next 60 days only';
  }
  const adults = count(query.get('adults'), 1);
  const children = count(query.get('children'), 0);
  if (adults < 1 || adults > 6 || children < 0 || children > 5)
    errors.travellers = 'Book 1 to 6 adults and up to 5 children';
  const cabinValue = query.get('cabin');
  const cabin: Cabin = cabinValue === 'comfort' || cabinValue === 'first' ? cabinValue : 'economy';
  return {
    search: {
      from: from?.code ?? '',
      to: to?.code ?? '',
      fromText: from ? airportLabel(from) : fromText,
      toText: to ? airportLabel(to) : toText,
      trip,
      depart,
      ret,
      adults,
      children,
      cabin,
    },
    errors,
  };
}

/** The search as address parameters (what every results link carries on). */
export function searchParams(s: TripSearch): Record<string, string | number> {
  return {
    from: s.from || s.fromText,
    to: s.to || s.toText,
    trip: s.trip,
    depart: s.depart,
    return: s.ret,
    adults: s.adults,
    children: s.children,
    cabin: s.cabin,
  };
}

export function cabinFare(cabin: Cabin): FareCode {
  return cabin === 'economy' ? 'basic' : cabin;
}

export function readFilters(query: URLSearchParams): ResultFilters {
  const stops = query.get('stops');
  const sort = query.get('sort');
  const maxPrice = Number(query.get('max_price'));
  return {
    stops: stops === '0' || stops === '1' ? stops : 'any',
    airlines: query.getAll('airline').filter((a) => /^[A-Z]{2}$/.test(a)),
    times: query.getAll('time').filter((t): t is TimeWindow => TIME_WINDOWS.some(([key]) => key === t)),
    maxPrice:
      query.get('max_price') && Number.isFinite(maxPrice) && maxPrice > 0 ? Math.floor(maxPrice) : null,
    sort: SORTS.some(([key]) => key === sort) ? (sort as SortKey) : 'price',
  };
}

export function travellersLabel(adults: number, children: number): string {
  const parts = [`${adults} adult${adults === 1 ? '' : 's'}`];
  if (children) parts.push(`${children} child${children === 1 ? '' : 'ren'}`);
  return parts.join(', ');
}
