import {
  type AppBuilder,
  classNames,
  fieldError,
  formatDate,
  formatTime,
  formatWeekdayDate,
  HttpError,
  html,
  type RequestContext,
} from '../../../kit';
import {
  etaMinutes,
  MINUTE_MS,
  money,
  type OrderStatus,
  STATUS_LABELS,
  slotLabel,
  statusAt,
} from '../domain';
import { cardLabel, cards, groupsOf, itemById, restaurantById } from '../queries';
import { statusBadge } from '../views/parts';

/** Orders: the list, an order's page with live tracking (an iframe), reorder, rating, problems, tip changes. */

const PAGE_SIZE = 10;

export interface Order {
  id: number;
  number: string;
  restaurant_id: number;
  address_id: number | null;
  card_id: number;
  slot: string;
  subtotal_cents: number;
  delivery_fee_cents: number;
  service_fee_cents: number;
  discount_cents: number;
  promo_code: string | null;
  tip_cents: number;
  total_cents: number;
  courier: string;
  rating: number | null;
  rating_comment: string | null;
  placed_at: string;
}

interface OrderItem {
  id: number;
  order_id: number;
  item_id: number;
  name: string;
  quantity: number;
  unit_price_cents: number;
  options: string;
  instructions: string;
}

interface Issue {
  id: number;
  order_item_id: number;
  kind: string;
  resolution: string;
  amount_cents: number;
}

function findOrder(ctx: RequestContext): Order {
  const order = ctx.db.prepare<[string], Order>('SELECT * FROM orders WHERE id = ?').get(ctx.params.id ?? '');
  if (!order) throw new HttpError(404);
  return order;
}

function itemsOf(ctx: RequestContext, orderId: number): OrderItem[] {
  return ctx.db
    .prepare<[number], OrderItem>('SELECT * FROM order_items WHERE order_id = ? ORDER BY id')
    .all(orderId);
}

function ordersList(ctx: RequestContext) {
  const q = (ctx.query.get('q') ?? '').trim();
  const page = Math.max(1, Math.floor(Number(ctx.query.get('page')) || 1));
  const where = q ? 'WHERE r.name LIKE ?' : '';
  const args = q ? [`%${q}%`] : [];
  const total = (
    ctx.db
      .prepare(`SELECT count(*) AS n FROM orders o JOIN restaurants r ON r.id = o.restaurant_id ${where}`)
      .get(...args) as { n: number }
  ).n;
  const rows = ctx.db
    .prepare<(string | number)[], Order & { restaurant: string; neighbourhood: string; summary: string }>(
      `SELECT o.*, r.name AS restaurant, r.neighbourhood,
         (SELECT group_concat(quantity || ' × ' || name, ', ') FROM order_items WHERE order_id = o.id) AS summary
       FROM orders o JOIN restaurants r ON r.id = o.restaurant_id ${where}
       ORDER BY o.placed_at DESC, o.id DESC LIMIT ${PAGE_SIZE} OFFSET ?`,
    )
    .all(...args, (page - 1) * PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const now = ctx.now();
  return ctx.render({
    title: 'Orders',
    section: 'orders',
    body: html`<div class="page-head"><h1>Orders</h1>
<form method="get" action="/orders" role="search" aria-label="Search orders" class="inline-search"><input type="search" name="q" value="${q}" aria-label="Search orders by restaurant" placeholder="Search by restaurant"><button class="btn btn-light">Search</button></form></div>
<p class="muted">${total} ${total === 1 ? 'order' : 'orders'}${q && html` matching “${q}”`}</p>
<table class="orders-table">
<thead><tr><th scope="col">Date</th><th scope="col">Restaurant</th><th scope="col">Items</th><th scope="col">Total</th><th scope="col">Status</th></tr></thead>
<tbody>${rows.map(
      (o) => html`<tr>
  <td>${formatWeekdayDate(o.placed_at)}</td>
  <td><a href="/orders/${o.id}">${o.restaurant}</a> <span class="muted small">${o.neighbourhood}</span></td>
  <td class="small">${o.summary}</td>
  <td>${money(o.total_cents)}</td>
  <td>${statusBadge(statusAt(o, now))}</td>
</tr>`,
    )}</tbody></table>
${
  pages > 1 &&
  html`<nav class="pager" aria-label="Pages">
  ${page > 1 ? html`<a class="btn btn-light" rel="prev" href="${ctx.link('/orders', { q, page: page - 1 })}">Previous</a>` : html`<span></span>`}
  <span class="muted">Page ${page} of ${pages}</span>
  ${page < pages ? html`<a class="btn btn-light" rel="next" href="${ctx.link('/orders', { q, page: page + 1 })}">Next</a>` : html`<span></span>`}
</nav>`
}`,
  });
}

interface DetailErrors {
  issue?: string;
  tip?: string;
  rating?: string;
}

function orderPage(ctx: RequestContext, order: Order, errors: DetailErrors = {}, status = 200) {
  const restaurant = restaurantById(ctx, order.restaurant_id);
  const items = itemsOf(ctx, order.id);
  const now = ctx.now();
  const state = statusAt(order, now);
  const delivered = state === 'delivered';
  const address = order.address_id
    ? (ctx.db.prepare('SELECT label, line1, line2, zip FROM addresses WHERE id = ?').get(order.address_id) as
        | { label: string; line1: string; line2: string; zip: string }
        | undefined)
    : undefined;
  const card = cards(ctx).find((c) => c.id === order.card_id);
  const issues = ctx.db.prepare<[number], Issue>('SELECT * FROM issues WHERE order_id = ?').all(order.id);
  const open = (key: keyof DetailErrors) => (errors[key] ? 'data-open' : '');
  return ctx.render({
    title: `Order from ${restaurant.name}`,
    section: 'orders',
    status,
    body: html`<p class="crumbs"><a href="/orders">Orders</a> › ${order.number}</p>
<div class="page-head"><div><h1>${restaurant.name}</h1>
<p class="muted">${restaurant.neighbourhood} · Order ${order.number} · placed ${formatWeekdayDate(order.placed_at)}, ${formatTime(order.placed_at)} · ${order.slot === 'asap' ? 'ASAP' : `scheduled for ${slotLabel(order.slot)}`}</p></div>
<div class="head-actions">${statusBadge(state)}</div></div>
${
  !delivered &&
  html`<iframe class="tracker-frame" title="Live order tracking" src="/orders/${order.id}/tracker"></iframe>`
}
<div class="order-grid">
<section class="panel" aria-labelledby="items-title"><h2 id="items-title">Items</h2>
<ul class="summary-lines">${items.map((i) => {
      const issue = issues.find((x) => x.order_item_id === i.id);
      return html`<li><span>${i.quantity} × ${i.name}${i.options && html`<br><span class="muted small">${i.options}</span>`}${i.instructions && html`<br><span class="muted small">“${i.instructions}”</span>`}${issue && html`<br><span class="issue-note">Reported ${issue.kind} · ${money(issue.amount_cents)} ${issue.resolution === 'credit' ? 'Forkful credit' : 'refunded to card'}</span>`}</span><span>${money(i.unit_price_cents * i.quantity)}</span></li>`;
    })}</ul>
<dl class="totals">
  <div><dt>Subtotal</dt><dd>${money(order.subtotal_cents)}</dd></div>
  <div><dt>Delivery fee</dt><dd>${money(order.delivery_fee_cents)}</dd></div>
  <div><dt>Service fee</dt><dd>${money(order.service_fee_cents)}</dd></div>
  ${order.discount_cents > 0 && html`<div class="discount"><dt>Promo ${order.promo_code}</dt><dd>${money(-order.discount_cents)}</dd></div>`}
  <div><dt>Tip</dt><dd data-order-tip>${money(order.tip_cents)}</dd></div>
  <div class="grand"><dt>Total</dt><dd>${money(order.total_cents)}</dd></div>
</dl>
</section>
<section class="panel" aria-labelledby="delivery-title"><h2 id="delivery-title">Delivery</h2>
<p>${address ? html`<strong>${address.label}</strong><br>${address.line1}${address.line2 && `, ${address.line2}`}, ${address.zip}` : 'Address removed'}</p>
<p class="muted">Paid with ${card ? cardLabel(card) : 'a removed card'}</p>
${delivered && html`<p class="muted">Delivered by ${order.courier}</p>`}
<div class="order-actions">
  <form method="post" action="/orders/${order.id}/reorder"><button class="btn btn-primary">Reorder</button></form>
  ${delivered && html`<button type="button" class="btn btn-light" data-modal-open="issue-modal">Report a problem</button>`}
  ${!delivered && html`<button type="button" class="btn btn-light" data-modal-open="tip-modal">Change tip</button>`}
</div>
${
  delivered &&
  (order.rating
    ? html`<p class="rated">You rated this order <span aria-label="${order.rating} stars">${'★'.repeat(order.rating)}${'☆'.repeat(5 - order.rating)}</span>${order.rating_comment && html` · “${order.rating_comment}”`}</p>`
    : html`<form method="post" action="/orders/${order.id}/rating" class="rate-form" aria-label="Rate this order" novalidate>
  <fieldset class="stars-input"><legend>Rate this order</legend>
    ${[1, 2, 3, 4, 5].map((n) => html`<label><input type="radio" name="rating" value="${n}" aria-label="${n} ${n === 1 ? 'star' : 'stars'}"><span aria-hidden="true">★</span></label>`)}
  </fieldset>
  ${fieldError(errors.rating)}
  <label for="rating-comment">Comment (optional)</label>
  <textarea id="rating-comment" name="comment" rows="2" maxlength="300"></textarea>
  <button class="btn btn-light">Submit rating</button>
</form>`)
}
</section>
</div>
<dialog id="issue-modal" class="kit-modal" aria-label="Report a problem" ${open('issue')}>
<form method="post" action="/orders/${order.id}/issues" novalidate>
  <h2>Report a problem</h2>
  ${errors.issue && html`<div class="alert alert-error" role="alert">${errors.issue}</div>`}
  <fieldset><legend>Which item?</legend>
    ${items.map((i) => html`<label class="choice"><input type="radio" name="order_item_id" value="${i.id}" ${issues.some((x) => x.order_item_id === i.id) ? 'disabled' : ''}> ${i.quantity} × ${i.name} <span class="muted">${money(i.unit_price_cents * i.quantity)}</span></label>`)}
  </fieldset>
  <label for="issue-kind">What went wrong?</label>
  <select id="issue-kind" name="kind"><option value="">Choose…</option><option value="missing">Item was missing</option><option value="wrong">Wrong item</option><option value="damaged">Damaged or spilled</option></select>
  <fieldset><legend>How should we make it right?</legend>
    <label class="choice"><input type="radio" name="resolution" value="refund"> Refund to ${card ? cardLabel(card) : 'card'} <span class="muted">(3–5 business days)</span></label>
    <label class="choice"><input type="radio" name="resolution" value="credit"> Forkful credit <span class="muted">(instant)</span></label>
  </fieldset>
  <div class="modal-actions"><button type="button" class="btn btn-light" data-modal-close>Cancel</button><button class="btn btn-primary">Submit report</button></div>
</form>
</dialog>
<dialog id="tip-modal" class="kit-modal" aria-label="Change tip" ${open('tip')}>
<form method="post" action="/orders/${order.id}/tip" novalidate>
  <h2>Change tip</h2>
  <p class="muted">Current tip ${money(order.tip_cents)}. You can change it until your order is delivered.</p>
  <label for="new-tip">New tip ($)</label>
  <input id="new-tip" name="tip" inputmode="decimal" value="${(order.tip_cents / 100).toFixed(2)}">
  ${fieldError(errors.tip)}
  <div class="modal-actions"><button type="button" class="btn btn-light" data-modal-close>Cancel</button><button class="btn btn-primary">Save tip</button></div>
</form>
</dialog>`,
  });
}

export interface TrackerState {
  status: OrderStatus;
  label: string;
  courier: string | null;
  eta: number;
}

function trackerState(order: Order, at: Date, deliveryMinutes: number): TrackerState {
  const status = statusAt(order, at);
  return {
    status,
    label: STATUS_LABELS[status],
    courier: status === 'on_the_way' || status === 'delivered' ? order.courier : null,
    eta: etaMinutes(order, at, deliveryMinutes),
  };
}

const STEPS: OrderStatus[] = ['placed', 'preparing', 'on_the_way', 'delivered'];

function trackerPage(ctx: RequestContext) {
  const order = findOrder(ctx);
  const restaurant = restaurantById(ctx, order.restaurant_id);
  const state = trackerState(order, ctx.now(), restaurant.delivery_minutes);
  const reached = STEPS.indexOf(state.status);
  return ctx.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Live tracking</title>
<link rel="stylesheet" href="/assets/tracker.css"><script src="/assets/tracker.js" defer></script></head>
<body>
<div class="tracker" data-status-url="/orders/${order.id}/status.json" data-status="${state.status}">
  <svg class="map" viewBox="0 0 300 120" aria-hidden="true"><rect width="300" height="120" fill="#f3ece2"/><path d="M0 80 H300 M60 0 V120 M190 0 V120 M0 30 H300" stroke="#fff" stroke-width="8"/><path d="M40 90 C 100 90, 120 30, 250 28" stroke="#d6452b" stroke-width="3" fill="none" stroke-dasharray="6 5"/><circle cx="40" cy="90" r="7" fill="#241c15"/><circle cx="250" cy="28" r="7" fill="#d6452b"/></svg>
  <h2 class="t-status" aria-live="polite">${state.label}</h2>
  <p class="t-eta">${state.status === 'scheduled' ? `Scheduled for ${slotLabel(order.slot)}` : state.status === 'delivered' ? 'Enjoy your meal!' : `Arriving in about ${state.eta} min`}</p>
  <ol class="t-steps">${STEPS.map((s, i) => html`<li class="${classNames(i <= reached && 'done', i === reached && 'current')}">${STATUS_LABELS[s]}</li>`)}</ol>
  <p class="t-courier">${state.courier ? html`Your courier: <strong class="courier-name">${state.courier}</strong>` : html`<span class="muted">A courier will be assigned when your food is ready.</span>`}</p>
  <p class="t-live muted" hidden>Checking with ${restaurant.name}…</p>
</div>
</body></html>`);
}

function parseDollars(value: string): number | null {
  const v = value.replace(/^\$/, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return null;
  const cents = Math.round(Number(v) * 100);
  return cents <= 20000 ? cents : null;
}

export function orderRoutes(app: AppBuilder): void {
  app.get('/orders', ordersList);
  app.get('/orders/:id', (ctx) => orderPage(ctx, findOrder(ctx)));
  app.get('/orders/:id/tracker', trackerPage);

  // The next update is already decided when the order is placed; the tracker reveals it a moment later.
  app.get('/orders/:id/status.json', (ctx) => {
    const order = findOrder(ctx);
    const restaurant = restaurantById(ctx, order.restaurant_id);
    const next = new Date(ctx.now().getTime() + MINUTE_MS);
    return ctx.json(trackerState(order, next, restaurant.delivery_minutes));
  });

  app.post('/orders/:id/reorder', (ctx) => {
    const order = findOrder(ctx);
    const restaurant = restaurantById(ctx, order.restaurant_id);
    const items = itemsOf(ctx, order.id);
    ctx.db.prepare('DELETE FROM cart_items').run();
    ctx.setSessionValue('promo', undefined);
    const groups = groupsOf(
      ctx,
      items.map((i) => i.item_id),
    );
    const skipped: string[] = [];
    for (const i of items) {
      const item = itemById(ctx, i.item_id);
      if (!item?.available) {
        skipped.push(i.name);
        continue;
      }
      const names = i.options.split(', ').filter(Boolean);
      const optionCents = (groups.get(i.item_id) ?? [])
        .flatMap((g) => g.options)
        .filter((o) => names.includes(o.name))
        .reduce((sum, o) => sum + o.price_cents, 0);
      ctx.db
        .prepare(
          'INSERT INTO cart_items (item_id, quantity, unit_price_cents, options, instructions, added_at) VALUES (?, ?, ?, ?, ?, ?)',
        )
        .run(
          i.item_id,
          i.quantity,
          item.price_cents + optionCents,
          i.options,
          i.instructions,
          ctx.now().toISOString(),
        );
    }
    return ctx.redirect('/checkout', {
      kind: skipped.length ? 'warning' : 'success',
      message: skipped.length
        ? `Added your order from ${restaurant.name} to the cart. Not available today: ${skipped.join(', ')}.`
        : `Added your ${formatDate(order.placed_at)} order from ${restaurant.name} to the cart`,
    });
  });

  app.post('/orders/:id/rating', (ctx) => {
    const order = findOrder(ctx);
    const rating = Number(ctx.form.get('rating'));
    if (![1, 2, 3, 4, 5].includes(rating))
      return orderPage(ctx, order, { rating: 'Choose from 1 to 5 stars' }, 422);
    if (statusAt(order, ctx.now()) !== 'delivered' || order.rating)
      return orderPage(ctx, order, { rating: 'This order cannot be rated' }, 422);
    const comment = (ctx.form.get('comment') ?? '').trim().slice(0, 300);
    ctx.db
      .prepare('UPDATE orders SET rating = ?, rating_comment = ? WHERE id = ?')
      .run(rating, comment || null, order.id);
    return ctx.redirect(`/orders/${order.id}`, { kind: 'success', message: 'Thanks for rating your order' });
  });

  app.post('/orders/:id/issues', (ctx) => {
    const order = findOrder(ctx);
    if (statusAt(order, ctx.now()) !== 'delivered')
      return orderPage(ctx, order, { issue: 'You can report a problem once the order is delivered.' }, 422);
    const item = itemsOf(ctx, order.id).find((i) => String(i.id) === ctx.form.get('order_item_id'));
    const kind = ctx.form.get('kind') ?? '';
    const resolution = ctx.form.get('resolution') ?? '';
    const problem = !item
      ? 'Choose the item with the problem'
      : !['missing', 'wrong', 'damaged'].includes(kind)
        ? 'Tell us what went wrong'
        : !['refund', 'credit'].includes(resolution)
          ? 'Choose a refund or Forkful credit'
          : ctx.db.prepare('SELECT 1 FROM issues WHERE order_item_id = ?').get(item.id)
            ? 'You already reported this item'
            : null;
    if (problem || !item) return orderPage(ctx, order, { issue: problem ?? 'Choose an item' }, 422);
    const amount = item.unit_price_cents * item.quantity;
    ctx.db
      .prepare(
        'INSERT INTO issues (order_id, order_item_id, kind, resolution, amount_cents, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(order.id, item.id, kind, resolution, amount, ctx.now().toISOString());
    if (resolution === 'credit')
      ctx.db.prepare('UPDATE users SET credit_cents = credit_cents + ? WHERE id = 1').run(amount);
    return ctx.redirect(`/orders/${order.id}`, {
      kind: 'success',
      message:
        resolution === 'credit'
          ? `Sorry about that. ${money(amount)} in Forkful credit has been added to your account.`
          : `Sorry about that. ${money(amount)} will be refunded to your card.`,
    });
  });

  app.post('/orders/:id/tip', (ctx) => {
    const order = findOrder(ctx);
    const cents = parseDollars(ctx.form.get('tip') ?? '');
    if (cents === null) return orderPage(ctx, order, { tip: 'Enter a tip between $0 and $200' }, 422);
    if (statusAt(order, ctx.now()) === 'delivered')
      return orderPage(
        ctx,
        order,
        { tip: 'This order was delivered; the tip can no longer be changed.' },
        422,
      );
    ctx.db
      .prepare('UPDATE orders SET tip_cents = ?, total_cents = ? WHERE id = ?')
      .run(cents, order.total_cents - order.tip_cents + cents, order.id);
    return ctx.redirect(`/orders/${order.id}`, {
      kind: 'success',
      message: `Tip updated to ${money(cents)}`,
    });
  });
}
