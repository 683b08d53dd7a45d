import {
  type AppBuilder,
  classNames,
  fieldError,
  fields,
  formatDate,
  formatDateTime,
  formSchema,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { type CancellationPolicy, daysBetween, POLICIES, refundCents } from '../pricing';
import { type Booking, findListing, type Listing } from '../queries';
import { emptyState, money, photo, policyBadge, priceBreakdown } from '../views/parts';

/** Trips: upcoming, past and cancelled; a trip's page with its receipt, cancellation (refund by policy) and review. */

const TABS = { upcoming: 'Upcoming', past: 'Past', cancelled: 'Cancelled' } as const;
type Tab = keyof typeof TABS;

const Review = formSchema({
  rating: fields.choice(['1', '2', '3', '4', '5'], { required: true, label: 'Rating' }),
  body: fields.text({ required: true, min: 10, max: 1000, label: 'Review' }),
});

interface TripRow extends Booking {
  title: string;
  city: string;
  neighborhood: string;
  photo_hue: number;
  host_name: string;
  cancellation_policy: CancellationPolicy;
}

function today(ctx: RequestContext): string {
  return ctx.now().toISOString().slice(0, 10);
}

const TRIP_SELECT = `SELECT b.*, l.title, c.name AS city, l.neighborhood, l.photo_hue, l.cancellation_policy, h.name AS host_name
  FROM bookings b JOIN listings l ON l.id = b.listing_id JOIN cities c ON c.id = l.city_id JOIN hosts h ON h.id = l.host_id`;

function tabOf(trip: Booking, day: string): Tab {
  if (trip.status === 'cancelled') return 'cancelled';
  return trip.check_in > day ? 'upcoming' : 'past';
}

function dates(trip: Booking): string {
  return `${formatDate(`${trip.check_in}T00:00:00Z`)} – ${formatDate(`${trip.check_out}T00:00:00Z`)}`;
}

function loadTrip(ctx: RequestContext): TripRow {
  const trip = ctx.db
    .prepare<[string], TripRow>(`${TRIP_SELECT} WHERE b.code = ?`)
    .get((ctx.params.code ?? '').toUpperCase());
  if (!trip) throw new HttpError(404);
  return trip;
}

function tripCard(trip: TripRow): SafeHtml {
  return html`<article class="trip-card">
  ${photo(trip.photo_hue, 0, trip.title, 'tile')}
  <div class="trip-card-body">
    <p class="muted small">${trip.city}</p>
    <h3><a href="/trips/${trip.code}">${trip.title}</a></h3>
    <p>${dates(trip)}</p>
    <p class="muted small">Confirmation code <span class="code">${trip.code}</span> · ${money(trip.total_cents)}</p>
  </div>
</article>`;
}

function reviewSection(
  ctx: RequestContext,
  trip: TripRow,
  values: { rating: string; body: string },
  errors: { rating?: string; body?: string },
): SafeHtml {
  const existing = ctx.db
    .prepare<[number], { rating: number; body: string; status: string }>(
      'SELECT rating, body, status FROM reviews WHERE booking_id = ?',
    )
    .get(trip.id);
  if (existing)
    return html`<section class="panel" aria-label="Your review"><h2>Your review</h2><p aria-label="${existing.rating} stars">${'★'.repeat(existing.rating)}${'☆'.repeat(5 - existing.rating)}</p><p>${existing.body}</p>${existing.status === 'pending' ? html`<p class="muted small">Waiting for moderation.</p>` : ''}</section>`;
  return html`<section class="panel" aria-label="Write a review"><h2>How was your stay?</h2>
<form method="post" action="/trips/${trip.code}/review" class="stack" novalidate>
  <fieldset class="star-input"><legend>Rating</legend>
    ${['5', '4', '3', '2', '1'].map((n) => html`<label class="check"><input type="radio" name="rating" value="${n}" ${values.rating === n ? 'checked' : ''}> ${n} star${n === '1' ? '' : 's'}</label>`)}
  </fieldset>${fieldError(errors.rating)}
  <label for="review-body">Review</label>
  <textarea id="review-body" name="body" rows="4" placeholder="What did you love? What could be better?">${values.body}</textarea>${fieldError(errors.body)}
  <button class="btn btn-primary">Submit review</button>
</form></section>`;
}

function tripPage(
  ctx: RequestContext,
  trip: TripRow,
  listing: Listing,
  review: { values: { rating: string; body: string }; errors: { rating?: string; body?: string } },
): SafeHtml {
  const tab = tabOf(trip, today(ctx));
  const refund = refundCents(trip.cancellation_policy, trip.total_cents, today(ctx), trip.check_in);
  const price = {
    nights: [],
    subtotal_cents: trip.subtotal_cents,
    discount_cents: trip.discount_cents,
    cleaning_cents: trip.cleaning_cents,
    service_cents: trip.service_cents,
    taxes_cents: trip.taxes_cents,
    total_cents: trip.total_cents,
    before_taxes_cents: trip.total_cents - trip.taxes_cents,
  };
  const nights = daysBetween(trip.check_in, trip.check_out);
  const card = ctx.db
    .prepare<[number], { brand: string; last4: string }>(
      'SELECT brand, last4 FROM payment_methods WHERE id = ?',
    )
    .get(trip.payment_method_id);
  return html`<a class="link back-link" href="/trips?tab=${tab}">‹ All trips</a>
<div class="trip-head">${photo(trip.photo_hue, 0, trip.title, 'hero')}
  <div><p class="muted">${trip.city} · ${trip.neighborhood}</p><h1>${trip.title}</h1>
  <p class="${classNames('status-pill', `status-${tab}`)}">${tab === 'cancelled' ? 'Cancelled' : tab === 'upcoming' ? 'Confirmed' : 'Completed'}</p></div></div>
<div class="trip-layout">
<section class="panel" aria-label="Reservation details">
  <dl class="trip-facts">
    <div><dt>Confirmation code</dt><dd class="code">${trip.code}</dd></div>
    <div><dt>Check-in</dt><dd>${formatDate(`${trip.check_in}T00:00:00Z`)}, after ${listing.check_in_from}</dd></div>
    <div><dt>Checkout</dt><dd>${formatDate(`${trip.check_out}T00:00:00Z`)}, by ${listing.checkout_by}</dd></div>
    <div><dt>Nights</dt><dd>${nights}</dd></div>
    <div><dt>Guests</dt><dd>${trip.adults} adult${trip.adults === 1 ? '' : 's'}${trip.children ? `, ${trip.children} child${trip.children === 1 ? '' : 'ren'}` : ''}${trip.infants ? `, ${trip.infants} infant${trip.infants === 1 ? '' : 's'}` : ''}</dd></div>
    <div><dt>Host</dt><dd>${trip.host_name} · <a class="link" href="/messages/${trip.listing_id}">Message host</a></dd></div>
    <div><dt>Paid with</dt><dd>${card ? `${card.brand} •••• ${card.last4}` : '—'}</dd></div>
    <div><dt>Booked</dt><dd>${formatDateTime(trip.created_at)}</dd></div>
    ${trip.message ? html`<div><dt>Your message</dt><dd>${trip.message}</dd></div>` : ''}
  </dl>
  <p><a class="link" href="/listings/${trip.listing_id}">View listing</a></p>
</section>
<section class="panel" aria-label="Payment"><h2>Payment</h2>
  ${priceBreakdown(price, listing.tax_pct, listing.weekly_discount_pct)}
  ${trip.status === 'cancelled' ? html`<p class="refund-line">Refunded <strong>${money(trip.refund_cents ?? 0)}</strong>${trip.cancelled_at ? ` on ${formatDate(trip.cancelled_at)}` : ''}</p>` : ''}
</section>
<section class="panel" aria-label="Cancellation policy"><h2>Cancellation policy</h2>${policyBadge(trip.cancellation_policy)}
  <p>${POLICIES[trip.cancellation_policy].label}: ${POLICIES[trip.cancellation_policy].summary}</p>
  ${
    tab === 'upcoming'
      ? html`<button type="button" class="btn btn-danger-quiet" data-modal-open="cancel-trip">Cancel trip</button>
  <dialog id="cancel-trip" class="kit-modal" aria-labelledby="cancel-trip-title">
    <form method="post" action="/trips/${trip.code}/cancel" class="kit-modal-body">
      <h2 id="cancel-trip-title">Cancel your trip to ${trip.city}?</h2>
      <p>${trip.title} · ${dates(trip)}</p>
      <dl class="refund-table">
        <div><dt>You paid</dt><dd>${money(trip.total_cents)}</dd></div>
        <div><dt>Your refund</dt><dd class="refund-amount">${money(refund)}</dd></div>
      </dl>
      <p class="muted small">${POLICIES[trip.cancellation_policy].label} policy: ${POLICIES[trip.cancellation_policy].summary}</p>
      <div class="kit-modal-actions"><button type="button" class="btn btn-quiet" data-modal-close>Keep trip</button><button class="btn btn-danger">Cancel trip</button></div>
    </form>
  </dialog>`
      : ''
  }
</section>
${tab === 'past' ? reviewSection(ctx, trip, review.values, review.errors) : ''}
</div>`;
}

export function tripRoutes(app: AppBuilder): void {
  app.get('/trips', (ctx) => {
    const tabParam = ctx.query.get('tab') ?? 'upcoming';
    const tab: Tab = tabParam in TABS ? (tabParam as Tab) : 'upcoming';
    const day = today(ctx);
    const trips = ctx.db
      .prepare<[], TripRow>(`${TRIP_SELECT} ORDER BY b.check_in`)
      .all()
      .filter((t) => tabOf(t, day) === tab);
    if (tab !== 'upcoming') trips.reverse();
    return ctx.render({
      title: 'Trips',
      section: 'trips',
      body: html`<h1>Trips</h1>
<nav class="tabs" aria-label="Trips">${Object.entries(TABS).map(([key, label]) => html`<a href="/trips?tab=${key}" class="${classNames('tab', key === tab && 'active')}" ${key === tab ? html`aria-current="page"` : ''}>${label}</a>`)}</nav>
${trips.length === 0 ? emptyState(`No ${TABS[tab].toLowerCase()} trips`, 'Time to dust off your bags and start planning your next adventure.', html`<a class="btn btn-dark" href="/">Start searching</a>`) : html`<div class="trip-list">${trips.map(tripCard)}</div>`}`,
    });
  });

  app.get('/trips/:code', (ctx) => {
    const trip = loadTrip(ctx);
    const listing = findListing(ctx.db, trip.listing_id)!;
    return ctx.render({
      title: `Trip to ${trip.city}`,
      section: 'trips',
      body: tripPage(ctx, trip, listing, { values: Review.empty(), errors: {} }),
    });
  });

  app.post('/trips/:code/cancel', (ctx) => {
    const trip = loadTrip(ctx);
    if (tabOf(trip, today(ctx)) !== 'upcoming')
      return ctx.redirect(`/trips/${trip.code}`, {
        kind: 'error',
        message: 'Only upcoming trips can be cancelled.',
      });
    const refund = refundCents(trip.cancellation_policy, trip.total_cents, today(ctx), trip.check_in);
    ctx.db
      .prepare("UPDATE bookings SET status = 'cancelled', refund_cents = ?, cancelled_at = ? WHERE id = ?")
      .run(refund, ctx.now().toISOString(), trip.id);
    return ctx.redirect(`/trips/${trip.code}`, {
      kind: 'success',
      message: `Trip cancelled · ${money(refund)} will be refunded`,
    });
  });

  app.post('/trips/:code/review', (ctx) => {
    const trip = loadTrip(ctx);
    const listing = findListing(ctx.db, trip.listing_id)!;
    if (tabOf(trip, today(ctx)) !== 'past')
      return ctx.redirect(`/trips/${trip.code}`, {
        kind: 'error',
        message: 'You can review a stay after checkout.',
      });
    if (ctx.db.prepare('SELECT 1 FROM reviews WHERE booking_id = ?').get(trip.id))
      return ctx.redirect(`/trips/${trip.code}`, {
        kind: 'error',
        message: 'You already reviewed this stay.',
      });
    const result = Review.parse(ctx.form);
    if (!result.ok)
      return ctx.render({
        title: `Trip to ${trip.city}`,
        section: 'trips',
        status: 422,
        body: tripPage(ctx, trip, listing, { values: result.values, errors: result.errors }),
      });
    ctx.db
      .prepare(
        "INSERT INTO reviews (listing_id, booking_id, author, rating, body, status, created_at) VALUES (?, ?, 'Riley', ?, ?, 'pending', ?)",
      )
      .run(trip.listing_id, trip.id, Number(result.data.rating), result.data.body, ctx.now().toISOString());
    return ctx.redirect(`/trips/${trip.code}`, {
      kind: 'success',
      message: 'Thanks! Your review will appear after moderation.',
    });
  });
}
