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
  type SignInForm,
  signInRoutes,
} from '../../../kit';
import { CUSTOMER } from '../data/people';
import { AddressSchema, type AddressValues, addressFields } from '../views/addressForm';
import { breadcrumbs, money, statusBadge } from '../views/parts';
import { addresses, addressLines } from './checkout';

/** How long a "confirm it's you" check covers sensitive address-book changes (virtual time). */
const VERIFIED_FOR_MS = 10 * 60_000;

/** A sensitive change waiting for the password check; done right after it succeeds. */
type PendingChange = { kind: 'default'; addressId: number } | { kind: 'delete'; addressId: number };

const Verify = formSchema({ password: fields.password() });

export const SIGN_IN_FORM: SignInForm = { submit: { className: 'btn btn-primary btn-block btn-lg' } };

const signInPage = (
  form: SafeHtml,
) => html`<h1>Sign in</h1><p class="muted">Welcome back. Sign in to see your cart, orders and saved addresses.</p>
${form}
<p class="muted small">New to Hearth &amp; Harbor? Accounts are created at checkout.</p>`;

function isVerified(ctx: RequestContext): boolean {
  const at = ctx.sessionValue<number>('verified_at');
  return at !== undefined && ctx.now().getTime() - at < VERIFIED_FOR_MS;
}

function applyChange(ctx: RequestContext, change: PendingChange) {
  const address = ctx.db
    .prepare<[number], { id: number; label: string; is_default: number }>(
      'SELECT id, label, is_default FROM addresses WHERE id = ?',
    )
    .get(change.addressId);
  if (!address) throw new HttpError(404);
  if (change.kind === 'default') {
    ctx.db.prepare('UPDATE addresses SET is_default = 0 WHERE is_default = 1 AND id <> ?').run(address.id);
    ctx.db.prepare('UPDATE addresses SET is_default = 1 WHERE id = ?').run(address.id);
    return ctx.redirect('/account/addresses', {
      kind: 'success',
      message: `“${address.label}” is now your default address`,
    });
  }
  if (address.is_default === 1) {
    return ctx.redirect('/account/addresses', {
      kind: 'error',
      message: 'Choose another default address before deleting this one',
    });
  }
  ctx.db.prepare('DELETE FROM addresses WHERE id = ?').run(address.id);
  return ctx.redirect('/account/addresses', { kind: 'success', message: `Deleted “${address.label}”` });
}

function sensitive(ctx: RequestContext, change: PendingChange) {
  if (isVerified(ctx)) return applyChange(ctx, change);
  ctx.setSessionValue('pending_change', change);
  return ctx.redirect('/account/verify');
}

function addressesPage(
  ctx: RequestContext,
  dialog?: { values: AddressValues; errors: Partial<Record<keyof AddressValues, string>> },
) {
  const list = addresses(ctx);
  return ctx.render({
    title: 'Addresses',
    section: 'account',
    status: dialog ? 422 : 200,
    body: html`${breadcrumbs([
      ['Account', '/account'],
      ['Addresses', null],
    ])}
<div class="panel-head"><h1>Address book</h1><button type="button" class="btn btn-primary" data-modal-open="add-address">+ Add address</button></div>
<div class="address-grid">${list.map(
      (
        a,
      ) => html`<article class="address-card ${a.is_default === 1 ? 'is-default' : ''}" aria-label="${a.label}">
<h2>${a.label} ${a.is_default === 1 && html`<span class="badge">Default</span>`}</h2><p>${addressLines(a)}${a.phone && html`<br><span class="muted">${a.phone}</span>`}</p>
<div class="card-actions"><a href="/account/addresses/${a.id}/edit" class="link" aria-label="Edit ${a.label}">Edit</a>
${
  a.is_default === 0 &&
  html`<form method="post" action="/account/addresses/${a.id}/default"><button class="link" aria-label="Set ${a.label} as default">Set as default</button></form>
<form method="post" action="/account/addresses/${a.id}/delete" data-confirm="Delete the address “${a.label}”?" data-confirm-label="Delete address"><button class="link danger" aria-label="Delete ${a.label}">Delete</button></form>`
}</div></article>`,
    )}</div>
<dialog id="add-address" class="kit-modal" ${dialog ? 'data-open' : ''}><div class="kit-modal-body"><h2>Add address</h2>
<form method="post" action="/account/addresses" class="stack" novalidate>${addressFields(dialog?.values ?? AddressSchema.empty(), dialog?.errors ?? {}, 'new-address')}
<div class="modal-actions"><button type="button" class="btn btn-ghost" data-modal-close>Cancel</button><button class="btn btn-primary">Save address</button></div></form></div></dialog>`,
  });
}

function editPage(
  ctx: RequestContext,
  values: AddressValues,
  errors: Partial<Record<keyof AddressValues, string>> = {},
) {
  return ctx.render({
    title: 'Edit address',
    section: 'account',
    status: Object.keys(errors).length > 0 ? 422 : 200,
    body: html`${breadcrumbs([
      ['Account', '/account'],
      ['Addresses', '/account/addresses'],
      ['Edit', null],
    ])}<h1>Edit address</h1>
<form method="post" action="/account/addresses/${ctx.params.id}" class="stack narrow" novalidate>${addressFields(values, errors, 'edit-address')}
<div class="checkout-actions"><a class="btn btn-ghost" href="/account/addresses">Cancel</a><button class="btn btn-primary">Save changes</button></div></form>`,
  });
}

export function accountRoutes(app: AppBuilder): void {
  signInRoutes(app, {
    home: '/',
    form: SIGN_IN_FORM,
    page: signInPage,
    mismatch: { at: 'password', message: "That email and password don't match our records." },
    signedOut: { to: '/', message: 'You have signed out' },
  });

  app.get('/account', (ctx) => {
    const recent = ctx.db
      .prepare<
        [],
        {
          number: string;
          status: 'processing' | 'shipped' | 'delivered' | 'cancelled';
          placed_at: string;
          total_cents: number;
        }
      >('SELECT number, status, placed_at, total_cents FROM orders ORDER BY placed_at DESC LIMIT 3')
      .all();
    const home = addresses(ctx)[0];
    const counts = ctx.db
      .prepare<[], { orders: number; wish: number }>(
        'SELECT (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM wishlist_items) AS wish',
      )
      .get();
    return ctx.render({
      title: 'Account',
      section: 'account',
      body: html`<h1>Hi, ${CUSTOMER.name.split(' ')[0]}</h1><p class="muted">${ctx.user}</p>
<div class="account-grid">
<section class="panel"><h2>Recent orders</h2>${recent.map((o) => html`<p><a href="/orders/${o.number}">${o.number}</a> · ${formatDate(o.placed_at)} · ${statusBadge(o.status)} · ${money(o.total_cents)}</p>`)}<a href="/orders">All ${counts?.orders} orders →</a></section>
<section class="panel"><h2>Default address</h2>${home && html`<p>${addressLines(home)}</p>`}<a href="/account/addresses">Manage addresses →</a></section>
<section class="panel"><h2>Wishlist</h2><p>${counts?.wish} saved items</p><a href="/wishlist">View wishlist →</a></section>
<section class="panel"><h2>Offers</h2><p>Promo codes available to you.</p><a href="/account/offers">See offers →</a></section></div>`,
    });
  });

  app.get('/account/offers', (ctx) => {
    const promos = ctx.db
      .prepare<
        [],
        {
          code: string;
          summary: string;
          min_spend_cents: number;
          first_order_only: number;
          expires_at: string;
        }
      >(
        'SELECT code, summary, min_spend_cents, first_order_only, expires_at FROM promo_codes ORDER BY expires_at DESC',
      )
      .all();
    return ctx.render({
      title: 'Offers & promo codes',
      section: 'account',
      body: html`${breadcrumbs([
        ['Account', '/account'],
        ['Offers', null],
      ])}<h1>Offers &amp; promo codes</h1>
<p class="muted">Enter a code in your cart. One code per order.</p>
<div class="offer-grid">${promos.map(
        (p) => html`<article class="offer"><code class="offer-code">${p.code}</code><p><b>${p.summary}</b></p>
<p class="muted small">${p.min_spend_cents > 0 ? `Minimum subtotal ${money(p.min_spend_cents)}. ` : ''}${p.first_order_only === 1 ? 'First order only. ' : ''}Valid through ${formatDate(p.expires_at)}.</p></article>`,
      )}</div>`,
    });
  });

  app.get('/account/addresses', (ctx) => addressesPage(ctx));
  app.post('/account/addresses', (ctx) => {
    const result = AddressSchema.parse(ctx.form);
    if (!result.ok) return addressesPage(ctx, { values: result.values, errors: result.errors });
    const d = result.data;
    ctx.db
      .prepare(
        'INSERT INTO addresses (label, full_name, line1, line2, city, region, postal_code, phone, is_default) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)',
      )
      .run(d.label, d.full_name, d.line1, d.line2, d.city, d.region, d.postal_code, d.phone);
    return ctx.redirect('/account/addresses', { kind: 'success', message: `Address “${d.label}” saved` });
  });
  app.get('/account/addresses/:id/edit', (ctx) => {
    const a = addresses(ctx).find((x) => String(x.id) === ctx.params.id);
    if (!a) throw new HttpError(404);
    return editPage(ctx, {
      label: a.label,
      full_name: a.full_name,
      line1: a.line1,
      line2: a.line2 ?? '',
      city: a.city,
      region: a.region,
      postal_code: a.postal_code,
      phone: a.phone ?? '',
    });
  });
  app.post('/account/addresses/:id', (ctx) => {
    const a = addresses(ctx).find((x) => String(x.id) === ctx.params.id);
    if (!a) throw new HttpError(404);
    const result = AddressSchema.parse(ctx.form);
    if (!result.ok) return editPage(ctx, result.values, result.errors);
    const d = result.data;
    ctx.db
      .prepare(
        'UPDATE addresses SET label = ?, full_name = ?, line1 = ?, line2 = ?, city = ?, region = ?, postal_code = ?, phone = ? WHERE id = ?',
      )
      .run(d.label, d.full_name, d.line1, d.line2, d.city, d.region, d.postal_code, d.phone, a.id);
    return ctx.redirect('/account/addresses', { kind: 'success', message: `Address “${d.label}” updated` });
  });
  app.post('/account/addresses/:id/default', (ctx) =>
    sensitive(ctx, { kind: 'default', addressId: Number(ctx.params.id) }),
  );
  app.post('/account/addresses/:id/delete', (ctx) =>
    sensitive(ctx, { kind: 'delete', addressId: Number(ctx.params.id) }),
  );

  app.get('/account/verify', (ctx) => verifyPage(ctx));
  app.post('/account/verify', (ctx) => {
    const result = Verify.parse(ctx.form);
    if (!result.ok) return verifyPage(ctx, 'Enter your password');
    if (!ctx.user || !ctx.credentialsMatch(ctx.user, result.data.password))
      return verifyPage(ctx, "That password isn't right. Try again.");
    ctx.setSessionValue('verified_at', ctx.now().getTime());
    const pending = ctx.sessionValue<PendingChange>('pending_change');
    ctx.setSessionValue('pending_change', undefined);
    if (pending) return applyChange(ctx, pending);
    return ctx.redirect('/account/addresses', {
      kind: 'success',
      message: 'Thanks, you’re verified for the next 10 minutes',
    });
  });
}

function verifyPage(ctx: RequestContext, error?: string) {
  return ctx.render({
    title: "Confirm it's you",
    layout: 'auth',
    status: error ? 422 : 200,
    body: html`<h1>Confirm it's you</h1><p class="muted">To protect your account, re-enter your password before changing your address book.</p>
<form method="post" action="/account/verify" class="stack" novalidate>
<p class="small">Signed in as <b>${ctx.user}</b></p>
<div class="field"><label for="verify-password">Password</label><input id="verify-password" name="password" type="password" autocomplete="current-password">${fieldError(error)}</div>
<button class="btn btn-primary btn-block btn-lg">Confirm</button><a class="btn btn-ghost btn-block" href="/account/addresses">Cancel</a></form>`,
  });
}
