import {
  type AppBuilder,
  classNames,
  formatLongDate,
  formatMonth,
  formatShortDate,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { type MyOccurrence, myOccurrences, nowLocal, today } from '../queries';
import { workingHours } from '../scheduling';
import { OWNER_ID } from '../seed';
import {
  addDays,
  datePart,
  formatClock,
  isDate,
  minutes,
  timePart,
  weekday,
  weekdayName,
  weekStart,
} from '../time';
import { RESPONSE_LABELS, responseBadge } from '../views/parts';

const FIRST_HOUR = 7;
const LAST_HOUR = 20;
const HOUR_PX = 52;

function chosenDate(ctx: RequestContext): string {
  const date = ctx.query.get('date');
  return isDate(date) ? date : today(ctx);
}

function viewSwitch(active: string, date: string): SafeHtml {
  return html`<div class="segmented" role="group" aria-label="View">
  ${(['day', 'week', 'month'] as const).map(
    (view) =>
      html`<a href="/calendar/${view}?date=${date}" class="${view === active ? 'on' : ''}" ${view === active ? html`aria-current="page"` : ''}>${view[0]?.toUpperCase()}${view.slice(1)}</a>`,
  )}
</div>`;
}

function toolbar(
  view: string,
  date: string,
  title: string,
  prev: string,
  next: string,
  todayDate: string,
): SafeHtml {
  return html`<div class="cal-toolbar">
  <a class="btn btn-ghost" href="/calendar/${view}?date=${todayDate}">Today</a>
  <a class="btn btn-icon" href="/calendar/${view}?date=${prev}" aria-label="Previous ${view}">‹</a>
  <a class="btn btn-icon" href="/calendar/${view}?date=${next}" aria-label="Next ${view}">›</a>
  <h1 class="cal-title">${title}</h1>
  <span class="spacer"></span>
  ${viewSwitch(view, date)}
</div>`;
}

function eventClass(o: MyOccurrence): string {
  return classNames(
    'ev',
    `ev-${o.role}`,
    o.event.show_as === 'free' && 'ev-free',
    o.event.organizer_id !== OWNER_ID && 'ev-invited',
  );
}

/** Side-by-side lanes for overlapping events of one day. */
function lanes(items: MyOccurrence[]): { item: MyOccurrence; lane: number; of: number }[] {
  const placed: { item: MyOccurrence; lane: number; of: number }[] = [];
  let group: { item: MyOccurrence; lane: number; of: number }[] = [];
  let groupEnd = '';
  const closeGroup = () => {
    const width = Math.max(1, ...group.map((g) => g.lane + 1));
    for (const g of group) g.of = width;
    placed.push(...group);
    group = [];
  };
  for (const item of items) {
    if (group.length > 0 && item.start >= groupEnd) closeGroup();
    const used = new Set(group.filter((g) => g.item.end > item.start).map((g) => g.lane));
    let lane = 0;
    while (used.has(lane)) lane++;
    group.push({ item, lane, of: 1 });
    groupEnd = groupEnd > item.end && group.length > 1 ? groupEnd : item.end;
  }
  if (group.length > 0) closeGroup();
  return placed;
}

function weekView(ctx: RequestContext): SafeHtml {
  const date = chosenDate(ctx);
  const monday = weekStart(date);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const now = nowLocal(ctx);
  const occurrences = myOccurrences(ctx, { start: `${monday}T00:00`, end: `${addDays(monday, 7)}T00:00` });
  const hours = workingHours(ctx.db, OWNER_ID);
  const title = `${formatShortDate(monday)} – ${formatShortDate(days[6] as string)}, ${monday.slice(0, 4)}`;
  const hourMarks = Array.from({ length: LAST_HOUR - FIRST_HOUR }, (_, i) => FIRST_HOUR + i);
  const top = (time: string) => ((minutes(time) - FIRST_HOUR * 60) / 60) * HOUR_PX;
  return html`${toolbar('week', date, title, addDays(monday, -7), addDays(monday, 7), datePart(now))}
<div class="week" style="--hour:${HOUR_PX}px">
  <div class="week-head">
    <div class="gutter"></div>
    ${days.map(
      (
        day,
      ) => html`<a class="${classNames('day-head', day === datePart(now) && 'is-today')}" href="/calendar/day?date=${day}">
        <span class="dow">${weekdayName(weekday(day)).slice(0, 3)}</span><span class="dom">${Number(day.slice(8))}</span></a>`,
    )}
  </div>
  <div class="week-body" style="height:${(LAST_HOUR - FIRST_HOUR) * HOUR_PX}px">
    <div class="gutter">${hourMarks.map((h) => html`<span class="hour-label" style="top:${(h - FIRST_HOUR) * HOUR_PX}px">${formatClock(`${String(h).padStart(2, '0')}:00`).replace(':00', '')}</span>`)}</div>
    ${days.map((day) => {
      const work = hours.find((w) => w.weekday === weekday(day));
      const dayItems = occurrences.filter((o) => datePart(o.start) === day);
      return html`<section class="${classNames('day-col', day === datePart(now) && 'is-today')}" aria-label="${formatLongDate(day)}">
        ${work ? html`<div class="work-band" style="top:${top(work.start_time)}px;height:${top(work.end_time) - top(work.start_time)}px"></div>` : ''}
        ${day === datePart(now) ? html`<div class="now-line" style="top:${top(timePart(now))}px"></div>` : ''}
        ${lanes(dayItems).map(({ item, lane, of }) => {
          const start = Math.max(0, top(timePart(item.start)));
          const height = Math.max(20, top(timePart(item.end)) - top(timePart(item.start)) - 2);
          const short = height < 34;
          return html`<a class="${classNames(eventClass(item), short && 'ev-short')}" href="/events/${item.event.id}" style="top:${start}px;height:${height}px;left:calc(${(lane * 100) / of}% + 2px);width:calc(${100 / of}% - 4px)"
            aria-label="${item.event.title}, ${formatClock(timePart(item.start))} – ${formatClock(timePart(item.end))}${item.role !== 'organizer' ? `, ${RESPONSE_LABELS[item.role]}` : ''}">
            <span class="ev-title">${item.event.title}</span>
            <span class="ev-time">${formatClock(timePart(item.start))} – ${formatClock(timePart(item.end))}</span></a>`;
        })}
      </section>`;
    })}
  </div>
</div>
${legend()}`;
}

function legend(): SafeHtml {
  return html`<p class="legend"><span class="key key-organizer"></span> Organized by you <span class="key key-accepted"></span> Going
  <span class="key key-tentative"></span> Maybe <span class="key key-needs_action"></span> Awaiting your reply <span class="key key-work"></span> Working hours</p>`;
}

function monthView(ctx: RequestContext): SafeHtml {
  const date = chosenDate(ctx);
  const first = `${date.slice(0, 7)}-01`;
  const gridStart = weekStart(first);
  const cells = Array.from({ length: 42 }, (_, i) => addDays(gridStart, i));
  const occurrences = myOccurrences(ctx, {
    start: `${gridStart}T00:00`,
    end: `${addDays(gridStart, 42)}T00:00`,
  });
  const now = today(ctx);
  const prev = addDays(first, -1).slice(0, 7);
  const next = addDays(first, 32).slice(0, 7);
  return html`${toolbar('month', date, formatMonth(date.slice(0, 7)), `${prev}-01`, `${next}-01`, now)}
<div class="month">
  ${['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d) => html`<div class="month-dow">${d}</div>`)}
  ${cells.map((day) => {
    const items = occurrences.filter((o) => datePart(o.start) === day);
    return html`<div class="${classNames('month-cell', day.slice(0, 7) !== date.slice(0, 7) && 'other-month', day === now && 'is-today')}">
      <a class="month-dom" href="/calendar/day?date=${day}" aria-label="${formatLongDate(day)}">${Number(day.slice(8))}</a>
      ${items
        .slice(0, 3)
        .map(
          (o) =>
            html`<a class="${classNames('chip', `chip-${o.role}`)}" href="/events/${o.event.id}"><b>${formatClock(timePart(o.start)).replace(':00', '')}</b> ${o.event.title}</a>`,
        )}
      ${items.length > 3 ? html`<a class="more" href="/calendar/day?date=${day}">+${items.length - 3} more</a>` : ''}
    </div>`;
  })}
</div>`;
}

function dayView(ctx: RequestContext): SafeHtml {
  const date = chosenDate(ctx);
  const occurrences = myOccurrences(ctx, { start: `${date}T00:00`, end: `${addDays(date, 1)}T00:00` });
  const work = workingHours(ctx.db, OWNER_ID).find((w) => w.weekday === weekday(date));
  const total = occurrences
    .filter((o) => o.event.show_as === 'busy')
    .reduce((sum, o) => sum + minutes(timePart(o.end)) - minutes(timePart(o.start)), 0);
  return html`${toolbar('day', date, formatLongDate(date), addDays(date, -1), addDays(date, 1), today(ctx))}
<div class="day-summary">
  <span>${work ? `Working hours ${formatClock(work.start_time)} – ${formatClock(work.end_time)}` : 'Not a working day'}</span>
  <span>${occurrences.length} ${occurrences.length === 1 ? 'event' : 'events'} · ${(total / 60).toFixed(1)} h busy</span>
  <a class="btn btn-ghost" href="/events/new?date=${date}">Add event on this day</a>
</div>
${
  occurrences.length === 0
    ? html`<div class="empty"><p class="empty-title">Nothing scheduled</p><p class="muted">Enjoy the focus time.</p></div>`
    : html`<ol class="agenda">${occurrences.map(
        (o) => html`<li class="${classNames('agenda-item', `agenda-${o.role}`)}">
        <span class="agenda-time">${formatClock(timePart(o.start))}<br><span class="muted">${formatClock(timePart(o.end))}</span></span>
        <span class="agenda-main"><a href="/events/${o.event.id}" class="agenda-title">${o.event.title}</a>
          <span class="muted">${o.event.location || 'No location'}${o.event.recurrence === 'weekly' ? ' · Repeats weekly' : ''}${o.event.show_as === 'free' ? ' · Shown as free' : ''}</span></span>
        ${responseBadge(o.role)}
      </li>`,
      )}</ol>`
}`;
}

export function calendarRoutes(app: AppBuilder): void {
  app.get('/calendar/week', (ctx) => ctx.render({ title: 'Week', section: 'calendar', body: weekView(ctx) }));
  app.get('/calendar/month', (ctx) =>
    ctx.render({ title: 'Month', section: 'calendar', body: monthView(ctx) }),
  );
  app.get('/calendar/day', (ctx) => ctx.render({ title: 'Day', section: 'calendar', body: dayView(ctx) }));
}
