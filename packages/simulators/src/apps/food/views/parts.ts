import { classNames, html, type RequestContext, type SafeHtml } from '../../../kit';
import {
  deliverySlots,
  isOpen,
  money,
  type OrderStatus,
  promoProblem,
  type Restaurant,
  STATUS_LABELS,
  slotLabel,
} from '../domain';
import { cartLines, cartSubtotal, type MenuItem, promoByCode, restaurantById } from '../queries';

/** View parts shared by Forkful's pages: restaurant cards, ratings, tags, the cart drawer, the allergen card. */

export function stars(rating: number): SafeHtml {
  return html`<span class="rating" aria-label="Rated ${rating.toFixed(1)} out of 5"><span aria-hidden="true">★</span> ${rating.toFixed(1)}</span>`;
}

export function feeLabel(cents: number): string {
  return cents === 0 ? 'Free delivery' : `${money(cents)} delivery`;
}

export function restaurantCard(r: Restaurant, now: Date, favourite = false): SafeHtml {
  const open = isOpen(r, now);
  return html`<article class="${classNames('r-card', !open && 'closed')}" aria-label="${r.name}, ${r.neighbourhood}">
  <a class="r-link" href="/r/${r.slug}">
    <div class="r-photo" style="--hue:${r.hue}" aria-hidden="true"><span>${r.cuisine}</span>${!open && html`<em class="closed-badge">Closed · opens ${slotLabel(r.opens)}</em>`}</div>
    <div class="r-body">
      <h3 class="r-name">${r.name}${favourite && html` <span class="fav-mark" aria-label="Favourite">♥</span>`}</h3>
      <p class="r-meta">${r.cuisine} · ${r.neighbourhood} · ${'$'.repeat(r.price_level)}</p>
      <p class="r-facts">${stars(r.rating)} <span class="muted">(${r.rating_count.toLocaleString('en-US')})</span> · <span class="r-time">${r.delivery_minutes} min</span> · <span class="r-fee">${feeLabel(r.delivery_fee_cents)}</span></p>
    </div>
  </a>
</article>`;
}

export function tagChips(tags: string): SafeHtml {
  const list = tags.split(',').filter(Boolean);
  return html`${list.map((t) => html`<span class="${classNames('tag', `tag-${t}`)}">${t}</span>`)}`;
}

export function statusBadge(status: OrderStatus): SafeHtml {
  return html`<span class="${classNames('status', `status-${status}`)}">${STATUS_LABELS[status]}</span>`;
}

/** The nutrition and allergen card: a custom element with a declarative shadow root. */
export function allergenCard(item: MenuItem): SafeHtml {
  const allergens = item.allergens.split(',').filter(Boolean);
  return html`<allergen-card data-item="${item.id}"><template shadowrootmode="open"><style>
  :host { display: block; margin: 12px 0; }
  .card { border: 1px solid #eadfd3; border-radius: 12px; padding: 10px 14px; background: #fffdf9; font-size: 13px; }
  h4 { margin: 0 0 6px; font-size: 12px; letter-spacing: .06em; text-transform: uppercase; color: #8a6d55; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 4px 12px; margin: 0; }
  dt { color: #6b5b4d; } dd { margin: 0; font-weight: 600; }
  .none { color: #2f7d4f; }
</style><section class="card" aria-label="Nutrition and allergens"><h4>Nutrition &amp; allergens</h4><dl>
<dt>Calories</dt><dd>${item.calories} kcal</dd>
<dt>Contains</dt><dd>${allergens.length ? allergens.join(', ') : html`<span class="none">No major allergens</span>`}</dd>
<dt>Dietary</dt><dd>${item.tags.split(',').filter(Boolean).join(', ') || '—'}</dd>
</dl></section></template></allergen-card>`;
}

/** The cart drawer, on every page: one restaurant's items, the minimum order, a promo code, checkout. */
export function cartDrawer(ctx: RequestContext): SafeHtml {
  const lines = cartLines(ctx);
  const first = lines[0];
  if (!first)
    return html`<dialog id="cart-drawer" class="kit-modal cart-drawer" aria-label="Your cart">
  <header class="drawer-head"><h2>Your cart</h2><button type="button" class="icon-btn" data-modal-close aria-label="Close cart">✕</button></header>
  <div class="drawer-empty"><p class="empty-title">Your cart is empty</p><p class="muted">Add dishes from a restaurant to start an order.</p></div>
</dialog>`;
  const restaurant = restaurantById(ctx, first.restaurant_id);
  const subtotal = cartSubtotal(lines);
  const code = ctx.sessionValue<string>('promo');
  const promo = code ? promoByCode(ctx, code) : undefined;
  const problem = promo ? promoProblem(promo, restaurant, subtotal, ctx.now()) : null;
  const short = restaurant.min_order_cents - subtotal;
  const back = ctx.url.pathname + ctx.url.search;
  return html`<dialog id="cart-drawer" class="kit-modal cart-drawer" aria-label="Your cart">
  <header class="drawer-head"><div><h2>Your cart</h2><p class="muted">From <a href="/r/${restaurant.slug}">${restaurant.name}</a> · ${restaurant.neighbourhood}</p></div><button type="button" class="icon-btn" data-modal-close aria-label="Close cart">✕</button></header>
  <ul class="cart-lines">${lines.map(
    (l) => html`<li class="cart-line" aria-label="${l.name}">
      <div class="cl-main"><strong>${l.name}</strong>${l.options && html`<span class="muted small">${l.options}</span>`}${l.instructions && html`<span class="muted small">“${l.instructions}”</span>`}</div>
      <form method="post" action="/cart/items/${l.id}/quantity" class="qty-stepper">
        <input type="hidden" name="back" value="${back}">
        <button name="quantity" value="${l.quantity - 1}" aria-label="Decrease ${l.name}">−</button>
        <output aria-label="Quantity of ${l.name}">${l.quantity}</output>
        <button name="quantity" value="${l.quantity + 1}" aria-label="Increase ${l.name}">+</button>
      </form>
      <span class="cl-price">${money(l.unit_price_cents * l.quantity)}</span>
    </li>`,
  )}</ul>
  <dl class="totals"><div><dt>Subtotal</dt><dd data-cart-subtotal>${money(subtotal)}</dd></div></dl>
  ${short > 0 && html`<p class="notice notice-warn" role="status">${restaurant.name} has a ${money(restaurant.min_order_cents)} minimum. Add ${money(short)} more to check out.</p>`}
  <div class="promo-box">
    ${
      promo
        ? html`<div class="${classNames('promo-applied', problem && 'promo-bad')}"><span><strong>${promo.code}</strong> · ${promo.title}</span>
          ${problem && html`<span class="small">${problem}</span>`}
          <form method="post" action="/cart/promo/remove"><input type="hidden" name="back" value="${back}"><button class="link-btn">Remove</button></form></div>`
        : html`<form method="post" action="/cart/promo" class="promo-form"><input type="hidden" name="back" value="${back}">
          <label for="promo-code">Promo code</label><div class="row"><input id="promo-code" name="code" autocomplete="off" placeholder="e.g. FEAST30"><button class="btn btn-light">Apply</button></div></form>`
    }
  </div>
  ${
    short > 0
      ? html`<button class="btn btn-primary btn-block" disabled>Go to checkout</button>`
      : html`<a class="btn btn-primary btn-block" href="/checkout">Go to checkout · ${money(subtotal)}</a>`
  }
  <form method="post" action="/cart/clear" data-confirm="Remove everything from your cart?" data-confirm-label="Clear cart"><input type="hidden" name="back" value="${back}"><button class="link-btn small">Clear cart</button></form>
</dialog>`;
}

export function cartCount(ctx: RequestContext): number {
  return cartLines(ctx).reduce((n, l) => n + l.quantity, 0);
}

export { deliverySlots };
