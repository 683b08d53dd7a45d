import { HttpError, type RequestContext } from '../../kit';
import { type EventRow, type Interval, type Occurrence, personOccurrences } from './scheduling';
import { OWNER_ID } from './seed';
import { toLocal } from './time';

export interface Person {
  id: number;
  name: string;
  email: string;
  title: string;
  team: string;
}

export interface Room {
  id: number;
  name: string;
  floor: number;
  capacity: number;
  features: string;
}

export interface AttendeeRow {
  person_id: number;
  name: string;
  email: string;
  response: string;
  comment: string;
}

export function nowLocal(ctx: RequestContext): string {
  return toLocal(ctx.now());
}

export function today(ctx: RequestContext): string {
  return nowLocal(ctx).slice(0, 10);
}

export function allPeople(ctx: RequestContext): Person[] {
  return ctx.db.prepare<[], Person>('SELECT * FROM people ORDER BY name').all();
}

export function personById(ctx: RequestContext, id: number): Person | undefined {
  return ctx.db.prepare<[number], Person>('SELECT * FROM people WHERE id = ?').get(id);
}

export function allRooms(ctx: RequestContext): Room[] {
  return ctx.db.prepare<[], Room>('SELECT * FROM rooms ORDER BY capacity, name').all();
}

export function roomById(ctx: RequestContext, id: number | null): Room | undefined {
  if (id === null) return undefined;
  return ctx.db.prepare<[number], Room>('SELECT * FROM rooms WHERE id = ?').get(id);
}

export function findEvent(ctx: RequestContext): EventRow {
  const event = ctx.db
    .prepare<[string], EventRow>('SELECT * FROM events WHERE id = ?')
    .get(ctx.params.id ?? '');
  if (!event) throw new HttpError(404);
  return event;
}

export function attendeesOf(ctx: RequestContext, eventId: number): AttendeeRow[] {
  return ctx.db
    .prepare<[number], AttendeeRow>(
      `SELECT a.person_id, p.name, p.email, a.response, a.comment FROM attendees a
       JOIN people p ON p.id = a.person_id WHERE a.event_id = ? ORDER BY p.name`,
    )
    .all(eventId);
}

export interface MyOccurrence extends Occurrence {
  /** 'organizer' or the owner's response to the invitation. */
  role: string;
}

/** The owner's calendar in a range, with how the owner takes part in each event. */
export function myOccurrences(ctx: RequestContext, range: Interval): MyOccurrence[] {
  const occurrences = personOccurrences(ctx.db, OWNER_ID, range);
  const responses = new Map(
    ctx.db
      .prepare<[number], { event_id: number; response: string }>(
        'SELECT event_id, response FROM attendees WHERE person_id = ?',
      )
      .all(OWNER_ID)
      .map((r) => [r.event_id, r.response]),
  );
  return occurrences.map((o) => ({
    ...o,
    role: o.event.organizer_id === OWNER_ID ? 'organizer' : (responses.get(o.event.id) ?? 'accepted'),
  }));
}
