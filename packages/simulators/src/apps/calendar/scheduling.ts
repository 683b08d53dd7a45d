import type { SqliteDatabase } from '../../kit';
import { addDays, addMinutes, datePart, minutes, timePart, weekday } from './time';

/**
 * Calendar logic that pages and forms share: expanding weekly series into occurrences, who is busy when,
 * room and attendee conflicts, and the free slots of the public booking page. Pure over the database.
 */

export interface EventRow {
  id: number;
  title: string;
  description: string;
  start_at: string;
  end_at: string;
  location: string;
  room_id: number | null;
  organizer_id: number;
  recurrence: 'none' | 'weekly';
  occurrences: number;
  show_as: 'busy' | 'free';
  status: 'confirmed' | 'cancelled';
  created_at: string;
  updated_at: string;
}

export interface Occurrence {
  event: EventRow;
  /** 0 for a one-off event or the first of a series. */
  index: number;
  start: string;
  end: string;
}

export interface Interval {
  start: string;
  end: string;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The occurrences of an event (its series, for a weekly one), optionally only those overlapping a range. */
export function occurrencesOf(event: EventRow, range?: Interval): Occurrence[] {
  const count = event.recurrence === 'weekly' ? Math.max(1, event.occurrences) : 1;
  const out: Occurrence[] = [];
  for (let index = 0; index < count; index++) {
    const start = `${addDays(datePart(event.start_at), 7 * index)}T${timePart(event.start_at)}`;
    const end = `${addDays(datePart(event.end_at), 7 * index)}T${timePart(event.end_at)}`;
    if (!range || overlaps({ start, end }, range)) out.push({ event, index, start, end });
  }
  return out;
}

/** Candidate series of a form: the same shape as a stored event's occurrences. */
export function candidateOccurrences(start: string, end: string, weeklyCount: number): Interval[] {
  return Array.from({ length: Math.max(1, weeklyCount) }, (_, k) => ({
    start: `${addDays(datePart(start), 7 * k)}T${timePart(start)}`,
    end: `${addDays(datePart(end), 7 * k)}T${timePart(end)}`,
  }));
}

/** Confirmed events that may have an occurrence in the range (weekly series can start before it). */
function eventsNear(
  db: SqliteDatabase,
  range: Interval,
  extraWhere: string,
  args: (string | number)[],
): EventRow[] {
  return db
    .prepare<(string | number)[], EventRow>(
      `SELECT e.* FROM events e WHERE e.status = 'confirmed' AND e.start_at < ?
         AND (e.recurrence = 'weekly' OR e.end_at > ?) ${extraWhere} ORDER BY e.start_at, e.id`,
    )
    .all(range.end, range.start, ...args);
}

/** A person's occurrences in a range: as organizer, or invited and not declined. */
export function personOccurrences(db: SqliteDatabase, personId: number, range: Interval): Occurrence[] {
  return eventsNear(
    db,
    range,
    `AND (e.organizer_id = ? OR EXISTS (SELECT 1 FROM attendees a WHERE a.event_id = e.id
       AND a.person_id = ? AND a.response <> 'declined'))`,
    [personId, personId],
  )
    .flatMap((e) => occurrencesOf(e, range))
    .sort(byStart);
}

export function roomOccurrences(db: SqliteDatabase, roomId: number, range: Interval): Occurrence[] {
  return eventsNear(db, range, 'AND e.room_id = ?', [roomId])
    .flatMap((e) => occurrencesOf(e, range))
    .sort(byStart);
}

export function byStart(a: Occurrence, b: Occurrence): number {
  return a.start < b.start ? -1 : a.start > b.start ? 1 : a.event.id - b.event.id;
}

function spanOf(intervals: Interval[]): Interval {
  const starts = intervals.map((i) => i.start).sort();
  const ends = intervals.map((i) => i.end).sort();
  return { start: starts[0] as string, end: ends[ends.length - 1] as string };
}

export interface Clash {
  occurrence: Occurrence;
  /** The candidate interval it collides with. */
  at: Interval;
}

/** Busy occurrences of a person that collide with any candidate interval, except the event being edited. */
export function personClashes(
  db: SqliteDatabase,
  personId: number,
  candidate: Interval[],
  exceptEventId: number | null,
): Clash[] {
  return clashes(
    personOccurrences(db, personId, spanOf(candidate)).filter((o) => o.event.show_as === 'busy'),
    candidate,
    exceptEventId,
  );
}

export function roomClashes(
  db: SqliteDatabase,
  roomId: number,
  candidate: Interval[],
  exceptEventId: number | null,
): Clash[] {
  return clashes(roomOccurrences(db, roomId, spanOf(candidate)), candidate, exceptEventId);
}

function clashes(occurrences: Occurrence[], candidate: Interval[], exceptEventId: number | null): Clash[] {
  const out: Clash[] = [];
  for (const occurrence of occurrences) {
    if (occurrence.event.id === exceptEventId) continue;
    const at = candidate.find((c) => overlaps(c, occurrence));
    if (at) out.push({ occurrence, at });
  }
  return out;
}

export interface WorkingDay {
  weekday: number;
  start_time: string;
  end_time: string;
}

export function workingHours(db: SqliteDatabase, personId: number): WorkingDay[] {
  return db
    .prepare<[number], WorkingDay>(
      'SELECT weekday, start_time, end_time FROM working_hours WHERE person_id = ? ORDER BY weekday',
    )
    .all(personId);
}

export const SLOT_STEP_MINUTES = 30;

export interface BookingRules {
  minNoticeHours: number;
  windowDays: number;
}

/**
 * Start times ('HH:MM') a guest may book on a date: inside the owner's working hours, on the 30-minute grid,
 * at least the minimum notice after now, within the booking window, and clear of the owner's busy time.
 */
export function availableSlots(
  db: SqliteDatabase,
  ownerId: number,
  date: string,
  durationMinutes: number,
  nowLocal: string,
  rules: BookingRules,
): string[] {
  const today = datePart(nowLocal);
  if (date < today || date > addDays(today, rules.windowDays)) return [];
  const day = workingHours(db, ownerId).find((w) => w.weekday === weekday(date));
  if (!day) return [];
  const earliest = addMinutes(nowLocal, rules.minNoticeHours * 60);
  const busy = personOccurrences(db, ownerId, {
    start: `${date}T00:00`,
    end: `${addDays(date, 1)}T00:00`,
  }).filter((o) => o.event.show_as === 'busy');
  const slots: string[] = [];
  const close = minutes(day.end_time);
  for (let t = minutes(day.start_time); t + durationMinutes <= close; t += SLOT_STEP_MINUTES) {
    const start = addMinutes(`${date}T00:00`, t);
    const slot = { start, end: addMinutes(start, durationMinutes) };
    if (start < earliest) continue;
    if (busy.some((o) => overlaps(o, slot))) continue;
    slots.push(timePart(start));
  }
  return slots;
}
