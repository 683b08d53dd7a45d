import {
  type AppBuilder,
  fieldError,
  fields,
  formatDate,
  formSchema,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { stayProblem } from '../booking';
import { POLICIES } from '../pricing';
import {
  type Guests,
  guestsLabel,
  type Listing,
  type PaymentMethod,
  paymentMethods,
  priceFor,
  readGuests,
  readStay,
  type Stay,
} from '../queries';
import { money, photo, policyBadge, priceBreakdown, stars, stayQuery, typeLabel } from '../views/parts';
import { listingPage, loadListing } from './listing';

/** Confirm and pay: the review page, its confirmation modal and the booking it writes. */

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const Booking = formSchema({
  payment_method: fields.integer({ required: true, min: 1, label: 'Payment method' }),
  message: fields.text({ max: 500, label: 'Message to the host' }),
  agree: fields.checkbox(),
});

type Values = { payment_method: string; message: string; agree: string };
type Errors = Partial<Record<keyof Values, string>>;

function today(ctx: RequestContext): string {
  return ctx.now().toISOString().slice(0, 10);
}

function expiresLabel(card: PaymentMethod): string {
  const [year, month] = card.expires.split('-');
  return `${month}/${year}`;
}

function isExpired(card: PaymentMethod, ctx: RequestContext): boolean {
  return card.expires < today(ctx).slice(0, 7);
}

function confirmPage(
  ctx: RequestContext,
  listing: Listing,
  stay: Stay,
  guests: Guests,
  values: Values,
  errors: Errors,
): SafeHtml {
  const price = priceFor(ctx.db, listing, stay.checkIn, stay.checkOut);
  const cards = paymentMethods(ctx.db);
  const chosen = values.payment_method || String(cards.find((c) => c.is_default)?.id ?? '');
  const back = ctx.link(
    `/listings/${listing.id}`,
    stayQuery({ checkIn: stay.checkIn, checkOut: stay.checkOut, guests }),
  );
  return html`<a class="link back-link" href="${back}">‹ Back to the listing</a>
<h1>Confirm and pay</h1>
<div class="confirm-layout">
<form method="post" action="/listings/${listing.id}/book" class="confirm-form" novalidate>
  <input type="hidden" name="check_in" value="${stay.checkIn}"><input type="hidden" name="check_out" value="${stay.checkOut}">
  <input type="hidden" name="adults" value="${guests.adults}"><input type="hidden" name="children" value="${guests.children}"><input type="hidden" name="infants" value="${guests.infants}">
  <section aria-label="Your trip"><h2>Your trip</h2>
    <dl class="trip-facts"><div><dt>Dates</dt><dd>${formatDate(`${stay.checkIn}T00:00:00Z`)} – ${formatDate(`${stay.checkOut}T00:00:00Z`)}</dd></div>
    <div><dt>Guests</dt><dd>${guestsLabel(guests)}</dd></div></dl>
    <a class="link" href="${back}">Edit</a></section>
  <section aria-label="Pay with"><h2>Pay with</h2>
    <fieldset class="cards"><legend class="sr-only">Payment method</legend>
    ${cards.map((card) => html`<label class="card-option"><input type="radio" name="payment_method" value="${card.id}" ${String(card.id) === chosen ? 'checked' : ''}> ${card.brand} •••• ${card.last4} <span class="muted">expires ${expiresLabel(card)}</span></label>`)}
    </fieldset>${fieldError(errors.payment_method)}</section>
  <section><h2>Message the host</h2>
    <label for="book-message">Message to the host</label>
    <textarea id="book-message" name="message" rows="3" placeholder="Say hello and tell your host when you'll arrive (optional)">${values.message}</textarea>${fieldError(errors.message)}</section>
  <section><h2>Cancellation policy</h2>${policyBadge(listing.cancellation_policy)}<p>${POLICIES[listing.cancellation_policy].label}: ${POLICIES[listing.cancellation_policy].summary}</p></section>
  <label class="check agree"><input type="checkbox" name="agree" value="on" ${values.agree ? 'checked' : ''}> I agree to the host's house rules and the cancellation policy</label>${fieldError(errors.agree)}
  <button type="button" class="btn btn-primary btn-large" data-modal-open="confirm-booking">Confirm and pay</button>
  <dialog id="confirm-booking" class="kit-modal" aria-labelledby="confirm-booking-title">
    <div class="kit-modal-body">
      <h2 id="confirm-booking-title">Book ${listing.title}?</h2>
      <p>${formatDate(`${stay.checkIn}T00:00:00Z`)} – ${formatDate(`${stay.checkOut}T00:00:00Z`)} · ${guestsLabel(guests)}</p>
      <p class="modal-total">Total <strong>${money(price.total_cents)}</strong>, charged now to the card you chose.</p>
      <div class="kit-modal-actions"><button type="button" class="btn btn-quiet" data-modal-close>Go back</button><button class="btn btn-primary">Book now</button></div>
    </div>
  </dialog>
</form>
<aside class="summary-card" aria-label="Summary">
  <div class="summary-head">${photo(listing.photo_hue, 0, listing.title, 'tile')}<div><p class="muted small">${typeLabel(listing)}</p><strong>${listing.title}</strong><p>${stars(listing.rating, listing.review_count)}</p></div></div>
  <h2>Price details</h2>
  ${priceBreakdown(price, listing.tax_pct, listing.weekly_discount_pct)}
</aside>
</div>`;
}

/** Dates and guests of the request, checked against the listing: a stay to book, or the widget's message. */
function readBookable(ctx: RequestContext, listing: Listing, source: URLSearchParams) {
  const read = readStay(source, today(ctx));
  const guests = readGuests(source);
  if (!read.stay)
    return { problem: read.error ?? 'Add your check-in and check-out dates.', guests, stay: null };
  return { problem: stayProblem(ctx.db, listing, read.stay, guests), guests, stay: read.stay };
}

function refuse(ctx: RequestContext, listing: Listing, problem: string) {
  return ctx.render({
    title: listing.title,
    section: 'search',
    status: 422,
    body: listingPage(ctx, listing, problem),
  });
}

export function bookingRoutes(app: AppBuilder): void {
  app.get('/listings/:id/book', (ctx) => {
    const listing = loadListing(ctx);
    const { problem, guests, stay } = readBookable(ctx, listing, ctx.query);
    if (problem || !stay) return refuse(ctx, listing, problem ?? '');
    return ctx.render({
      title: 'Confirm and pay',
      section: 'search',
      body: confirmPage(ctx, listing, stay, guests, { payment_method: '', message: '', agree: '' }, {}),
    });
  });

  app.post('/listings/:id/book', (ctx) => {
    const listing = loadListing(ctx);
    const { problem, guests, stay } = readBookable(ctx, listing, ctx.form);
    if (problem || !stay) {
      ctx.flash('error', problem ?? 'Add your dates');
      return refuse(ctx, listing, problem ?? '');
    }
    const result = Booking.parse(ctx.form);
    const errors: Errors = { ...result.errors };
    const card = result.ok
      ? paymentMethods(ctx.db).find((c) => c.id === result.data.payment_method)
      : undefined;
    if (result.ok && !card) errors.payment_method = 'Choose a payment method';
    if (card && isExpired(card, ctx))
      errors.payment_method = `This card expired in ${expiresLabel(card)}. Choose another payment method.`;
    if (!ctx.form.get('agree')) errors.agree = 'Agree to the house rules and cancellation policy to continue';
    if (!result.ok || !card || Object.keys(errors).length > 0) {
      ctx.flash('error', "We couldn't complete your booking. Check the details below.");
      return ctx.render({
        title: 'Confirm and pay',
        section: 'search',
        status: 422,
        body: confirmPage(ctx, listing, stay, guests, result.values as Values, errors),
      });
    }
    const price = priceFor(ctx.db, listing, stay.checkIn, stay.checkOut);
    let code = '';
    do code = `RM-${ctx.rng.token(6, CODE_ALPHABET)}`;
    while (ctx.db.prepare('SELECT 1 FROM bookings WHERE code = ?').get(code));
    ctx.db
      .prepare(
        `INSERT INTO bookings (code, listing_id, check_in, check_out, adults, children, infants, subtotal_cents,
           discount_cents, cleaning_cents, service_cents, taxes_cents, total_cents, payment_method_id, message, status,
           refund_cents, created_at, cancelled_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'confirmed', NULL, ?, NULL)`,
      )
      .run(
        code,
        listing.id,
        stay.checkIn,
        stay.checkOut,
        guests.adults,
        guests.children,
        guests.infants,
        price.subtotal_cents,
        price.discount_cents,
        price.cleaning_cents,
        price.service_cents,
        price.taxes_cents,
        price.total_cents,
        card.id,
        result.data.message,
        ctx.now().toISOString(),
      );
    return ctx.redirect(`/trips/${code}`, { kind: 'success', message: `Booking confirmed · ${code}` });
  });
}
