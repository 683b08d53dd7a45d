import { type AppBuilder, fieldError, HttpError, html, type RequestContext } from '../../../kit';
import {
  accountLabel,
  allAccounts,
  allPayees,
  day,
  findAccount,
  maskNumber,
  money,
  parseDollars,
  payeeLabel,
  routingValid,
  today,
} from '../domain';
import { emptyState, pageHead, statusBadge } from '../views/parts';

type Errors = Record<string, string>;

const PAYEE_FIELDS = [
  'name',
  'nickname',
  'kind',
  'bank_name',
  'routing',
  'account_number',
  'confirm_account',
];

function payeesPage(
  ctx: RequestContext,
  values: Record<string, string> = {},
  errors: Errors = {},
  status = 200,
) {
  const q = (ctx.query.get('q') ?? '').trim();
  const payees = allPayees(ctx.db).filter(
    (p) => !q || `${p.name} ${p.nickname ?? ''} ${p.bank_name}`.toLowerCase().includes(q.toLowerCase()),
  );
  const input = (name: string, label: string, extra = '') =>
    html`<label for="p-${name}">${label}</label><input id="p-${name}" name="${name}" value="${values[name] ?? ''}" ${extra ? html`inputmode="${extra}"` : ''}>${fieldError(errors[name])}`;
  return ctx.render({
    title: 'Payees',
    section: 'payees',
    status,
    body: html`${pageHead('Payees', `${allPayees(ctx.db).length} people and companies you pay`, html`<button type="button" class="btn primary" data-modal-open="payee-modal">Add payee</button>`)}
<form method="get" action="/payees" role="search" class="searchbar"><input type="search" name="q" value="${q}" aria-label="Search payees" placeholder="Search payees"><button class="btn">Search</button></form>
${
  payees.length === 0
    ? emptyState('No payees match your search.')
    : html`<table class="grid">
  <thead><tr><th>Payee</th><th>Nickname</th><th>Bank</th><th>Account</th><th></th></tr></thead>
  <tbody>${payees.map(
    (
      p,
    ) => html`<tr><td><strong>${p.name}</strong><div class="muted small">${p.kind === 'person' ? 'Person' : 'Company'}</div></td><td>${p.nickname ?? '—'}</td><td>${p.bank_name}<div class="muted small">Routing ${p.routing}</div></td><td>${maskNumber(p.account_number)}</td>
      <td class="row-actions"><a class="btn small" href="${ctx.link('/transfer', { to: `payee:${p.id}` })}" aria-label="Pay ${p.name} ${maskNumber(p.account_number)}">Pay</a>
      <form method="post" action="/payees/${p.id}/delete" data-confirm="Delete ${p.name}? Scheduled payments to this payee are cancelled too." data-confirm-label="Delete payee"><button class="btn small ghost" aria-label="Delete ${p.name}">Delete</button></form></td></tr>`,
  )}</tbody></table>`
}
<dialog id="payee-modal" class="kit-modal" aria-labelledby="payee-title" ${Object.keys(errors).length ? html`data-open` : ''}>
  <form method="post" action="/payees" class="stack" novalidate>
    <h2 id="payee-title">Add a payee</h2>
    ${errors.form && html`<div class="alert" role="alert">${errors.form}</div>`}
    ${input('name', 'Payee name')}
    ${input('nickname', 'Nickname (optional)')}
    <label for="p-kind">Type</label>
    <select id="p-kind" name="kind"><option value="business" ${values.kind === 'person' ? '' : html`selected`}>Company</option><option value="person" ${values.kind === 'person' ? html`selected` : ''}>Person</option></select>
    ${input('bank_name', 'Bank name')}
    ${input('routing', 'Routing number', 'numeric')}
    ${input('account_number', 'Account number', 'numeric')}
    ${input('confirm_account', 'Confirm account number', 'numeric')}
    <div class="modal-actions"><button type="button" class="btn ghost" data-modal-close>Cancel</button><button class="btn primary">Save payee</button></div>
  </form>
</dialog>`,
  });
}

function schedulePage(
  ctx: RequestContext,
  values: Record<string, string> = {},
  errors: Errors = {},
  status = 200,
) {
  const rows = ctx.db
    .prepare<
      [],
      {
        id: number;
        amount: number;
        frequency: string;
        next_date: string;
        memo: string | null;
        status: string;
        from_name: string;
        from_mask: string;
        payee_name: string | null;
        payee_account: string | null;
        to_name: string | null;
        to_mask: string | null;
      }
    >(
      `SELECT s.*, f.name AS from_name, f.mask AS from_mask, p.name AS payee_name, p.account_number AS payee_account, t.name AS to_name, t.mask AS to_mask
       FROM scheduled_payments s JOIN accounts f ON f.id = s.from_account_id LEFT JOIN payees p ON p.id = s.payee_id LEFT JOIN accounts t ON t.id = s.to_account_id
       ORDER BY s.status, s.next_date, s.id`,
    )
    .all();
  const accounts = allAccounts(ctx.db);
  const sel = (name: string, value: string) => (values[name] === value ? html`selected` : '');
  const freq: [string, string][] = [
    ['once', 'Once'],
    ['weekly', 'Every week'],
    ['biweekly', 'Every 2 weeks'],
    ['monthly', 'Every month'],
  ];
  return ctx.render({
    title: 'Scheduled payments',
    section: 'scheduled',
    status,
    body: html`${pageHead('Scheduled payments', 'Future and recurring transfers. Scheduled payments need no code: they run on their date.')}
<div class="two-col wide-left">
<section class="panel">
<table class="grid"><thead><tr><th>To</th><th>From</th><th class="num">Amount</th><th>How often</th><th>Next date</th><th>Status</th><th></th></tr></thead>
<tbody>${rows.map((s) => {
      const to = s.payee_name
        ? `${s.payee_name} ${maskNumber(s.payee_account ?? '')}`
        : `${s.to_name} ••${s.to_mask}`;
      return html`<tr><td><strong>${to}</strong>${s.memo && html`<div class="muted small">${s.memo}</div>`}</td><td>${s.from_name} ••${s.from_mask}</td><td class="num">${money(s.amount)}</td><td>${freq.find(([k]) => k === s.frequency)?.[1]}</td><td>${day(s.next_date)}</td><td>${statusBadge(s.status)}</td>
      <td>${s.status === 'active' ? html`<form method="post" action="/scheduled/${s.id}/cancel" data-confirm="Cancel the ${money(s.amount)} ${freq.find(([k]) => k === s.frequency)?.[1].toLowerCase()} payment to ${to}?" data-confirm-label="Cancel payment"><button class="btn small ghost" aria-label="Cancel ${money(s.amount)} payment to ${to}">Cancel</button></form>` : ''}</td></tr>`;
    })}</tbody></table>
</section>
<section class="panel">
  <h2>Schedule a payment</h2>
  <form method="post" action="/scheduled" class="stack" novalidate aria-label="Schedule a payment">
    <label for="s-from">From</label>
    <select id="s-from" name="from"><option value="">Choose an account</option>${accounts.filter((a) => a.kind !== 'credit').map((a) => html`<option value="${a.id}" ${sel('from', String(a.id))}>${accountLabel(a)}</option>`)}</select>${fieldError(errors.from)}
    <label for="s-to">To</label>
    <select id="s-to" name="to"><option value="">Choose where the money goes</option>
      <optgroup label="My accounts">${accounts.map((a) => html`<option value="account:${a.id}" ${sel('to', `account:${a.id}`)}>${accountLabel(a)}</option>`)}</optgroup>
      <optgroup label="Payees">${allPayees(ctx.db).map((p) => html`<option value="payee:${p.id}" ${sel('to', `payee:${p.id}`)}>${payeeLabel(p)}</option>`)}</optgroup>
    </select>${fieldError(errors.to)}
    <label for="s-amount">Amount</label>
    <div class="money-input"><span>$</span><input id="s-amount" name="amount" inputmode="decimal" value="${values.amount ?? ''}"></div>${fieldError(errors.amount)}
    <label for="s-frequency">Frequency</label>
    <select id="s-frequency" name="frequency">${freq.map(([k, label]) => html`<option value="${k}" ${sel('frequency', k)}>${label}</option>`)}</select>
    <label for="s-date">${values.frequency && values.frequency !== 'once' ? 'First payment date' : 'Payment date'}</label>
    <input id="s-date" name="date" type="date" min="${today(ctx)}" value="${values.date ?? ''}">${fieldError(errors.date)}
    <label for="s-memo">Memo (optional)</label>
    <input id="s-memo" name="memo" maxlength="60" value="${values.memo ?? ''}">
    <button class="btn primary">Schedule payment</button>
  </form>
</section>
</div>`,
  });
}

export function payeeRoutes(app: AppBuilder): void {
  app.get('/payees', (ctx) => payeesPage(ctx));

  app.post('/payees', (ctx) => {
    const values = Object.fromEntries(PAYEE_FIELDS.map((k) => [k, (ctx.form.get(k) ?? '').trim()]));
    const errors: Errors = {};
    if (!values.name) errors.name = 'Enter the payee’s name';
    else if ((values.name ?? '').length > 80) errors.name = 'Keep the name under 80 characters';
    if (!values.bank_name) errors.bank_name = 'Enter the payee’s bank';
    const routing = (values.routing ?? '').replace(/[\s-]/g, '');
    if (!/^\d{9}$/.test(routing)) errors.routing = 'A routing number has 9 digits';
    else if (!routingValid(routing))
      errors.routing = 'That routing number isn’t valid. Check it against a check or the payee’s invoice.';
    const account = (values.account_number ?? '').replace(/[\s-]/g, '');
    if (!/^\d{4,17}$/.test(account)) errors.account_number = 'An account number has 4 to 17 digits';
    else if (account !== (values.confirm_account ?? '').replace(/[\s-]/g, ''))
      errors.confirm_account = 'The account numbers don’t match';
    if (!errors.name && !errors.account_number) {
      const same = ctx.db
        .prepare('SELECT id FROM payees WHERE lower(name) = lower(?) AND account_number = ?')
        .get(values.name ?? '', account);
      if (same) errors.form = 'You already have this payee.';
    }
    if (Object.keys(errors).length) return payeesPage(ctx, { ...values, confirm_account: '' }, errors, 422);
    ctx.db
      .prepare(
        'INSERT INTO payees (name, nickname, kind, bank_name, routing, account_number, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        values.name,
        values.nickname || null,
        values.kind === 'person' ? 'person' : 'business',
        values.bank_name,
        routing,
        account,
        ctx.now().toISOString(),
      );
    return ctx.redirect('/payees', { kind: 'success', message: `${values.name} added to your payees` });
  });

  app.post('/payees/:id/delete', (ctx) => {
    const payee = ctx.db
      .prepare<[string], { id: number; name: string }>('SELECT id, name FROM payees WHERE id = ?')
      .get(ctx.params.id ?? '');
    if (!payee) throw new HttpError(404);
    ctx.db.prepare('DELETE FROM payees WHERE id = ?').run(payee.id);
    return ctx.redirect('/payees', { kind: 'success', message: `${payee.name} deleted` });
  });

  app.get('/scheduled', (ctx) => schedulePage(ctx, { frequency: 'once' }));

  app.post('/scheduled', (ctx) => {
    const values = Object.fromEntries(
      ['from', 'to', 'amount', 'frequency', 'date', 'memo'].map((k) => [k, (ctx.form.get(k) ?? '').trim()]),
    );
    const errors: Errors = {};
    const from = values.from ? findAccount(ctx.db, values.from) : undefined;
    if (!from || from.kind === 'credit') errors.from = 'Choose a checking or savings account';
    const [kind, id] = (values.to ?? '').split(':');
    const toAccount = kind === 'account' ? findAccount(ctx.db, id ?? '') : undefined;
    const payee =
      kind === 'payee'
        ? ctx.db.prepare<[string], { id: number }>('SELECT id FROM payees WHERE id = ?').get(id ?? '')
        : undefined;
    if (!toAccount && !payee) errors.to = 'Choose where the money goes';
    else if (toAccount && from && toAccount.id === from.id)
      errors.to = 'Choose a different account than the one you send from';
    const amount = parseDollars(values.amount);
    if (amount === null || amount <= 0) errors.amount = 'Enter an amount in dollars, like 250.00';
    const frequency = ['once', 'weekly', 'biweekly', 'monthly'].includes(values.frequency ?? '')
      ? (values.frequency as string)
      : 'once';
    const date = values.date ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.date = 'Pick a date';
    else if (date <= today(ctx)) errors.date = 'Pick a date after today';
    else if (date > '2027-04-15') errors.date = 'Payments can be scheduled up to a year ahead';
    if (Object.keys(errors).length || !from || amount === null) return schedulePage(ctx, values, errors, 422);
    ctx.db
      .prepare(
        `INSERT INTO scheduled_payments (from_account_id, payee_id, to_account_id, amount, frequency, next_date, memo, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'active', ?)`,
      )
      .run(
        from.id,
        payee?.id ?? null,
        toAccount?.id ?? null,
        amount,
        frequency,
        date,
        values.memo || null,
        ctx.now().toISOString(),
      );
    return ctx.redirect('/scheduled', {
      kind: 'success',
      message: `Payment of ${money(amount)} scheduled for ${day(date)}`,
    });
  });

  app.post('/scheduled/:id/cancel', (ctx) => {
    const row = ctx.db
      .prepare<[string], { id: number }>(
        "SELECT id FROM scheduled_payments WHERE id = ? AND status = 'active'",
      )
      .get(ctx.params.id ?? '');
    if (!row)
      return ctx.redirect('/scheduled', { kind: 'error', message: 'That payment is no longer scheduled.' });
    ctx.db.prepare("UPDATE scheduled_payments SET status = 'cancelled' WHERE id = ?").run(row.id);
    return ctx.redirect('/scheduled', { kind: 'success', message: 'Scheduled payment cancelled' });
  });
}
