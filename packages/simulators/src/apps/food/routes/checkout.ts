import { type AppBuilder, classNames, fieldError, html, type RequestContext } from '../../../kit';
import { COURIERS } from '../data/menus';
import {
  computeTotals,
  deliverySlots,
  isOpen,
  money,
  type PromoCode,
  promoProblem,
  type Restaurant,
  slotLabel,
  tipCents,
} from '../domain';
import {
  activeAddresses,
  cardExpired,
  cardLabel,
  cards,
  cartLines,
  cartSubtotal,
  promoByCode,
  restaurantById,
} from '../queries';

/** Checkout: address, delivery time (ASAP or a slot from the restaurant's hours), payment, tip, place order. */

interface CheckoutValues {
  address: string;
  slot: string;
  card: string;
  tip: string;
  tipCustom: string;
}

type Errors = Partial<Record<keyof CheckoutValues | 'form', string>>;

function appliedPromo(ctx: RequestContext, restaurant: Restaurant, subtotal: number): PromoCode | undefined {
  const code = ctx.sessionValue<string>('promo');
  const promo = code ? promoByCode(ctx, code) : undefined;
  return promo && !promoProblem(promo, restaurant, subtotal, ctx.now()) ? promo : undefined;
}

function checkoutPage(ctx: RequestContext, values: CheckoutValues, errors: Errors = {}, status = 200) {
  const lines = cartLines(ctx);
  const first = lines[0];
  if (!first) return ctx.redirect('/', { kind: 'info', message: 'Your cart is empty' });
  const restaurant = restaurantById(ctx, first.restaurant_id);
  const now = ctx.now();
  const subtotal = cartSubtotal(lines);
  const promo = appliedPromo(ctx, restaurant, subtotal);
  const code = ctx.sessionValue<string>('promo');
  const pendingProblem =
    code && !promo ? promoProblem(promoByCode(ctx, code), restaurant, subtotal, now) : null;
  const tip = tipCents(values.tip, values.tipCustom, subtotal) ?? 0;
  const totals = computeTotals(subtotal, restaurant, promo, tip);
  const open = isOpen(restaurant, now);
  const slots = deliverySlots(restaurant, now);
  const addresses = activeAddresses(ctx);
  const allCards = cards(ctx);
  return ctx.render({
    title: 'Checkout',
    status,
    body: html`<h1>Checkout</h1>
<p class="muted">Order from <a href="/r/${restaurant.slug}">${restaurant.name}</a> · ${restaurant.neighbourhood}</p>
${errors.form && html`<div class="alert alert-error" role="alert">${errors.form}</div>`}
<form method="post" action="/checkout" class="checkout" novalidate aria-label="Checkout">
<div class="checkout-main">
  <fieldset class="panel"><legend>Delivery address</legend>
    ${addresses.map(
      (
        a,
      ) => html`<label class="${classNames('choice', !a.verified && 'disabled')}"><input type="radio" name="address_id" value="${a.id}" ${String(a.id) === values.address ? 'checked' : ''} ${a.verified ? '' : 'disabled'}>
      <span><strong>${a.label}</strong> <span class="muted">${a.line1}${a.line2 && `, ${a.line2}`}, ${a.zip}</span>${!a.verified && html` <a href="/addresses/${a.id}/verify?next=/checkout" class="small">Verify to use</a>`}</span></label>`,
    )}
    ${fieldError(errors.address)}
    <a href="/addresses/new?next=/checkout" class="btn btn-light btn-small">+ Add a new address</a>
  </fieldset>
  <fieldset class="panel"><legend>Delivery time</legend>
    <label for="slot">When</label>
    <select id="slot" name="slot">
      ${open ? html`<option value="asap" ${values.slot === 'asap' ? 'selected' : ''}>ASAP · ${restaurant.delivery_minutes}–${restaurant.delivery_minutes + 10} min</option>` : ''}
      ${slots.map((s) => html`<option value="${s}" ${values.slot === s ? 'selected' : ''}>Today, ${slotLabel(s)}</option>`)}
    </select>
    ${!open && html`<p class="muted small">${restaurant.name} is closed now: schedule a delivery for later.</p>`}
    ${fieldError(errors.slot)}
  </fieldset>
  <fieldset class="panel"><legend>Payment</legend>
    ${allCards.map((c) => {
      const expired = cardExpired(c, now);
      return html`<label class="choice"><input type="radio" name="card_id" value="${c.id}" ${String(c.id) === values.card ? 'checked' : ''}>
      <span><strong>${cardLabel(c)}</strong> <span class="${classNames('muted', expired && 'expired')}">${expired ? 'Expired' : 'Expires'} ${c.exp.slice(5)}/${c.exp.slice(2, 4)}</span>${c.is_default ? html` <span class="pill">Default</span>` : ''}</span></label>`;
    })}
    ${fieldError(errors.card)}
  </fieldset>
  <fieldset class="panel tip-panel"><legend>Tip your courier</legend>
    <div class="tip-options">${['10', '15', '20'].map(
      (p) =>
        html`<label class="tip-option"><input type="radio" name="tip" value="${p}" ${values.tip === p ? 'checked' : ''} data-tip-choice data-tip-cents="${Math.round((subtotal * Number(p)) / 100)}"> ${p}% <span class="muted">${money(Math.round((subtotal * Number(p)) / 100))}</span></label>`,
    )}<label class="tip-option"><input type="radio" name="tip" value="0" ${values.tip === '0' ? 'checked' : ''} data-tip-choice data-tip-cents="0"> No tip</label><label class="tip-option"><input type="radio" name="tip" value="custom" ${values.tip === 'custom' ? 'checked' : ''} data-tip-choice> Other</label></div>
    <div class="tip-custom" ${values.tip === 'custom' ? '' : 'hidden'}><label for="tip-custom">Tip amount ($)</label><input id="tip-custom" name="tip_custom" inputmode="decimal" value="${values.tipCustom}"></div>
    ${fieldError(errors.tip)}
  </fieldset>
</div>
<aside class="checkout-summary panel" aria-label="Order summary">
  <h2>Your order</h2>
  <ul class="summary-lines">${lines.map((l) => html`<li><span>${l.quantity} × ${l.name}${l.options && html`<br><span class="muted small">${l.options}</span>`}${l.instructions && html`<br><span class="muted small">“${l.instructions}”</span>`}</span><span>${money(l.unit_price_cents * l.quantity)}</span></li>`)}</ul>
  <dl class="totals" data-before-tip="${totals.total - totals.tip}">
    <div><dt>Subtotal</dt><dd>${money(totals.subtotal)}</dd></div>
    <div><dt>Delivery fee</dt><dd>${money(totals.deliveryFee)}</dd></div>
    <div><dt>Service fee</dt><dd>${money(totals.serviceFee)}</dd></div>
    ${promo && html`<div class="discount"><dt>Promo ${promo.code}</dt><dd>${money(-totals.discount)}</dd></div>`}
    <div><dt>Tip</dt><dd data-tip-amount>${money(totals.tip)}</dd></div>
    <div class="grand"><dt>Total</dt><dd data-grand-total>${money(totals.total)}</dd></div>
  </dl>
  ${pendingProblem && html`<p class="notice notice-warn" role="status">${pendingProblem}</p>`}
  ${subtotal < restaurant.min_order_cents && html`<p class="notice notice-warn" role="status">Minimum order is ${money(restaurant.min_order_cents)}. Add ${money(restaurant.min_order_cents - subtotal)} more.</p>`}
  <button class="btn btn-primary btn-block">Place order</button>
</aside>
</form>`,
  });
}

function defaults(ctx: RequestContext): CheckoutValues {
  const card = cards(ctx).find((c) => c.is_default);
  const home = activeAddresses(ctx).find((a) => a.verified);
  return {
    address: home ? String(home.id) : '',
    slot: 'asap',
    card: card ? String(card.id) : '',
    tip: '15',
    tipCustom: '',
  };
}

export function checkoutRoutes(app: AppBuilder): void {
  app.get('/checkout', (ctx) => checkoutPage(ctx, defaults(ctx)));

  app.post('/checkout', (ctx) => {
    const values: CheckoutValues = {
      address: ctx.form.get('address_id') ?? '',
      slot: ctx.form.get('slot') ?? '',
      card: ctx.form.get('card_id') ?? '',
      tip: ctx.form.get('tip') ?? '',
      tipCustom: ctx.form.get('tip_custom') ?? '',
    };
    const lines = cartLines(ctx);
    const first = lines[0];
    if (!first) return ctx.redirect('/', { kind: 'info', message: 'Your cart is empty' });
    const restaurant = restaurantById(ctx, first.restaurant_id);
    const now = ctx.now();
    const subtotal = cartSubtotal(lines);
    const errors: Errors = {};
    const address = activeAddresses(ctx).find((a) => String(a.id) === values.address);
    if (!address) errors.address = 'Choose a delivery address';
    else if (!address.verified) errors.address = 'Verify this address before delivering to it';
    const slotOk =
      (values.slot === 'asap' && isOpen(restaurant, now)) ||
      deliverySlots(restaurant, now).includes(values.slot);
    if (!slotOk) errors.slot = 'Choose a delivery time';
    const card = cards(ctx).find((c) => String(c.id) === values.card);
    if (!card) errors.card = 'Choose a payment card';
    else if (cardExpired(card, now)) errors.card = `${cardLabel(card)} has expired. Choose another card.`;
    const tip = tipCents(values.tip, values.tipCustom, subtotal);
    if (tip === null)
      errors.tip = values.tip === 'custom' ? 'Enter a tip between $0 and $200' : 'Choose a tip';
    if (subtotal < restaurant.min_order_cents)
      errors.form = `${restaurant.name} has a ${money(restaurant.min_order_cents)} minimum order. Add ${money(restaurant.min_order_cents - subtotal)} more to your cart.`;
    if (Object.keys(errors).length > 0 || !card || !address || tip === null)
      return checkoutPage(
        ctx,
        values,
        { form: errors.form ?? 'Check the highlighted details.', ...errors },
        422,
      );
    const promo = appliedPromo(ctx, restaurant, subtotal);
    const totals = computeTotals(subtotal, restaurant, promo, tip);
    const number = `FK-${ctx.rng.int(52000, 99999)}`;
    const result = ctx.db
      .prepare(
        `INSERT INTO orders (number, restaurant_id, address_id, card_id, slot, subtotal_cents, delivery_fee_cents,
           service_fee_cents, discount_cents, promo_code, tip_cents, total_cents, courier, rating, rating_comment, placed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)`,
      )
      .run(
        number,
        restaurant.id,
        address.id,
        card.id,
        values.slot,
        totals.subtotal,
        totals.deliveryFee,
        totals.serviceFee,
        totals.discount,
        promo?.code ?? null,
        totals.tip,
        totals.total,
        ctx.rng.pick(COURIERS),
        now.toISOString(),
      );
    for (const l of lines)
      ctx.db
        .prepare(
          `INSERT INTO order_items (order_id, item_id, name, quantity, unit_price_cents, options, instructions)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          result.lastInsertRowid,
          l.item_id,
          l.name,
          l.quantity,
          l.unit_price_cents,
          l.options,
          l.instructions,
        );
    ctx.db.prepare('DELETE FROM cart_items').run();
    ctx.setSessionValue('promo', undefined);
    return ctx.redirect(`/orders/${result.lastInsertRowid}`, {
      kind: 'success',
      message: `Order placed! ${restaurant.name} has your order${values.slot === 'asap' ? '' : ` for ${slotLabel(values.slot)}`}.`,
    });
  });
}
