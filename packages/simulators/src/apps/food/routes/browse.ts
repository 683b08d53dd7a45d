import {
  type AppBuilder,
  classNames,
  fieldError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { CUISINES } from '../data/menus';
import { hoursLabel, isOpen, money, type Restaurant, slotLabel } from '../domain';
import {
  cartLines,
  groupsOf,
  isFavourite,
  itemById,
  type MenuItem,
  type ModifierGroup,
  menuOf,
  restaurantById,
  restaurantBySlug,
} from '../queries';
import { allergenCard, feeLabel, restaurantCard, stars, tagChips } from '../views/parts';

/** Browsing: the home page's search, filters, sort and pages; a restaurant's menu, item modal and cart adds. */

const PAGE_SIZE = 12;

const SORTS: [key: string, label: string, sql: string][] = [
  ['recommended', 'Recommended', 'r.rank, r.id'],
  ['rating', 'Rating', 'r.rating DESC, r.rating_count DESC, r.id'],
  ['time', 'Delivery time', 'r.delivery_minutes, r.id'],
  ['fee', 'Delivery fee', 'r.delivery_fee_cents, r.id'],
];

const DIETS = ['vegan', 'vegetarian', 'gluten-free'];

function homePage(ctx: RequestContext) {
  const q = (ctx.query.get('q') ?? '').trim();
  const cuisine = ctx.query.get('cuisine') ?? '';
  const sort = SORTS.find(([key]) => key === ctx.query.get('sort')) ?? SORTS[0];
  const fast = ctx.query.get('fast') === '1';
  const diet = DIETS.includes(ctx.query.get('diet') ?? '') ? (ctx.query.get('diet') ?? '') : '';
  const page = Math.max(1, Math.floor(Number(ctx.query.get('page')) || 1));
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (q) {
    where.push(
      `(r.name LIKE ? OR r.cuisine LIKE ? OR r.neighbourhood LIKE ? OR EXISTS (SELECT 1 FROM menu_items m WHERE m.restaurant_id = r.id AND m.name LIKE ?))`,
    );
    const like = `%${q}%`;
    args.push(like, like, like, like);
  }
  if ((CUISINES as readonly string[]).includes(cuisine)) {
    where.push('r.cuisine = ?');
    args.push(cuisine);
  }
  if (fast) where.push('r.delivery_minutes < 30');
  if (diet) {
    where.push(
      `EXISTS (SELECT 1 FROM menu_items m WHERE m.restaurant_id = r.id AND (',' || m.tags || ',') LIKE ?)`,
    );
    args.push(`%,${diet},%`);
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (
    ctx.db.prepare(`SELECT count(*) AS n FROM restaurants r ${clause}`).get(...args) as { n: number }
  ).n;
  const rows = ctx.db
    .prepare<(string | number)[], Restaurant>(
      `SELECT r.* FROM restaurants r ${clause} ORDER BY ${sort?.[2]} LIMIT ${PAGE_SIZE} OFFSET ?`,
    )
    .all(...args, (page - 1) * PAGE_SIZE);
  const favourites = new Set(
    ctx.db
      .prepare<[], { restaurant_id: number }>('SELECT restaurant_id FROM favourites')
      .all()
      .map((f) => f.restaurant_id),
  );
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const state = {
    q,
    cuisine,
    sort: sort?.[0] === 'recommended' ? '' : sort?.[0],
    fast: fast ? '1' : '',
    diet,
  };
  const now = ctx.now();
  return ctx.render({
    title: q ? `“${q}”` : 'Restaurants near you',
    section: 'home',
    body: html`<section class="hero"><h1>${q ? html`Results for “${q}”` : 'Delivering to Home · 1458 Guerrero St'}</h1>
  <p class="muted">${total} ${total === 1 ? 'restaurant' : 'restaurants'}${cuisine && html` · ${cuisine}`}</p></section>
<nav class="cuisine-chips" aria-label="Cuisines">
  <a href="${ctx.link('/', { ...state, cuisine: '', page: '' })}" class="${classNames('chip', !cuisine && 'active')}">All</a>
  ${CUISINES.map(
    (c) =>
      html`<a href="${ctx.link('/', { ...state, cuisine: c, page: '' })}" class="${classNames('chip', cuisine === c && 'active')}" ${cuisine === c ? html`aria-current="true"` : ''}>${c}</a>`,
  )}
</nav>
<form class="filters" method="get" action="/" aria-label="Filters">
  ${q && html`<input type="hidden" name="q" value="${q}">`}${cuisine && html`<input type="hidden" name="cuisine" value="${cuisine}">`}
  <label class="check"><input type="checkbox" name="fast" value="1" ${fast ? 'checked' : ''} data-autosubmit> Under 30 min</label>
  <label>Dietary <select name="diet" data-autosubmit><option value="">Any</option>${DIETS.map((d) => html`<option value="${d}" ${d === diet ? 'selected' : ''}>${d[0]?.toUpperCase()}${d.slice(1)} options</option>`)}</select></label>
  <label>Sort by <select name="sort" data-autosubmit>${SORTS.map(([key, label]) => html`<option value="${key}" ${key === sort?.[0] ? 'selected' : ''}>${label}</option>`)}</select></label>
  <noscript><button>Apply</button></noscript>
</form>
${
  rows.length
    ? html`<div class="r-grid">${rows.map((r) => restaurantCard(r, now, favourites.has(r.id)))}</div>`
    : html`<div class="empty-state"><p class="empty-title">No restaurants match</p><p class="muted">Try another dish, cuisine or filter.</p><a class="btn btn-light" href="/">Clear all</a></div>`
}
${
  pages > 1 &&
  html`<nav class="pager" aria-label="Pages">
  ${page > 1 ? html`<a class="btn btn-light" rel="prev" href="${ctx.link('/', { ...state, page: page - 1 })}">Previous</a>` : html`<span></span>`}
  <span class="muted">Page ${page} of ${pages}</span>
  ${page < pages ? html`<a class="btn btn-light" rel="next" href="${ctx.link('/', { ...state, page: page + 1 })}">Next</a>` : html`<span></span>`}
</nav>`
}`,
  });
}

export interface ItemForm {
  itemId: number;
  quantity: string;
  instructions: string;
  chosen: Map<number, number[]>;
  errors: Map<number | 'quantity' | 'form', string>;
}

function optionPrice(cents: number): string {
  return cents ? `+${money(cents)}` : '';
}

function groupHint(g: ModifierGroup): string {
  if (g.min_choices >= 1 && g.max_choices === 1) return 'Required · choose 1';
  if (g.min_choices >= 1) return `Required · choose ${g.min_choices} to ${g.max_choices}`;
  return `Optional · up to ${g.max_choices}`;
}

function itemModal(
  item: MenuItem,
  groups: ModifierGroup[],
  open: boolean,
  form: ItemForm | undefined,
  restaurantOpen: boolean,
): SafeHtml {
  const values = form?.itemId === item.id ? form : undefined;
  return html`<dialog id="item-${item.id}" class="kit-modal item-modal" aria-label="${item.name}" ${open ? 'data-open' : ''}>
<form method="post" action="/cart/items" class="item-form" novalidate>
  <input type="hidden" name="item_id" value="${item.id}">
  <header class="modal-head"><div><h2>${item.name}</h2><p class="muted">${item.description}</p><p class="price">${money(item.price_cents)}</p></div>
    <button type="button" class="icon-btn" data-modal-close aria-label="Close">✕</button></header>
  ${values?.errors.get('form') && html`<div class="alert alert-error" role="alert">${values.errors.get('form')}</div>`}
  ${allergenCard(item)}
  ${groups.map(
    (
      g,
    ) => html`<fieldset class="${classNames('mod-group', values?.errors.has(g.id) && 'has-error')}" data-max="${g.max_choices}">
    <legend>${g.name} <span class="${classNames('hint', g.min_choices > 0 && 'required')}">${groupHint(g)}</span></legend>
    ${g.options.map((o) => {
      const checked = values?.chosen.get(g.id)?.includes(o.id);
      return html`<label class="mod-option"><input type="${g.max_choices === 1 ? 'radio' : 'checkbox'}" name="group_${g.id}" value="${o.id}" ${checked ? 'checked' : ''}> <span>${o.name}</span> <span class="muted">${optionPrice(o.price_cents)}</span></label>`;
    })}
    ${fieldError(values?.errors.get(g.id))}
  </fieldset>`,
  )}
  <label for="qty-${item.id}">Quantity</label>
  <input id="qty-${item.id}" name="quantity" type="number" min="1" max="20" value="${values?.quantity ?? '1'}" class="qty-input">
  ${fieldError(values?.errors.get('quantity'))}
  <label for="note-${item.id}">Special instructions</label>
  <textarea id="note-${item.id}" name="instructions" rows="2" maxlength="200" placeholder="Allergies, no onions, extra napkins…">${values?.instructions ?? ''}</textarea>
  <footer class="modal-foot">
    ${
      item.available && restaurantOpen
        ? html`<button class="btn btn-primary btn-block">Add to cart · ${money(item.price_cents)}</button>`
        : html`<button class="btn btn-primary btn-block" disabled>${item.available ? 'Restaurant closed' : 'Sold out'}</button>`
    }
  </footer>
</form>
</dialog>`;
}

function menuCard(item: MenuItem, groups: ModifierGroup[], restaurantOpen: boolean, back: string): SafeHtml {
  const needsChoice = groups.some((g) => g.min_choices > 0);
  const canAdd = item.available === 1 && restaurantOpen;
  return html`<article class="${classNames('menu-card', !item.available && 'sold-out')}" aria-label="${item.name}">
  <button type="button" class="menu-open" data-modal-open="item-${item.id}">
    <span class="mc-name">${item.name}${item.popular ? html` <span class="popular">Popular</span>` : ''}</span>
    <span class="mc-desc">${item.description}</span>
    <span class="mc-foot"><span class="mc-price">${money(item.price_cents)}</span>${tagChips(item.tags)}${!item.available && html`<span class="sold-out-label">Sold out</span>`}</span>
  </button>
  ${
    canAdd &&
    (needsChoice
      ? html`<button type="button" class="quick-add" data-modal-open="item-${item.id}" aria-label="Quick add ${item.name}" title="Choose options">+</button>`
      : html`<form method="post" action="/cart/items" class="quick-add-form"><input type="hidden" name="item_id" value="${item.id}"><input type="hidden" name="quantity" value="1"><input type="hidden" name="back" value="${back}"><button class="quick-add" aria-label="Quick add ${item.name}" title="Add one">+</button></form>`)
  }
</article>`;
}

export interface RestaurantView {
  form?: ItemForm;
  /** The add that would start a new cart: the fields to post again once confirmed. */
  replace?: { fields: [string, string][]; current: string };
}

export function restaurantPage(
  ctx: RequestContext,
  restaurant: Restaurant,
  view: RestaurantView = {},
  status = 200,
) {
  const now = ctx.now();
  const open = isOpen(restaurant, now);
  const menu = menuOf(ctx, restaurant.id);
  const groups = groupsOf(
    ctx,
    menu.flatMap((c) => c.items.map((i) => i.id)),
  );
  const favourite = isFavourite(ctx, restaurant.id);
  const reviews = ctx.db
    .prepare<[number], { author: string; rating: number; body: string; created_at: string }>(
      'SELECT author, rating, body, created_at FROM reviews WHERE restaurant_id = ? ORDER BY created_at DESC LIMIT 6',
    )
    .all(restaurant.id);
  const back = `/r/${restaurant.slug}`;
  const items = menu.flatMap((c) => c.items);
  return ctx.render({
    title: `${restaurant.name} (${restaurant.neighbourhood})`,
    section: 'home',
    status,
    body: html`<section class="r-hero" style="--hue:${restaurant.hue}">
  <div class="r-hero-text">
    <p class="crumbs"><a href="/">Restaurants</a> › <a href="/?cuisine=${restaurant.cuisine}">${restaurant.cuisine}</a></p>
    <h1>${restaurant.name}</h1>
    <p class="r-sub">${restaurant.cuisine} · ${restaurant.neighbourhood} · ${restaurant.address}</p>
    <p class="r-facts">${stars(restaurant.rating)} <span class="muted">(${restaurant.rating_count.toLocaleString('en-US')} ratings)</span> · ${restaurant.delivery_minutes} min · ${feeLabel(restaurant.delivery_fee_cents)} · ${money(restaurant.min_order_cents)} minimum</p>
    <p class="r-hours">${open ? html`<span class="open-now">Open now</span>` : html`<span class="closed-now">Closed now · opens ${slotLabel(restaurant.opens)}</span>`} · Hours today ${hoursLabel(restaurant)}</p>
    <p class="muted">${restaurant.description}</p>
  </div>
  <form method="post" action="/r/${restaurant.slug}/favourite" class="fav-form">
    <button class="${classNames('btn', favourite ? 'btn-fav-on' : 'btn-light')}" aria-pressed="${favourite ? 'true' : 'false'}">${favourite ? '♥ Saved to favourites' : '♡ Save to favourites'}</button>
  </form>
</section>
<div class="r-layout">
  <nav class="menu-nav" aria-label="Menu sections">${menu.map((c) => html`<a href="#cat-${c.id}">${c.name}</a>`)}</nav>
  <div class="menu-body">
    ${menu.map(
      (c) => html`<section class="menu-section" id="cat-${c.id}" aria-labelledby="cat-${c.id}-title">
      <h2 id="cat-${c.id}-title">${c.name}</h2>
      <div class="menu-grid">${c.items.map((i) => menuCard(i, groups.get(i.id) ?? [], open, back))}</div>
    </section>`,
    )}
    <section class="reviews" aria-labelledby="reviews-title"><h2 id="reviews-title">Recent reviews</h2>
      ${reviews.map(
        (r) =>
          html`<blockquote class="review"><p><strong>${r.author}</strong> <span class="review-stars" aria-label="${r.rating} stars">${'★'.repeat(r.rating)}${'☆'.repeat(5 - r.rating)}</span></p><p>${r.body}</p></blockquote>`,
      )}
    </section>
  </div>
</div>
${items.map((i) => itemModal(i, groups.get(i.id) ?? [], view.form?.itemId === i.id && !view.replace, view.form, open))}
${
  view.replace &&
  html`<dialog id="new-cart" class="kit-modal" aria-label="Start a new cart?" data-open>
  <h2>Start a new cart?</h2>
  <p>Your cart has items from <strong>${view.replace.current}</strong>. Adding this dish clears them and starts a new cart from <strong>${restaurant.name}</strong>.</p>
  <form method="post" action="/cart/items" class="modal-actions">
    ${view.replace.fields.map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
    <input type="hidden" name="replace" value="1">
    <button type="button" class="btn btn-light" data-modal-close>Keep current cart</button>
    <button class="btn btn-primary">Start new cart</button>
  </form>
</dialog>`
}`,
  });
}

/** Reads and checks an add to cart: the item, its required and optional choices, the quantity. */
function readItemForm(ctx: RequestContext, item: MenuItem, groups: ModifierGroup[]): ItemForm {
  const form: ItemForm = {
    itemId: item.id,
    quantity: (ctx.form.get('quantity') ?? '1').trim(),
    instructions: (ctx.form.get('instructions') ?? '').trim().slice(0, 200),
    chosen: new Map(),
    errors: new Map(),
  };
  for (const g of groups) {
    const ids = ctx.form
      .getAll(`group_${g.id}`)
      .map(Number)
      .filter((id) => g.options.some((o) => o.id === id));
    form.chosen.set(g.id, [...new Set(ids)]);
    const n = form.chosen.get(g.id)?.length ?? 0;
    if (n < g.min_choices)
      form.errors.set(
        g.id,
        g.max_choices === 1 ? `Choose your ${g.name.toLowerCase()}` : `Choose at least ${g.min_choices}`,
      );
    else if (n > g.max_choices)
      form.errors.set(
        g.id,
        `You can choose up to ${g.max_choices} ${g.name.toLowerCase()}. Remove ${n - g.max_choices}.`,
      );
  }
  const q = Number(form.quantity);
  if (!/^\d+$/.test(form.quantity) || q < 1 || q > 20)
    form.errors.set('quantity', 'Quantity must be between 1 and 20');
  if (!item.available) form.errors.set('form', `${item.name} is sold out today.`);
  return form;
}

export function browseRoutes(app: AppBuilder): void {
  app.get('/', homePage);

  app.get('/r/:slug', (ctx) => restaurantPage(ctx, restaurantBySlug(ctx, ctx.params.slug ?? '')));

  app.post('/cart/items', (ctx) => {
    const item = itemById(ctx, Number(ctx.form.get('item_id')));
    if (!item) return ctx.redirect('/', { kind: 'error', message: 'That dish is no longer on the menu.' });
    const restaurant = restaurantById(ctx, item.restaurant_id);
    const groups = groupsOf(ctx, [item.id]).get(item.id) ?? [];
    const form = readItemForm(ctx, item, groups);
    if (!isOpen(restaurant, ctx.now()))
      form.errors.set(
        'form',
        `${restaurant.name} is closed now. It opens at ${slotLabel(restaurant.opens)}.`,
      );
    if (form.errors.size > 0) return restaurantPage(ctx, restaurant, { form }, 422);
    const lines = cartLines(ctx);
    const other = lines.find((l) => l.restaurant_id !== restaurant.id);
    if (other) {
      if (ctx.form.get('replace') !== '1') {
        const current = restaurantById(ctx, other.restaurant_id);
        const fields = [...ctx.form.entries()].filter(([k]) => k !== 'replace');
        return restaurantPage(
          ctx,
          restaurant,
          { form, replace: { fields, current: `${current.name} (${current.neighbourhood})` } },
          409,
        );
      }
      ctx.db.prepare('DELETE FROM cart_items').run();
      ctx.setSessionValue('promo', undefined);
    }
    const chosen = groups.flatMap((g) => g.options.filter((o) => form.chosen.get(g.id)?.includes(o.id)));
    const unit = item.price_cents + chosen.reduce((sum, o) => sum + o.price_cents, 0);
    const options = chosen.map((o) => o.name).join(', ');
    const quantity = Number(form.quantity);
    const same = cartLines(ctx).find(
      (l) => l.item_id === item.id && l.options === options && l.instructions === form.instructions,
    );
    if (same) {
      ctx.db
        .prepare('UPDATE cart_items SET quantity = ? WHERE id = ?')
        .run(Math.min(20, same.quantity + quantity), same.id);
    } else {
      ctx.db
        .prepare(
          'INSERT INTO cart_items (item_id, quantity, unit_price_cents, options, instructions, added_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(item.id, quantity, unit, options, form.instructions, ctx.now().toISOString());
    }
    return ctx.redirect(ctx.localPath(ctx.form.get('back'), `/r/${restaurant.slug}`), {
      kind: 'success',
      message: `Added ${quantity} × ${item.name} to your cart`,
    });
  });

  app.post('/r/:slug/favourite', (ctx) => {
    const restaurant = restaurantBySlug(ctx, ctx.params.slug ?? '');
    if (isFavourite(ctx, restaurant.id)) {
      ctx.db.prepare('DELETE FROM favourites WHERE restaurant_id = ?').run(restaurant.id);
      return ctx.redirect(`/r/${restaurant.slug}`, {
        kind: 'info',
        message: `Removed ${restaurant.name} from favourites`,
      });
    }
    ctx.db
      .prepare('INSERT INTO favourites (restaurant_id, created_at) VALUES (?, ?)')
      .run(restaurant.id, ctx.now().toISOString());
    return ctx.redirect(`/r/${restaurant.slug}`, {
      kind: 'success',
      message: `Saved ${restaurant.name} to favourites`,
    });
  });
}
