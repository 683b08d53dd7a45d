import { type AppBuilder, fieldError, html, type RequestContext, type SafeHtml } from '../../../kit';
import { BookingSettingsSchema } from '../forms';
import { workingHours } from '../scheduling';
import { OWNER_ID } from '../seed';
import { minutes, weekdayName } from '../time';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAYS = [1, 2, 3, 4, 5, 6, 7];

interface DayValue {
  on: boolean;
  start: string;
  end: string;
}

interface BookingSettings {
  min_notice_hours: number;
  window_days: number;
}

function settings(ctx: RequestContext): BookingSettings {
  return ctx.db
    .prepare<[], BookingSettings>('SELECT min_notice_hours, window_days FROM booking_settings WHERE id = 1')
    .get() as BookingSettings;
}

function page(
  days: Map<number, DayValue>,
  booking: Record<string, string>,
  errors: Record<string, string>,
): SafeHtml {
  return html`<div class="page-head"><h1>Availability</h1>
  <p class="muted">Your working hours are shown to colleagues and limit the times guests can book on your booking page.</p></div>
<form method="post" action="/settings/availability" class="card settings" novalidate>
  <h2 class="h3">Working hours</h2>
  <table class="hours-table"><tbody>${DAYS.map((d) => {
    const value = days.get(d) ?? { on: false, start: '09:00', end: '17:00' };
    const name = weekdayName(d);
    return html`<tr>
      <td><label class="check"><input type="checkbox" name="day_${d}" value="on" ${value.on ? 'checked' : ''}> ${name}</label></td>
      <td><input type="time" name="start_${d}" value="${value.start}" aria-label="${name} start" step="900"></td>
      <td class="muted">to</td>
      <td><input type="time" name="end_${d}" value="${value.end}" aria-label="${name} end" step="900"></td>
      <td>${fieldError(errors[`day_${d}`])}</td></tr>`;
  })}</tbody></table>
  <h2 class="h3">Booking page rules</h2>
  <div class="form-grid">
    <div class="field"><label for="min_notice_hours">Minimum notice (hours)</label>
      <input id="min_notice_hours" name="min_notice_hours" inputmode="numeric" value="${booking.min_notice_hours}">${fieldError(errors.min_notice_hours)}</div>
    <div class="field"><label for="window_days">Booking window (days ahead)</label>
      <input id="window_days" name="window_days" inputmode="numeric" value="${booking.window_days}">${fieldError(errors.window_days)}</div>
  </div>
  <div class="form-actions"><button class="btn btn-primary">Save availability</button></div>
</form>`;
}

export function availabilityRoutes(app: AppBuilder): void {
  app.get('/settings/availability', (ctx) => {
    const days = new Map(
      workingHours(ctx.db, OWNER_ID).map((w) => [
        w.weekday,
        { on: true, start: w.start_time, end: w.end_time },
      ]),
    );
    const s = settings(ctx);
    return ctx.render({
      title: 'Availability',
      section: 'availability',
      body: page(
        days,
        { min_notice_hours: String(s.min_notice_hours), window_days: String(s.window_days) },
        {},
      ),
    });
  });

  app.post('/settings/availability', (ctx) => {
    const errors: Record<string, string> = {};
    const days = new Map<number, DayValue>();
    for (const d of DAYS) {
      const value = {
        on: ctx.form.has(`day_${d}`),
        start: (ctx.form.get(`start_${d}`) ?? '').trim(),
        end: (ctx.form.get(`end_${d}`) ?? '').trim(),
      };
      days.set(d, value);
      if (!value.on) continue;
      if (!TIME.test(value.start) || !TIME.test(value.end))
        errors[`day_${d}`] = 'Enter a start and an end time';
      else if (minutes(value.end) <= minutes(value.start)) errors[`day_${d}`] = 'End must be after start';
    }
    const booking = BookingSettingsSchema.parse(ctx.form);
    Object.assign(errors, booking.errors);
    if (Object.keys(errors).length > 0 || !booking.ok) {
      return ctx.render({
        title: 'Availability',
        section: 'availability',
        status: 422,
        body: page(days, booking.values, errors),
      });
    }
    const current = new Map(workingHours(ctx.db, OWNER_ID).map((w) => [w.weekday, w]));
    for (const [d, value] of days) {
      const existing = current.get(d);
      if (!value.on && existing) {
        ctx.db.prepare('DELETE FROM working_hours WHERE person_id = ? AND weekday = ?').run(OWNER_ID, d);
      } else if (value.on && !existing) {
        ctx.db
          .prepare('INSERT INTO working_hours (person_id, weekday, start_time, end_time) VALUES (?, ?, ?, ?)')
          .run(OWNER_ID, d, value.start, value.end);
      } else if (value.on) {
        ctx.db
          .prepare(
            'UPDATE working_hours SET start_time = ?, end_time = ? WHERE person_id = ? AND weekday = ?',
          )
          .run(value.start, value.end, OWNER_ID, d);
      }
    }
    ctx.db
      .prepare('UPDATE booking_settings SET min_notice_hours = ?, window_days = ? WHERE id = 1')
      .run(booking.data.min_notice_hours, booking.data.window_days);
    return ctx.redirect('/settings/availability', { kind: 'success', message: 'Availability saved' });
  });
}
