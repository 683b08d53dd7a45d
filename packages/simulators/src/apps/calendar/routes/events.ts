import {
  type AppBuilder,
  type FormResult,
  fieldError,
  formatShortDate,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { EventSchema, type EventShape, RsvpSchema } from '../forms';
import {
  allPeople,
  allRooms,
  attendeesOf,
  findEvent,
  personById,
  type Room,
  roomById,
  today,
} from '../queries';
import {
  type Clash,
  candidateOccurrences,
  type EventRow,
  occurrencesOf,
  personClashes,
  roomClashes,
} from '../scheduling';
import { OWNER_ID } from '../seed';
import {
  addDays,
  addMinutes,
  datePart,
  formatClock,
  formatDuration,
  formatRange,
  isDate,
  minutes,
  timePart,
} from '../time';
import { avatar, emptyState, pageNumber, pager, responseBadge, sortHeader } from '../views/parts';

const PAGE_SIZE = 20;
type FormState = Pick<FormResult<EventShape>, 'values' | 'errors'>;

interface Warning {
  person: string;
  clash: Clash;
}

const SORTS: Record<string, string> = {
  'date:asc': 'e.start_at ASC, e.id',
  'date:desc': 'e.start_at DESC, e.id DESC',
  'title:asc': 'e.title ASC, e.start_at',
  'title:desc': 'e.title DESC, e.start_at',
};

function searchPage(ctx: RequestContext): SafeHtml {
  const q = (ctx.query.get('q') ?? '').trim();
  const from = ctx.query.get('from') ?? '';
  const to = ctx.query.get('to') ?? '';
  const scope = ctx.query.get('scope') === 'all' ? 'all' : 'mine';
  const sort = SORTS[ctx.query.get('sort') ?? ''] ? (ctx.query.get('sort') as string) : 'date:asc';
  const page = pageNumber(ctx);
  const where = ["e.status = 'confirmed'"];
  const args: (string | number)[] = [];
  if (scope === 'mine') {
    where.push(
      "(e.organizer_id = ? OR EXISTS (SELECT 1 FROM attendees a WHERE a.event_id = e.id AND a.person_id = ? AND a.response <> 'declined'))",
    );
    args.push(OWNER_ID, OWNER_ID);
  }
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    where.push(
      "(e.title LIKE ? ESCAPE '\\' OR e.location LIKE ? ESCAPE '\\' OR e.description LIKE ? ESCAPE '\\' OR o.name LIKE ? ESCAPE '\\')",
    );
    args.push(like, like, like, like);
  }
  if (isDate(from)) {
    where.push('e.start_at >= ?');
    args.push(`${from}T00:00`);
  }
  if (isDate(to)) {
    where.push('e.start_at < ?');
    args.push(`${addDays(to, 1)}T00:00`);
  }
  const clause = where.join(' AND ');
  const total =
    ctx.db
      .prepare<(string | number)[], { n: number }>(
        `SELECT count(*) AS n FROM events e JOIN people o ON o.id = e.organizer_id WHERE ${clause}`,
      )
      .get(...args)?.n ?? 0;
  const rows = ctx.db
    .prepare<(string | number)[], EventRow & { organizer: string; room: string | null }>(
      `SELECT e.*, o.name AS organizer, r.name AS room FROM events e JOIN people o ON o.id = e.organizer_id
       LEFT JOIN rooms r ON r.id = e.room_id WHERE ${clause} ORDER BY ${SORTS[sort]}
       LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
    )
    .all(...args);
  const query = { q, from, to, scope, sort };
  return html`<div class="page-head"><h1>Search events</h1></div>
<form class="filters" method="get" action="/events">
  <label class="grow"><span>Keywords</span><input type="search" name="q" value="${q}" placeholder="Title, place, organizer" aria-label="Keywords"></label>
  <label><span>From</span><input type="date" name="from" value="${from}" aria-label="From date"></label>
  <label><span>To</span><input type="date" name="to" value="${to}" aria-label="To date"></label>
  <label><span>Calendar</span><select name="scope" aria-label="Calendar">
    <option value="mine" ${scope === 'mine' ? 'selected' : ''}>My calendar</option>
    <option value="all" ${scope === 'all' ? 'selected' : ''}>Everyone at Harborline</option></select></label>
  <input type="hidden" name="sort" value="${sort}">
  <button class="btn btn-primary">Search</button>
</form>
${
  rows.length === 0
    ? emptyState('No events found', 'Try other keywords or widen the dates.')
    : html`<table class="table">
  <thead><tr>${sortHeader(ctx, '/events', query, 'date', 'When', sort)}${sortHeader(ctx, '/events', query, 'title', 'Event', sort)}<th>Where</th><th>Organizer</th></tr></thead>
  <tbody>${rows.map(
    (e) => html`<tr>
    <td class="nowrap">${formatRange(e.start_at, e.end_at)}${e.recurrence === 'weekly' ? html` <span class="badge">Weekly ×${e.occurrences}</span>` : ''}</td>
    <td><a href="/events/${e.id}">${e.title}</a></td>
    <td>${e.location || html`<span class="muted">—</span>`}</td>
    <td>${e.organizer}</td></tr>`,
  )}</tbody></table>
${pager(ctx, '/events', query, page, PAGE_SIZE, total, 'events')}`
}`;
}

function blankForm(ctx: RequestContext): FormState {
  const date = isDate(ctx.query.get('date')) ? (ctx.query.get('date') as string) : today(ctx);
  const start = ctx.query.get('start') ?? '10:00';
  const startTime = /^\d{2}:\d{2}$/.test(start) ? start : '10:00';
  return {
    values: EventSchema.empty({
      date,
      start_time: startTime,
      end_time: timePart(addMinutes(`${date}T${startTime}`, 30)),
      recurrence: 'none',
      show_as: 'busy',
      room: ctx.query.get('room') ?? '',
    }),
    errors: {},
  };
}

function valuesOf(ctx: RequestContext, event: EventRow): FormState {
  const attendees = attendeesOf(ctx, event.id).map((a) => String(a.person_id));
  return {
    values: {
      title: event.title,
      date: datePart(event.start_at),
      start_time: timePart(event.start_at),
      end_time: timePart(event.end_at),
      location: event.location,
      room: event.room_id === null ? '' : String(event.room_id),
      attendees: attendees.join(', '),
      recurrence: event.recurrence,
      occurrences: event.recurrence === 'weekly' ? String(event.occurrences) : '',
      show_as: event.show_as,
      description: event.description,
      confirm_conflicts: '',
    },
    errors: {},
  };
}

function eventForm(
  ctx: RequestContext,
  action: string,
  form: FormState,
  submitLabel: string,
  warnings: Warning[] = [],
): SafeHtml {
  const { values, errors } = form;
  const chosen = new Set((values.attendees ?? '').split(/,\s*/).filter(Boolean));
  const people = allPeople(ctx).filter((p) => p.id !== OWNER_ID);
  const rooms = allRooms(ctx);
  return html`<form id="event-form" method="post" action="${action}" class="event-form" novalidate>
  <div class="form-grid">
    <div class="field span-2"><label for="title">Title</label>
      <input id="title" name="title" value="${values.title}" placeholder="Add a title" maxlength="120">${fieldError(errors.title)}</div>
    <div class="field"><label for="date">Date</label><input id="date" type="date" name="date" value="${values.date}">${fieldError(errors.date)}</div>
    <div class="field-row">
      <div class="field"><label for="start_time">Start time</label><input id="start_time" type="time" name="start_time" value="${values.start_time}" step="300">${fieldError(errors.start_time)}</div>
      <div class="field"><label for="end_time">End time</label><input id="end_time" type="time" name="end_time" value="${values.end_time}" step="300">${fieldError(errors.end_time)}</div>
    </div>
    <div class="field"><label for="room">Room</label>
      <select id="room" name="room"><option value="">No room</option>${rooms.map(
        (r) =>
          html`<option value="${r.id}" ${values.room === String(r.id) ? 'selected' : ''}>${r.name} · Floor ${r.floor} · seats ${r.capacity}</option>`,
      )}</select>${fieldError(errors.room)}</div>
    <div class="field"><label for="location">Location or video link</label>
      <input id="location" name="location" value="${values.location}" placeholder="Video call, address…">${fieldError(errors.location)}</div>
    <div class="field"><label for="recurrence">Repeat</label>
      <select id="recurrence" name="recurrence">
        <option value="none" ${values.recurrence !== 'weekly' ? 'selected' : ''}>Does not repeat</option>
        <option value="weekly" ${values.recurrence === 'weekly' ? 'selected' : ''}>Weekly on the same day</option>
      </select>${fieldError(errors.recurrence)}</div>
    <div class="field"><label for="occurrences">Number of weeks</label>
      <input id="occurrences" name="occurrences" inputmode="numeric" value="${values.occurrences}" placeholder="For weekly events, 2–26">${fieldError(errors.occurrences)}</div>
    <div class="field"><label for="show_as">Show as</label>
      <select id="show_as" name="show_as"><option value="busy" ${values.show_as !== 'free' ? 'selected' : ''}>Busy</option><option value="free" ${values.show_as === 'free' ? 'selected' : ''}>Free</option></select></div>
    <fieldset class="field span-2 guests"><legend>Guests</legend>
      <div class="guest-list">${people.map(
        (p) =>
          html`<label class="guest"><input type="checkbox" name="attendees" value="${p.id}" ${chosen.has(String(p.id)) ? 'checked' : ''}> ${avatar(p.name)} <span>${p.name}</span> <span class="muted small">${p.team}</span></label>`,
      )}</div>${fieldError(errors.attendees)}</fieldset>
    <div class="field span-2"><label for="description">Description</label>
      <textarea id="description" name="description" rows="4" placeholder="Agenda, links, notes">${values.description}</textarea>${fieldError(errors.description)}</div>
  </div>
  <div class="form-actions"><button class="btn btn-primary">${submitLabel}</button><a class="btn btn-ghost" href="/calendar/week?date=${values.date || today(ctx)}">Cancel</a></div>
</form>
${
  warnings.length > 0
    ? html`<dialog id="conflict-warning" class="kit-modal" data-open aria-labelledby="conflict-title"><div class="kit-modal-body">
  <h2 id="conflict-title">Some people are busy</h2>
  <p>These guests already have something at that time:</p>
  <ul class="clash-list">${warnings.map(
    (w) =>
      html`<li><b>${w.person}</b> — busy ${formatShortDate(datePart(w.clash.occurrence.start))}, ${formatClock(timePart(w.clash.occurrence.start))} – ${formatClock(timePart(w.clash.occurrence.end))} (${w.clash.occurrence.event.title})</li>`,
  )}</ul>
  <div class="kit-modal-actions"><button type="button" class="btn btn-ghost" data-modal-close>Go back and edit</button>
  <button type="submit" class="btn btn-warning" form="event-form" name="confirm_conflicts" value="1">Save anyway</button></div>
</div></dialog>`
    : ''
}`;
}

interface Validated {
  start: string;
  end: string;
  room: Room | undefined;
  weekly: number;
  attendees: number[];
}

/** Checks beyond the field rules: times in order, the room big enough and free. Fills form.errors. */
function validate(
  ctx: RequestContext,
  form: FormResult<EventShape>,
  exceptId: number | null,
): Validated | null {
  if (!form.ok) return null;
  const d = form.data;
  const errors = form.errors as Record<string, string>;
  const start = `${d.date}T${d.start_time}`;
  const end = `${d.date}T${d.end_time}`;
  if (minutes(d.end_time) <= minutes(d.start_time)) errors.end_time = 'End time must be after the start time';
  if (d.recurrence === 'weekly' && d.occurrences === null)
    errors.occurrences = 'Number of weeks is required for a weekly event';
  const weekly = d.recurrence === 'weekly' ? (d.occurrences ?? 1) : 1;
  const attendees = d.attendees.map(Number).filter((id) => id !== OWNER_ID);
  const room = roomById(ctx, d.room);
  if (d.room !== null && !room) errors.room = 'Choose a valid room';
  if (room && !errors.end_time) {
    const people = attendees.length + 1;
    if (people > room.capacity) {
      errors.room = `${room.name} seats ${room.capacity}; this meeting has ${people} people`;
    } else {
      const clash = roomClashes(ctx.db, room.id, candidateOccurrences(start, end, weekly), exceptId)[0];
      if (clash) {
        errors.room = `${room.name} is already booked ${formatShortDate(datePart(clash.occurrence.start))}, ${formatClock(timePart(clash.occurrence.start))} – ${formatClock(timePart(clash.occurrence.end))} (${clash.occurrence.event.title})`;
      }
    }
  }
  return Object.keys(errors).length > 0 ? null : { start, end, room, weekly, attendees };
}

function busyWarnings(ctx: RequestContext, v: Validated, exceptId: number | null): Warning[] {
  const candidate = candidateOccurrences(v.start, v.end, v.weekly);
  return v.attendees.flatMap((id) =>
    personClashes(ctx.db, id, candidate, exceptId).map((clash) => ({
      person: personById(ctx, id)?.name ?? 'Guest',
      clash,
    })),
  );
}

function formPage(ctx: RequestContext, title: string, body: SafeHtml, status: number) {
  return ctx.render({
    title,
    section: 'calendar',
    status,
    body: html`<div class="page-head"><h1>${title}</h1></div><div class="card">${body}</div>`,
  });
}

function locationFor(location: string, room: Room | undefined): string {
  if (location) return location;
  return room ? `${room.name} · Floor ${room.floor}` : '';
}

function eventPage(ctx: RequestContext, event: EventRow): SafeHtml {
  const organizer = personById(ctx, event.organizer_id);
  const room = roomById(ctx, event.room_id);
  const attendees = attendeesOf(ctx, event.id);
  const mine = attendees.find((a) => a.person_id === OWNER_ID);
  const isOrganizer = event.organizer_id === OWNER_ID;
  const series = occurrencesOf(event);
  const last = series[series.length - 1];
  const counts = ['accepted', 'tentative', 'declined', 'needs_action'].map(
    (r) => [r, attendees.filter((a) => a.response === r).length] as const,
  );
  const minutesLong = minutes(timePart(event.end_at)) - minutes(timePart(event.start_at));
  return html`<p class="crumbs"><a href="/calendar/week?date=${datePart(event.start_at)}">← Back to calendar</a></p>
<div class="event-head">
  <div>
    <h1>${event.title}${event.status === 'cancelled' ? html` <span class="badge badge-declined">Cancelled</span>` : ''}</h1>
    <p class="event-when">${formatRange(event.start_at, event.end_at)} <span class="muted">(${formatDuration(minutesLong)})</span></p>
    ${event.recurrence === 'weekly' && last ? html`<p class="muted">Repeats weekly · ${event.occurrences} occurrences, until ${formatShortDate(datePart(last.start))}</p>` : ''}
  </div>
  ${
    isOrganizer && event.status === 'confirmed'
      ? html`<div class="head-actions"><a class="btn btn-ghost" href="/events/${event.id}/edit">Edit event</a>
      <form method="post" action="/events/${event.id}/cancel" data-confirm="Cancel “${event.title}”? Guests will be notified." data-confirm-label="Cancel event"><button class="btn btn-danger-ghost">Cancel event</button></form></div>`
      : ''
  }
</div>
<div class="detail-grid">
  <section class="card">
    <dl class="facts">
      <dt>Where</dt><dd>${locationFor(event.location, room) || html`<span class="muted">No location</span>`}</dd>
      <dt>Room</dt><dd>${room ? html`<a href="/rooms/${room.id}?date=${datePart(event.start_at)}">${room.name}</a> · Floor ${room.floor} · seats ${room.capacity}` : html`<span class="muted">No room booked</span>`}</dd>
      <dt>Organizer</dt><dd>${organizer ? html`<a href="/people/${organizer.id}">${organizer.name}</a>` : ''}</dd>
      <dt>Show as</dt><dd>${event.show_as === 'busy' ? 'Busy' : 'Free'}</dd>
    </dl>
    ${event.description ? html`<h2 class="h3">Description</h2><p class="description">${event.description}</p>` : ''}
  </section>
  <section class="card">
    <h2 class="h3">Guests <span class="muted">(${attendees.length})</span></h2>
    <p class="muted small">${counts
      .filter(([, n]) => n > 0)
      .map(([r, n]) => `${n} ${r === 'needs_action' ? 'awaiting' : r}`)
      .join(' · ')}</p>
    <ul class="guest-rows">
      ${organizer ? html`<li>${avatar(organizer.name)}<span>${organizer.name}</span>${responseBadge('organizer')}</li>` : ''}
      ${attendees.map(
        (a) =>
          html`<li>${avatar(a.name)}<span>${a.name}${a.comment ? html`<span class="guest-comment">“${a.comment}”</span>` : ''}</span>${responseBadge(a.response)}</li>`,
      )}
    </ul>
  </section>
</div>
${
  mine && event.status === 'confirmed'
    ? html`<section class="card rsvp" aria-labelledby="rsvp-title">
  <h2 id="rsvp-title" class="h3">Your response: ${responseBadge(mine.response)}</h2>
  <form method="post" action="/events/${event.id}/rsvp" class="stack">
    <label for="comment">Note to ${organizer?.name ?? 'the organizer'} (optional)</label>
    <textarea id="comment" name="comment" rows="2" maxlength="500">${mine.comment}</textarea>
    <div class="rsvp-buttons">
      <button name="response" value="accepted" class="btn btn-success">Accept</button>
      <button name="response" value="tentative" class="btn btn-ghost">Maybe</button>
      <button name="response" value="declined" class="btn btn-danger-ghost">Decline</button>
    </div>
  </form>
</section>`
    : ''
}`;
}

function saveAttendees(ctx: RequestContext, eventId: number, wanted: number[]): void {
  const current = attendeesOf(ctx, eventId).map((a) => a.person_id);
  for (const id of current) {
    if (!wanted.includes(id))
      ctx.db.prepare('DELETE FROM attendees WHERE event_id = ? AND person_id = ?').run(eventId, id);
  }
  for (const id of wanted) {
    if (!current.includes(id))
      ctx.db.prepare('INSERT INTO attendees (event_id, person_id) VALUES (?, ?)').run(eventId, id);
  }
}

export function eventRoutes(app: AppBuilder): void {
  app.get('/events', (ctx) =>
    ctx.render({ title: 'Search events', section: 'search', body: searchPage(ctx) }),
  );

  app.get('/events/new', (ctx) =>
    formPage(ctx, 'New event', eventForm(ctx, '/events', blankForm(ctx), 'Save event'), 200),
  );

  app.post('/events', (ctx) => {
    const result = EventSchema.parse(ctx.form);
    const valid = validate(ctx, result, null);
    if (!valid) return formPage(ctx, 'New event', eventForm(ctx, '/events', result, 'Save event'), 422);
    const warnings = busyWarnings(ctx, valid, null);
    if (warnings.length > 0 && !(result.ok && result.data.confirm_conflicts)) {
      return formPage(ctx, 'New event', eventForm(ctx, '/events', result, 'Save event', warnings), 409);
    }
    const d = result.ok ? result.data : null;
    if (!d) throw new HttpError(400);
    const at = ctx.now().toISOString();
    const id = Number(
      ctx.db
        .prepare(
          `INSERT INTO events (title, description, start_at, end_at, location, room_id, organizer_id, recurrence,
             occurrences, show_as, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'confirmed', ?, ?)`,
        )
        .run(
          d.title,
          d.description,
          valid.start,
          valid.end,
          locationFor(d.location, valid.room),
          valid.room?.id ?? null,
          OWNER_ID,
          valid.weekly > 1 ? 'weekly' : 'none',
          valid.weekly,
          d.show_as,
          at,
          at,
        ).lastInsertRowid,
    );
    saveAttendees(ctx, id, valid.attendees);
    return ctx.redirect(`/events/${id}`, { kind: 'success', message: 'Event created. Invitations sent.' });
  });

  app.get('/events/:id', (ctx) => {
    const event = findEvent(ctx);
    return ctx.render({ title: event.title, section: 'calendar', body: eventPage(ctx, event) });
  });

  app.get('/events/:id/edit', (ctx) => {
    const event = findEvent(ctx);
    if (event.organizer_id !== OWNER_ID) throw new HttpError(403);
    return formPage(
      ctx,
      `Edit “${event.title}”`,
      eventForm(ctx, `/events/${event.id}`, valuesOf(ctx, event), 'Save changes'),
      200,
    );
  });

  app.post('/events/:id', (ctx) => {
    const event = findEvent(ctx);
    if (event.organizer_id !== OWNER_ID) throw new HttpError(403);
    const title = `Edit “${event.title}”`;
    const result = EventSchema.parse(ctx.form);
    const valid = validate(ctx, result, event.id);
    if (!valid)
      return formPage(ctx, title, eventForm(ctx, `/events/${event.id}`, result, 'Save changes'), 422);
    const warnings = busyWarnings(ctx, valid, event.id);
    if (warnings.length > 0 && !(result.ok && result.data.confirm_conflicts)) {
      return formPage(
        ctx,
        title,
        eventForm(ctx, `/events/${event.id}`, result, 'Save changes', warnings),
        409,
      );
    }
    const d = result.ok ? result.data : null;
    if (!d) throw new HttpError(400);
    // The stored location follows the room when it was only the room's label.
    const previousRoom = roomById(ctx, event.room_id);
    const roomLabel = previousRoom ? `${previousRoom.name} · Floor ${previousRoom.floor}` : '';
    const location = d.location === roomLabel ? '' : d.location;
    ctx.db
      .prepare(
        `UPDATE events SET title = ?, description = ?, start_at = ?, end_at = ?, location = ?, room_id = ?,
           recurrence = ?, occurrences = ?, show_as = ?, updated_at = ? WHERE id = ?`,
      )
      .run(
        d.title,
        d.description,
        valid.start,
        valid.end,
        locationFor(location, valid.room),
        valid.room?.id ?? null,
        valid.weekly > 1 ? 'weekly' : 'none',
        valid.weekly,
        d.show_as,
        ctx.now().toISOString(),
        event.id,
      );
    saveAttendees(ctx, event.id, valid.attendees);
    return ctx.redirect(`/events/${event.id}`, {
      kind: 'success',
      message: 'Changes saved. Guests were notified.',
    });
  });

  app.post('/events/:id/cancel', (ctx) => {
    const event = findEvent(ctx);
    if (event.organizer_id !== OWNER_ID) throw new HttpError(403);
    ctx.db
      .prepare("UPDATE events SET status = 'cancelled', updated_at = ? WHERE id = ?")
      .run(ctx.now().toISOString(), event.id);
    return ctx.redirect(`/calendar/week?date=${datePart(event.start_at)}`, {
      kind: 'success',
      message: `“${event.title}” was cancelled`,
    });
  });

  app.post('/events/:id/rsvp', (ctx) => {
    const event = findEvent(ctx);
    const result = RsvpSchema.parse(ctx.form);
    if (!result.ok) {
      ctx.flash('error', result.errors.comment ?? result.errors.response ?? 'Choose a response');
      return ctx.redirect(`/events/${event.id}`);
    }
    const { changes } = ctx.db
      .prepare(
        'UPDATE attendees SET response = ?, comment = ?, responded_at = ? WHERE event_id = ? AND person_id = ?',
      )
      .run(result.data.response, result.data.comment, ctx.now().toISOString(), event.id, OWNER_ID);
    if (changes === 0) throw new HttpError(403);
    const label = { accepted: 'accepted', tentative: 'marked as maybe', declined: 'declined' }[
      result.data.response
    ];
    return ctx.redirect(`/events/${event.id}`, { kind: 'success', message: `You ${label} “${event.title}”` });
  });
}
