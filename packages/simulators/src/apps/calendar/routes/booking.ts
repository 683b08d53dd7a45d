import {
  type AppBuilder,
  fieldError,
  formatLongDate,
  formatShortDate,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { BookingSchema } from '../forms';
import { nowLocal } from '../queries';
import { availableSlots, type BookingRules } from '../scheduling';
import { OWNER_ID } from '../seed';
import {
  addDays,
  addMinutes,
  datePart,
  formatClock,
  formatDuration,
  isDate,
  timePart,
  weekday,
  ZONE_LABEL,
} from '../time';

interface AppointmentType {
  id: number;
  slug: string;
  name: string;
  duration_minutes: number;
  description: string;
  location: string;
  active: number;
}

interface Settings {
  slug: string;
  headline: string;
  min_notice_hours: number;
  window_days: number;
}

/** How many bookable days the date strip offers. */
const DATE_STRIP_DAYS = 10;

function settings(ctx: RequestContext): Settings {
  const s = ctx.db.prepare<[], Settings>('SELECT * FROM booking_settings WHERE id = 1').get();
  if (!s || s.slug !== ctx.params.slug) throw new HttpError(404);
  return s;
}

function rules(s: Settings): BookingRules {
  return { minNoticeHours: s.min_notice_hours, windowDays: s.window_days };
}

function findType(ctx: RequestContext): AppointmentType {
  const type = ctx.db
    .prepare<[string], AppointmentType>('SELECT * FROM appointment_types WHERE slug = ? AND active = 1')
    .get(ctx.params.type ?? '');
  if (!type) throw new HttpError(404);
  return type;
}

/** Links inside the widget keep ?embed=1, so the iframe stays in its compact mode. */
function embedLink(ctx: RequestContext, path: string, query: Record<string, string> = {}): string {
  return ctx.link(path, { ...query, embed: ctx.query.get('embed') ?? ctx.form.get('embed') ?? '' });
}

function host(): SafeHtml {
  return html`<div class="host"><span class="avatar">JE</span><div><b>Jordan Ellis</b><div class="muted small">Product Lead · Harborline</div></div></div>`;
}

function typesPage(ctx: RequestContext): SafeHtml {
  const s = settings(ctx);
  const types = ctx.db
    .prepare<[], AppointmentType>('SELECT * FROM appointment_types WHERE active = 1 ORDER BY id')
    .all();
  return html`${host()}<h1>${s.headline}</h1><p class="muted">Pick the kind of meeting you would like.</p>
<ul class="type-list">${types.map(
    (
      t,
    ) => html`<li><a class="type-card" href="${embedLink(ctx, `/book/${s.slug}/${t.slug}`)}"><b>${t.name}</b>
    <span class="muted">${formatDuration(t.duration_minutes)} · ${t.location}</span><span class="small">${t.description}</span></a></li>`,
  )}</ul>`;
}

function bookableDays(
  ctx: RequestContext,
  s: Settings,
  type: AppointmentType,
): { date: string; slots: string[] }[] {
  const now = nowLocal(ctx);
  const out: { date: string; slots: string[] }[] = [];
  for (
    let d = datePart(now);
    out.length < DATE_STRIP_DAYS && d <= addDays(datePart(now), s.window_days);
    d = addDays(d, 1)
  ) {
    if (weekday(d) > 5) continue;
    out.push({ date: d, slots: availableSlots(ctx.db, OWNER_ID, d, type.duration_minutes, now, rules(s)) });
  }
  return out;
}

function slotsPage(ctx: RequestContext): SafeHtml {
  const s = settings(ctx);
  const type = findType(ctx);
  const days = bookableDays(ctx, s, type);
  const asked = ctx.query.get('date');
  const selected = days.find((d) => d.date === asked) ?? days.find((d) => d.slots.length > 0) ?? days[0];
  return html`<p class="crumbs"><a href="${embedLink(ctx, `/book/${s.slug}`)}">← All meeting types</a></p>
${host()}
<h1>${type.name}</h1>
<p class="muted">${formatDuration(type.duration_minutes)} · ${type.location}</p>
<h2 class="h3">Choose a day</h2>
<div class="date-strip">${days.map(
    (
      d,
    ) => html`<a href="${embedLink(ctx, `/book/${s.slug}/${type.slug}`, { date: d.date })}" class="${d.date === selected?.date ? 'on' : ''} ${d.slots.length === 0 ? 'full' : ''}"
      aria-label="${formatLongDate(d.date)}" ${d.date === selected?.date ? html`aria-current="date"` : ''}><span>${formatShortDate(d.date).slice(0, 3)}</span><b>${Number(d.date.slice(8))}</b><span class="small">${d.slots.length === 0 ? 'Full' : `${d.slots.length} open`}</span></a>`,
  )}</div>
${
  selected
    ? html`<h2 class="h3">Available times on ${formatLongDate(selected.date)}</h2>
  ${
    selected.slots.length === 0
      ? html`<p class="muted">No times left on this day. Try another day.</p>`
      : html`<div class="slots">${selected.slots.map(
          (t) =>
            html`<a class="slot" href="${embedLink(ctx, `/book/${s.slug}/${type.slug}/details`, { start: `${selected.date}T${t}` })}">${formatClock(t)}</a>`,
        )}</div>`
  }`
    : ''
}
<p class="muted small">All times in ${ZONE_LABEL}.</p>`;
}

function slotFree(ctx: RequestContext, s: Settings, type: AppointmentType, start: string): boolean {
  return availableSlots(
    ctx.db,
    OWNER_ID,
    datePart(start),
    type.duration_minutes,
    nowLocal(ctx),
    rules(s),
  ).includes(timePart(start));
}

function detailsForm(
  ctx: RequestContext,
  s: Settings,
  type: AppointmentType,
  start: string,
  values: Record<string, string>,
  errors: Record<string, string | undefined>,
): SafeHtml {
  return html`<p class="crumbs"><a href="${embedLink(ctx, `/book/${s.slug}/${type.slug}`, { date: datePart(start) })}">← Pick another time</a></p>
${host()}
<h1>${type.name}</h1>
<p class="summary-line"><b>${formatLongDate(datePart(start))}</b>, ${formatClock(timePart(start))} – ${formatClock(timePart(addMinutes(start, type.duration_minutes)))}</p>
${errors.start ? html`<p class="alert alert-error" role="alert">${errors.start}</p>` : ''}
<form method="post" action="/book/${s.slug}/${type.slug}" class="stack" novalidate>
  <input type="hidden" name="start" value="${start}">
  <input type="hidden" name="embed" value="${ctx.query.get('embed') ?? ctx.form.get('embed') ?? ''}">
  <label for="name">Your name</label><input id="name" name="name" value="${values.name ?? ''}" autocomplete="name">${fieldError(errors.name)}
  <label for="guest-email">Email</label><input id="guest-email" name="email" type="email" value="${values.email ?? ''}" autocomplete="email">${fieldError(errors.email)}
  <label for="note">Anything Jordan should know? (optional)</label><textarea id="note" name="note" rows="3">${values.note ?? ''}</textarea>${fieldError(errors.note)}
  <button class="btn btn-primary btn-block">Confirm booking</button>
</form>`;
}

export function bookingRoutes(app: AppBuilder): void {
  const publicPage = (ctx: RequestContext, title: string, body: SafeHtml, status = 200) =>
    ctx.render({ title, layout: 'public', body, status });

  app.get('/book/:slug', (ctx) => publicPage(ctx, 'Book time with Jordan Ellis', typesPage(ctx)), {
    access: 'public',
  });
  app.get('/book/:slug/:type', (ctx) => publicPage(ctx, 'Pick a time', slotsPage(ctx)), { access: 'public' });
  app.get(
    '/book/:slug/:type/details',
    (ctx) => {
      const s = settings(ctx);
      const type = findType(ctx);
      const start = ctx.query.get('start') ?? '';
      if (!isDate(start.slice(0, 10)) || !/T\d{2}:\d{2}$/.test(start)) throw new HttpError(404);
      const errors = slotFree(ctx, s, type, start)
        ? {}
        : { start: 'That time is no longer available. Pick another time.' };
      return publicPage(ctx, 'Your details', detailsForm(ctx, s, type, start, {}, errors));
    },
    { access: 'public' },
  );
  app.post(
    '/book/:slug/:type',
    (ctx) => {
      const s = settings(ctx);
      const type = findType(ctx);
      const start = ctx.form.get('start') ?? '';
      const result = BookingSchema.parse(ctx.form);
      const errors: Record<string, string | undefined> = { ...result.errors };
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(start) || !slotFree(ctx, s, type, start)) {
        errors.start = 'That time is no longer available. Pick another time.';
      }
      if (!result.ok || errors.start) {
        return publicPage(ctx, 'Your details', detailsForm(ctx, s, type, start, result.values, errors), 422);
      }
      const at = ctx.now().toISOString();
      const end = addMinutes(start, type.duration_minutes);
      const { name, email, note } = result.data;
      const eventId = ctx.db
        .prepare(
          `INSERT INTO events (title, description, start_at, end_at, location, room_id, organizer_id, recurrence,
             occurrences, show_as, status, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, NULL, ?, 'none', 1, 'busy', 'confirmed', ?, ?)`,
        )
        .run(
          `${type.name} with ${name}`,
          `Booked through your booking page by ${name} (${email}).${note ? ` Note: ${note}` : ''}`,
          start,
          end,
          type.location,
          OWNER_ID,
          at,
          at,
        ).lastInsertRowid;
      const reference = `SW-${ctx.rng.token(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}`;
      ctx.db
        .prepare(
          `INSERT INTO bookings (reference, appointment_type_id, event_id, guest_name, guest_email, note, start_at, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(reference, type.id, eventId, name, email, note, start, at);
      return ctx.redirect(embedLink(ctx, `/book/${s.slug}/confirmed/${reference}`));
    },
    { access: 'public' },
  );
  app.get(
    '/book/:slug/confirmed/:reference',
    (ctx) => {
      const s = settings(ctx);
      const booking = ctx.db
        .prepare<
          [string],
          {
            reference: string;
            guest_name: string;
            guest_email: string;
            start_at: string;
            name: string;
            duration_minutes: number;
          }
        >(
          `SELECT b.*, t.name, t.duration_minutes FROM bookings b JOIN appointment_types t ON t.id = b.appointment_type_id
           WHERE b.reference = ?`,
        )
        .get(ctx.params.reference ?? '');
      if (!booking) throw new HttpError(404);
      return publicPage(
        ctx,
        'Booking confirmed',
        html`<div class="confirmed"><div class="check-circle" aria-hidden="true">✓</div>
<h1>You are booked</h1>
<p>${booking.name} with Jordan Ellis</p>
<p class="summary-line"><b>${formatLongDate(datePart(booking.start_at))}</b>, ${formatClock(timePart(booking.start_at))} – ${formatClock(timePart(addMinutes(booking.start_at, booking.duration_minutes)))}</p>
<p class="muted">A calendar invitation was sent to ${booking.guest_email}. Reference <b class="reference">${booking.reference}</b></p>
<p><a href="${embedLink(ctx, `/book/${s.slug}`)}">Book another meeting</a></p></div>`,
      );
    },
    { access: 'public' },
  );

  app.get('/booking-page', (ctx) => {
    const s = ctx.db.prepare<[], Settings>('SELECT * FROM booking_settings WHERE id = 1').get() as Settings;
    const types = ctx.db.prepare<[], AppointmentType>('SELECT * FROM appointment_types ORDER BY id').all();
    const upcoming = ctx.db
      .prepare<
        [string],
        { reference: string; guest_name: string; start_at: string; name: string; event_id: number }
      >(
        `SELECT b.reference, b.guest_name, b.start_at, t.name, b.event_id FROM bookings b
         JOIN appointment_types t ON t.id = b.appointment_type_id WHERE b.start_at >= ? ORDER BY b.start_at LIMIT 8`,
      )
      .all(nowLocal(ctx));
    const url = `${ctx.url.origin}/book/${s.slug}`;
    return ctx.render({
      title: 'Share my booking page',
      section: 'booking',
      body: html`<div class="page-head"><h1>Share my booking page</h1>
  <p class="muted">Guests pick a time inside your working hours (at least ${s.min_notice_hours} h ahead, up to ${s.window_days} days out). Bookings land on your calendar.</p></div>
<div class="share-grid">
  <div>
    <section class="card"><h2 class="h3">Your link</h2>
      <p><a class="share-url" href="/book/${s.slug}" target="_blank">${url}</a></p>
      <h2 class="h3">Embed on your website</h2>
      <pre class="code">&lt;iframe src="${url}?embed=1" width="420" height="640"&gt;&lt;/iframe&gt;</pre>
    </section>
    <section class="card"><h2 class="h3">Meeting types</h2>
      <table class="table compact"><thead><tr><th>Type</th><th>Length</th><th>Status</th><th></th></tr></thead><tbody>${types.map(
        (
          t,
        ) => html`<tr><td>${t.name}</td><td>${formatDuration(t.duration_minutes)}</td><td>${t.active ? html`<span class="badge badge-accepted">Active</span>` : html`<span class="badge">Paused</span>`}</td>
        <td><form method="post" action="/booking-page/types/${t.id}/toggle"><button class="btn btn-ghost btn-sm">${t.active ? 'Pause' : 'Activate'}</button></form></td></tr>`,
      )}</tbody></table>
    </section>
    <section class="card"><h2 class="h3">Upcoming bookings</h2>
      ${
        upcoming.length === 0
          ? html`<p class="muted">No upcoming bookings.</p>`
          : html`<ul class="booking-list">${upcoming.map(
              (b) =>
                html`<li><a href="/events/${b.event_id}">${b.name} with ${b.guest_name}</a><span class="muted small">${formatShortDate(datePart(b.start_at))}, ${formatClock(timePart(b.start_at))} · ${b.reference}</span></li>`,
            )}</ul>`
      }
    </section>
  </div>
  <section class="card preview"><h2 class="h3">Live preview</h2>
    <p class="muted small">This is exactly what guests see. Bookings made here are real.</p>
    <iframe src="/book/${s.slug}?embed=1" title="Booking page preview" class="booking-frame"></iframe>
  </section>
</div>`,
    });
  });

  app.post('/booking-page/types/:id/toggle', (ctx) => {
    const type = ctx.db
      .prepare<[string], AppointmentType>('SELECT * FROM appointment_types WHERE id = ?')
      .get(ctx.params.id ?? '');
    if (!type) throw new HttpError(404);
    ctx.db.prepare('UPDATE appointment_types SET active = ? WHERE id = ?').run(type.active ? 0 : 1, type.id);
    return ctx.redirect('/booking-page', {
      kind: 'success',
      message: `${type.name} is ${type.active ? 'paused' : 'active again'}`,
    });
  });
}
