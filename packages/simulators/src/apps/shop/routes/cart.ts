import {
  type AppBuilder,
  fieldError,
  fields,
  formSchema,
  HttpError,
  html,
  type RequestContext,
} from '../../../kit';
import { cartTotals, DEFAULT_SHIPPING, findPromo, loadCart, previousOrders } from '../cartState';
import { productCards, productVariants } from '../catalog';
import { checkPromo } from '../pricing';
import { breadcrumbs, money, productPicture } from '../views/parts';
import { productPage } from './catalog';

const AddToCart = formSchema({
  product: fields.integer({ required: true, min: 1 }),
  color: fields.text({ required: true, label: 'Colour' }),
  size: fields.text({ required: true, label: 'Size' }),
  quantity: fields.integer({ required: true, min: 1, max: 10 }),
});
const Quantity = formSchema({ quantity: fields.integer({ required: true, min: 1, max: 10 }) });
const Promo = formSchema({ code: fields.text({ required: true, max: 40, label: 'Promo code' }) });

function cartPage(ctx: RequestContext, promoForm: { code?: string; error?: string } = {}, status = 200) {
  const cart = loadCart(ctx.db, ctx.now());
  const totals = cartTotals(cart, DEFAULT_SHIPPING);
  return ctx.render({
    title: 'Your cart',
    section: 'cart',
    status,
    body: html`${breadcrumbs([
      ['Home', '/'],
      ['Cart', null],
    ])}
<h1>Your cart <span class="muted">(${cart.itemCount} ${cart.itemCount === 1 ? 'item' : 'items'})</span></h1>
${
  cart.lines.length === 0
    ? html`<div class="empty"><h2>Your cart is empty</h2><p class="muted">Find something you'll use every day.</p><a class="btn btn-primary" href="/products">Start shopping</a></div>`
    : html`<div class="cart-layout"><section class="cart-lines" aria-label="Cart items">${cart.lines.map(
        (line) => {
          const short = line.stock < line.quantity;
          return html`<article class="cart-line" data-line="${line.id}">
  <a href="/products/${line.slug}">${productPicture(line.icon, line.swatch, line.name, 'sm')}</a>
  <div class="cart-line-info"><a href="/products/${line.slug}" class="cart-line-name">${line.name}</a>
    <p class="muted small">${line.color} / ${line.size} · ${money(line.price_cents)} each</p>
    ${line.final_sale === 1 && html`<p class="small warn">Final sale</p>`}
    ${short && html`<p class="field-error" role="alert">${line.stock === 0 ? 'Out of stock: remove this item to check out.' : `Only ${line.stock} left: lower the quantity to check out.`}</p>`}
  </div>
  <form method="post" action="/cart/items/${line.id}" class="qty-form"><label for="qty-${line.id}" class="sr-label">Quantity for ${line.name}</label>
    <select id="qty-${line.id}" name="quantity" data-autosubmit aria-label="Quantity for ${line.name}">${[
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ].map(
      (n) => html`<option ${n === line.quantity ? 'selected' : ''}>${n}</option>`,
    )}</select><noscript><button>Update</button></noscript></form>
  <b class="cart-line-total">${money(line.price_cents * line.quantity)}</b>
  <form method="post" action="/cart/items/${line.id}/remove"><button class="link danger" aria-label="Remove ${line.name}">Remove</button></form>
</article>`;
        },
      )}</section>
<aside class="summary-card">
  <h2>Order summary</h2>
  <order-summary><template shadowrootmode="open"><style>
    :host{display:block} dl{display:grid;grid-template-columns:1fr auto;gap:8px 12px;margin:0;font:14px/1.4 system-ui,sans-serif}
    dt{color:#5b6158} dd{margin:0;text-align:right;font-variant-numeric:tabular-nums} .total{font-weight:700;font-size:16px;border-top:1px solid #e4ddd0;padding-top:10px}
    .discount{color:#2f6b4f}
  </style><dl>
    <dt>Subtotal</dt><dd id="summary-subtotal">${money(totals.subtotalCents)}</dd>
    ${cart.discountCents > 0 && html`<dt class="discount">Promo ${cart.promo?.code}</dt><dd class="discount" id="summary-discount">−${money(totals.discountCents)}</dd>`}
    <dt>Standard shipping</dt><dd>${totals.shippingCents === 0 ? 'Free' : money(totals.shippingCents)}</dd>
    <dt class="total">Estimated total</dt><dd class="total" id="summary-total">${money(totals.totalCents)}</dd>
  </dl></template></order-summary>
  ${
    cart.promo
      ? html`<div class="applied-promo"><span><b>${cart.promo.code}</b> · ${cart.promo.summary}</span>
      ${cart.promoProblem && html`<p class="field-error" role="alert">${cart.promoProblem}</p>`}
      <form method="post" action="/cart/promo/remove"><button class="link">Remove code</button></form></div>`
      : html`<form method="post" action="/cart/promo" class="promo-form" novalidate><label for="promo-code">Promo code</label>
      <div class="inline"><input id="promo-code" name="code" value="${promoForm.code ?? ''}" autocomplete="off"><button class="btn btn-ghost">Apply</button></div>
      ${fieldError(promoForm.error)}</form>`
  }
  <a class="btn btn-primary btn-block btn-lg" href="/checkout">Check out</a>
  <p class="muted small">Shipping options and taxes are calculated at checkout.</p>
</aside></div>`
}`,
  });
}

function wishlistPage(ctx: RequestContext) {
  const ids = ctx.db
    .prepare<[], { product_id: number }>('SELECT product_id FROM wishlist_items ORDER BY added_at DESC')
    .all()
    .map((r) => r.product_id);
  const cards = productCards(ctx.db, ids);
  const byId = new Map(cards.map((c) => [c.id, c]));
  return ctx.render({
    title: 'Wishlist',
    section: 'wishlist',
    body: html`${breadcrumbs([
      ['Home', '/'],
      ['Wishlist', null],
    ])}<h1>Wishlist <span class="muted">(${ids.length})</span></h1>
${
  ids.length === 0
    ? html`<div class="empty"><h2>Nothing saved yet</h2><p class="muted">Tap “Save to wishlist” on any product to keep it here.</p></div>`
    : html`<ul class="wish-list">${ids.map((id) => {
        const card = byId.get(id);
        if (!card) return '';
        return html`<li class="wish-item">${productPicture(card.icon, card.swatch, card.name, 'sm')}
  <div><a href="/products/${card.slug}" class="wish-name">${card.name}</a><p class="muted small">${card.brand}</p></div>
  <b>${card.price_cents !== card.max_price_cents ? 'From ' : ''}${money(card.price_cents)}</b>
  <form method="post" action="/wishlist/${id}/remove"><button class="link danger" aria-label="Remove ${card.name} from wishlist">Remove</button></form></li>`;
      })}</ul>`
}`,
  });
}

export function cartRoutes(app: AppBuilder): void {
  app.get('/cart', (ctx) => cartPage(ctx));

  app.post('/cart/items', (ctx) => {
    const result = AddToCart.parse(ctx.form);
    const productId = Number(ctx.form.get('product'));
    const product = ctx.db
      .prepare<[number], { slug: string; name: string }>('SELECT slug, name FROM products WHERE id = ?')
      .get(productId);
    if (!product) throw new HttpError(404);
    const again = (error: string) => {
      return productPage(
        ctx,
        product.slug,
        {
          color: ctx.form.get('color') ?? undefined,
          size: ctx.form.get('size') ?? undefined,
          quantity: ctx.form.get('quantity') ?? '1',
          error,
        },
        422,
      );
    };
    if (!result.ok) return again(Object.values(result.errors)[0] ?? 'Choose an option');
    const variant = productVariants(ctx.db, productId).find(
      (v) => v.color === result.data.color && v.size === result.data.size,
    );
    if (!variant) return again('That combination is not available. Choose another colour or size.');
    const inCart = ctx.db
      .prepare<[number], { id: number; quantity: number }>(
        'SELECT id, quantity FROM cart_items WHERE variant_id = ?',
      )
      .get(variant.id);
    const wanted = (inCart?.quantity ?? 0) + result.data.quantity;
    const label = `${variant.color} / ${variant.size}`;
    if (variant.stock === 0) return again(`${label} is out of stock. Choose another colour or size.`);
    if (wanted > variant.stock) {
      return again(
        `Only ${variant.stock} left in ${label}${inCart ? ` (you already have ${inCart.quantity} in your cart)` : ''}.`,
      );
    }
    if (wanted > 10) return again('You can buy up to 10 of each item per order.');
    if (inCart) ctx.db.prepare('UPDATE cart_items SET quantity = ? WHERE id = ?').run(wanted, inCart.id);
    else {
      ctx.db
        .prepare('INSERT INTO cart_items (variant_id, quantity, added_at) VALUES (?, ?, ?)')
        .run(variant.id, result.data.quantity, ctx.now().toISOString());
    }
    return ctx.redirect('/cart', {
      kind: 'success',
      message: `Added ${result.data.quantity} × ${product.name} (${label}) to your cart`,
    });
  });

  app.post('/cart/items/:id', (ctx) => {
    const line = loadCart(ctx.db, ctx.now()).lines.find((l) => String(l.id) === ctx.params.id);
    if (!line) throw new HttpError(404);
    const result = Quantity.parse(ctx.form);
    if (!result.ok)
      return ctx.redirect('/cart', { kind: 'error', message: result.errors.quantity ?? 'Choose a quantity' });
    if (result.data.quantity > line.stock) {
      return ctx.redirect('/cart', {
        kind: 'error',
        message: `Only ${line.stock} left of ${line.name} (${line.color} / ${line.size})`,
      });
    }
    ctx.db.prepare('UPDATE cart_items SET quantity = ? WHERE id = ?').run(result.data.quantity, line.id);
    return ctx.redirect('/cart', { kind: 'success', message: 'Cart updated' });
  });

  app.post('/cart/items/:id/remove', (ctx) => {
    const line = loadCart(ctx.db, ctx.now()).lines.find((l) => String(l.id) === ctx.params.id);
    if (!line) throw new HttpError(404);
    ctx.db.prepare('DELETE FROM cart_items WHERE id = ?').run(line.id);
    return ctx.redirect('/cart', { kind: 'info', message: `Removed ${line.name} from your cart` });
  });

  app.post('/cart/promo', (ctx) => {
    const result = Promo.parse(ctx.form);
    if (!result.ok) return cartPage(ctx, { error: result.errors.code }, 422);
    const cart = loadCart(ctx.db, ctx.now());
    const promo = findPromo(ctx.db, result.data.code);
    const check = checkPromo(
      promo,
      { subtotalCents: cart.subtotalCents, previousOrders: previousOrders(ctx.db) },
      ctx.now(),
    );
    if (!check.ok || !promo)
      return cartPage(ctx, { code: result.data.code, error: check.ok ? undefined : check.error }, 422);
    ctx.db.prepare('UPDATE carts SET promo_code = ? WHERE id = 1').run(promo.code);
    const saving =
      promo.kind === 'free_shipping' ? 'free standard shipping' : `${money(check.discountCents)} off`;
    return ctx.redirect('/cart', { kind: 'success', message: `${promo.code} applied: ${saving}` });
  });

  app.post('/cart/promo/remove', (ctx) => {
    ctx.db.prepare('UPDATE carts SET promo_code = NULL WHERE id = 1').run();
    return ctx.redirect('/cart', { kind: 'info', message: 'Promo code removed' });
  });

  app.get('/wishlist', wishlistPage);
  app.post('/wishlist/:id', (ctx) => {
    const product = ctx.db
      .prepare<[string], { id: number; slug: string; name: string }>(
        'SELECT id, slug, name FROM products WHERE id = ?',
      )
      .get(ctx.params.id ?? '');
    if (!product) throw new HttpError(404);
    ctx.db
      .prepare('INSERT OR IGNORE INTO wishlist_items (product_id, added_at) VALUES (?, ?)')
      .run(product.id, ctx.now().toISOString());
    return ctx.redirect(`/products/${product.slug}`, {
      kind: 'success',
      message: `Saved ${product.name} to your wishlist`,
    });
  });
  app.post('/wishlist/:id/remove', (ctx) => {
    const product = ctx.db
      .prepare<[string], { id: number; slug: string; name: string }>(
        'SELECT id, slug, name FROM products WHERE id = ?',
      )
      .get(ctx.params.id ?? '');
    if (!product) throw new HttpError(404);
    ctx.db.prepare('DELETE FROM wishlist_items WHERE product_id = ?').run(product.id);
    const back = ctx.headers.referer?.includes('/products/') ? `/products/${product.slug}` : '/wishlist';
    return ctx.redirect(back, { kind: 'info', message: `Removed ${product.name} from your wishlist` });
  });
}
