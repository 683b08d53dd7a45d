import {
  type AppBuilder,
  classNames,
  fieldError,
  fields,
  formatDate,
  formSchema,
  HttpError,
  html,
  type RequestContext,
} from '../../../kit';
import { CUSTOMER } from '../data/featured';
import { deliversTo, MINUTE_MS, money, type PromoCode, type Restaurant } from '../domain';
import { type Address, activeAddresses, cardExpired, cardLabel, cards, userCredit } from '../queries';
import { restaurantCard } from '../views/parts';

/** The account: credit, addresses (new ones verified by a texted code), cards, offers; favourites. */

const NewAddress = formSchema({
  label: fields.text({ required: true, max: 40, label: 'Label' }),
  line1: fields.text({ required: true, max: 120, label: 'Street address' }),
  line2: fields.text({ max: 60, label: 'Apartment, suite, floor' }),
  zip: fields.text({
    required: true,
    label: 'ZIP code',
    pattern: /^\d{5}$/,
    patternMessage: 'ZIP code must be 5 digits',
  }),
  instructions: fields.text({ max: 200, label: 'Delivery instructions' }),
});

type AddressValues = Record<'label' | 'line1' | 'line2' | 'zip' | 'instructions', string>;

function findAddress(ctx: RequestContext): Address {
  const a = ctx.db
    .prepare<[string], Address>('SELECT * FROM addresses WHERE id = ? AND archived = 0')
    .get(ctx.params.id ?? '');
  if (!a) throw new HttpError(404);
  return a;
}

function maskedPhone(): string {
  return `(•••) •••-${CUSTOMER.phone.slice(-4)}`;
}

function accountPage(ctx: RequestContext) {
  const now = ctx.now();
  const addresses = activeAddresses(ctx);
  const promos = ctx.db.prepare<[], PromoCode>('SELECT * FROM promo_codes ORDER BY code').all();
  return ctx.render({
    title: 'Account',
    section: 'account',
    body: html`<h1>Account</h1>
<div class="account-grid">
<section class="panel" aria-labelledby="profile-title"><h2 id="profile-title">Profile</h2>
  <p><strong>${CUSTOMER.name}</strong><br>${ctx.user}<br>${CUSTOMER.phone}</p>
  <p class="credit">Forkful credit: <strong data-credit>${money(userCredit(ctx))}</strong></p>
</section>
<section class="panel" aria-labelledby="addresses-title"><h2 id="addresses-title">Saved addresses</h2>
  <ul class="plain-list">${addresses.map(
    (
      a,
    ) => html`<li class="address-row" aria-label="${a.label}"><div><strong>${a.label}</strong> ${a.verified ? '' : html`<span class="pill pill-warn">Not verified</span>`}<br><span class="muted">${a.line1}${a.line2 && `, ${a.line2}`}, ${a.city} ${a.zip}</span>${a.instructions && html`<br><span class="muted small">${a.instructions}</span>`}</div>
    <div class="row-actions">${!a.verified && html`<a class="btn btn-light btn-small" href="/addresses/${a.id}/verify">Verify</a>`}
    <form method="post" action="/addresses/${a.id}/remove" data-confirm="Remove ${a.label} from your saved addresses?" data-confirm-label="Remove"><button class="btn btn-light btn-small" aria-label="Remove ${a.label}">Remove</button></form></div></li>`,
  )}</ul>
  <a class="btn btn-light" href="/addresses/new">+ Add a new address</a>
</section>
<section class="panel" aria-labelledby="cards-title"><h2 id="cards-title">Payment cards</h2>
  <ul class="plain-list">${cards(ctx).map(
    (
      c,
    ) => html`<li class="card-row" aria-label="${cardLabel(c)}"><div><strong>${cardLabel(c)}</strong> ${c.is_default ? html`<span class="pill">Default</span>` : ''}<br><span class="${classNames('muted', cardExpired(c, now) && 'expired')}">${cardExpired(c, now) ? 'Expired' : 'Expires'} ${c.exp.slice(5)}/${c.exp.slice(2, 4)}</span></div>
    ${!c.is_default && !cardExpired(c, now) && html`<form method="post" action="/cards/${c.id}/default"><button class="btn btn-light btn-small" aria-label="Make ${cardLabel(c)} the default">Make default</button></form>`}</li>`,
  )}</ul>
</section>
<section class="panel" aria-labelledby="offers-title"><h2 id="offers-title">Your offers</h2>
  <ul class="plain-list offers">${promos.map(
    (p) =>
      html`<li class="${classNames('offer', p.expires_at < now.toISOString() && 'expired')}"><code>${p.code}</code> ${p.title}<br><span class="muted small">${p.expires_at < now.toISOString() ? 'Expired' : 'Valid until'} ${formatDate(p.expires_at)}${p.min_subtotal_cents ? ` · subtotal of ${money(p.min_subtotal_cents)} or more` : ''}${p.cuisine ? ` · ${p.cuisine} restaurants only` : ''} · one code per order</span></li>`,
  )}</ul>
</section>
</div>`,
  });
}

function newAddressPage(
  ctx: RequestContext,
  values: AddressValues,
  errors: Partial<Record<string, string>> = {},
  status = 200,
) {
  const next = ctx.localPath(ctx.query.get('next') ?? ctx.form.get('next'), '/account');
  return ctx.render({
    title: 'New address',
    section: 'account',
    status,
    body: html`<p class="crumbs"><a href="/account">Account</a> › New address</p>
<h1>Add a delivery address</h1>
<form method="post" action="/addresses" class="panel stack narrow" novalidate aria-label="New address">
  <input type="hidden" name="next" value="${next}">
  <label for="a-label">Label</label><input id="a-label" name="label" value="${values.label}" placeholder="Home, Gym, Mom's…">${fieldError(errors.label)}
  <label for="a-line1">Street address</label><input id="a-line1" name="line1" value="${values.line1}" autocomplete="address-line1">${fieldError(errors.line1)}
  <label for="a-line2">Apartment, suite, floor</label><input id="a-line2" name="line2" value="${values.line2}" autocomplete="address-line2">${fieldError(errors.line2)}
  <label for="a-city">City</label><input id="a-city" value="San Francisco, CA" disabled>
  <label for="a-zip">ZIP code</label><input id="a-zip" name="zip" value="${values.zip}" inputmode="numeric" maxlength="10">${fieldError(errors.zip)}
  <label for="a-notes">Delivery instructions</label><textarea id="a-notes" name="instructions" rows="2">${values.instructions}</textarea>${fieldError(errors.instructions)}
  <p class="muted small">We'll text a code to ${maskedPhone()} to confirm it's you.</p>
  <button class="btn btn-primary">Save and send code</button>
</form>`,
  });
}

function verifyPage(ctx: RequestContext, address: Address, error?: string, status = 200) {
  const next = ctx.localPath(ctx.query.get('next') ?? ctx.form.get('next'), '/account');
  return ctx.render({
    title: 'Verify address',
    section: 'account',
    status,
    body: html`<p class="crumbs"><a href="/account">Account</a> › Verify address</p>
<h1>Confirm it's you</h1>
<div class="panel narrow">
<p>To deliver to <strong>${address.label}</strong> (${address.line1}${address.line2 && `, ${address.line2}`}, ${address.zip}), enter the 6-digit code we texted to ${maskedPhone()}.</p>
<div class="sms-area" data-code-url="/addresses/${address.id}/code.json" aria-live="polite"><p class="sms-pending muted">Sending code…</p></div>
<form method="post" action="/addresses/${address.id}/verify" class="stack" novalidate aria-label="Verify address">
  <input type="hidden" name="next" value="${next}">
  <label for="v-code">Verification code</label>
  <input id="v-code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6">
  ${fieldError(error)}
  <button class="btn btn-primary">Verify</button>
</form>
<form method="post" action="/addresses/${address.id}/resend"><input type="hidden" name="next" value="${next}"><button class="link-btn small">Text me a new code</button></form>
</div>`,
  });
}

function sendCode(ctx: RequestContext, id: number): void {
  const code = String(ctx.rng.int(100000, 999999));
  const arrives = new Date(ctx.now().getTime() + MINUTE_MS).toISOString();
  ctx.db
    .prepare('UPDATE addresses SET verify_code = ?, code_sent_at = ? WHERE id = ?')
    .run(code, arrives, id);
}

export function accountRoutes(app: AppBuilder): void {
  app.get('/account', accountPage);

  app.get('/addresses/new', (ctx) =>
    newAddressPage(ctx, { label: '', line1: '', line2: '', zip: '', instructions: '' }),
  );

  app.post('/addresses', (ctx) => {
    const result = NewAddress.parse(ctx.form);
    const values = result.values as AddressValues;
    const errors: Partial<Record<string, string>> = result.ok ? {} : { ...result.errors };
    if (result.ok && !deliversTo(result.data.zip))
      errors.zip = "Sorry, we don't deliver there yet. Forkful delivers within San Francisco only.";
    const label = (ctx.form.get('label') ?? '').trim();
    if (label && activeAddresses(ctx).some((a) => a.label.toLowerCase() === label.toLowerCase()))
      errors.label = `You already have an address called ${label}`;
    if (!result.ok || Object.keys(errors).length > 0) return newAddressPage(ctx, values, errors, 422);
    const d = result.data;
    const inserted = ctx.db
      .prepare(
        `INSERT INTO addresses (label, line1, line2, city, zip, instructions, verified, created_at)
         VALUES (?, ?, ?, 'San Francisco, CA', ?, ?, 0, ?)`,
      )
      .run(d.label, d.line1, d.line2 ?? '', d.zip, d.instructions ?? '', ctx.now().toISOString());
    const id = Number(inserted.lastInsertRowid);
    sendCode(ctx, id);
    const next = ctx.localPath(ctx.form.get('next'), '/account');
    return ctx.redirect(ctx.link(`/addresses/${id}/verify`, { next }), {
      kind: 'info',
      message: `We're texting a code to ${maskedPhone()}`,
    });
  });

  app.get('/addresses/:id/verify', (ctx) => verifyPage(ctx, findAddress(ctx)));

  // The text message: written with the address, shown by the page once it "arrives".
  app.get('/addresses/:id/code.json', (ctx) => {
    const a = findAddress(ctx);
    return ctx.json({ from: 'Forkful', to: maskedPhone(), code: a.verified ? null : a.verify_code });
  });

  app.post('/addresses/:id/resend', (ctx) => {
    const a = findAddress(ctx);
    sendCode(ctx, a.id);
    return ctx.redirect(
      ctx.link(`/addresses/${a.id}/verify`, { next: ctx.localPath(ctx.form.get('next'), '') }),
      {
        kind: 'info',
        message: 'New code on its way',
      },
    );
  });

  app.post('/addresses/:id/verify', (ctx) => {
    const a = findAddress(ctx);
    const code = (ctx.form.get('code') ?? '').trim();
    if (!/^\d{6}$/.test(code)) return verifyPage(ctx, a, 'Enter the 6-digit code', 422);
    if (code !== a.verify_code)
      return verifyPage(ctx, a, "That code doesn't match. Check the text and try again.", 422);
    ctx.db.prepare('UPDATE addresses SET verified = 1, verify_code = NULL WHERE id = ?').run(a.id);
    return ctx.redirect(ctx.localPath(ctx.form.get('next'), '/account'), {
      kind: 'success',
      message: `${a.label} is verified and ready for deliveries`,
    });
  });

  app.post('/addresses/:id/remove', (ctx) => {
    const a = findAddress(ctx);
    ctx.db.prepare('UPDATE addresses SET archived = 1 WHERE id = ?').run(a.id);
    return ctx.redirect('/account', { kind: 'info', message: `Removed ${a.label}` });
  });

  app.post('/cards/:id/default', (ctx) => {
    const card = cards(ctx).find((c) => String(c.id) === ctx.params.id);
    if (!card) throw new HttpError(404);
    if (cardExpired(card, ctx.now()))
      return ctx.redirect('/account', { kind: 'error', message: `${cardLabel(card)} has expired` });
    ctx.db.prepare('UPDATE cards SET is_default = CASE WHEN id = ? THEN 1 ELSE 0 END').run(card.id);
    return ctx.redirect('/account', {
      kind: 'success',
      message: `${cardLabel(card)} is now your default card`,
    });
  });

  app.get('/favourites', (ctx) => {
    const rows = ctx.db
      .prepare<[], Restaurant>(
        'SELECT r.* FROM favourites f JOIN restaurants r ON r.id = f.restaurant_id ORDER BY f.created_at DESC, f.id DESC',
      )
      .all();
    const now = ctx.now();
    return ctx.render({
      title: 'Favourites',
      section: 'favourites',
      body: html`<h1>Favourites</h1>
${rows.length ? html`<div class="r-grid">${rows.map((r) => restaurantCard(r, now, true))}</div>` : html`<div class="empty-state"><p class="empty-title">No favourites yet</p><p class="muted">Tap ♡ on a restaurant to save it here.</p></div>`}`,
    });
  });
}
