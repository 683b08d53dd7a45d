import {
  type AppBuilder,
  fieldError,
  formatWeekdayDate,
  html,
  type RequestContext,
  raw,
  type SafeHtml,
} from '../../../kit';
import { cartTotals, loadCart } from '../cartState';
import { placeOrder } from '../placeOrder';
import {
  arrivalWindow,
  type CardInput,
  checkCard,
  SHIPPING_OPTIONS,
  type ShippingMethod,
  shippingOption,
} from '../pricing';
import { AddressSchema, addressFields } from '../views/addressForm';
import { breadcrumbs, money, productPicture } from '../views/parts';

/** What the delivery step chose; kept in the visitor's session until the order is placed (not a mutation). */
interface CheckoutChoice {
  addressId: number;
  method: ShippingMethod;
}

interface AddressRow {
  id: number;
  label: string;
  full_name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postal_code: string;
  phone: string | null;
  is_default: number;
}

export function addresses(ctx: RequestContext): AddressRow[] {
  return ctx.db.prepare<[], AddressRow>('SELECT * FROM addresses ORDER BY is_default DESC, id').all();
}

export function addressLines(
  a: Pick<AddressRow, 'full_name' | 'line1' | 'line2' | 'city' | 'region' | 'postal_code'>,
): SafeHtml {
  return html`${a.full_name}<br>${a.line1}${a.line2 && html`<br>${a.line2}`}<br>${a.city}, ${a.region} ${a.postal_code}`;
}

function arrival(method: ShippingMethod, now: Date): string {
  const option = shippingOption(method);
  if (!option) return '';
  const { earliest, latest } = arrivalWindow(option, now);
  // The day name is what shoppers compare against their deadline.
  return option.minDays === option.maxDays
    ? `Arrives ${formatWeekdayDate(earliest)}`
    : `Arrives ${formatWeekdayDate(earliest)} – ${formatWeekdayDate(latest)}`;
}

function steps(current: 1 | 2): SafeHtml {
  return html`<ol class="steps"><li class="${current === 1 ? 'current' : 'done'}">Delivery</li><li class="${current === 2 ? 'current' : ''}">Payment</li><li>Confirmation</li></ol>`;
}

function orderSummary(ctx: RequestContext, method: ShippingMethod): SafeHtml {
  const cart = loadCart(ctx.db, ctx.now());
  const option =
    shippingOption(method) ?? (SHIPPING_OPTIONS[0] as NonNullable<ReturnType<typeof shippingOption>>);
  const totals = cartTotals(cart, option);
  return html`<aside class="summary-card"><h2>Order summary</h2>
<ul class="mini-lines">${cart.lines.map(
    (l) =>
      html`<li>${productPicture(l.icon, l.swatch, l.name, 'xs')}<span>${l.name}<br><span class="muted small">${l.color} / ${l.size} · Qty ${l.quantity}</span></span><b>${money(l.price_cents * l.quantity)}</b></li>`,
  )}</ul>
<dl class="totals"><dt>Subtotal</dt><dd>${money(totals.subtotalCents)}</dd>
${totals.discountCents > 0 && html`<dt>Promo ${cart.promo?.code}</dt><dd class="discount">−${money(totals.discountCents)}</dd>`}
<dt>Shipping (${option.label})</dt><dd>${totals.shippingCents === 0 ? 'Free' : money(totals.shippingCents)}</dd>
<dt class="total">Total</dt><dd class="total" id="checkout-total">${money(totals.totalCents)}</dd></dl></aside>`;
}

function deliveryPage(
  ctx: RequestContext,
  error?: string,
  dialog?: { values: Record<string, string>; errors: Record<string, string | undefined> },
) {
  const cart = loadCart(ctx.db, ctx.now());
  if (cart.lines.length === 0) return ctx.redirect('/cart', { kind: 'info', message: 'Your cart is empty' });
  const choice = ctx.sessionValue<CheckoutChoice>('checkout');
  const list = addresses(ctx);
  const selectedAddress = choice?.addressId ?? list[0]?.id;
  const selectedMethod = choice?.method ?? 'standard';
  const now = ctx.now();
  return ctx.render({
    title: 'Checkout: delivery',
    section: 'cart',
    status: error || dialog ? 422 : 200,
    body: html`${breadcrumbs([
      ['Cart', '/cart'],
      ['Checkout', null],
    ])}${steps(1)}
<div class="checkout-layout"><form method="post" action="/checkout" class="checkout-main" novalidate>
  <section class="panel"><div class="panel-head"><h2>Shipping address</h2><button type="button" class="btn btn-ghost" data-modal-open="new-address">+ Add a new address</button></div>
  <div class="address-options" role="radiogroup" aria-label="Shipping address">${list.map(
    (
      a,
    ) => html`<label class="address-option"><input type="radio" name="address" value="${a.id}" ${a.id === selectedAddress ? 'checked' : ''} aria-label="${a.label}: ${a.line1}, ${a.city}">
    <span><b>${a.label}</b>${a.is_default === 1 && html` <span class="badge">Default</span>`}<br><span class="muted small">${addressLines(a)}</span></span></label>`,
  )}</div></section>
  <section class="panel"><h2>Shipping method</h2><div class="ship-options" role="radiogroup" aria-label="Shipping method">${SHIPPING_OPTIONS.map(
    (o) => {
      const price = cartTotals(cart, o).shippingCents;
      return html`<label class="ship-option"><input type="radio" name="method" value="${o.method}" ${o.method === selectedMethod ? 'checked' : ''}>
    <span class="ship-label"><b>${o.label}</b><span class="muted small">${arrival(o.method, now)}</span></span><b class="ship-price">${price === 0 ? 'Free' : money(price)}</b></label>`;
    },
  )}</div>${fieldError(error)}</section>
  <div class="checkout-actions"><a href="/cart" class="btn btn-ghost">← Back to cart</a><button class="btn btn-primary btn-lg">Continue to payment</button></div>
</form>${orderSummary(ctx, selectedMethod)}</div>
<dialog id="new-address" class="kit-modal" ${dialog ? 'data-open' : ''}><div class="kit-modal-body"><h2>New address</h2>
<form method="post" action="/checkout/addresses" class="stack" novalidate>${addressFields(
      (dialog?.values ?? AddressSchema.empty()) as Parameters<typeof addressFields>[0],
      dialog?.errors ?? {},
      'checkout-address',
    )}
<div class="modal-actions"><button type="button" class="btn btn-ghost" data-modal-close>Cancel</button><button class="btn btn-primary">Save address</button></div></form></div></dialog>`,
  });
}

function paymentPage(ctx: RequestContext) {
  const choice = ctx.sessionValue<CheckoutChoice>('checkout');
  const cart = loadCart(ctx.db, ctx.now());
  if (cart.lines.length === 0) return ctx.redirect('/cart', { kind: 'info', message: 'Your cart is empty' });
  const address = choice && addresses(ctx).find((a) => a.id === choice.addressId);
  if (!choice || !address)
    return ctx.redirect('/checkout', { kind: 'info', message: 'Choose where to ship your order first' });
  const option = shippingOption(choice.method);
  return ctx.render({
    title: 'Checkout: payment',
    section: 'cart',
    body: html`${breadcrumbs([
      ['Cart', '/cart'],
      ['Checkout', '/checkout'],
      ['Payment', null],
    ])}${steps(2)}
<div class="checkout-layout"><div class="checkout-main">
  <section class="panel review-choice"><div><h3>Ship to · ${address.label}</h3><p class="muted small">${addressLines(address)}</p></div>
  <div><h3>${option?.label} shipping</h3><p class="muted small">${arrival(choice.method, ctx.now())}</p></div><a href="/checkout" class="link">Change</a></section>
  <section class="panel"><h2>Payment</h2><p class="muted small">Card details are entered on Harborpay's secure form and never touch our servers.</p>
  <iframe src="/pay/frame" title="Secure card payment" class="pay-frame" id="pay-frame"></iframe></section>
</div>${orderSummary(ctx, choice.method)}</div>`,
  });
}

function frameDocument(body: SafeHtml): SafeHtml {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harborpay secure payment</title>
<link rel="stylesheet" href="/assets/pay.css"></head><body>${body}</body></html>`;
}

function cardForm(
  amount: string,
  values: Partial<CardInput>,
  errors: Partial<Record<keyof CardInput, string>>,
  banner?: SafeHtml,
): SafeHtml {
  const field = (name: keyof CardInput, label: string, attrs: string) =>
    html`<div class="hp-field ${errors[name] ? 'hp-invalid' : ''}"><label for="hp-${name}">${label}</label>
<input id="hp-${name}" name="${name}" value="${name === 'cvc' ? '' : (values[name] ?? '')}" ${raw(attrs)}>${errors[name] && html`<p class="hp-error" role="alert">${errors[name]}</p>`}</div>`;
  return frameDocument(html`<form method="post" action="/pay/frame" class="hp-form" novalidate>
<div class="hp-brand"><span class="hp-lock">🔒</span> Harborpay · secure checkout</div>
${banner}
${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
<div class="hp-row">${field('expiry', 'Expiry (MM / YY)', 'autocomplete="cc-exp" placeholder="MM / YY"')}${field('cvc', 'Security code', 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"')}</div>
${field('name', 'Name on card', 'autocomplete="cc-name"')}
<button class="hp-pay">Pay ${amount}</button>
<p class="hp-foot">Payments are processed by Harborpay. Test cards are not charged.</p></form>`);
}

export function checkoutRoutes(app: AppBuilder): void {
  app.get('/checkout', (ctx) => deliveryPage(ctx));
  app.post('/checkout', (ctx) => {
    const addressId = Number(ctx.form.get('address'));
    const method = shippingOption(ctx.form.get('method') ?? '');
    if (!addresses(ctx).some((a) => a.id === addressId))
      return deliveryPage(ctx, 'Choose a shipping address');
    if (!method) return deliveryPage(ctx, 'Choose a shipping method');
    const short = loadCart(ctx.db, ctx.now()).lines.find((l) => l.quantity > l.stock);
    if (short) {
      return ctx.redirect('/cart', {
        kind: 'error',
        message: `${short.name} (${short.color} / ${short.size}) is no longer available in that quantity`,
      });
    }
    ctx.setSessionValue('checkout', { addressId, method: method.method } satisfies CheckoutChoice);
    return ctx.redirect('/checkout/payment');
  });
  app.post('/checkout/addresses', (ctx) => {
    const result = AddressSchema.parse(ctx.form);
    if (!result.ok) return deliveryPage(ctx, undefined, { values: result.values, errors: result.errors });
    const d = result.data;
    const { lastInsertRowid } = ctx.db
      .prepare(
        'INSERT INTO addresses (label, full_name, line1, line2, city, region, postal_code, phone, is_default) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)',
      )
      .run(d.label, d.full_name, d.line1, d.line2, d.city, d.region, d.postal_code, d.phone);
    const previous = ctx.sessionValue<CheckoutChoice>('checkout');
    ctx.setSessionValue('checkout', {
      addressId: Number(lastInsertRowid),
      method: previous?.method ?? 'standard',
    } satisfies CheckoutChoice);
    return ctx.redirect('/checkout', { kind: 'success', message: `Address “${d.label}” saved` });
  });
  app.get('/checkout/payment', paymentPage);

  // The payment provider's hosted form, embedded in an iframe on the payment step.
  app.get('/pay/frame', (ctx) => {
    const choice = ctx.sessionValue<CheckoutChoice>('checkout');
    const option = choice && shippingOption(choice.method);
    const cart = loadCart(ctx.db, ctx.now());
    if (!option || cart.lines.length === 0) {
      return ctx.html(
        frameDocument(
          html`<p class="hp-banner hp-banner-error">This payment session has expired. Go back to checkout.</p>`,
        ),
      );
    }
    return ctx.html(cardForm(money(cartTotals(cart, option).totalCents), {}, {}));
  });
  app.post('/pay/frame', (ctx) => {
    const choice = ctx.sessionValue<CheckoutChoice>('checkout');
    const option = choice && shippingOption(choice.method);
    const address = choice && addresses(ctx).find((a) => a.id === choice.addressId);
    const cart = loadCart(ctx.db, ctx.now());
    if (!option || !address || cart.lines.length === 0) {
      return ctx.html(
        frameDocument(
          html`<p class="hp-banner hp-banner-error">This payment session has expired. Go back to checkout.</p>`,
        ),
        409,
      );
    }
    const amountCents = cartTotals(cart, option).totalCents;
    const input: CardInput = {
      number: ctx.form.get('number') ?? '',
      expiry: ctx.form.get('expiry') ?? '',
      cvc: ctx.form.get('cvc') ?? '',
      name: ctx.form.get('name') ?? '',
    };
    const card = checkCard(input, ctx.now());
    if (!card.ok) return ctx.html(cardForm(money(amountCents), input, card.errors), 422);
    const short = cart.lines.find((l) => l.quantity > l.stock);
    if (short) {
      const banner = html`<p class="hp-banner hp-banner-error" role="alert">${short.name} is no longer available in that quantity. Return to your cart.</p>`;
      return ctx.html(cardForm(money(amountCents), input, {}, banner), 409);
    }
    const attempt = ctx.db.prepare(
      `INSERT INTO payment_attempts (amount_cents, card_brand, card_last4, outcome, decline_reason, order_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    if (card.declined) {
      attempt.run(
        amountCents,
        card.brand,
        card.last4,
        'declined',
        'card_declined',
        null,
        ctx.now().toISOString(),
      );
      const banner = html`<p class="hp-banner hp-banner-error" role="alert"><b>Your card was declined.</b> Your bank didn't approve this payment. Try a different card.</p>`;
      return ctx.html(cardForm(money(amountCents), { ...input, number: '' }, {}, banner), 402);
    }
    const order = placeOrder(ctx, { cart, address, option, card: { brand: card.brand, last4: card.last4 } });
    attempt.run(amountCents, card.brand, card.last4, 'approved', null, order.id, ctx.now().toISOString());
    ctx.setSessionValue('checkout', undefined);
    ctx.flash('success', `Order ${order.number} placed. A confirmation is on its way to your inbox.`);
    const redirect = `/orders/${order.number}?placed=1`;
    return ctx.html(
      frameDocument(html`<div class="hp-done" role="status"><p class="hp-check">✓</p><p><b>Payment approved</b></p><p>${card.brand} ending ${card.last4} · ${money(order.totalCents)}</p>
<p><a href="${redirect}" target="_top">Continue to your order</a></p>
<script>parent.postMessage({ type: 'harborpay', status: 'approved', redirect: ${raw(JSON.stringify(redirect))} }, location.origin);</script></div>`),
    );
  });
}
