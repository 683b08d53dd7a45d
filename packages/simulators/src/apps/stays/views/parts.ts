import { classNames, formatMoney, html, type SafeHtml } from '../../../kit';
import { type CancellationPolicy, FREE_CANCELLATION, POLICIES, type PriceBreakdown } from '../pricing';
import {
  GUEST_LIMITS,
  type Guests,
  guestsLabel,
  type Listing,
  PROPERTY_TYPES,
  type Wishlist,
} from '../queries';

/** View parts shared by Roamly's pages: money, stars, photos, result cards, the date picker, guests, prices. */

export function money(cents: number): string {
  return formatMoney(cents / 100);
}

/** Whole dollars, as result cards and pins show nightly prices. */
export function dollars(cents: number): string {
  return formatMoney(Math.round(cents / 100), 'USD').replace(/\.00$/, '');
}

export function stars(rating: number, count: number): SafeHtml {
  return html`<span class="rating" aria-label="Rated ${rating.toFixed(2)} out of 5 from ${count} reviews"><span aria-hidden="true">★</span> ${rating.toFixed(2)} <span class="muted">(${count})</span></span>`;
}

export function typeLabel(listing: Pick<Listing, 'property_type' | 'neighborhood'>): string {
  return `${PROPERTY_TYPES[listing.property_type] ?? listing.property_type} in ${listing.neighborhood}`;
}

export function policyBadge(policy: CancellationPolicy): SafeHtml {
  return FREE_CANCELLATION.includes(policy)
    ? html`<span class="badge badge-free">Free cancellation</span>`
    : html`<span class="badge badge-policy">${POLICIES[policy].label} cancellation</span>`;
}

const PHOTO_ROOMS = ['Living room', 'Bedroom', 'Kitchen', 'Bathroom', 'View'];

/** Photos are drawn, not downloaded: a tinted scene per room, labelled for screen readers. */
export function photo(
  hue: number,
  index: number,
  title: string,
  size: 'card' | 'hero' | 'tile' = 'card',
): SafeHtml {
  const room = PHOTO_ROOMS[index % PHOTO_ROOMS.length]!;
  return html`<figure class="${classNames('photo', `photo-${size}`, `room-${index % PHOTO_ROOMS.length}`)}" style="--hue:${(hue + index * 23) % 360}" role="img" aria-label="Photo ${index + 1} of ${PHOTO_ROOMS.length}: ${room} of ${title}"><span class="photo-sun"></span><span class="photo-floor"></span><span class="photo-frame"></span></figure>`;
}

export function photoCount(): number {
  return PHOTO_ROOMS.length;
}

export function emptyState(title: string, detail: string, action?: SafeHtml): SafeHtml {
  return html`<div class="empty-state"><p class="empty-title">${title}</p><p class="muted">${detail}</p>${action}</div>`;
}

export interface CardOptions {
  listing: Listing;
  href: string;
  nightlyCents: number;
  price: PriceBreakdown | null;
  wishlists: Wishlist[];
  savedTo: Set<number> | undefined;
  back: string;
}

/** The wishlist menu of a result card: it opens when the pointer rests on the card (or focus enters it). */
export function saveMenu(
  listing: Pick<Listing, 'id' | 'title'>,
  wishlists: Wishlist[],
  savedTo: Set<number> | undefined,
  back: string,
): SafeHtml {
  const saved = (savedTo?.size ?? 0) > 0;
  return html`<div class="save-menu">
  <button type="button" class="${classNames('heart', saved && 'heart-saved')}" aria-label="${saved ? 'Saved' : 'Save'}: ${listing.title}" aria-haspopup="menu">${saved ? '♥' : '♡'}</button>
  <div class="save-menu-list" role="menu" aria-label="Wishlists for ${listing.title}">
    ${wishlists.map((w) =>
      savedTo?.has(w.id)
        ? html`<form method="post" action="/wishlists/${w.id}/items/${listing.id}/delete"><input type="hidden" name="back" value="${back}"><button class="menu-row" role="menuitem">Remove from ${w.name}</button></form>`
        : html`<form method="post" action="/wishlists/${w.id}/items"><input type="hidden" name="listing_id" value="${listing.id}"><input type="hidden" name="back" value="${back}"><button class="menu-row" role="menuitem">Save to ${w.name}</button></form>`,
    )}
    <a class="menu-row" role="menuitem" href="/wishlists?listing=${listing.id}">Create a new wishlist…</a>
  </div>
</div>`;
}

export function resultCard(o: CardOptions): SafeHtml {
  const { listing } = o;
  return html`<article class="result-card" data-listing="${listing.id}" aria-label="${listing.title}">
  <a class="card-photo" href="${o.href}" tabindex="-1" aria-hidden="true">${photo(listing.photo_hue, 0, listing.title)}</a>
  ${saveMenu(listing, o.wishlists, o.savedTo, o.back)}
  <div class="card-body">
    <div class="card-top"><span class="card-type">${typeLabel(listing)}</span>${stars(listing.rating, listing.review_count)}</div>
    <h3 class="card-title"><a href="${o.href}">${listing.title}</a></h3>
    <p class="card-meta">${listing.max_guests} guests · ${listing.bedrooms} bedroom${listing.bedrooms === 1 ? '' : 's'} · ${listing.beds} bed${listing.beds === 1 ? '' : 's'}</p>
    <p class="card-badges">${listing.superhost ? html`<span class="badge badge-host">Superhost</span>` : ''}${policyBadge(listing.cancellation_policy)}</p>
    <p class="card-price"><strong class="nightly">${dollars(o.nightlyCents)}</strong> night${o.price ? html` · <span class="stay-total">${money(o.price.before_taxes_cents)} total before taxes</span>` : ''}</p>
  </div>
</article>`;
}

export function mapPin(listing: Listing, href: string, nightlyCents: number): SafeHtml {
  return html`<a class="pin" data-listing="${listing.id}" href="${href}" style="left:${listing.map_x}%;top:${listing.map_y}%" aria-label="${listing.title}: ${dollars(nightlyCents)} a night">${dollars(nightlyCents)}</a>`;
}

/**
 * The date range picker: two text fields (typing YYYY-MM-DD works) and a calendar popover that assets/app.js
 * draws: the first click picks check-in, the second check-out. Nights already taken are not selectable.
 */
export function dateRange(options: {
  checkIn: string;
  checkOut: string;
  today: string;
  taken?: { starts_on: string; ends_on: string }[];
  minNights?: number;
  idPrefix: string;
}): SafeHtml {
  const taken = JSON.stringify((options.taken ?? []).map((r) => [r.starts_on, r.ends_on]));
  return html`<div class="daterange" data-daterange data-today="${options.today}" data-taken="${taken}" data-min-nights="${options.minNights ?? 1}">
  <label class="field" for="${options.idPrefix}-in"><span class="field-label">Check-in</span>
    <input id="${options.idPrefix}-in" name="check_in" value="${options.checkIn}" placeholder="YYYY-MM-DD" autocomplete="off" data-range-end="in"></label>
  <label class="field" for="${options.idPrefix}-out"><span class="field-label">Check-out</span>
    <input id="${options.idPrefix}-out" name="check_out" value="${options.checkOut}" placeholder="YYYY-MM-DD" autocomplete="off" data-range-end="out"></label>
  <div class="dr-popover" role="dialog" aria-label="Choose dates" hidden></div>
</div>`;
}

const GUEST_ROWS: [keyof Guests, string, string][] = [
  ['adults', 'Adults', 'Ages 13 or above'],
  ['children', 'Children', 'Ages 2–12'],
  ['infants', 'Infants', 'Under 2'],
];

/** The guests counter: +/- buttons within limits (adults and children together up to `max`). */
export function guestsPicker(guests: Guests, idPrefix: string, max = 16): SafeHtml {
  return html`<div class="guests" data-guests data-max="${max}">
  <span class="field-label" id="${idPrefix}-guests-label">Guests</span>
  <button type="button" class="guests-toggle" aria-expanded="false" aria-controls="${idPrefix}-guests" aria-describedby="${idPrefix}-guests-label"><span class="guests-summary">${guestsLabel(guests)}</span></button>
  <div class="guests-popover" id="${idPrefix}-guests" hidden>
    ${GUEST_ROWS.map(([name, label, hint]) => {
      const [low, high] = GUEST_LIMITS[name];
      return html`<div class="guest-row" data-kind="${name}">
      <div><strong>${label}</strong><span class="muted">${hint}</span></div>
      <div class="stepper">
        <button type="button" class="step" data-step="-1" aria-label="Decrease ${name}">−</button>
        <output class="count" aria-label="${label}">${guests[name]}</output>
        <button type="button" class="step" data-step="1" aria-label="Increase ${name}">+</button>
        <input type="hidden" name="${name}" value="${guests[name]}" data-min="${low}" data-max="${high}">
      </div>
    </div>`;
    })}
    ${max < 16 ? html`<p class="muted small">This place has a maximum of ${max} guests, not counting infants.</p>` : ''}
    <button type="button" class="btn btn-quiet guests-done">Done</button>
  </div>
</div>`;
}

/** The price breakdown is its own widget with an open shadow root (declarative: it renders without script). */
export function priceBreakdown(price: PriceBreakdown, taxPct: number, discountPct: number): SafeHtml {
  const n = price.nights.length;
  const rates = new Set(price.nights.map((night) => night.cents));
  const nightsLabel =
    rates.size === 1
      ? `${money(price.nights[0]!.cents)} × ${n} night${n === 1 ? '' : 's'}`
      : `${n} nights at seasonal rates`;
  return html`<price-breakdown>
<template shadowrootmode="open">
<style>
:host { display: block; font: inherit; color: #222; }
dl { margin: 0; display: grid; gap: 10px; }
.row { display: flex; justify-content: space-between; gap: 12px; }
dt, dd { margin: 0; }
dt { text-decoration: underline dotted #b0b0b0; text-underline-offset: 3px; }
.discount dd { color: #0b7a52; }
.total { border-top: 1px solid #e4e4e4; padding-top: 12px; font-weight: 700; }
.total dt { text-decoration: none; }
details { font-size: 13px; color: #555; }
ul { margin: 6px 0 0; padding-left: 18px; }
</style>
<section aria-label="Price breakdown">
<dl>
  <div class="row" data-row="nights"><dt>${nightsLabel}</dt><dd>${money(price.subtotal_cents)}</dd></div>
  ${rates.size > 1 ? html`<details><summary>Nightly rates</summary><ul>${price.nights.map((night) => html`<li>${night.date}: ${money(night.cents)}${night.season ? ` (${night.season})` : ''}</li>`)}</ul></details>` : ''}
  ${price.discount_cents > 0 ? html`<div class="row discount" data-row="discount"><dt>Weekly stay discount (${discountPct}%)</dt><dd>−${money(price.discount_cents)}</dd></div>` : ''}
  <div class="row" data-row="cleaning"><dt>Cleaning fee</dt><dd>${money(price.cleaning_cents)}</dd></div>
  <div class="row" data-row="service"><dt>Roamly service fee</dt><dd>${money(price.service_cents)}</dd></div>
  <div class="row" data-row="taxes"><dt>Taxes (${taxPct}%)</dt><dd>${money(price.taxes_cents)}</dd></div>
  <div class="row total" data-row="total"><dt>Total (USD)</dt><dd>${money(price.total_cents)}</dd></div>
</dl>
</section>
</template>
</price-breakdown>`;
}

/** Query parameters of a stay that links carry from page to page. */
export function stayQuery(o: {
  checkIn?: string;
  checkOut?: string;
  guests?: Guests;
}): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (o.checkIn) query.check_in = o.checkIn;
  if (o.checkOut) query.check_out = o.checkOut;
  if (o.guests) {
    query.adults = o.guests.adults;
    if (o.guests.children) query.children = o.guests.children;
    if (o.guests.infants) query.infants = o.guests.infants;
  }
  return query;
}
