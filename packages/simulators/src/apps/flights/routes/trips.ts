import {
  type AppBuilder,
  classNames,
  formatDate,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import {
  addDays,
  cancellationOutcome,
  checkInWindow,
  clockLabel,
  dayLabel,
  dollars,
  filterItineraries,
  findAircraft,
  type Itinerary,
  itinerariesFor,
  itineraryByKey,
  localMs,
  seatRows,
  segmentPrice,
  takenSeats,
} from '../domain';
import { lastScheduleDay } from '../search';
import { allTrips, cards, loadTrip, type Trip, tripDeparture, tripEnd } from '../trips';
import {
  emptyState,
  fareBadge,
  fareRulesCard,
  flightNumbers,
  itineraryTimes,
  segmentRow,
  statusBadge,
} from '../views/parts';
import { today } from './search';

/** My trips, a trip's page, changing a flight, cancelling, check-in and the boarding pass. */

function nowLocal(ctx: RequestContext): string {
  return ctx.now().toISOString().slice(0, 16);
}

function findTrip(ctx: RequestContext): Trip {
  const trip = loadTrip(ctx.db, ctx.params.code ?? '');
  if (!trip) throw new HttpError(404);
  return trip;
}

function cityOf(ctx: RequestContext, code: string): string {
  return (
    ctx.db.prepare<[string], { city: string }>('SELECT city FROM airports WHERE code = ?').get(code)?.city ??
    code
  );
}

function tripTitle(ctx: RequestContext, trip: Trip): string {
  const out = trip.legs[0]?.itinerary;
  return out ? `${cityOf(ctx, out.origin)} to ${cityOf(ctx, out.destination)}` : trip.booking.code;
}

type Tab = 'upcoming' | 'past' | 'cancelled';

function tabOf(ctx: RequestContext, trip: Trip): Tab {
  if (trip.booking.status === 'cancelled') return 'cancelled';
  return tripEnd(trip) < nowLocal(ctx) ? 'past' : 'upcoming';
}

function tripCard(ctx: RequestContext, trip: Trip): SafeHtml {
  const out = trip.legs[0]?.itinerary;
  const back = trip.legs[1]?.itinerary;
  return html`<article class="trip-card" aria-label="${trip.booking.code}">
  <div><p class="trip-dates">${out ? dayLabel(out.depart_at) : ''}${back ? ` – ${dayLabel(back.depart_at)}` : ''}</p>
  <h2><a href="/trips/${trip.booking.code}">${tripTitle(ctx, trip)}</a></h2>
  <p class="muted">${trip.booking.code} · ${trip.booking.trip_type === 'round_trip' ? 'Round trip' : 'One way'} · ${trip.passengers.length} traveller${trip.passengers.length === 1 ? '' : 's'}</p></div>
  <div class="trip-card-side">${fareBadge(trip.fare.code)} ${statusBadge(trip.booking.status)}</div>
</article>`;
}

function tripsPage(ctx: RequestContext): SafeHtml {
  const tab: Tab =
    ctx.query.get('tab') === 'past'
      ? 'past'
      : ctx.query.get('tab') === 'cancelled'
        ? 'cancelled'
        : 'upcoming';
  const trips = allTrips(ctx.db)
    .filter((t) => tabOf(ctx, t) === tab)
    .sort((a, b) =>
      tab === 'upcoming'
        ? tripDeparture(a).localeCompare(tripDeparture(b))
        : tripDeparture(b).localeCompare(tripDeparture(a)),
    );
  const tabs: [Tab, string][] = [
    ['upcoming', 'Upcoming'],
    ['past', 'Past'],
    ['cancelled', 'Cancelled'],
  ];
  return html`<h1>My trips</h1>
<nav class="tabs" aria-label="Trips">${tabs.map(([key, label]) => html`<a class="${classNames('tab', key === tab && 'active')}" href="${ctx.link('/trips', { tab: key === 'upcoming' ? '' : key })}" ${key === tab ? html`aria-current="page"` : ''}>${label}</a>`)}</nav>
<form method="get" action="/check-in" class="inline-form find-trip"><label for="find-code">Find a trip by confirmation code</label><input id="find-code" name="code" placeholder="e.g. K7P2QX"><button class="btn btn-quiet">Find</button></form>
${trips.length ? html`<div class="trip-list">${trips.map((t) => tripCard(ctx, t))}</div>` : emptyState('No trips here', tab === 'upcoming' ? 'Book a flight and it will show up here.' : 'Nothing to show.')}`;
}

function seatOf(trip: Trip, bookingFlightId: number, passengerId: number): string | undefined {
  return trip.seats.find(
    (s) => s.booking_flight_id === bookingFlightId && s.booking_passenger_id === passengerId,
  )?.seat;
}

function canChange(ctx: RequestContext, trip: Trip): string | null {
  if (trip.booking.status !== 'confirmed') return 'This trip is cancelled.';
  if (tripDeparture(trip) < nowLocal(ctx)) return 'This trip has started.';
  if (!trip.fare.changeable) return 'Basic fares can’t be changed.';
  return null;
}

function tripPage(ctx: RequestContext, trip: Trip): SafeHtml {
  const b = trip.booking;
  const upcoming = tabOf(ctx, trip) === 'upcoming';
  const changeProblem = canChange(ctx, trip);
  const outcome = cancellationOutcome(trip.fare, b.total_cents);
  const card = cards(ctx.db).find((c) => c.id === b.card_id);
  const window = checkInWindow(tripDeparture(trip), ctx.now());
  const credits = ctx.db
    .prepare<[number], { amount_cents: number; expires_on: string }>(
      'SELECT amount_cents, expires_on FROM travel_credits WHERE booking_id = ?',
    )
    .all(b.id);
  return html`<p class="crumbs"><a class="link" href="/trips">‹ My trips</a></p>
<div class="trip-head"><div><h1>${tripTitle(ctx, trip)}</h1>
<p class="muted">Confirmation <strong class="code">${b.code}</strong> · ${fareBadge(trip.fare.code)} ${statusBadge(b.status)}</p></div>
<div class="trip-actions">
  ${upcoming && window === 'open' ? html`<a class="btn btn-primary" href="/trips/${b.code}/check-in">Check in</a>` : ''}
  ${upcoming ? (changeProblem ? html`<span class="muted small" title="${changeProblem}">Change flight unavailable: ${changeProblem}</span>` : html`<a class="btn btn-quiet" href="/trips/${b.code}/change">Change flight</a>`) : ''}
  ${upcoming ? html`<button type="button" class="btn btn-danger-quiet" data-modal-open="cancel-trip">Cancel trip</button>` : ''}
</div></div>
${trip.legs.map(
  (
    leg,
  ) => html`<section class="card" aria-label="${leg.direction === 'outbound' ? 'Departing' : 'Returning'}"><h2>${leg.direction === 'outbound' ? 'Departing' : 'Returning'} · ${dayLabel(leg.itinerary.depart_at)}</h2>
  <ul class="segments">${leg.rows.map((row, i) => {
    const flight = leg.itinerary.segments[i];
    if (!flight) return '';
    return segmentRow(
      flight,
      html`<p class="seat-line">${trip.passengers.map((p) => html`<span class="seat-of">${p.first_name}: ${seatOf(trip, row.id, p.id) ?? (trip.fare.seat_selection === 'none' ? 'assigned at check-in' : 'no seat yet')}</span>`)}</p>`,
    );
  })}</ul></section>`,
)}
<section class="card" aria-label="Travellers"><h2>Travellers</h2>
<table class="table"><thead><tr><th>Name</th><th>Checked bags</th><th>Check-in</th></tr></thead><tbody>${trip.passengers.map(
    (p) =>
      html`<tr><td>${p.first_name} ${p.last_name}</td><td>${p.bags}</td><td>${p.checked_in ? html`Checked in · <a class="link" href="/trips/${b.code}/boarding-pass/${p.id}" target="_blank" rel="opener">Boarding pass</a>` : 'Not checked in'}</td></tr>`,
  )}</tbody></table></section>
<section class="card" aria-label="Payment"><h2>Payment</h2>
<dl class="facts"><div><dt>Fare</dt><dd>${dollars(b.fare_cents)}</dd></div><div><dt>Seats and bags</dt><dd>${dollars(b.extras_cents)}</dd></div><div><dt>Total paid</dt><dd class="total-paid">${dollars(b.total_cents)}</dd></div>
<div><dt>Card</dt><dd>${card ? `${card.brand} •••• ${card.last4}` : '—'}</dd></div><div><dt>Rewards points</dt><dd>${b.points_earned.toLocaleString('en-US')}</dd></div>
${b.refund_cents !== null ? html`<div><dt>Refunded</dt><dd>${dollars(b.refund_cents)}</dd></div>` : ''}
${b.credit_cents !== null ? html`<div><dt>Travel credit</dt><dd>${dollars(b.credit_cents)}${credits[0] ? ` (expires ${formatDate(`${credits[0].expires_on}T00:00:00Z`)})` : ''}</dd></div>` : ''}</dl></section>
<section class="card" aria-label="Fare rules">${fareRulesCard(trip.fare.code)}</section>
${
  upcoming
    ? html`<dialog id="cancel-trip" class="kit-modal" aria-labelledby="cancel-title"><form method="post" action="/trips/${b.code}/cancel" class="kit-modal-body">
  <h2 id="cancel-title">Cancel trip ${b.code}?</h2>
  ${
    outcome.refund
      ? html`<p class="outcome">You’ll get a refund of <strong class="refund-amount">${dollars(outcome.refund)}</strong> to ${card ? `${card.brand} •••• ${card.last4}` : 'your card'}.</p>`
      : html`<p class="outcome">${trip.fare.name} fares are not refundable. You’ll get a Skyway travel credit of <strong class="credit-amount">${dollars(outcome.credit)}</strong>${trip.fare.cancel_fee_cents ? ` (after a ${dollars(trip.fare.cancel_fee_cents)} cancellation fee)` : ''}, valid for one year. No money goes back to your card.</p>`
  }
  <p class="muted small">All ${trip.passengers.length} traveller${trip.passengers.length === 1 ? '' : 's'} and every flight of this trip are cancelled.</p>
  <div class="kit-modal-actions"><button type="button" class="btn btn-quiet" data-modal-close>Keep trip</button><button class="btn btn-danger">Cancel trip</button></div>
</form></dialog>`
    : ''
}`;
}

function changePage(ctx: RequestContext, trip: Trip): SafeHtml {
  const direction = ctx.query.get('direction') === 'return' && trip.legs[1] ? 'return' : 'outbound';
  const leg = trip.legs.find((l) => l.direction === direction) ?? trip.legs[0];
  if (!leg) throw new HttpError(404);
  const current = leg.itinerary;
  const dayParam = ctx.query.get('day') ?? '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(dayParam) ? dayParam : current.depart_at.slice(0, 10);
  const travellers = trip.passengers.length;
  const paid = leg.rows.reduce((sum, r) => sum + r.fare_cents, 0) * travellers;
  const valid = day >= today(ctx) && day <= lastScheduleDay();
  const options = valid
    ? filterItineraries(
        itinerariesFor(ctx.db, current.origin, current.destination, day),
        { stops: 'any', airlines: [], times: [], maxPrice: null, sort: 'depart' },
        trip.fare.code,
      ).filter((it) => it.key !== current.key && it.depart_at > nowLocal(ctx))
    : [];
  return html`<p class="crumbs"><a class="link" href="/trips/${trip.booking.code}">‹ Back to trip ${trip.booking.code}</a></p>
<h1>Change your flight</h1>
${trip.legs.length > 1 ? html`<nav class="tabs" aria-label="Direction">${trip.legs.map((l) => html`<a class="${classNames('tab', l.direction === direction && 'active')}" href="${ctx.link(`/trips/${trip.booking.code}/change`, { direction: l.direction })}">${l.direction === 'outbound' ? 'Departing' : 'Returning'}</a>`)}</nav>` : ''}
<section class="card" aria-label="Current flight"><h2>Current flight</h2><p>${flightNumbers(current)} · ${dayLabel(current.depart_at)} · ${clockLabel(current.depart_at)} → ${clockLabel(current.arrive_at)}</p><p class="muted small">You paid ${dollars(paid)} for this flight (${travellers} traveller${travellers === 1 ? '' : 's'}). Changes are free on ${trip.fare.name} fares; you pay any difference in fare. If the new flight costs less, the difference is not refunded.</p></section>
<form method="get" action="/trips/${trip.booking.code}/change" class="inline-form" data-datepicker-form>
  <input type="hidden" name="direction" value="${direction}">
  <div class="field date-field" data-datepicker data-min="${today(ctx)}" data-max="${lastScheduleDay()}" data-label="New date"><label for="change-day">New date</label><input id="change-day" name="day" value="${day}" placeholder="YYYY-MM-DD" autocomplete="off"><div class="calendar" role="dialog" aria-label="Choose new date" hidden></div></div>
  <button class="btn btn-quiet">Show flights</button>
</form>
${!valid ? html`<p class="alert alert-error" role="alert">Choose a date between ${dayLabel(today(ctx))} and ${dayLabel(lastScheduleDay())}.</p>` : ''}
<section class="results" aria-label="Flights"><p role="status" class="result-count">${options.length} flight${options.length === 1 ? '' : 's'} on ${dayLabel(day)}</p>
${options.map((it) => {
  const price = it.prices[trip.fare.code] * travellers;
  const diff = price - paid;
  return html`<article class="result-card" aria-label="${flightNumbers(it)}"><div class="result-main"><div class="result-airline"><span class="flight-number">${flightNumbers(it)}</span> <span class="muted">${it.airline_name}</span></div>${itineraryTimes(it)}</div>
  <div class="result-price"><span class="muted small">Fare difference</span><strong class="price diff">${diff > 0 ? `+${dollars(diff)}` : diff < 0 ? `${dollars(diff)} (not refunded)` : 'No difference'}</strong>
  <a class="btn btn-primary" href="${ctx.link(`/trips/${trip.booking.code}/change/review`, { direction, key: it.key })}">Choose</a></div></article>`;
})}
</section>`;
}

function changeDiff(
  trip: Trip,
  direction: string,
  it: Itinerary,
): { paid: number; price: number; due: number } {
  const leg = trip.legs.find((l) => l.direction === direction);
  const travellers = trip.passengers.length;
  const paid = (leg?.rows ?? []).reduce((sum, r) => sum + r.fare_cents, 0) * travellers;
  const price = it.prices[trip.fare.code] * travellers;
  return { paid, price, due: Math.max(0, price - paid) };
}

function reviewPage(ctx: RequestContext, trip: Trip, direction: string, it: Itinerary): SafeHtml {
  const { paid, price, due } = changeDiff(trip, direction, it);
  const card = cards(ctx.db).find((c) => c.id === trip.booking.card_id);
  return html`<p class="crumbs"><a class="link" href="${ctx.link(`/trips/${trip.booking.code}/change`, { direction, day: it.depart_at.slice(0, 10) })}">‹ Back to flights</a></p>
<h1>Review your change</h1>
<section class="card" aria-label="New flight"><h2>New flight · ${dayLabel(it.depart_at)}</h2><ul class="segments">${it.segments.map((f) => segmentRow(f))}</ul></section>
<section class="card" aria-label="Fare difference"><dl class="facts"><div><dt>Paid for the current flight</dt><dd>${dollars(paid)}</dd></div><div><dt>New flight</dt><dd>${dollars(price)}</dd></div><div><dt>To pay now</dt><dd class="due">${dollars(due)}</dd></div></dl>
<p class="muted small">${due ? `Charged to ${card ? `${card.brand} •••• ${card.last4}` : 'your card'}.` : 'Nothing to pay.'} Seats chosen for the old flight are released.</p></section>
<form method="post" action="/trips/${trip.booking.code}/change" data-confirm="${due ? `Pay ${dollars(due)} and change to ${flightNumbers(it)}?` : `Change to ${flightNumbers(it)}?`}" data-confirm-label="Confirm change">
  <input type="hidden" name="direction" value="${direction}"><input type="hidden" name="key" value="${it.key}">
  <button class="btn btn-primary">Confirm change</button>
</form>`;
}

function checkInPage(ctx: RequestContext, trip: Trip, error?: string): SafeHtml {
  const window = checkInWindow(tripDeparture(trip), ctx.now());
  const out = trip.legs[0]?.itinerary;
  const opens = new Date(localMs(tripDeparture(trip)) - 86_400_000).toISOString().slice(0, 16);
  return html`<p class="crumbs"><a class="link" href="/trips/${trip.booking.code}">‹ Trip ${trip.booking.code}</a></p>
<h1>Check in</h1>
${out ? html`<p>${flightNumbers(out)} · ${out.origin} → ${out.destination} · ${dayLabel(out.depart_at)} at ${clockLabel(out.depart_at)}</p>` : ''}
${
  trip.booking.status !== 'confirmed'
    ? html`<p class="alert alert-error" role="alert">This trip is cancelled.</p>`
    : window === 'early'
      ? html`<p class="notice" role="status">Check-in opens 24 hours before departure, on ${dayLabel(opens)} at ${clockLabel(opens)}.</p>`
      : window === 'closed'
        ? html`<p class="alert alert-error" role="alert">Check-in for this flight has closed.</p>`
        : html`${error ? html`<div class="alert alert-error" role="alert">${error}</div>` : ''}
<form method="post" action="/trips/${trip.booking.code}/check-in" class="stack card" novalidate>
  <fieldset><legend>Who’s checking in?</legend>
  ${trip.passengers.map((p) => html`<label class="check"><input type="checkbox" name="passenger" value="${p.id}" ${p.checked_in ? 'checked disabled' : ''}> ${p.first_name} ${p.last_name}${p.checked_in ? ' (checked in)' : ''}</label>`)}
  </fieldset>
  <label class="check"><input type="checkbox" name="hazmat" value="on"> I confirm my bags contain no hazardous materials (lithium batteries only in the cabin)</label>
  <button class="btn btn-primary">Check in</button>
</form>`
}`;
}

function boardingPass(ctx: RequestContext, trip: Trip, passengerId: number): SafeHtml {
  const p = trip.passengers.find((x) => x.id === passengerId);
  if (!p?.checked_in) throw new HttpError(404);
  const leg = trip.legs.find((l) => l.itinerary.depart_at >= nowLocal(ctx)) ?? trip.legs[0];
  if (!leg) throw new HttpError(404);
  return html`${leg.rows.map((row, i) => {
    const f = leg.itinerary.segments[i];
    if (!f) return '';
    const seat = seatOf(trip, row.id, p.id) ?? '—';
    const gate = `${'ABCDE'[f.id % 5]}${(f.id % 37) + 1}`;
    const boarding = new Date(localMs(f.depart_at) - 40 * 60_000).toISOString().slice(0, 16);
    return html`<article class="boarding-pass" aria-label="Boarding pass ${f.number}">
  <header><strong>${f.airline_name}</strong><span>${trip.fare.name}</span></header>
  <h1>${p.first_name} ${p.last_name}</h1>
  <dl class="pass-grid"><div><dt>Flight</dt><dd>${f.number}</dd></div><div><dt>Date</dt><dd>${dayLabel(f.depart_date)}</dd></div>
  <div><dt>From</dt><dd>${f.origin}</dd></div><div><dt>To</dt><dd>${f.destination}</dd></div>
  <div><dt>Gate</dt><dd class="gate">${gate}</dd></div><div><dt>Boarding</dt><dd class="boarding-time">${clockLabel(boarding)}</dd></div>
  <div><dt>Seat</dt><dd class="pass-seat">${seat}</dd></div><div><dt>Group</dt><dd>${trip.fare.code === 'first' ? '1' : trip.fare.code === 'comfort' ? '2' : trip.fare.code === 'main' ? '5' : '8'}</dd></div>
  <div><dt>Confirmation</dt><dd>${trip.booking.code}</dd></div><div><dt>Departs</dt><dd>${clockLabel(f.depart_at)}</dd></div></dl>
  <div class="barcode" aria-hidden="true"></div>
</article>`;
  })}`;
}

export function tripRoutes(app: AppBuilder): void {
  app.get('/trips', (ctx) => ctx.render({ title: 'My trips', section: 'trips', body: tripsPage(ctx) }));

  app.get('/trips/:code', (ctx) => {
    const trip = findTrip(ctx);
    return ctx.render({
      title: `${tripTitle(ctx, trip)} · ${trip.booking.code}`,
      section: 'trips',
      body: tripPage(ctx, trip),
    });
  });

  app.post('/trips/:code/cancel', (ctx) => {
    const trip = findTrip(ctx);
    if (tabOf(ctx, trip) !== 'upcoming')
      return ctx.redirect(`/trips/${trip.booking.code}`, {
        kind: 'error',
        message: 'This trip can’t be cancelled.',
      });
    const now = ctx.now().toISOString();
    const outcome = cancellationOutcome(trip.fare, trip.booking.total_cents);
    ctx.db
      .prepare(
        "UPDATE bookings SET status = 'cancelled', refund_cents = ?, credit_cents = ?, cancelled_at = ? WHERE id = ?",
      )
      .run(
        trip.fare.refundable ? outcome.refund : null,
        trip.fare.refundable ? null : outcome.credit,
        now,
        trip.booking.id,
      );
    if (!trip.fare.refundable && outcome.credit > 0)
      ctx.db
        .prepare(
          'INSERT INTO travel_credits (booking_id, amount_cents, expires_on, created_at) VALUES (?, ?, ?, ?)',
        )
        .run(trip.booking.id, outcome.credit, addDays(now.slice(0, 10), 365), now);
    return ctx.redirect(`/trips/${trip.booking.code}`, {
      kind: 'success',
      message: trip.fare.refundable
        ? `Trip cancelled · ${dollars(outcome.refund)} refunded to your card`
        : `Trip cancelled · ${dollars(outcome.credit)} travel credit added`,
    });
  });

  app.get('/trips/:code/change', (ctx) => {
    const trip = findTrip(ctx);
    const problem = canChange(ctx, trip);
    if (problem) return ctx.redirect(`/trips/${trip.booking.code}`, { kind: 'error', message: problem });
    return ctx.render({ title: 'Change your flight', section: 'trips', body: changePage(ctx, trip) });
  });

  app.get('/trips/:code/change/review', (ctx) => {
    const trip = findTrip(ctx);
    const problem = canChange(ctx, trip);
    if (problem) return ctx.redirect(`/trips/${trip.booking.code}`, { kind: 'error', message: problem });
    const direction = ctx.query.get('direction') === 'return' ? 'return' : 'outbound';
    const it = itineraryByKey(ctx.db, ctx.query.get('key') ?? '');
    const leg = trip.legs.find((l) => l.direction === direction);
    if (!it || !leg || it.origin !== leg.itinerary.origin || it.destination !== leg.itinerary.destination)
      throw new HttpError(404);
    return ctx.render({
      title: 'Review your change',
      section: 'trips',
      body: reviewPage(ctx, trip, direction, it),
    });
  });

  app.post('/trips/:code/change', (ctx) => {
    const trip = findTrip(ctx);
    const problem = canChange(ctx, trip);
    if (problem) return ctx.redirect(`/trips/${trip.booking.code}`, { kind: 'error', message: problem });
    const direction = ctx.form.get('direction') === 'return' ? 'return' : 'outbound';
    const it = itineraryByKey(ctx.db, ctx.form.get('key') ?? '');
    const leg = trip.legs.find((l) => l.direction === direction);
    if (!it || !leg || it.origin !== leg.itinerary.origin || it.destination !== leg.itinerary.destination)
      throw new HttpError(400, 'That flight can’t replace this one.');
    if (it.depart_at <= nowLocal(ctx)) throw new HttpError(400, 'That flight has already left.');
    const { due } = changeDiff(trip, direction, it);
    ctx.db
      .prepare('DELETE FROM booking_flights WHERE booking_id = ? AND direction = ?')
      .run(trip.booking.id, direction);
    for (const [position, flight] of it.segments.entries())
      ctx.db
        .prepare(
          'INSERT INTO booking_flights (booking_id, direction, position, flight_id, fare_cents) VALUES (?, ?, ?, ?, ?)',
        )
        .run(
          trip.booking.id,
          direction,
          position,
          flight.id,
          segmentPrice(flight, trip.fare, it.segments.length > 1),
        );
    if (due > 0)
      ctx.db
        .prepare(
          'UPDATE bookings SET fare_cents = fare_cents + ?, total_cents = total_cents + ? WHERE id = ?',
        )
        .run(due, due, trip.booking.id);
    ctx.db
      .prepare('UPDATE booking_passengers SET checked_in = 0 WHERE booking_id = ? AND checked_in = 1')
      .run(trip.booking.id);
    return ctx.redirect(`/trips/${trip.booking.code}`, {
      kind: 'success',
      message: due ? `Flight changed · ${dollars(due)} charged` : 'Flight changed',
    });
  });

  app.get('/check-in', (ctx) => {
    const code = (ctx.query.get('code') ?? '').trim().toUpperCase();
    if (code) {
      const trip = loadTrip(ctx.db, code);
      if (trip) return ctx.redirect(`/trips/${trip.booking.code}`);
    }
    const soon = allTrips(ctx.db).filter(
      (t) => tabOf(ctx, t) === 'upcoming' && checkInWindow(tripDeparture(t), ctx.now()) === 'open',
    );
    return ctx.render({
      title: 'Check-in',
      section: 'check-in',
      status: code ? 404 : 200,
      body: html`<h1>Check-in</h1><p class="muted">Online check-in opens 24 hours before departure.</p>
${code ? html`<p class="alert alert-error" role="alert">We couldn’t find a trip with the code ${code}.</p>` : ''}
<form method="get" action="/check-in" class="inline-form"><label for="checkin-code">Confirmation code</label><input id="checkin-code" name="code" value="${code}"><button class="btn btn-quiet">Find trip</button></form>
<h2>Ready for check-in</h2>
${soon.length ? html`<div class="trip-list">${soon.map((t) => tripCard(ctx, t))}</div>` : emptyState('Nothing to check in yet', 'Your trips in the next 24 hours show up here.')}`,
    });
  });

  app.get('/trips/:code/check-in', (ctx) => {
    const trip = findTrip(ctx);
    return ctx.render({ title: 'Check in', section: 'check-in', body: checkInPage(ctx, trip) });
  });

  app.post('/trips/:code/check-in', (ctx) => {
    const trip = findTrip(ctx);
    if (trip.booking.status !== 'confirmed' || checkInWindow(tripDeparture(trip), ctx.now()) !== 'open')
      return ctx.redirect(`/trips/${trip.booking.code}/check-in`, {
        kind: 'error',
        message: 'Check-in isn’t open for this trip.',
      });
    const chosen = ctx.form.getAll('passenger').map(Number);
    const who = trip.passengers.filter((p) => chosen.includes(p.id) && !p.checked_in);
    const fail = (message: string) =>
      ctx.render({
        title: 'Check in',
        section: 'check-in',
        status: 422,
        body: checkInPage(ctx, trip, message),
      });
    if (!who.length) return fail('Choose at least one traveller to check in.');
    if (ctx.form.get('hazmat') !== 'on')
      return fail('Confirm that your bags contain no hazardous materials.');
    // Travellers without a seat (Basic fares) get one now, from the back of the cabin.
    const leg = trip.legs[0];
    if (leg)
      leg.rows.forEach((row, i) => {
        const flight = leg.itinerary.segments[i];
        if (!flight) return;
        const aircraft = findAircraft(ctx.db, flight.aircraft_id);
        const taken = takenSeats(ctx.db, flight, aircraft);
        const free = seatRows(aircraft)
          .reverse()
          .flat()
          .filter((s) => s.kind === 'standard' && !taken.has(s.seat));
        for (const p of who) {
          if (seatOf(trip, row.id, p.id)) continue;
          const seat = free.shift();
          if (!seat) continue;
          ctx.db
            .prepare(
              'INSERT INTO seats (booking_flight_id, booking_passenger_id, flight_id, seat, fee_cents) VALUES (?, ?, ?, ?, 0)',
            )
            .run(row.id, p.id, flight.id, seat.seat);
        }
      });
    for (const p of who)
      ctx.db.prepare('UPDATE booking_passengers SET checked_in = 1 WHERE id = ?').run(p.id);
    return ctx.redirect(`/trips/${trip.booking.code}`, {
      kind: 'success',
      message: `You’re checked in · ${who.map((p) => p.first_name).join(', ')}`,
    });
  });

  app.get('/trips/:code/boarding-pass/:passenger', (ctx) => {
    const trip = findTrip(ctx);
    return ctx.render({
      title: 'Boarding pass',
      layout: 'pass',
      body: boardingPass(ctx, trip, Number(ctx.params.passenger)),
    });
  });
}
