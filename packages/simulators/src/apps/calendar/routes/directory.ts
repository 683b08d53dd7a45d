import {
  type AppBuilder,
  formatLongDate,
  formatShortDate,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { personById, type Room, today } from '../queries';
import { personOccurrences, roomOccurrences, workingHours } from '../scheduling';
import { addDays, formatClock, isDate, timePart, weekdayName, weekStart } from '../time';
import { avatar, emptyState, pageNumber, pager, sortHeader } from '../views/parts';

const PAGE_SIZE = 20;

const ROOM_SORTS: Record<string, string> = {
  'name:asc': 'name ASC',
  'name:desc': 'name DESC',
  'capacity:asc': 'capacity ASC, name',
  'capacity:desc': 'capacity DESC, name',
  'floor:asc': 'floor ASC, name',
  'floor:desc': 'floor DESC, name',
};

function roomsPage(ctx: RequestContext): SafeHtml {
  const sort = ROOM_SORTS[ctx.query.get('sort') ?? ''] ? (ctx.query.get('sort') as string) : 'name:asc';
  const minSeats = Math.max(0, Number.parseInt(ctx.query.get('seats') ?? '0', 10) || 0);
  const day = isDate(ctx.query.get('date')) ? (ctx.query.get('date') as string) : today(ctx);
  const dayRange = { start: `${day}T00:00`, end: `${addDays(day, 1)}T00:00` };
  const rooms = ctx.db
    .prepare<[number], Room>(`SELECT * FROM rooms WHERE capacity >= ? ORDER BY ${ROOM_SORTS[sort]}`)
    .all(minSeats);
  const query = { seats: minSeats ? String(minSeats) : '', date: day, sort };
  return html`<div class="page-head"><h1>Meeting rooms</h1><p class="muted">Harborline HQ, 410 N Wells St. Book a room by adding it to an event.</p></div>
<form class="filters" method="get" action="/rooms">
  <label><span>Seats at least</span><input name="seats" inputmode="numeric" value="${minSeats || ''}" aria-label="Seats at least"></label>
  <label><span>Bookings on</span><input type="date" name="date" value="${day}" aria-label="Bookings on"></label>
  <input type="hidden" name="sort" value="${sort}"><button class="btn btn-ghost">Filter</button>
</form>
<table class="table">
  <thead><tr>${sortHeader(ctx, '/rooms', query, 'name', 'Room', sort)}${sortHeader(ctx, '/rooms', query, 'floor', 'Floor', sort)}${sortHeader(ctx, '/rooms', query, 'capacity', 'Seats', sort)}<th>Equipment</th><th>Booked on ${formatShortDate(day)}</th><th></th></tr></thead>
  <tbody>${rooms.map(
    (
      r,
    ) => html`<tr><td><a href="/rooms/${r.id}?date=${day}">${r.name}</a></td><td>${r.floor}</td><td>${r.capacity}</td><td class="muted">${r.features}</td>
    <td class="booked">${roomOccurrences(ctx.db, r.id, dayRange).map(
      (o) =>
        html`<span class="busy-chip" title="${o.event.title}">${formatClock(timePart(o.start))} – ${formatClock(timePart(o.end))}</span>`,
    )}</td>
    <td><a class="btn btn-ghost btn-sm" href="/events/new?room=${r.id}">Book</a></td></tr>`,
  )}</tbody>
</table>`;
}

function roomPage(ctx: RequestContext): SafeHtml {
  const room = ctx.db.prepare<[string], Room>('SELECT * FROM rooms WHERE id = ?').get(ctx.params.id ?? '');
  if (!room) throw new HttpError(404);
  const date = isDate(ctx.query.get('date')) ? (ctx.query.get('date') as string) : today(ctx);
  const bookings = roomOccurrences(ctx.db, room.id, {
    start: `${date}T00:00`,
    end: `${addDays(date, 1)}T00:00`,
  });
  return html`<p class="crumbs"><a href="/rooms">← All rooms</a></p>
<div class="page-head"><h1>${room.name}</h1><p class="muted">Floor ${room.floor} · seats ${room.capacity} · ${room.features}</p></div>
<div class="cal-toolbar">
  <a class="btn btn-icon" href="/rooms/${room.id}?date=${addDays(date, -1)}" aria-label="Previous day">‹</a>
  <a class="btn btn-icon" href="/rooms/${room.id}?date=${addDays(date, 1)}" aria-label="Next day">›</a>
  <h2 class="cal-title">${formatLongDate(date)}</h2>
  <form method="get" action="/rooms/${room.id}" class="inline"><input type="date" name="date" value="${date}" aria-label="Date"><button class="btn btn-ghost btn-sm">Go</button></form>
  <span class="spacer"></span><a class="btn btn-primary" href="/events/new?room=${room.id}&date=${date}">Book ${room.name}</a>
</div>
${
  bookings.length === 0
    ? emptyState('Free all day', `${room.name} has no bookings on this day.`)
    : html`<table class="table"><caption class="sr-only">Bookings</caption><thead><tr><th>Time</th><th>Booked for</th></tr></thead><tbody>${bookings.map(
        (b) =>
          html`<tr><td class="nowrap">${formatClock(timePart(b.start))} – ${formatClock(timePart(b.end))}</td><td><a href="/events/${b.event.id}">${b.event.title}</a></td></tr>`,
      )}</tbody></table>`
}`;
}

const PEOPLE_SORTS: Record<string, string> = {
  'name:asc': 'name ASC',
  'name:desc': 'name DESC',
  'team:asc': 'team ASC, name',
  'team:desc': 'team DESC, name',
};

function peoplePage(ctx: RequestContext): SafeHtml {
  const q = (ctx.query.get('q') ?? '').trim();
  const sort = PEOPLE_SORTS[ctx.query.get('sort') ?? ''] ? (ctx.query.get('sort') as string) : 'name:asc';
  const page = pageNumber(ctx);
  const like = `%${q}%`;
  const total =
    ctx.db
      .prepare<[string, string, string], { n: number }>(
        'SELECT count(*) AS n FROM people WHERE name LIKE ? OR team LIKE ? OR title LIKE ?',
      )
      .get(like, like, like)?.n ?? 0;
  const people = ctx.db
    .prepare<
      [string, string, string],
      { id: number; name: string; email: string; title: string; team: string }
    >(
      `SELECT * FROM people WHERE name LIKE ? OR team LIKE ? OR title LIKE ? ORDER BY ${PEOPLE_SORTS[sort]}
       LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
    )
    .all(like, like, like);
  const query = { q, sort };
  return html`<div class="page-head"><h1>People</h1><p class="muted">Check a colleague's schedule and working hours before you invite them.</p></div>
<form class="filters" method="get" action="/people">
  <label class="grow"><span>Find a person</span><input type="search" name="q" value="${q}" placeholder="Name, team or role" aria-label="Find a person"></label>
  <input type="hidden" name="sort" value="${sort}"><button class="btn btn-ghost">Search</button>
</form>
<table class="table">
  <thead><tr>${sortHeader(ctx, '/people', query, 'name', 'Name', sort)}<th>Role</th>${sortHeader(ctx, '/people', query, 'team', 'Team', sort)}<th>Email</th></tr></thead>
  <tbody>${people.map(
    (p) =>
      html`<tr><td class="person-cell">${avatar(p.name)}<a href="/people/${p.id}">${p.name}</a></td><td>${p.title}</td><td>${p.team}</td><td class="muted">${p.email}</td></tr>`,
  )}</tbody>
</table>
${pager(ctx, '/people', query, page, PAGE_SIZE, total, 'people')}`;
}

function personPage(ctx: RequestContext): SafeHtml {
  const person = personById(ctx, Number(ctx.params.id));
  if (!person) throw new HttpError(404);
  const date = isDate(ctx.query.get('date')) ? (ctx.query.get('date') as string) : today(ctx);
  const monday = weekStart(date);
  const hours = workingHours(ctx.db, person.id);
  const occurrences = personOccurrences(ctx.db, person.id, {
    start: `${monday}T00:00`,
    end: `${addDays(monday, 7)}T00:00`,
  });
  const days = Array.from({ length: 5 }, (_, i) => addDays(monday, i));
  return html`<p class="crumbs"><a href="/people">← People</a></p>
<div class="person-head">${avatar(person.name)}<div><h1>${person.name}</h1><p class="muted">${person.title} · ${person.team} · ${person.email}</p></div></div>
<section class="card"><h2 class="h3">Working hours</h2>
  <ul class="hours">${[1, 2, 3, 4, 5, 6, 7].map((d) => {
    const w = hours.find((h) => h.weekday === d);
    return html`<li><span>${weekdayName(d)}</span><span>${w ? `${formatClock(w.start_time)} – ${formatClock(w.end_time)}` : 'Off'}</span></li>`;
  })}</ul>
</section>
<div class="cal-toolbar">
  <a class="btn btn-icon" href="/people/${person.id}?date=${addDays(monday, -7)}" aria-label="Previous week">‹</a>
  <a class="btn btn-icon" href="/people/${person.id}?date=${addDays(monday, 7)}" aria-label="Next week">›</a>
  <h2 class="cal-title">Schedule, week of ${formatShortDate(monday)}</h2>
</div>
<div class="schedule">${days.map((day) => {
    const items = occurrences.filter((o) => o.start.slice(0, 10) === day);
    return html`<section class="schedule-day" aria-label="${formatLongDate(day)}"><h3>${formatShortDate(day)}</h3>
  ${
    items.length === 0
      ? html`<p class="muted small">No meetings</p>`
      : html`<ul>${items.map(
          (o) =>
            html`<li class="${o.event.show_as === 'free' ? 'is-free' : ''}"><span class="slot-time">${formatClock(timePart(o.start))} – ${formatClock(timePart(o.end))}</span> <a href="/events/${o.event.id}">${o.event.title}</a>${o.event.show_as === 'free' ? html` <span class="muted small">(free)</span>` : ''}</li>`,
        )}</ul>`
  }</section>`;
  })}</div>`;
}

export function directoryRoutes(app: AppBuilder): void {
  app.get('/rooms', (ctx) => ctx.render({ title: 'Meeting rooms', section: 'rooms', body: roomsPage(ctx) }));
  app.get('/rooms/:id', (ctx) => ctx.render({ title: 'Room', section: 'rooms', body: roomPage(ctx) }));
  app.get('/people', (ctx) => ctx.render({ title: 'People', section: 'people', body: peoplePage(ctx) }));
  app.get('/people/:id', (ctx) => ctx.render({ title: 'Person', section: 'people', body: personPage(ctx) }));
}
