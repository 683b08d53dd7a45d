import {
  type AppBuilder,
  fieldError,
  fields,
  formatDate,
  formSchema,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { stayProblem } from '../booking';
import { POLICIES } from '../pricing';
import {
  allWishlists,
  amenitiesOf,
  findListing,
  type Listing,
  priceFor,
  readGuests,
  readStay,
  savedIn,
  takenRanges,
} from '../queries';
import {
  dateRange,
  dollars,
  guestsPicker,
  photo,
  photoCount,
  policyBadge,
  priceBreakdown,
  saveMenu,
  stars,
  stayQuery,
  typeLabel,
} from '../views/parts';

/** A listing's page with its booking widget; its house rules (a new tab) and its share window (a popup). */

export function loadListing(ctx: RequestContext): Listing {
  const listing = findListing(ctx.db, ctx.params.id ?? '');
  if (!listing) throw new HttpError(404);
  return listing;
}

function today(ctx: RequestContext): string {
  return ctx.now().toISOString().slice(0, 10);
}

interface Review {
  author: string;
  rating: number;
  body: string;
  created_at: string;
}

/** The booking widget: dates and guests, then either the price or what stands in the way. */
function bookingWidget(ctx: RequestContext, listing: Listing, problem?: string): SafeHtml {
  const read = readStay(ctx.query, today(ctx));
  const guests = readGuests(ctx.query);
  const issue = problem ?? read.error ?? (read.stay ? stayProblem(ctx.db, listing, read.stay, guests) : null);
  const price = read.stay && !issue ? priceFor(ctx.db, listing, read.stay.checkIn, read.stay.checkOut) : null;
  return html`<aside class="book-card" aria-label="Book this place">
  <p class="book-price"><strong>${dollars(listing.nightly_cents)}</strong> night <span class="book-rating">${stars(listing.rating, listing.review_count)}</span></p>
  <form method="get" action="/listings/${listing.id}/book" class="book-form">
    ${dateRange({ checkIn: read.checkIn, checkOut: read.checkOut, today: today(ctx), taken: takenRanges(ctx.db, listing.id), minNights: listing.min_nights, idPrefix: 'book' })}
    ${guestsPicker(guests, 'book', listing.max_guests)}
    ${issue && html`<div class="alert alert-error" role="alert">${issue}</div>`}
    <button class="btn btn-primary btn-block">Reserve</button>
    <p class="muted small center">You won't be charged yet</p>
  </form>
  ${price ? priceBreakdown(price, listing.tax_pct, listing.weekly_discount_pct) : html`<p class="muted small">Add your dates to see the total price.</p>`}
  ${listing.min_nights > 1 ? html`<p class="muted small">Minimum stay: ${listing.min_nights} nights.</p>` : ''}
  ${listing.weekly_discount_pct > 0 ? html`<p class="muted small">${listing.weekly_discount_pct}% off stays of 7 nights or more.</p>` : ''}
</aside>`;
}

export function listingPage(ctx: RequestContext, listing: Listing, problem?: string): SafeHtml {
  const amenities = amenitiesOf(ctx.db, listing.id);
  const reviews = ctx.db
    .prepare<[number], Review>(
      "SELECT author, rating, body, created_at FROM reviews WHERE listing_id = ? AND status = 'published' ORDER BY created_at DESC, id DESC",
    )
    .all(listing.id);
  const host = ctx.db
    .prepare<
      [number],
      { name: string; joined_on: string; superhost: number; response_rate: number; languages: string }
    >('SELECT name, joined_on, superhost, response_rate, languages FROM hosts WHERE id = ?')
    .get(listing.host_id)!;
  const back = `${ctx.url.pathname}${ctx.url.search}`;
  const searchBack = ctx.link('/search', {
    where: listing.city,
    ...stayQuery({
      checkIn: ctx.query.get('check_in') ?? '',
      checkOut: ctx.query.get('check_out') ?? '',
      guests: readGuests(ctx.query),
    }),
  });
  return html`<nav class="crumbs" aria-label="Breadcrumb"><a href="${searchBack}">Stays in ${listing.city}</a> › <span>${listing.neighborhood}</span></nav>
<div class="listing-head">
  <h1>${listing.title}</h1>
  <div class="listing-actions">
    <a class="btn btn-quiet" href="/listings/${listing.id}/share" target="_blank" data-popup="share">Share</a>
    ${saveMenu(listing, allWishlists(ctx.db), savedIn(ctx.db).get(listing.id), back)}
  </div>
</div>
<p class="listing-sub">${stars(listing.rating, listing.review_count)} · ${listing.neighborhood}, ${listing.city}, ${listing.country} ${listing.superhost ? html`· <span class="badge badge-host">Superhost</span>` : ''}</p>
<div class="gallery" aria-label="Photos">${Array.from({ length: photoCount() }, (_, i) => photo(listing.photo_hue, i, listing.title, i === 0 ? 'hero' : 'tile'))}</div>
<div class="listing-layout">
  <div class="listing-main">
    <section class="listing-summary">
      <h2>${typeLabel(listing)} hosted by ${host.name}</h2>
      <p>${listing.max_guests} guests · ${listing.bedrooms} bedroom${listing.bedrooms === 1 ? '' : 's'} · ${listing.beds} bed${listing.beds === 1 ? '' : 's'} · ${listing.baths} bath${listing.baths === 1 ? '' : 's'}</p>
    </section>
    <section class="host-card" aria-label="Host">
      <span class="avatar avatar-lg" aria-hidden="true">${host.name.charAt(0)}</span>
      <div><strong>${host.name}</strong>${host.superhost ? html` <span class="badge badge-host">Superhost</span>` : ''}
        <p class="muted small">Hosting since ${formatDate(`${host.joined_on}T00:00:00Z`)} · ${host.response_rate}% response rate · Speaks ${host.languages}</p></div>
      <a class="btn btn-quiet" href="/messages/${listing.id}">Contact host</a>
    </section>
    <section><h2>About this place</h2><p>${listing.description}</p></section>
    <section><h2>What this place offers</h2>
      <ul class="amenities">${amenities.map((a) => html`<li><span class="amenity-cat">${a.category}</span>${a.name}</li>`)}</ul></section>
    <section><h2>Things to know</h2>
      <div class="know-grid">
        <div><h3>House rules</h3><p>Check-in after ${listing.check_in_from}</p><p>${listing.max_guests} guests maximum</p>
          <a class="link" href="/listings/${listing.id}/rules" target="_blank">Show house rules</a></div>
        <div><h3>Cancellation policy</h3>${policyBadge(listing.cancellation_policy)}<p>${POLICIES[listing.cancellation_policy].label}: ${POLICIES[listing.cancellation_policy].summary}</p></div>
      </div></section>
    <section aria-label="Reviews"><h2>${stars(listing.rating, listing.review_count)} · Recent reviews</h2>
      <div class="reviews">${reviews.map(
        (
          r,
        ) => html`<article class="review"><header><strong>${r.author}</strong> <span class="muted">${formatDate(r.created_at)}</span></header>
          <p class="review-stars" aria-label="${r.rating} stars">${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)}</p><p>${r.body}</p></article>`,
      )}</div></section>
  </div>
  ${bookingWidget(ctx, listing, problem)}
</div>`;
}

const Share = formSchema({
  email: fields.email({ required: true, label: 'Email address' }),
  note: fields.text({ max: 200, label: 'Note' }),
});

function sharePage(
  listing: Listing,
  values: { email: string; note: string },
  errors: { email?: string; note?: string },
  sent: boolean,
): SafeHtml {
  return html`<h1>Share this place</h1>
<div class="share-preview">${photo(listing.photo_hue, 0, listing.title, 'tile')}<div><strong>${listing.title}</strong><p class="muted">${listing.neighborhood}, ${listing.city}</p></div></div>
<label class="field" for="share-link"><span class="field-label">Link</span><input id="share-link" readonly value="https://roamly.test/rooms/${listing.id}"></label>
${sent ? html`<p class="alert alert-success" role="status">Sent. You can share with someone else or close this window.</p>` : ''}
<form method="post" action="/listings/${listing.id}/share" class="stack" novalidate>
  <label for="share-email">Email address</label>
  <input id="share-email" name="email" type="email" value="${values.email}" placeholder="friend@example.com">${fieldError(errors.email)}
  <label for="share-note">Note</label>
  <textarea id="share-note" name="note" rows="3" placeholder="Add a note (optional)">${values.note}</textarea>${fieldError(errors.note)}
  <button class="btn btn-primary">Send</button>
</form>
<p class="muted small">Close this window to return to the listing.</p>`;
}

function yesNo(value: number, yes: string, no: string): string {
  return value ? yes : no;
}

export function listingRoutes(app: AppBuilder): void {
  app.get('/listings/:id', (ctx) => {
    const listing = loadListing(ctx);
    return ctx.render({ title: listing.title, section: 'search', body: listingPage(ctx, listing) });
  });

  // Opened in a new tab from "Show house rules".
  app.get('/listings/:id/rules', (ctx) => {
    const listing = loadListing(ctx);
    return ctx.render({
      title: `House rules · ${listing.title}`,
      layout: 'popup',
      body: html`<h1>House rules</h1><p class="muted">${listing.title} · ${listing.neighborhood}, ${listing.city}</p>
<p>You'll be staying in someone's home, so please treat it with care and respect.</p>
<section class="rules" aria-label="Checking in and out"><h2>Checking in and out</h2>
  <dl class="rule-list">
    <div><dt>Check-in</dt><dd>${listing.check_in_from} – ${listing.check_in_until}</dd></div>
    <div><dt>Checkout</dt><dd>Before ${listing.checkout_by}</dd></div>
  </dl></section>
<section class="rules" aria-label="During your stay"><h2>During your stay</h2>
  <dl class="rule-list">
    <div><dt>Guests</dt><dd>${listing.max_guests} guests maximum</dd></div>
    <div><dt>Pets</dt><dd>${yesNo(listing.pets_allowed, 'Pets allowed', 'No pets')}</dd></div>
    <div><dt>Quiet hours</dt><dd>${listing.quiet_hours}</dd></div>
    <div><dt>Smoking</dt><dd>${yesNo(listing.smoking_allowed, 'Smoking allowed', 'No smoking')}</dd></div>
    <div><dt>Parties</dt><dd>${yesNo(listing.parties_allowed, 'Events allowed', 'No parties or events')}</dd></div>
  </dl></section>
<p class="muted small">Close this tab to return to the listing.</p>`,
    });
  });

  // The share window: window.open from the listing page (a plain new tab without script).
  app.get('/listings/:id/share', (ctx) => {
    const listing = loadListing(ctx);
    return ctx.render({
      title: 'Share',
      layout: 'popup',
      body: sharePage(listing, Share.empty(), {}, ctx.query.get('sent') === '1'),
    });
  });

  app.post('/listings/:id/share', (ctx) => {
    const listing = loadListing(ctx);
    const result = Share.parse(ctx.form);
    if (!result.ok)
      return ctx.render({
        title: 'Share',
        layout: 'popup',
        status: 422,
        body: sharePage(listing, result.values, result.errors, false),
      });
    ctx.db
      .prepare('INSERT INTO shares (listing_id, recipient, note, created_at) VALUES (?, ?, ?, ?)')
      .run(listing.id, result.data.email.toLowerCase(), result.data.note, ctx.now().toISOString());
    return ctx.redirect(`/listings/${listing.id}/share?sent=1`, {
      kind: 'success',
      message: `Shared with ${result.data.email.toLowerCase()}`,
    });
  });
}
