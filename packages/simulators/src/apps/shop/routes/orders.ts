import {
  type AppBuilder,
  fieldError,
  fields,
  formatDate,
  formatDateTime,
  formSchema,
  HttpError,
  html,
  type RequestContext,
} from '../../../kit';
import {
  CANCEL_REASONS,
  RETURN_REASONS,
  RETURN_WINDOW_DAYS,
  type ReturnReason,
  returnDeadline,
  shippingOption,
  withinReturnWindow,
} from '../pricing';
import { breadcrumbs, money, ORDER_STATUS_LABELS, pager, statusBadge } from '../views/parts';
import { addressLines } from './checkout';

const ORDER_PAGE_SIZE = 10;
const ORDER_SORTS = {
  newest: ['Newest first', 'o.placed_at DESC'],
  oldest: ['Oldest first', 'o.placed_at ASC'],
  total_desc: ['Total: high to low', 'o.total_cents DESC, o.placed_at DESC'],
  total_asc: ['Total: low to high', 'o.total_cents ASC, o.placed_at DESC'],
} as const;

interface OrderRow {
  id: number;
  number: string;
  status: keyof typeof ORDER_STATUS_LABELS;
  placed_at: string;
  ship_name: string;
  ship_line1: string;
  ship_line2: string | null;
  ship_city: string;
  ship_region: string;
  ship_postal_code: string;
  shipping_method: string;
  shipping_cents: number;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  promo_code: string | null;
  card_brand: string;
  card_last4: string;
  carrier: string | null;
  tracking_number: string | null;
  delivered_at: string | null;
  cancel_reason: string | null;
}

interface OrderItemRow {
  id: number;
  variant_id: number;
  product_name: string;
  variant_label: string;
  unit_price_cents: number;
  quantity: number;
  final_sale: number;
  slug: string | null;
  returned: number;
}

const CancelForm = formSchema({ reason: fields.choice(CANCEL_REASONS, { required: true, label: 'Reason' }) });

function findOrder(ctx: RequestContext): OrderRow {
  const order = ctx.db
    .prepare<[string], OrderRow>('SELECT * FROM orders WHERE number = ?')
    .get(ctx.params.number ?? '');
  if (!order) throw new HttpError(404);
  return order;
}

function orderItems(ctx: RequestContext, orderId: number): OrderItemRow[] {
  return ctx.db
    .prepare<[number], OrderItemRow>(
      `SELECT oi.*, p.slug, coalesce((SELECT sum(ri.quantity) FROM return_items ri WHERE ri.order_item_id = oi.id), 0) AS returned
       FROM order_items oi JOIN variants v ON v.id = oi.variant_id JOIN products p ON p.id = v.product_id
       WHERE oi.order_id = ? ORDER BY oi.id`,
    )
    .all(orderId);
}

/** Why an item can't be returned today, or null when it can. */
function returnBlocker(order: OrderRow, item: OrderItemRow, now: Date): string | null {
  if (order.status !== 'delivered' || !order.delivered_at) return 'Not delivered yet';
  if (item.final_sale === 1) return 'Final sale';
  if (item.returned >= item.quantity) return 'Already returned';
  if (!withinReturnWindow(order.delivered_at, now))
    return `Return window closed ${formatDate(returnDeadline(order.delivered_at))}`;
  return null;
}

function ordersList(ctx: RequestContext) {
  const status = ctx.query.get('status') ?? '';
  const q = (ctx.query.get('q') ?? '').trim();
  const sortKey = (ctx.query.get('sort') ?? 'newest') as keyof typeof ORDER_SORTS;
  const sort = ORDER_SORTS[sortKey] ?? ORDER_SORTS.newest;
  const page = Math.max(1, Number.parseInt(ctx.query.get('page') ?? '1', 10) || 1);
  const where = ['1 = 1'];
  const args: string[] = [];
  if (status in ORDER_STATUS_LABELS) {
    where.push('o.status = ?');
    args.push(status);
  }
  if (q) {
    where.push(
      `(o.number LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id AND oi.product_name LIKE ? ESCAPE '\\'))`,
    );
    const like = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    args.push(like, like);
  }
  const total =
    ctx.db
      .prepare<string[], { n: number }>(`SELECT count(*) AS n FROM orders o WHERE ${where.join(' AND ')}`)
      .get(...args)?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));
  const orders = ctx.db
    .prepare<string[], OrderRow & { items: string; item_count: number }>(
      `SELECT o.*, (SELECT group_concat(product_name, ' · ') FROM order_items WHERE order_id = o.id) AS items,
         (SELECT sum(quantity) FROM order_items WHERE order_id = o.id) AS item_count
       FROM orders o WHERE ${where.join(' AND ')} ORDER BY ${sort[1]} LIMIT ${ORDER_PAGE_SIZE} OFFSET ${(page - 1) * ORDER_PAGE_SIZE}`,
    )
    .all(...args);
  return ctx.render({
    title: 'Your orders',
    section: 'orders',
    body: html`${breadcrumbs([
      ['Home', '/'],
      ['Orders', null],
    ])}<h1>Your orders</h1>
<form method="get" action="/orders" class="toolbar">
  <input type="search" name="q" value="${q}" placeholder="Order number or item" aria-label="Search orders">
  <select name="status" aria-label="Status" data-autosubmit><option value="">All orders</option>${Object.entries(
    ORDER_STATUS_LABELS,
  ).map(
    ([value, label]) =>
      html`<option value="${value}" ${status === value ? 'selected' : ''}>${label}</option>`,
  )}</select>
  <select name="sort" aria-label="Sort orders" data-autosubmit>${Object.entries(ORDER_SORTS).map(
    ([value, [label]]) =>
      html`<option value="${value}" ${sortKey === value ? 'selected' : ''}>${label}</option>`,
  )}</select>
  <button class="btn btn-ghost">Search</button>
</form>
${
  orders.length === 0
    ? html`<div class="empty"><h2>No orders found</h2><p class="muted">Try another search or status.</p></div>`
    : html`<table class="data orders-table"><thead><tr><th>Order</th><th>Placed</th><th>Items</th><th>Status</th><th class="num">Total</th></tr></thead>
<tbody>${orders.map(
        (
          o,
        ) => html`<tr><td><a href="/orders/${o.number}">${o.number}</a></td><td>${formatDate(o.placed_at)}</td>
<td class="items-cell">${o.items}<span class="muted small"> (${o.item_count} ${o.item_count === 1 ? 'item' : 'items'})</span></td><td>${statusBadge(o.status)}</td><td class="num">${money(o.total_cents)}</td></tr>`,
      )}</tbody></table>`
}
${pager(page, pages, (p) => ctx.link('/orders', { q, status, sort: sortKey === 'newest' ? '' : sortKey, page: p }), `${total} orders`)}`,
  });
}

function orderPage(ctx: RequestContext, cancelError?: string) {
  const order = findOrder(ctx);
  const items = orderItems(ctx, order.id);
  const now = ctx.now();
  const events = ctx.db
    .prepare<[number], { kind: string; note: string; created_at: string }>(
      'SELECT kind, note, created_at FROM order_events WHERE order_id = ? ORDER BY created_at, id',
    )
    .all(order.id);
  const returns = ctx.db
    .prepare<
      [number],
      {
        rma: string;
        status: string;
        refund_method: string;
        refund_cents: number;
        created_at: string;
        lines: string;
      }
    >(
      `SELECT r.rma, r.status, r.refund_method, r.refund_cents, r.created_at,
         (SELECT group_concat(oi.product_name || ' × ' || ri.quantity, ', ') FROM return_items ri JOIN order_items oi ON oi.id = ri.order_item_id WHERE ri.return_id = r.id) AS lines
       FROM returns r WHERE r.order_id = ? ORDER BY r.id`,
    )
    .all(order.id);
  const canReturn = items.some((item) => returnBlocker(order, item, now) === null);
  const option = shippingOption(order.shipping_method);
  return ctx.render({
    title: `Order ${order.number}`,
    section: 'orders',
    status: cancelError ? 422 : 200,
    body: html`${breadcrumbs([
      ['Orders', '/orders'],
      [order.number, null],
    ])}
${ctx.query.get('placed') === '1' && html`<div class="notice notice-success"><b>Thank you, your order is confirmed.</b> We'll email you when it ships.</div>`}
<div class="order-head"><div><h1>Order ${order.number}</h1><p class="muted">Placed ${formatDateTime(order.placed_at)} · ${statusBadge(order.status)}</p></div>
<div class="order-actions">
  ${order.status === 'processing' && html`<button type="button" class="btn btn-danger-ghost" data-modal-open="cancel-order">Cancel order</button>`}
  ${canReturn && html`<a class="btn btn-ghost" href="/orders/${order.number}/return">Return items</a>`}
</div></div>
<div class="order-grid">
<section class="panel"><h2>Items</h2><table class="data"><thead><tr><th>Item</th><th>Option</th><th class="num">Price</th><th class="num">Qty</th><th class="num">Total</th></tr></thead>
<tbody>${items.map(
      (
        i,
      ) => html`<tr><td>${i.slug ? html`<a href="/products/${i.slug}">${i.product_name}</a>` : i.product_name}${i.final_sale === 1 && html` <span class="badge badge-warning">Final sale</span>`}${i.returned > 0 && html` <span class="badge">Returned ${i.returned}</span>`}</td>
<td>${i.variant_label}</td><td class="num">${money(i.unit_price_cents)}</td><td class="num">${i.quantity}</td><td class="num">${money(i.unit_price_cents * i.quantity)}</td></tr>`,
    )}</tbody></table>
<dl class="totals"><dt>Subtotal</dt><dd>${money(order.subtotal_cents)}</dd>
${order.discount_cents > 0 && html`<dt>Promo ${order.promo_code}</dt><dd class="discount">−${money(order.discount_cents)}</dd>`}
<dt>Shipping (${option?.label ?? order.shipping_method})</dt><dd>${order.shipping_cents === 0 ? 'Free' : money(order.shipping_cents)}</dd>
<dt class="total">Total</dt><dd class="total">${money(order.total_cents)}</dd></dl></section>
<aside class="order-side">
<section class="panel"><h2>Status</h2><ol class="timeline">${events.map(
      (
        e,
      ) => html`<li class="tl-${e.kind}"><b>${e.kind === 'out_for_delivery' ? 'Out for delivery' : e.kind === 'return_requested' ? 'Return requested' : e.kind.charAt(0).toUpperCase() + e.kind.slice(1)}</b>
<span class="muted small">${formatDateTime(e.created_at)}</span><span class="small">${e.note}</span></li>`,
    )}</ol>
${order.tracking_number && html`<p class="small">Carrier: <b class="carrier">${order.carrier}</b><br>Tracking number: <b class="tracking">${order.tracking_number}</b></p>`}
${order.status === 'delivered' && order.delivered_at && html`<p class="small muted">Returns accepted until ${formatDate(returnDeadline(order.delivered_at))} (${RETURN_WINDOW_DAYS} days after delivery).</p>`}
</section>
<section class="panel"><h2>Shipping to</h2><p class="small">${addressLines({ full_name: order.ship_name, line1: order.ship_line1, line2: order.ship_line2, city: order.ship_city, region: order.ship_region, postal_code: order.ship_postal_code })}</p>
<h2>Payment</h2><p class="small">${order.card_brand} ending ${order.card_last4}</p></section>
${
  returns.length > 0 &&
  html`<section class="panel"><h2>Returns</h2>${returns.map(
    (
      r,
    ) => html`<p class="small"><b>${r.rma}</b> · ${r.status === 'requested' ? 'Requested' : r.status === 'received' ? 'Received' : 'Refunded'} ${formatDate(r.created_at)}<br>${r.lines}<br>
Refund ${money(r.refund_cents)} to ${r.refund_method === 'original' ? 'original payment' : 'store credit'}</p>`,
  )}</section>`
}
</aside></div>
${
  order.status === 'processing' &&
  html`<dialog id="cancel-order" class="kit-modal" ${cancelError ? 'data-open' : ''}><div class="kit-modal-body">
<h2>Cancel order ${order.number}?</h2><p class="muted">It hasn't shipped yet, so you'll get a full refund of ${money(order.total_cents)} to your ${order.card_brand} ending ${order.card_last4}.</p>
<form method="post" action="/orders/${order.number}/cancel" class="stack" novalidate><label for="cancel-reason">Reason for cancelling</label>
<select id="cancel-reason" name="reason"><option value="">Choose a reason…</option>${CANCEL_REASONS.map((r) => html`<option>${r}</option>`)}</select>${fieldError(cancelError)}
<div class="modal-actions"><button type="button" class="btn btn-ghost" data-modal-close>Keep order</button><button class="btn btn-danger">Cancel order</button></div></form></div></dialog>`
}`,
  });
}

function returnPage(ctx: RequestContext, errors: Record<string, string> = {}, values?: URLSearchParams) {
  const order = findOrder(ctx);
  const items = orderItems(ctx, order.id);
  const now = ctx.now();
  return ctx.render({
    title: `Return items from ${order.number}`,
    section: 'orders',
    status: Object.keys(errors).length > 0 ? 422 : 200,
    body: html`${breadcrumbs([
      ['Orders', '/orders'],
      [order.number, `/orders/${order.number}`],
      ['Return items', null],
    ])}
<h1>Return items from ${order.number}</h1>
<p class="muted">Delivered ${order.delivered_at ? formatDate(order.delivered_at) : '—'}. Choose the items to send back and tell us why. We'll email a prepaid label.</p>
${errors.form && html`<div class="notice notice-error" role="alert">${errors.form}</div>`}
<form method="post" action="/orders/${order.number}/return" class="return-form" novalidate>
${items.map((item) => {
  const blocker = returnBlocker(order, item, now);
  const left = item.quantity - item.returned;
  const key = `item_${item.id}`;
  return html`<fieldset class="return-item ${blocker ? 'disabled' : ''}"><legend>${item.product_name} <span class="muted small">${item.variant_label} · ${money(item.unit_price_cents)}</span></legend>
${
  blocker
    ? html`<p class="muted small">Can't be returned: ${blocker}</p>`
    : html`<label class="check"><input type="checkbox" name="items" value="${item.id}" ${values?.getAll('items').includes(String(item.id)) ? 'checked' : ''}> Return this item</label>
<div class="field-row"><div class="field"><label for="${key}-qty">Quantity</label><select id="${key}-qty" name="${key}_qty">${Array.from(
        { length: left },
        (_, i) => i + 1,
      ).map(
        (n) => html`<option ${values?.get(`${key}_qty`) === String(n) ? 'selected' : ''}>${n}</option>`,
      )}</select></div>
<div class="field"><label for="${key}-reason">Reason for ${item.product_name}</label><select id="${key}-reason" name="${key}_reason"><option value="">Choose a reason…</option>${Object.entries(
        RETURN_REASONS,
      ).map(
        ([value, label]) =>
          html`<option value="${value}" ${values?.get(`${key}_reason`) === value ? 'selected' : ''}>${label}</option>`,
      )}</select>${fieldError(errors[key])}</div></div>`
}</fieldset>`;
})}
<fieldset><legend>Refund to</legend>
<label class="check"><input type="radio" name="refund_method" value="original" ${values?.get('refund_method') === 'original' ? 'checked' : ''}> Original payment (${order.card_brand} ending ${order.card_last4}) · 5–7 business days after we receive it</label>
<label class="check"><input type="radio" name="refund_method" value="store_credit" ${values?.get('refund_method') === 'store_credit' ? 'checked' : ''}> Store credit · instant</label>${fieldError(errors.refund_method)}</fieldset>
<div class="field"><label for="return-note">Anything else we should know? (optional)</label><textarea id="return-note" name="note" rows="3">${values?.get('note') ?? ''}</textarea></div>
<div class="checkout-actions"><a class="btn btn-ghost" href="/orders/${order.number}">Cancel</a><button class="btn btn-primary">Submit return request</button></div>
</form>`,
  });
}

export function orderRoutes(app: AppBuilder): void {
  app.get('/orders', ordersList);
  app.get('/orders/:number', (ctx) => orderPage(ctx));
  app.post('/orders/:number/cancel', (ctx) => {
    const order = findOrder(ctx);
    if (order.status !== 'processing') {
      return ctx.redirect(`/orders/${order.number}`, {
        kind: 'error',
        message: 'This order has already shipped and can no longer be cancelled.',
      });
    }
    const result = CancelForm.parse(ctx.form);
    if (!result.ok) return orderPage(ctx, 'Choose a reason for cancelling');
    ctx.db
      .prepare("UPDATE orders SET status = 'cancelled', cancel_reason = ? WHERE id = ?")
      .run(result.data.reason, order.id);
    ctx.db
      .prepare("INSERT INTO order_events (order_id, kind, note, created_at) VALUES (?, 'cancelled', ?, ?)")
      .run(
        order.id,
        `Cancelled by you: ${result.data.reason}. Refund of ${money(order.total_cents)} issued to your card.`,
        ctx.now().toISOString(),
      );
    return ctx.redirect(`/orders/${order.number}`, {
      kind: 'success',
      message: `Order ${order.number} cancelled. Your refund is on its way.`,
    });
  });
  app.get('/orders/:number/return', (ctx) => returnPage(ctx));
  app.post('/orders/:number/return', (ctx) => {
    const order = findOrder(ctx);
    const now = ctx.now();
    const items = orderItems(ctx, order.id);
    const chosen = ctx.form.getAll('items');
    const errors: Record<string, string> = {};
    const lines: { item: OrderItemRow; quantity: number; reason: ReturnReason }[] = [];
    if (chosen.length === 0) errors.form = 'Choose at least one item to return.';
    for (const id of chosen) {
      const item = items.find((i) => String(i.id) === id);
      if (!item) continue;
      const blocker = returnBlocker(order, item, now);
      if (blocker) {
        errors.form = `${item.product_name} can't be returned: ${blocker}.`;
        continue;
      }
      const key = `item_${item.id}`;
      const reason = ctx.form.get(`${key}_reason`) ?? '';
      const quantity = Number(ctx.form.get(`${key}_qty`) ?? '1');
      if (!(reason in RETURN_REASONS)) errors[key] = 'Choose a reason for this item';
      else if (!Number.isInteger(quantity) || quantity < 1 || quantity > item.quantity - item.returned)
        errors[key] = 'Choose a valid quantity';
      else lines.push({ item, quantity, reason: reason as ReturnReason });
    }
    const method = ctx.form.get('refund_method') ?? '';
    if (method !== 'original' && method !== 'store_credit')
      errors.refund_method = 'Choose how you want to be refunded';
    if (Object.keys(errors).length > 0) return returnPage(ctx, errors, ctx.form);
    const refund = lines.reduce((sum, l) => sum + l.item.unit_price_cents * l.quantity, 0);
    const rma = `RMA-${ctx.rng.int(58_300, 69_999)}`;
    const note = (ctx.form.get('note') ?? '').trim();
    const { lastInsertRowid } = ctx.db
      .prepare(
        "INSERT INTO returns (rma, order_id, status, refund_method, refund_cents, note, created_at) VALUES (?, ?, 'requested', ?, ?, ?, ?)",
      )
      .run(rma, order.id, method, refund, note === '' ? null : note, now.toISOString());
    const insert = ctx.db.prepare(
      'INSERT INTO return_items (return_id, order_item_id, quantity, reason) VALUES (?, ?, ?, ?)',
    );
    for (const l of lines) insert.run(lastInsertRowid, l.item.id, l.quantity, l.reason);
    ctx.db
      .prepare(
        "INSERT INTO order_events (order_id, kind, note, created_at) VALUES (?, 'return_requested', ?, ?)",
      )
      .run(
        order.id,
        `Return ${rma} requested · ${lines.length} ${lines.length === 1 ? 'item' : 'items'}`,
        now.toISOString(),
      );
    return ctx.redirect(`/orders/${order.number}`, {
      kind: 'success',
      message: `Return ${rma} requested. We've emailed you a prepaid label.`,
    });
  });
}
