import { classNames, html, type SafeHtml } from '../../../kit';
import { FARE_CLASSES, type FareClass, type FareCode } from '../data/fares';
import {
  clockLabel,
  dayLabel,
  dollars,
  durationLabel,
  type Flight,
  type Itinerary,
  minutesBetween,
} from '../domain';

/** View parts shared by Skyway's pages. */

export function money(cents: number): string {
  return dollars(cents);
}

export function airlineMark(code: string, name: string): SafeHtml {
  return html`<span class="airline"><span class="airline-mark airline-${code.toLowerCase()}" aria-hidden="true">${code}</span><span class="airline-name">${name}</span></span>`;
}

export function stopsLabel(stops: number): string {
  return stops === 0 ? 'Nonstop' : stops === 1 ? '1 stop' : `${stops} stops`;
}

/** The times line of an itinerary: departure – arrival, duration and stops. */
export function itineraryTimes(it: Itinerary): SafeHtml {
  const overnight = it.arrive_at.slice(0, 10) !== it.depart_at.slice(0, 10);
  const via = it.segments.slice(0, -1).map((s) => s.destination);
  return html`<div class="it-times">
  <div class="it-end"><strong class="time depart-time">${clockLabel(it.depart_at)}</strong><span class="code">${it.origin}</span></div>
  <div class="it-line"><span class="duration">${durationLabel(it.duration_min)}</span><span class="line" aria-hidden="true"></span><span class="${classNames('stops', it.stops === 0 && 'nonstop')}">${stopsLabel(it.stops)}${via.length ? ` · ${via.join(', ')}` : ''}</span></div>
  <div class="it-end"><strong class="time arrive-time">${clockLabel(it.arrive_at)}${overnight ? html`<sup title="Arrives the next day">+1</sup>` : ''}</strong><span class="code">${it.destination}</span></div>
</div>`;
}

export function flightNumbers(it: Itinerary): string {
  return it.segments.map((s) => s.number).join(' + ');
}

/** A flight segment as a detail row (trip pages, the fare page). */
export function segmentRow(flight: Flight, extra?: SafeHtml): SafeHtml {
  return html`<li class="segment">
  <div class="segment-head">${airlineMark(flight.airline_code, flight.airline_name)}<span class="flight-number">${flight.number}</span><span class="muted">${dayLabel(flight.depart_date)}</span>${flight.status === 'cancelled' ? html`<span class="badge badge-bad">Cancelled</span>` : ''}</div>
  <div class="segment-body"><strong>${clockLabel(flight.depart_at)}</strong> ${flight.origin} → <strong>${clockLabel(flight.arrive_at)}</strong> ${flight.destination} <span class="muted">· ${durationLabel(flight.duration_min)}</span></div>
  ${extra ?? ''}
</li>`;
}

export function layovers(it: Itinerary): SafeHtml {
  const [a, b] = it.segments;
  if (!a || !b) return html``;
  return html`<li class="layover">Layover in ${a.destination}: ${durationLabel(minutesBetween(a.arrive_at, b.depart_at))}</li>`;
}

export function itineraryDetail(it: Itinerary): SafeHtml {
  const [first, second] = it.segments;
  return html`<ul class="segments">${first ? segmentRow(first) : ''}${layovers(it)}${second ? segmentRow(second) : ''}</ul>`;
}

function yes(ok: boolean, text: string): SafeHtml {
  return html`<td class="${ok ? 'rule-yes' : 'rule-no'}"><span aria-hidden="true">${ok ? '✓' : '✕'}</span> ${text}</td>`;
}

function ruleCells(fare: FareClass): { label: string; cell: SafeHtml }[] {
  return [
    {
      label: 'Changes',
      cell: yes(fare.changeable, fare.changeable ? 'Free changes, pay any fare difference' : 'No changes'),
    },
    {
      label: 'Cancellation',
      cell: yes(
        fare.refundable,
        fare.refundable
          ? 'Full refund to your card'
          : fare.cancel_fee_cents
            ? `Travel credit less ${dollars(fare.cancel_fee_cents)} fee`
            : 'Full travel credit',
      ),
    },
    {
      label: 'Checked bags',
      cell: yes(
        fare.bags_included > 0,
        fare.bags_included ? `${fare.bags_included} included` : 'From $35 each way',
      ),
    },
    {
      label: 'Seat selection',
      cell: yes(
        fare.seat_selection !== 'none',
        {
          none: 'Assigned at check-in',
          standard: 'Standard seats free',
          legroom: 'Extra-legroom seats free',
          first: 'First cabin',
        }[fare.seat_selection],
      ),
    },
    { label: 'Rewards points', cell: html`<td>${fare.points_per_dollar} per $1</td>` },
  ];
}

/** The fare comparison card: a custom element with its own (declarative) shadow root. */
export function fareRulesCard(highlight?: FareCode): SafeHtml {
  const rows = ['Changes', 'Cancellation', 'Checked bags', 'Seat selection', 'Rewards points'];
  const cells = FARE_CLASSES.map((f) => ruleCells(f));
  return html`<fare-rules>
<template shadowrootmode="open">
<style>
:host { display: block; font: inherit; color: #13233d; }
table { width: 100%; border-collapse: collapse; font-size: 13.5px; }
caption { text-align: left; font-weight: 700; font-size: 15px; padding-bottom: 8px; }
th, td { padding: 8px 10px; border-bottom: 1px solid #e3e8f0; text-align: left; vertical-align: top; }
thead th { background: #f1f5fb; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
th.current { background: #fff3cd; }
.rule-yes span { color: #0a7d4d; font-weight: 700; }
.rule-no span { color: #b42318; font-weight: 700; }
</style>
<table aria-label="Fare rules">
<caption>Compare fares</caption>
<thead><tr><th scope="col">Rule</th>${FARE_CLASSES.map((f) => html`<th scope="col" class="${f.code === highlight ? 'current' : ''}">${f.name}</th>`)}</tr></thead>
<tbody>${rows.map(
    (label, i) =>
      html`<tr data-rule="${label}"><th scope="row">${label}</th>${cells.map((c) => c[i]?.cell ?? '')}</tr>`,
  )}</tbody>
</table>
</template>
</fare-rules>`;
}

export interface SummaryLine {
  label: string;
  cents: number;
  key: string;
}

/** The price summary of the booking wizard: a custom element with its own shadow root. */
export function priceSummary(lines: SummaryLine[], total: number, note?: string): SafeHtml {
  return html`<price-summary>
<template shadowrootmode="open">
<style>
:host { display: block; font: inherit; color: #13233d; }
h2 { font-size: 16px; margin: 0 0 10px; }
dl { margin: 0; display: grid; gap: 8px; }
.row { display: flex; justify-content: space-between; gap: 12px; }
dt, dd { margin: 0; }
.total { border-top: 1px solid #d6dde8; padding-top: 10px; font-weight: 700; font-size: 17px; }
p { color: #5b6b82; font-size: 12.5px; margin: 10px 0 0; }
</style>
<section aria-label="Price summary">
<h2>Price summary</h2>
<dl>${lines.map((l) => html`<div class="row" data-row="${l.key}"><dt>${l.label}</dt><dd>${dollars(l.cents)}</dd></div>`)}
<div class="row total" data-row="total"><dt>Total</dt><dd>${dollars(total)}</dd></div></dl>
${note ? html`<p>${note}</p>` : ''}
</section>
</template>
</price-summary>`;
}

export function fareBadge(code: string): SafeHtml {
  const fare = FARE_CLASSES.find((f) => f.code === code);
  return html`<span class="${`fare-badge fare-${code}`}">${fare?.name ?? code}</span>`;
}

export function statusBadge(status: string): SafeHtml {
  return html`<span class="${classNames('badge', status === 'cancelled' ? 'badge-bad' : 'badge-good')}">${status === 'cancelled' ? 'Cancelled' : 'Confirmed'}</span>`;
}

export function emptyState(title: string, text: string, action?: SafeHtml): SafeHtml {
  return html`<div class="empty-state"><p class="empty-title">${title}</p><p class="muted">${text}</p>${action ?? ''}</div>`;
}
