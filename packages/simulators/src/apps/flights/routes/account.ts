import {
  type AppBuilder,
  fieldError,
  formatDate,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { addDays, dollars } from '../domain';
import { type SavedPassengerRow, savedPassengers } from '../trips';
import { today } from './search';

/** The Rewards account, travel credits and saved travellers (add, edit, remove with validation). */

const COUNTRIES: [string, string][] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['IN', 'India'],
  ['MX', 'Mexico'],
  ['FR', 'France'],
];

interface TravellerValues {
  first_name: string;
  last_name: string;
  birth_date: string;
  gender: string;
  passport_number: string;
  passport_country: string;
  passport_expiry: string;
  known_traveler: string;
}

type TravellerErrors = Partial<Record<keyof TravellerValues, string>>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function readTraveller(ctx: RequestContext): { values: TravellerValues; errors: TravellerErrors } {
  const get = (name: keyof TravellerValues) => (ctx.form.get(name) ?? '').trim();
  const values: TravellerValues = {
    first_name: get('first_name'),
    last_name: get('last_name'),
    birth_date: get('birth_date'),
    gender: get('gender') || 'unspecified',
    passport_number: get('passport_number').toUpperCase(),
    passport_country: get('passport_country'),
    passport_expiry: get('passport_expiry'),
    known_traveler: get('known_traveler').toUpperCase(),
  };
  const errors: TravellerErrors = {};
  const day = today(ctx);
  if (!values.first_name) errors.first_name = 'First name is required';
  else if (values.first_name.length > 40) errors.first_name = 'First name is too long';
  if (!values.last_name) errors.last_name = 'Last name is required';
  if (!values.birth_date) errors.birth_date = 'Date of birth is required';
  else if (!ISO_DAY.test(values.birth_date) || Number.isNaN(Date.parse(values.birth_date)))
    errors.birth_date = 'Enter the date as YYYY-MM-DD';
  else if (values.birth_date >= day) errors.birth_date = 'Date of birth must be in the past';
  if (!['female', 'male', 'unspecified'].includes(values.gender)) errors.gender = 'Choose a gender';
  const anyPassport = values.passport_number || values.passport_expiry || values.passport_country;
  if (anyPassport) {
    if (!/^[A-Z0-9]{6,9}$/.test(values.passport_number))
      errors.passport_number = 'Passport number must be 6 to 9 letters or digits';
    if (!COUNTRIES.some(([code]) => code === values.passport_country))
      errors.passport_country = 'Choose the issuing country';
    if (!values.passport_expiry) errors.passport_expiry = 'Passport expiry date is required';
    else if (!ISO_DAY.test(values.passport_expiry) || Number.isNaN(Date.parse(values.passport_expiry)))
      errors.passport_expiry = 'Enter the date as YYYY-MM-DD';
    else if (values.passport_expiry <= day) errors.passport_expiry = 'This passport has expired';
    else if (values.passport_expiry < addDays(day, 182))
      errors.passport_expiry =
        'This passport expires within six months; most countries won’t accept it. Renew it first.';
  }
  if (values.known_traveler && !/^[A-Z0-9]{8,9}$/.test(values.known_traveler))
    errors.known_traveler = 'Known Traveler Number must be 8 or 9 letters or digits';
  return { values, errors };
}

function valuesOf(p?: SavedPassengerRow): TravellerValues {
  return {
    first_name: p?.first_name ?? '',
    last_name: p?.last_name ?? '',
    birth_date: p?.birth_date ?? '',
    gender: p?.gender ?? 'unspecified',
    passport_number: p?.passport_number ?? '',
    passport_country: p?.passport_country ?? '',
    passport_expiry: p?.passport_expiry ?? '',
    known_traveler: p?.known_traveler ?? '',
  };
}

function travellerFields(v: TravellerValues, e: TravellerErrors, prefix: string): SafeHtml {
  const id = (name: string) => `${prefix}-${name}`;
  return html`<div class="two">
  <div><label for="${id('first')}">First name</label><input id="${id('first')}" name="first_name" value="${v.first_name}">${fieldError(e.first_name)}</div>
  <div><label for="${id('last')}">Last name</label><input id="${id('last')}" name="last_name" value="${v.last_name}">${fieldError(e.last_name)}</div>
</div>
<div class="two">
  <div><label for="${id('birth')}">Date of birth</label><input id="${id('birth')}" name="birth_date" value="${v.birth_date}" placeholder="YYYY-MM-DD">${fieldError(e.birth_date)}</div>
  <div><label for="${id('gender')}">Gender</label><select id="${id('gender')}" name="gender">${(
    [
      ['unspecified', 'Unspecified'],
      ['female', 'Female'],
      ['male', 'Male'],
    ] as const
  ).map(
    ([value, label]) =>
      html`<option value="${value}" ${v.gender === value ? 'selected' : ''}>${label}</option>`,
  )}</select>${fieldError(e.gender)}</div>
</div>
<fieldset class="passport"><legend>Passport (for international trips)</legend>
<div class="two">
  <div><label for="${id('passport')}">Passport number</label><input id="${id('passport')}" name="passport_number" value="${v.passport_number}">${fieldError(e.passport_number)}</div>
  <div><label for="${id('country')}">Issuing country</label><select id="${id('country')}" name="passport_country"><option value="">—</option>${COUNTRIES.map(([code, name]) => html`<option value="${code}" ${v.passport_country === code ? 'selected' : ''}>${name}</option>`)}</select>${fieldError(e.passport_country)}</div>
</div>
<label for="${id('expiry')}">Passport expiry</label><input id="${id('expiry')}" name="passport_expiry" value="${v.passport_expiry}" placeholder="YYYY-MM-DD">${fieldError(e.passport_expiry)}
</fieldset>
<label for="${id('ktn')}">Known Traveler Number (optional)</label><input id="${id('ktn')}" name="known_traveler" value="${v.known_traveler}">${fieldError(e.known_traveler)}`;
}

function travellersPage(
  ctx: RequestContext,
  values?: TravellerValues,
  errors: TravellerErrors = {},
  open = false,
): SafeHtml {
  const list = savedPassengers(ctx.db);
  const day = today(ctx);
  return html`<p class="crumbs"><a class="link" href="/account">‹ Account</a></p>
<div class="page-head"><h1>Saved travellers</h1><button type="button" class="btn btn-primary" data-modal-open="add-traveller">Add traveller</button></div>
<table class="table" aria-label="Saved travellers"><thead><tr><th>Name</th><th>Date of birth</th><th>Passport</th><th></th></tr></thead><tbody>
${list.map(
  (
    p,
  ) => html`<tr><td><a class="link" href="/account/travellers/${p.id}">${p.first_name} ${p.last_name}</a>${p.is_self ? html` <span class="badge">You</span>` : ''}</td><td>${formatDate(`${p.birth_date}T00:00:00Z`)}</td>
  <td>${p.passport_number ? html`${p.passport_country} ·••${p.passport_number.slice(-3)} · expires ${formatDate(`${p.passport_expiry}T00:00:00Z`)}${p.passport_expiry && p.passport_expiry < addDays(day, 182) ? html` <span class="badge badge-warn">Expires soon</span>` : ''}` : html`<span class="muted">None saved</span>`}</td>
  <td><a class="link" href="/account/travellers/${p.id}">Edit</a></td></tr>`,
)}
</tbody></table>
<dialog id="add-traveller" class="kit-modal" aria-labelledby="add-traveller-title" ${open ? 'data-open' : ''}>
<form method="post" action="/account/travellers" class="kit-modal-body stack" novalidate>
  <h2 id="add-traveller-title">Add a traveller</h2>
  ${travellerFields(values ?? valuesOf(), errors, 'new')}
  <div class="kit-modal-actions"><button type="button" class="btn btn-quiet" data-modal-close>Cancel</button><button class="btn btn-primary">Save traveller</button></div>
</form></dialog>`;
}

function editPage(p: SavedPassengerRow, values: TravellerValues, errors: TravellerErrors): SafeHtml {
  return html`<p class="crumbs"><a class="link" href="/account/travellers">‹ Saved travellers</a></p>
<h1>${p.first_name} ${p.last_name}</h1>
<form method="post" action="/account/travellers/${p.id}" class="stack card" novalidate>
${travellerFields(values, errors, 'edit')}
<div class="wizard-actions"><a class="btn btn-quiet" href="/account/travellers">Cancel</a><button class="btn btn-primary">Save changes</button></div>
</form>
${p.is_self ? '' : html`<form method="post" action="/account/travellers/${p.id}/delete" data-confirm="Remove ${p.first_name} ${p.last_name} from your saved travellers?" data-confirm-label="Remove"><button class="btn btn-danger-quiet">Remove traveller</button></form>`}`;
}

function findPassenger(ctx: RequestContext): SavedPassengerRow {
  const p = savedPassengers(ctx.db).find((x) => x.id === Number(ctx.params.id));
  if (!p) throw new HttpError(404);
  return p;
}

function write(v: TravellerValues) {
  return [
    v.first_name,
    v.last_name,
    v.birth_date,
    v.gender,
    v.passport_number || null,
    v.passport_number ? v.passport_country : null,
    v.passport_number ? v.passport_expiry : null,
    v.known_traveler || null,
  ];
}

export function accountRoutes(app: AppBuilder): void {
  app.get('/account', (ctx) => {
    const account = ctx.db
      .prepare<
        [],
        {
          name: string;
          email: string;
          phone: string;
          tier: string;
          member_number: string;
          base_points: number;
        }
      >('SELECT * FROM account WHERE id = 1')
      .get();
    if (!account) throw new HttpError(404);
    const earned =
      ctx.db
        .prepare<[], { n: number }>(
          "SELECT coalesce(sum(points_earned), 0) AS n FROM bookings WHERE status = 'confirmed'",
        )
        .get()?.n ?? 0;
    const credits = ctx.db
      .prepare<[], { code: string; amount_cents: number; expires_on: string }>(
        'SELECT b.code, c.amount_cents, c.expires_on FROM travel_credits c LEFT JOIN bookings b ON b.id = c.booking_id ORDER BY c.id',
      )
      .all();
    const points = account.base_points + earned;
    return ctx.render({
      title: 'Account',
      section: 'account',
      body: html`<h1>Skyway Rewards</h1>
<section class="card rewards" aria-label="Rewards"><p class="tier">${account.tier} member · ${account.member_number}</p>
<p class="points"><strong class="points-balance">${points.toLocaleString('en-US')}</strong> points</p>
<p class="muted small">${100_000 - points > 0 ? `${(100_000 - points).toLocaleString('en-US')} points to Gold.` : 'You’ve reached Gold.'} Earn 2 to 10 points per dollar depending on your fare.</p></section>
<section class="card" aria-label="Travel credits"><h2>Travel credits</h2>${credits.length ? html`<table class="table"><thead><tr><th>From trip</th><th>Amount</th><th>Expires</th></tr></thead><tbody>${credits.map((c) => html`<tr><td>${c.code ?? '—'}</td><td>${dollars(c.amount_cents)}</td><td>${formatDate(`${c.expires_on}T00:00:00Z`)}</td></tr>`)}</tbody></table>` : html`<p class="muted">No travel credits.</p>`}</section>
<section class="card" aria-label="Profile"><h2>Profile</h2><dl class="facts"><div><dt>Name</dt><dd>${account.name}</dd></div><div><dt>Email</dt><dd>${account.email}</dd></div><div><dt>Phone</dt><dd>${account.phone}</dd></div></dl>
<a class="link" href="/account/travellers">Saved travellers</a></section>`,
    });
  });

  app.get('/account/travellers', (ctx) =>
    ctx.render({ title: 'Saved travellers', section: 'account', body: travellersPage(ctx) }),
  );

  app.post('/account/travellers', (ctx) => {
    const { values, errors } = readTraveller(ctx);
    if (Object.keys(errors).length)
      return ctx.render({
        title: 'Saved travellers',
        section: 'account',
        status: 422,
        body: travellersPage(ctx, values, errors, true),
      });
    ctx.db
      .prepare(
        `INSERT INTO passengers (first_name, last_name, birth_date, gender, passport_number, passport_country, passport_expiry, known_traveler, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(...write(values), ctx.now().toISOString());
    return ctx.redirect('/account/travellers', {
      kind: 'success',
      message: `${values.first_name} ${values.last_name} saved`,
    });
  });

  app.get('/account/travellers/:id', (ctx) => {
    const p = findPassenger(ctx);
    return ctx.render({
      title: `${p.first_name} ${p.last_name}`,
      section: 'account',
      body: editPage(p, valuesOf(p), {}),
    });
  });

  app.post('/account/travellers/:id', (ctx) => {
    const p = findPassenger(ctx);
    const { values, errors } = readTraveller(ctx);
    if (Object.keys(errors).length)
      return ctx.render({
        title: `${p.first_name} ${p.last_name}`,
        section: 'account',
        status: 422,
        body: editPage(p, values, errors),
      });
    ctx.db
      .prepare(
        `UPDATE passengers SET first_name = ?, last_name = ?, birth_date = ?, gender = ?, passport_number = ?, passport_country = ?,
           passport_expiry = ?, known_traveler = ? WHERE id = ?`,
      )
      .run(...write(values), p.id);
    return ctx.redirect('/account/travellers', {
      kind: 'success',
      message: `${values.first_name} ${values.last_name} updated`,
    });
  });

  app.post('/account/travellers/:id/delete', (ctx) => {
    const p = findPassenger(ctx);
    if (p.is_self)
      return ctx.redirect(`/account/travellers/${p.id}`, {
        kind: 'error',
        message: 'You can’t remove yourself.',
      });
    ctx.db.prepare('UPDATE booking_passengers SET passenger_id = NULL WHERE passenger_id = ?').run(p.id);
    ctx.db.prepare('DELETE FROM passengers WHERE id = ?').run(p.id);
    return ctx.redirect('/account/travellers', {
      kind: 'success',
      message: `${p.first_name} ${p.last_name} removed`,
    });
  });
}
