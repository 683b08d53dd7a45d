import {
  type AppBuilder,
  classNames,
  fieldError,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { FARE_CLASSES, type FareClass, type FareCode, fareClass, MAX_BAGS } from '../data/fares';
import {
  addDays,
  ageOn,
  bagFee,
  dayLabel,
  dollars,
  findAircraft,
  type Itinerary,
  itineraryByKey,
  passportProblem,
  pointsFor,
  type SeatInfo,
  seatInfo,
  seatRows,
  seatRule,
  segmentPrice,
  takenSeats,
} from '../domain';
import { travellersLabel } from '../search';
import { cards, isInternational, savedPassengers } from '../trips';
import { fareBadge, flightNumbers, itineraryDetail, priceSummary, type SummaryLine } from '../views/parts';
import { today } from './search';

/** The booking wizard: flights → passengers → seats → extras → payment, kept in the visitor's session until paid. */

interface DraftPassenger {
  saved_id: number | null;
  first_name: string;
  last_name: string;
  birth_date: string;
  passport_number: string;
  passport_expiry: string;
  bags: number;
}

export interface Draft {
  out: string;
  ret: string | null;
  fare: FareCode;
  adults: number;
  children: number;
  passengers: DraftPassenger[] | null;
  /** `${flightId}:${passengerIndex}` → seat. */
  seats: Record<string, string>;
  extrasDone: boolean;
}

const DRAFT = 'flights.draft';
const STEPS: [key: string, label: string, path: string][] = [
  ['flights', 'Flights', '/booking/flights'],
  ['passengers', 'Passengers', '/booking/passengers'],
  ['seats', 'Seats', '/booking/seats'],
  ['extras', 'Bags', '/booking/extras'],
  ['payment', 'Payment', '/booking/payment'],
];

interface Loaded {
  draft: Draft;
  fare: FareClass;
  legs: Itinerary[];
  travellers: number;
}

function load(ctx: RequestContext): Loaded | null {
  const draft = ctx.sessionValue<Draft>(DRAFT);
  if (!draft) return null;
  const out = itineraryByKey(ctx.db, draft.out);
  const ret = draft.ret ? itineraryByKey(ctx.db, draft.ret) : undefined;
  if (!out || (draft.ret && !ret)) return null;
  return {
    draft,
    fare: fareClass(draft.fare),
    legs: ret ? [out, ret] : [out],
    travellers: draft.adults + draft.children,
  };
}

function save(ctx: RequestContext, draft: Draft): void {
  ctx.setSessionValue(DRAFT, draft);
}

function noDraft(ctx: RequestContext) {
  return ctx.redirect('/', {
    kind: 'info',
    message: 'Your booking session ended. Search again to pick your flights.',
  });
}

function reached(l: Loaded): number {
  if (!l.draft.passengers) return 1;
  if (!l.draft.extrasDone) return 3;
  return 4;
}

function stepNav(l: Loaded, current: string): SafeHtml {
  const limit = reached(l);
  return html`<nav class="steps" aria-label="Booking steps"><ol>${STEPS.map(([key, label, path], i) => {
    const state = key === current ? 'current' : i <= limit ? 'done' : 'todo';
    return html`<li class="${classNames('step', `step-${state}`)}">${
      state === 'done'
        ? html`<a href="${path}">${i + 1}. ${label}</a>`
        : html`<span ${state === 'current' ? html`aria-current="step"` : ''}>${i + 1}. ${label}</span>`
    }</li>`;
  })}</ol></nav>`;
}

export interface Prices {
  lines: SummaryLine[];
  fare: number;
  seats: number;
  bags: number;
  total: number;
}

export function draftPrices(ctx: RequestContext, l: Loaded): Prices {
  const fareTotal = l.legs.reduce((sum, it) => sum + it.prices[l.fare.code], 0) * l.travellers;
  let seats = 0;
  for (const it of l.legs)
    for (const flight of it.segments) {
      const aircraft = findAircraft(ctx.db, flight.aircraft_id);
      (l.draft.passengers ?? []).forEach((p, i) => {
        const seat = l.draft.seats[`${flight.id}:${i}`];
        const info = seat ? seatInfo(aircraft, seat) : undefined;
        if (!info) return;
        const rule = seatRule(l.fare, info, ageOn(p.birth_date, flight.depart_date));
        if (rule.ok) seats += rule.fee;
      });
    }
  const bags = (l.draft.passengers ?? []).reduce((sum, p) => sum + bagFee(p.bags, l.fare) * l.legs.length, 0);
  const lines: SummaryLine[] = [
    { key: 'fare', label: `${l.fare.name} fare × ${l.travellers}`, cents: fareTotal },
  ];
  if (seats) lines.push({ key: 'seats', label: 'Seats', cents: seats });
  if (bags) lines.push({ key: 'bags', label: 'Checked bags', cents: bags });
  return { lines, fare: fareTotal, seats, bags, total: fareTotal + seats + bags };
}

function sidebar(ctx: RequestContext, l: Loaded): SafeHtml {
  const prices = draftPrices(ctx, l);
  return html`<aside class="wizard-side" aria-label="Your trip">
  <div class="card"><h2>Your trip</h2>${l.legs.map(
    (it, i) =>
      html`<p class="side-leg"><strong>${i === 0 ? 'Depart' : 'Return'}</strong> ${it.origin} → ${it.destination}<br><span class="muted small">${dayLabel(it.depart_at)} · ${flightNumbers(it)}</span></p>`,
  )}<p>${fareBadge(l.fare.code)} · ${travellersLabel(l.draft.adults, l.draft.children)}</p></div>
  <div class="card">${priceSummary(prices.lines, prices.total, 'Taxes and carrier fees are included.')}</div>
</aside>`;
}

function wizardPage(
  ctx: RequestContext,
  l: Loaded,
  step: string,
  title: string,
  body: SafeHtml,
  status = 200,
) {
  return ctx.render({
    title,
    section: 'book',
    status,
    body: html`${stepNav(l, step)}<div class="wizard"><div class="wizard-main"><h1>${title}</h1>${body}</div>${sidebar(ctx, l)}</div>`,
  });
}

// ---------------------------------------------------------------- step 1: flights

function flightsStep(ctx: RequestContext, l: Loaded) {
  return wizardPage(
    ctx,
    l,
    'flights',
    'Review your flights',
    html`${l.legs.map(
      (it, i) =>
        html`<section class="card" aria-label="${i === 0 ? 'Departing flight' : 'Return flight'}"><h2>${i === 0 ? 'Departing' : 'Returning'} · ${dayLabel(it.depart_at)}</h2>${itineraryDetail(it)}</section>`,
    )}
    <p>${fareBadge(l.fare.code)} ${l.fare.changeable ? 'Changes allowed.' : 'No changes allowed.'} ${l.fare.refundable ? 'Refundable.' : 'Not refundable.'}</p>
    <div class="wizard-actions"><a class="btn btn-quiet" href="/">Back</a><a class="btn btn-primary" href="/booking/passengers">Continue</a></div>`,
  );
}

// ---------------------------------------------------------------- step 2: passengers

type PassengerErrors = Record<string, string>;

function passengerLabel(l: Loaded, i: number): string {
  return i < l.draft.adults ? `Adult ${i + 1}` : `Child ${i - l.draft.adults + 1}`;
}

function passengersStep(
  ctx: RequestContext,
  l: Loaded,
  values: DraftPassenger[],
  errors: PassengerErrors,
  status = 200,
) {
  const saved = savedPassengers(ctx.db);
  const international = isInternational(ctx.db, l.legs);
  return wizardPage(
    ctx,
    l,
    'passengers',
    'Who’s flying?',
    html`<p class="muted">Names must match each traveller’s ID.${international ? ' This trip is international: every traveller needs a passport valid six months after the trip.' : ''}</p>
    ${errors.form ? html`<div class="alert alert-error" role="alert">${errors.form}</div>` : ''}
    <form method="post" action="/booking/passengers" class="stack" novalidate>
    ${values.map(
      (p, i) => html`<fieldset class="card passenger" aria-label="Passenger ${i + 1}" data-passenger>
      <legend>Passenger ${i + 1} · ${passengerLabel(l, i)}</legend>
      <label for="p${i}-saved">Saved traveller</label>
      <select id="p${i}-saved" name="p${i}_saved" data-saved-traveller>
        <option value="">Someone new</option>
        ${saved.map((s) => html`<option value="${s.id}" ${p.saved_id === s.id ? 'selected' : ''} data-first="${s.first_name}" data-last="${s.last_name}" data-birth="${s.birth_date}" data-passport="${s.passport_number ?? ''}" data-expiry="${s.passport_expiry ?? ''}">${s.first_name} ${s.last_name}</option>`)}
      </select>
      <div class="two">
        <div><label for="p${i}-first">First name</label><input id="p${i}-first" name="p${i}_first" value="${p.first_name}">${fieldError(errors[`p${i}_first`])}</div>
        <div><label for="p${i}-last">Last name</label><input id="p${i}-last" name="p${i}_last" value="${p.last_name}">${fieldError(errors[`p${i}_last`])}</div>
      </div>
      <label for="p${i}-birth">Date of birth</label><input id="p${i}-birth" name="p${i}_birth" value="${p.birth_date}" placeholder="YYYY-MM-DD">${fieldError(errors[`p${i}_birth`])}
      ${
        international
          ? html`<div class="two">
        <div><label for="p${i}-passport">Passport number</label><input id="p${i}-passport" name="p${i}_passport" value="${p.passport_number}">${fieldError(errors[`p${i}_passport`])}</div>
        <div><label for="p${i}-expiry">Passport expiry</label><input id="p${i}-expiry" name="p${i}_expiry" value="${p.passport_expiry}" placeholder="YYYY-MM-DD">${fieldError(errors[`p${i}_expiry`])}</div>
      </div>`
          : ''
      }
    </fieldset>`,
    )}
    <div class="wizard-actions"><a class="btn btn-quiet" href="/booking/flights">Back</a><button class="btn btn-primary">Continue to seats</button></div>
    </form>`,
    status,
  );
}

function blankPassengers(l: Loaded): DraftPassenger[] {
  return Array.from({ length: l.travellers }, () => ({
    saved_id: null,
    first_name: '',
    last_name: '',
    birth_date: '',
    passport_number: '',
    passport_expiry: '',
    bags: 0,
  }));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (v: string) => ISO_DAY.test(v) && !Number.isNaN(Date.parse(v));

function readPassengers(
  ctx: RequestContext,
  l: Loaded,
): { values: DraftPassenger[]; errors: PassengerErrors } {
  const saved = savedPassengers(ctx.db);
  const international = isInternational(ctx.db, l.legs);
  const departDay = l.legs[0]?.depart_at.slice(0, 10) ?? today(ctx);
  const lastDay = l.legs[l.legs.length - 1]?.arrive_at.slice(0, 10) ?? departDay;
  const errors: PassengerErrors = {};
  const values: DraftPassenger[] = [];
  const previous = l.draft.passengers ?? [];
  for (let i = 0; i < l.travellers; i++) {
    const get = (name: string) => (ctx.form.get(`p${i}_${name}`) ?? '').trim();
    const savedId = Number(get('saved')) || null;
    const match = savedId ? saved.find((s) => s.id === savedId) : undefined;
    const p: DraftPassenger = {
      saved_id: match ? match.id : null,
      first_name: get('first') || match?.first_name || '',
      last_name: get('last') || match?.last_name || '',
      birth_date: get('birth') || match?.birth_date || '',
      passport_number: international ? get('passport') || match?.passport_number || '' : '',
      passport_expiry: international ? get('expiry') || match?.passport_expiry || '' : '',
      bags: previous[i]?.bags ?? 0,
    };
    values.push(p);
    if (!p.first_name) errors[`p${i}_first`] = 'Enter the first name';
    if (!p.last_name) errors[`p${i}_last`] = 'Enter the last name';
    if (!p.birth_date) errors[`p${i}_birth`] = 'Enter the date of birth';
    else if (!validDay(p.birth_date)) errors[`p${i}_birth`] = 'Enter the date as YYYY-MM-DD';
    else if (p.birth_date > today(ctx)) errors[`p${i}_birth`] = 'The date of birth is in the future';
    else {
      const age = ageOn(p.birth_date, departDay);
      if (i < l.draft.adults && age < 12)
        errors[`p${i}_birth`] = 'Adults must be 12 or older on the day of travel';
      if (i >= l.draft.adults && (age < 2 || age > 11))
        errors[`p${i}_birth`] = 'Children must be 2 to 11 on the day of travel';
    }
    if (international) {
      if (!/^[A-Z0-9]{6,9}$/i.test(p.passport_number))
        errors[`p${i}_passport`] = 'Enter a passport number (6 to 9 letters or digits)';
      if (!p.passport_expiry) errors[`p${i}_expiry`] = 'Enter the passport expiry date';
      else if (!validDay(p.passport_expiry)) errors[`p${i}_expiry`] = 'Enter the date as YYYY-MM-DD';
      else {
        const problem = passportProblem(p.passport_expiry, lastDay);
        if (problem)
          errors[`p${i}_expiry`] = `${problem} It must be valid until at least ${addDays(lastDay, 182)}.`;
      }
    }
  }
  const names = values.map((p) => `${p.first_name} ${p.last_name}`.toLowerCase());
  if (new Set(names).size !== names.length && !Object.keys(errors).length)
    errors.form = 'Each passenger must be a different person.';
  return { values, errors };
}

// ---------------------------------------------------------------- step 3: seats

function seatKindLabel(info: SeatInfo): string {
  return { first: 'First', legroom: 'extra legroom', exit: 'exit row, extra legroom', standard: 'standard' }[
    info.kind
  ];
}

function seatsStep(ctx: RequestContext, l: Loaded, problem?: string) {
  const flights = l.legs.flatMap((it) => it.segments);
  const fi = Math.min(flights.length - 1, Math.max(0, Number(ctx.query.get('flight')) || 0));
  const passengers = l.draft.passengers ?? [];
  const pi = Math.min(passengers.length - 1, Math.max(0, Number(ctx.query.get('passenger')) || 0));
  const flight = flights[fi];
  if (!flight) throw new HttpError(404);
  const aircraft = findAircraft(ctx.db, flight.aircraft_id);
  const taken = takenSeats(ctx.db, flight, aircraft);
  const mine = new Map<string, number>();
  passengers.forEach((_, i) => {
    const seat = l.draft.seats[`${flight.id}:${i}`];
    if (seat) mine.set(seat, i);
  });
  const passenger = passengers[pi];
  const age = passenger ? ageOn(passenger.birth_date, flight.depart_date) : 30;
  const rows = seatRows(aircraft);
  const body =
    l.fare.seat_selection === 'none'
      ? html`<div class="notice" role="note"><strong>Seats are assigned at check-in on Basic fares.</strong> Upgrade to Main to choose your seat now.</div>
      <div class="wizard-actions"><a class="btn btn-quiet" href="/booking/passengers">Back</a><a class="btn btn-primary" href="/booking/extras">Continue to bags</a></div>`
      : html`${problem ? html`<div class="alert alert-error" role="alert">${problem}</div>` : ''}
  <nav class="tabs" aria-label="Flights">${flights.map(
    (f, i) =>
      html`<a class="${classNames('tab', i === fi && 'active')}" href="${ctx.link('/booking/seats', { flight: i, passenger: pi })}" ${i === fi ? html`aria-current="page"` : ''}>${f.origin} → ${f.destination} · ${f.number}</a>`,
  )}</nav>
  <ul class="seat-passengers" aria-label="Passengers">${passengers.map((p, i) => {
    const seat = l.draft.seats[`${flight.id}:${i}`];
    return html`<li class="${classNames(i === pi && 'active')}"><a href="${ctx.link('/booking/seats', { flight: fi, passenger: i })}" ${i === pi ? html`aria-current="true"` : ''}>${p.first_name} ${p.last_name}</a> <span class="seat-chip">${seat ? `Seat ${seat}` : 'No seat'}</span></li>`;
  })}</ul>
  <p class="muted small">Choosing for <strong>${passenger?.first_name} ${passenger?.last_name}</strong> on ${flight.number}, ${aircraft.model}.</p>
  <div class="seat-legend" aria-hidden="true"><span class="s-key s-standard"></span>Standard <span class="s-key s-legroom"></span>Extra legroom <span class="s-key s-exit"></span>Exit row <span class="s-key s-first"></span>First <span class="s-key s-taken"></span>Taken</div>
  <form method="post" action="/booking/seats" class="seat-map" aria-label="Seat map" data-seat-map>
    <input type="hidden" name="flight" value="${fi}"><input type="hidden" name="passenger" value="${pi}">
    ${rows.map((row) => {
      const first = row[0];
      return html`<div class="${classNames('seat-row', first && `row-${first.kind}`)}" role="group" aria-label="Row ${first?.row}"><span class="row-number" aria-hidden="true">${first?.row}</span>${row.map(
        (s, idx) => {
          const owner = mine.get(s.seat);
          const isTaken = taken.has(s.seat);
          const rule = seatRule(l.fare, s, age);
          const price = rule.ok && rule.fee ? `, ${dollars(rule.fee)}` : '';
          const label = isTaken
            ? `Seat ${s.seat}, taken`
            : owner !== undefined
              ? `Seat ${s.seat}, ${passengers[owner]?.first_name}`
              : `Seat ${s.seat}, ${seatKindLabel(s)}${price}`;
          const aisle =
            idx > 0 && row.length >= 4 && idx === Math.floor(row.length / 2)
              ? html`<span class="aisle" aria-hidden="true"></span>`
              : '';
          return html`${aisle}<button type="submit" name="seat" value="${s.seat}" class="${classNames('seat', `s-${s.kind}`, isTaken && 's-taken', owner !== undefined && 's-mine', owner === pi && 's-current')}" aria-label="${label}" aria-pressed="${owner === pi ? 'true' : 'false'}" ${isTaken ? 'disabled' : ''}>${owner !== undefined ? (passengers[owner]?.first_name[0] ?? '') : s.letter}</button>`;
        },
      )}</div>`;
    })}
  </form>
  <div class="wizard-actions"><a class="btn btn-quiet" href="/booking/passengers">Back</a><a class="btn btn-primary" href="/booking/extras">Continue to bags</a></div>`;
  return wizardPage(ctx, l, 'seats', 'Choose your seats', body, problem ? 422 : 200);
}

// ---------------------------------------------------------------- step 4: bags

function extrasStep(ctx: RequestContext, l: Loaded, problem?: string) {
  const passengers = l.draft.passengers ?? [];
  const directions = l.legs.length;
  return wizardPage(
    ctx,
    l,
    'extras',
    'Add checked bags',
    html`<p class="muted">${l.fare.bags_included ? `Your ${l.fare.name} fare includes ${l.fare.bags_included} checked bag${l.fare.bags_included > 1 ? 's' : ''} per traveller.` : `Your ${l.fare.name} fare includes a carry-on and a personal item; checked bags are extra.`} Bags beyond those cost $35 for the first, $45 for the second and $150 for the third, ${directions > 1 ? 'each way' : 'per flight'}. Bags are cheaper now than at the airport.</p>
    ${problem ? html`<div class="alert alert-error" role="alert">${problem}</div>` : ''}
    <form method="post" action="/booking/extras" class="stack" novalidate>
    ${passengers.map(
      (
        p,
        i,
      ) => html`<div class="card bag-row"><label for="bags-${i}">Checked bags for ${p.first_name} ${p.last_name}</label>
      <select id="bags-${i}" name="bags_${i}">${Array.from({ length: MAX_BAGS + 1 }, (_, n) => html`<option value="${n}" ${p.bags === n ? 'selected' : ''}>${n} bag${n === 1 ? '' : 's'}${n ? ` (${bagFee(n, l.fare) ? `${dollars(bagFee(n, l.fare) * directions)}` : 'included'})` : ''}</option>`)}</select></div>`,
    )}
    <div class="wizard-actions"><a class="btn btn-quiet" href="/booking/seats">Back</a><button class="btn btn-primary">Continue to payment</button></div>
    </form>`,
    problem ? 422 : 200,
  );
}

// ---------------------------------------------------------------- step 5: payment (the form is an iframe)

function paymentStep(ctx: RequestContext, l: Loaded) {
  const passengers = l.draft.passengers ?? [];
  return wizardPage(
    ctx,
    l,
    'payment',
    'Review and pay',
    html`<section class="card" aria-label="Passengers"><h2>Passengers</h2><ul class="plain">${passengers.map(
      (p, i) => {
        const seats = l.legs
          .flatMap((it) => it.segments)
          .map((f) => l.draft.seats[`${f.id}:${i}`])
          .filter(Boolean)
          .join(', ');
        return html`<li>${p.first_name} ${p.last_name} · ${p.bags} checked bag${p.bags === 1 ? '' : 's'}${seats ? ` · seats ${seats}` : ''}</li>`;
      },
    )}</ul><a class="link small" href="/booking/passengers">Edit passengers</a></section>
    <section class="card payment-frame"><h2>Payment</h2>
    <iframe src="/booking/payment/frame" title="Secure payment" class="pay-iframe"></iframe></section>
    <div class="wizard-actions"><a class="btn btn-quiet" href="/booking/extras">Back</a></div>`,
  );
}

function frameDoc(body: SafeHtml): SafeHtml {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="/assets/app.css"></head><body class="frame-body">${body}</body></html>`;
}

function paymentForm(ctx: RequestContext, l: Loaded, errors: Record<string, string>, chosen?: string) {
  const list = cards(ctx.db);
  const total = draftPrices(ctx, l).total;
  const pick = chosen ?? String(list.find((c) => c.is_default)?.id ?? '');
  return frameDoc(html`<form method="post" action="/booking/payment/frame" class="pay-form" novalidate>
  <div class="secure-head"><span class="lock" aria-hidden="true">🔒</span> Skyway Secure Pay</div>
  ${errors.form ? html`<div class="alert alert-error" role="alert">${errors.form}</div>` : ''}
  <fieldset><legend>Pay with</legend>
  ${list.map((c) => html`<label class="card-option"><input type="radio" name="card" value="${c.id}" ${String(c.id) === pick ? 'checked' : ''}> ${c.brand} •••• ${c.last4} <span class="muted">expires ${c.expires.slice(5)}/${c.expires.slice(2, 4)}</span></label>`)}
  </fieldset>${fieldError(errors.card)}
  <label for="pay-password">Skyway password</label>
  <input id="pay-password" name="password" type="password" autocomplete="current-password">
  <p class="muted small">To protect your account, confirm every payment with your password.</p>${fieldError(errors.password)}
  <label class="check"><input type="checkbox" name="accept" value="on"> I accept the fare rules and the conditions of carriage</label>${fieldError(errors.accept)}
  <button class="btn btn-primary btn-block">Pay ${dollars(total)}</button>
</form>`);
}

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function bookDraft(ctx: RequestContext, l: Loaded, cardId: number): string {
  const prices = draftPrices(ctx, l);
  const passengers = l.draft.passengers ?? [];
  const now = ctx.now().toISOString();
  let code = ctx.rng.token(6, CODE_ALPHABET);
  while (ctx.db.prepare('SELECT 1 FROM bookings WHERE code = ?').get(code))
    code = ctx.rng.token(6, CODE_ALPHABET);
  const booking = ctx.db
    .prepare(
      `INSERT INTO bookings (code, trip_type, fare_class, status, fare_cents, extras_cents, total_cents, card_id, points_earned, created_at)
       VALUES (?, ?, ?, 'confirmed', ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      code,
      l.legs.length > 1 ? 'round_trip' : 'one_way',
      l.fare.code,
      prices.fare,
      prices.seats + prices.bags,
      prices.total,
      cardId,
      pointsFor(l.fare, prices.fare),
      now,
    ).lastInsertRowid as number;
  const passengerIds = passengers.map(
    (p) =>
      ctx.db
        .prepare(
          'INSERT INTO booking_passengers (booking_id, passenger_id, first_name, last_name, birth_date, bags) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(booking, p.saved_id, p.first_name, p.last_name, p.birth_date, p.bags).lastInsertRowid as number,
  );
  l.legs.forEach((it, legIndex) => {
    it.segments.forEach((flight, position) => {
      const row = ctx.db
        .prepare(
          'INSERT INTO booking_flights (booking_id, direction, position, flight_id, fare_cents) VALUES (?, ?, ?, ?, ?)',
        )
        .run(
          booking,
          legIndex === 0 ? 'outbound' : 'return',
          position,
          flight.id,
          segmentPrice(flight, l.fare, it.segments.length > 1),
        ).lastInsertRowid as number;
      const aircraft = findAircraft(ctx.db, flight.aircraft_id);
      const taken = takenSeats(ctx.db, flight, aircraft);
      passengers.forEach((p, i) => {
        const seat = l.draft.seats[`${flight.id}:${i}`];
        const info = seat ? seatInfo(aircraft, seat) : undefined;
        if (!seat || !info) return;
        if (taken.has(seat))
          throw new HttpError(409, `Seat ${seat} on ${flight.number} was just taken. Choose another seat.`);
        const rule = seatRule(l.fare, info, ageOn(p.birth_date, flight.depart_date));
        if (!rule.ok) return;
        ctx.db
          .prepare(
            'INSERT INTO seats (booking_flight_id, booking_passenger_id, flight_id, seat, fee_cents) VALUES (?, ?, ?, ?, ?)',
          )
          .run(row, passengerIds[i], flight.id, seat, rule.fee);
      });
    });
  });
  return code;
}

export function bookingRoutes(app: AppBuilder): void {
  app.post('/booking/start', (ctx) => {
    const out = itineraryByKey(ctx.db, ctx.form.get('out') ?? '');
    const retKey = ctx.form.get('ret') ?? '';
    const ret = retKey ? itineraryByKey(ctx.db, retKey) : undefined;
    const fare = ctx.form.get('fare') ?? '';
    const adults = Number(ctx.form.get('adults'));
    const children = Number(ctx.form.get('children') ?? 0);
    if (!out || (retKey && !ret) || !FARE_CLASSES.some((f) => f.code === fare))
      throw new HttpError(400, 'That flight can no longer be booked.');
    if (
      !Number.isInteger(adults) ||
      adults < 1 ||
      adults > 6 ||
      !Number.isInteger(children) ||
      children < 0 ||
      children > 5
    )
      throw new HttpError(400, 'Book 1 to 6 adults and up to 5 children.');
    if (out.depart_at < ctx.now().toISOString().slice(0, 16))
      throw new HttpError(400, 'That flight has already left.');
    save(ctx, {
      out: out.key,
      ret: ret?.key ?? null,
      fare: fare as FareCode,
      adults,
      children,
      passengers: null,
      seats: {},
      extrasDone: false,
    });
    return ctx.redirect('/booking/flights');
  });

  app.get('/booking/flights', (ctx) => {
    const l = load(ctx);
    return l ? flightsStep(ctx, l) : noDraft(ctx);
  });

  app.get('/booking/passengers', (ctx) => {
    const l = load(ctx);
    if (!l) return noDraft(ctx);
    return passengersStep(ctx, l, l.draft.passengers ?? blankPassengers(l), {});
  });

  app.post('/booking/passengers', (ctx) => {
    const l = load(ctx);
    if (!l) return noDraft(ctx);
    const { values, errors } = readPassengers(ctx, l);
    if (Object.keys(errors).length) return passengersStep(ctx, l, values, errors, 422);
    // Seats chosen for someone else stay with the place in the list only if the person did not change.
    const before = l.draft.passengers ?? [];
    const seats = Object.fromEntries(
      Object.entries(l.draft.seats).filter(([key]) => {
        const i = Number(key.split(':')[1]);
        return (
          before[i] &&
          values[i] &&
          before[i].first_name === values[i].first_name &&
          before[i].last_name === values[i].last_name
        );
      }),
    );
    save(ctx, { ...l.draft, passengers: values, seats });
    return ctx.redirect('/booking/seats');
  });

  app.get('/booking/seats', (ctx) => {
    const l = load(ctx);
    if (!l) return noDraft(ctx);
    if (!l.draft.passengers)
      return ctx.redirect('/booking/passengers', { kind: 'error', message: 'Add your passengers first.' });
    return seatsStep(ctx, l);
  });

  app.post('/booking/seats', (ctx) => {
    const l = load(ctx);
    if (!l?.draft.passengers) return noDraft(ctx);
    const flights = l.legs.flatMap((it) => it.segments);
    const fi = Number(ctx.form.get('flight'));
    const pi = Number(ctx.form.get('passenger'));
    const flight = flights[fi];
    const passenger = l.draft.passengers[pi];
    const seat = ctx.form.get('seat') ?? '';
    if (!flight || !passenger) throw new HttpError(400);
    ctx.query.set('flight', String(fi));
    ctx.query.set('passenger', String(pi));
    const aircraft = findAircraft(ctx.db, flight.aircraft_id);
    const info = seatInfo(aircraft, seat);
    if (!info) return seatsStep(ctx, l, `There is no seat ${seat} on this aircraft.`);
    if (takenSeats(ctx.db, flight, aircraft).has(seat)) return seatsStep(ctx, l, `Seat ${seat} is taken.`);
    const other = l.draft.passengers.findIndex(
      (_, i) => i !== pi && l.draft.seats[`${flight.id}:${i}`] === seat,
    );
    if (other >= 0)
      return seatsStep(
        ctx,
        l,
        `Seat ${seat} is already chosen for ${l.draft.passengers[other]?.first_name}.`,
      );
    const rule = seatRule(l.fare, info, ageOn(passenger.birth_date, flight.depart_date));
    if (!rule.ok) return seatsStep(ctx, l, rule.reason);
    save(ctx, { ...l.draft, seats: { ...l.draft.seats, [`${flight.id}:${pi}`]: seat } });
    // On to the next passenger without a seat on this flight, if any.
    const next = l.draft.passengers.findIndex((_, i) => i !== pi && !l.draft.seats[`${flight.id}:${i}`]);
    ctx.flash('success', `Seat ${seat} selected for ${passenger.first_name}`);
    return ctx.redirect(ctx.link('/booking/seats', { flight: fi, passenger: next >= 0 ? next : pi }));
  });

  app.get('/booking/extras', (ctx) => {
    const l = load(ctx);
    if (!l) return noDraft(ctx);
    if (!l.draft.passengers)
      return ctx.redirect('/booking/passengers', { kind: 'error', message: 'Add your passengers first.' });
    return extrasStep(ctx, l);
  });

  app.post('/booking/extras', (ctx) => {
    const l = load(ctx);
    if (!l?.draft.passengers) return noDraft(ctx);
    const passengers = l.draft.passengers.map((p, i) => ({ ...p, bags: Number(ctx.form.get(`bags_${i}`)) }));
    if (passengers.some((p) => !Number.isInteger(p.bags) || p.bags < 0 || p.bags > MAX_BAGS))
      return extrasStep(ctx, l, `Each traveller can check up to ${MAX_BAGS} bags.`);
    save(ctx, { ...l.draft, passengers, extrasDone: true });
    return ctx.redirect('/booking/payment');
  });

  app.get('/booking/payment', (ctx) => {
    const l = load(ctx);
    if (!l) return noDraft(ctx);
    if (!l.draft.passengers || !l.draft.extrasDone)
      return ctx.redirect(l.draft.passengers ? '/booking/extras' : '/booking/passengers', {
        kind: 'error',
        message: 'Finish the earlier steps first.',
      });
    return paymentStep(ctx, l);
  });

  app.get('/booking/payment/frame', (ctx) => {
    const l = load(ctx);
    if (!l?.draft.passengers) return ctx.html(frameDoc(html`<p>Your booking session ended.</p>`));
    return ctx.html(paymentForm(ctx, l, {}));
  });

  app.post('/booking/payment/frame', (ctx) => {
    const l = load(ctx);
    if (!l?.draft.passengers || !l.draft.extrasDone)
      return ctx.html(frameDoc(html`<p role="alert">Your booking session ended. Search again.</p>`), 409);
    const errors: Record<string, string> = {};
    const cardId = Number(ctx.form.get('card'));
    const card = cards(ctx.db).find((c) => c.id === cardId);
    if (!card) errors.card = 'Choose a card';
    else if (card.expires < today(ctx).slice(0, 7))
      errors.card = `Your ${card.brand} ending ${card.last4} has expired. Choose another card.`;
    const password = ctx.form.get('password') ?? '';
    if (!password) errors.password = 'Enter your password to confirm the payment';
    else if (!ctx.credentialsMatch(ctx.user ?? '', password))
      errors.password = 'That password isn’t right. Payment not taken.';
    if (ctx.form.get('accept') !== 'on') errors.accept = 'Accept the fare rules to continue';
    if (Object.keys(errors).length)
      return ctx.html(paymentForm(ctx, l, errors, ctx.form.get('card') ?? undefined), 422);
    const code = bookDraft(ctx, l, cardId);
    ctx.setSessionValue(DRAFT, undefined);
    ctx.flash('success', `Booking confirmed · ${code}`);
    return ctx.html(
      frameDoc(html`<div class="paid" role="status"><strong>Payment approved</strong><p>Booking ${code} is confirmed.</p><a href="/trips/${code}" target="_top">View your trip</a></div>
<script>window.top.location.href = "/trips/${code}";</script>`),
    );
  });
}
