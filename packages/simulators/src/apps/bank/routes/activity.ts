import {
  type AppBuilder,
  fieldError,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { CATEGORIES } from '../data/merchants';
import {
  type ActivityFilters,
  allAccounts,
  csvAmount,
  csvField,
  day,
  filterSql,
  findAccount,
  MAX_RECEIPT_BYTES,
  money,
  PAGE_SIZE,
  RECEIPT_TYPES,
  readFilters,
  SORTS,
  TRANSACTION_COLUMNS,
  TRANSACTION_FROM,
  type TransactionRow,
  today,
} from '../domain';
import {
  amount,
  balanceFigure,
  dateCell,
  emptyState,
  kindLabel,
  pageHead,
  statusBadge,
} from '../views/parts';

const DISPUTE_REASONS: Record<string, string> = {
  duplicate: 'Duplicate charge',
  not_recognized: 'I don’t recognize this charge',
  wrong_amount: 'Charged the wrong amount',
  not_received: 'Goods or services not received',
  cancelled: 'Cancelled subscription or order',
};

function overview(ctx: RequestContext) {
  const accounts = allAccounts(ctx.db);
  const recent = ctx.db
    .prepare<[], TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} ${TRANSACTION_FROM} ORDER BY t.posted_on DESC, t.id DESC LIMIT 8`,
    )
    .all();
  const upcoming = ctx.db
    .prepare<[], { id: number; name: string; amount: number; next_date: string }>(
      `SELECT s.id, COALESCE(p.name, a.name) AS name, s.amount, s.next_date FROM scheduled_payments s
       LEFT JOIN payees p ON p.id = s.payee_id LEFT JOIN accounts a ON a.id = s.to_account_id
       WHERE s.status = 'active' ORDER BY s.next_date LIMIT 5`,
    )
    .all();
  const deposits = accounts.filter((a) => a.kind !== 'credit').reduce((sum, a) => sum + a.balance, 0);
  return ctx.render({
    title: 'Accounts',
    section: 'accounts',
    body: html`${pageHead('Good afternoon, Maya', html`Total in deposit accounts: <strong>${money(deposits)}</strong>`, html`<a class="btn primary" href="/transfer">Transfer money</a>`)}
<div class="account-grid">${accounts.map(
      (a) => html`<section class="account-card account-${a.kind}" aria-label="${a.name}">
        <header><h2><a href="${ctx.link('/activity', { account: a.id })}">${a.name}</a></h2><span class="muted">${kindLabel(a.kind)} ••${a.mask}</span></header>
        ${balanceFigure(a)}
        ${a.hold_note && html`<p class="hold" role="note">${a.hold_note}</p>`}
      </section>`,
    )}</div>
<div class="two-col">
  <section class="panel"><h2>Recent activity</h2>
    <table class="grid"><tbody>${recent.map(
      (t) =>
        html`<tr><td>${dateCell(t.posted_on)}</td><td><a href="/transactions/${t.id}">${t.merchant}</a><div class="muted small">${t.account_name}</div></td><td>${t.status === 'pending' ? statusBadge('pending') : ''}</td><td class="num">${amount(t.amount)}</td></tr>`,
    )}</tbody></table>
    <a href="/activity">All activity →</a></section>
  <section class="panel"><h2>Coming up</h2>
    <ul class="plain">${upcoming.map((u) => html`<li><span>${day(u.next_date)} · ${u.name}</span><strong>${money(u.amount)}</strong></li>`)}</ul>
    <a href="/scheduled">Scheduled payments →</a></section>
</div>`,
  });
}

function filterForm(ctx: RequestContext, f: ActivityFilters): SafeHtml {
  const accounts = allAccounts(ctx.db);
  const opt = (value: string, label: string, current: string) =>
    html`<option value="${value}" ${value === current ? html`selected` : ''}>${label}</option>`;
  const field = (id: string, label: string, control: SafeHtml) =>
    html`<div class="filter"><label for="f-${id}">${label}</label>${control}</div>`;
  return html`<form method="get" action="/activity" class="filters" aria-label="Filters">
  ${field('account', 'Account', html`<select id="f-account" name="account" data-autosubmit>${opt('', 'All accounts', f.account)}${accounts.map((a) => opt(String(a.id), `${a.name} ••${a.mask}`, f.account))}</select>`)}
  ${field('q', 'Search', html`<input id="f-q" type="search" name="q" value="${f.q}" placeholder="Merchant, description or note">`)}
  ${field('from', 'From', html`<input id="f-from" type="date" name="from" value="${f.from}" min="2025-04-01" max="${today(ctx)}">`)}
  ${field('to', 'To', html`<input id="f-to" type="date" name="to" value="${f.to}" min="2025-04-01" max="${today(ctx)}">`)}
  ${field('category', 'Category', html`<select id="f-category" name="category" data-autosubmit>${opt('', 'All categories', f.category)}${CATEGORIES.map((c) => opt(c, c, f.category))}</select>`)}
  ${field('min', 'Min amount', html`<input id="f-min" name="min" inputmode="decimal" value="${f.min}" placeholder="$0">`)}
  ${field('max', 'Max amount', html`<input id="f-max" name="max" inputmode="decimal" value="${f.max}" placeholder="Any">`)}
  ${field('type', 'Type', html`<select id="f-type" name="type" data-autosubmit>${opt('', 'Money in and out', f.type)}${opt('debits', 'Money out', f.type)}${opt('credits', 'Money in', f.type)}</select>`)}
  ${field('status', 'Status', html`<select id="f-status" name="status" data-autosubmit>${opt('', 'Pending and posted', f.status)}${opt('pending', 'Pending', f.status)}${opt('posted', 'Posted', f.status)}</select>`)}
  ${field('sort', 'Sort', html`<select id="f-sort" name="sort" data-autosubmit>${Object.entries(SORTS).map(([key, s]) => opt(key, s.label, f.sort))}</select>`)}
  <div class="filter-actions"><button class="btn">Apply filters</button><a href="/activity" class="btn ghost">Clear</a></div>
</form>`;
}

function filterQuery(f: ActivityFilters): Record<string, string> {
  return { ...f, sort: f.sort === 'date_desc' ? '' : f.sort };
}

function activity(ctx: RequestContext) {
  const f = readFilters(ctx.query);
  const { where, args } = filterSql(f);
  const totals = ctx.db
    .prepare<(string | number)[], { n: number; money_in: number; money_out: number }>(
      `SELECT count(*) AS n, COALESCE(SUM(CASE WHEN t.amount > 0 THEN t.amount END), 0) AS money_in,
              COALESCE(SUM(CASE WHEN t.amount < 0 THEN t.amount END), 0) AS money_out ${TRANSACTION_FROM} ${where}`,
    )
    .get(...args) ?? { n: 0, money_in: 0, money_out: 0 };
  const pages = Math.max(1, Math.ceil(totals.n / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number(ctx.query.get('page')) || 1));
  const rows = ctx.db
    .prepare<(string | number)[], TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} ${TRANSACTION_FROM} ${where} ORDER BY ${SORTS[f.sort]?.sql} LIMIT ${PAGE_SIZE} OFFSET ?`,
    )
    .all(...args, (page - 1) * PAGE_SIZE);
  const query = filterQuery(f);
  const account = f.account ? findAccount(ctx.db, f.account) : undefined;
  const back = ctx.link('/activity', { ...query, page: page > 1 ? page : '' });
  return ctx.render({
    title: account ? `${account.name} activity` : 'Activity',
    section: 'activity',
    body: html`${pageHead(account ? account.name : 'All activity', account ? `${kindLabel(account.kind)} ••${account.mask}` : 'Every account, newest first', html`<a class="btn" href="${ctx.link('/activity/export.csv', query)}" download>Export CSV</a>`)}
${account && balanceFigure(account)}
${filterForm(ctx, f)}
<p class="result-count" role="status"><strong>${totals.n}</strong> transactions · Money in <strong>${money(totals.money_in)}</strong> · Money out <strong>${money(-totals.money_out)}</strong></p>
${
  rows.length === 0
    ? emptyState('No transactions match these filters.')
    : html`
<form id="bulk" method="post" action="/transactions/bulk-category" data-bulk class="bulk-bar" hidden>
  <input type="hidden" name="back" value="${back}">
  <span class="bulk-count">0 selected</span>
  <label>Category for selected<select name="category">${CATEGORIES.map((c) => html`<option>${c}</option>`)}</select></label>
  <button class="btn primary">Apply category</button>
</form>
<table class="grid activity">
  <thead><tr><th><input type="checkbox" data-select-page aria-label="Select all on this page"></th><th>Date</th><th>Description</th><th>Category</th><th>Account</th><th>Status</th><th class="num">Amount</th></tr></thead>
  <tbody>${rows.map(
    (t) => html`<tr data-id="${t.id}">
      <td><input type="checkbox" name="ids" value="${t.id}" form="bulk" aria-label="Select ${t.merchant} ${day(t.posted_on)} ${money(t.amount)}"></td>
      <td>${dateCell(t.posted_on)}</td>
      <td><a href="/transactions/${t.id}">${t.merchant}</a><div class="muted small">${t.description}</div>${t.note && html`<div class="note small">“${t.note}”</div>`}</td>
      <td>${t.category}</td>
      <td>${t.account_name} ••${t.account_mask}</td>
      <td>${statusBadge(t.status)}</td>
      <td class="num">${amount(t.amount)}</td></tr>`,
  )}</tbody>
</table>`
}
<nav class="pager" aria-label="Pages">
  ${page > 1 ? html`<a href="${ctx.link('/activity', { ...query, page: page - 1 })}">Previous</a>` : ''}
  <span>Page ${page} of ${pages}</span>
  ${page < pages ? html`<a href="${ctx.link('/activity', { ...query, page: page + 1 })}">Next</a>` : ''}
</nav>`,
  });
}

function exportCsv(ctx: RequestContext) {
  const f = readFilters(ctx.query);
  const { where, args } = filterSql(f);
  const rows = ctx.db
    .prepare<(string | number)[], TransactionRow>(
      `SELECT ${TRANSACTION_COLUMNS} ${TRANSACTION_FROM} ${where} ORDER BY ${SORTS[f.sort]?.sql}`,
    )
    .all(...args);
  const lines = [
    'Date,Description,Merchant,Category,Account,Status,Amount',
    ...rows.map((t) =>
      [
        t.posted_on,
        t.description,
        t.merchant,
        t.category,
        `${t.account_name} ••${t.account_mask}`,
        t.status,
        csvAmount(t.amount),
      ]
        .map(csvField)
        .join(','),
    ),
  ];
  const response = ctx.text(`${lines.join('\n')}\n`);
  response.headers['content-type'] = 'text/csv; charset=utf-8';
  response.headers['content-disposition'] = `attachment; filename="larkspur-activity-${today(ctx)}.csv"`;
  return response;
}

interface Receipt {
  id: number;
  filename: string;
  content_type: string;
  size: number;
  uploaded_at: string;
}

function findTransaction(ctx: RequestContext): TransactionRow {
  const t = ctx.db
    .prepare<[string], TransactionRow>(`SELECT ${TRANSACTION_COLUMNS} ${TRANSACTION_FROM} WHERE t.id = ?`)
    .get(ctx.params.id ?? '');
  if (!t) throw new HttpError(404);
  return t;
}

function detail(ctx: RequestContext, errors: { note?: string; details?: string } = {}, status = 200) {
  const t = findTransaction(ctx);
  const dispute = ctx.db
    .prepare<[number], { reason: string; status: string; created_at: string }>(
      'SELECT reason, status, created_at FROM disputes WHERE transaction_id = ?',
    )
    .get(t.id);
  const receipts = ctx.db
    .prepare<[number], Receipt>(
      'SELECT id, filename, content_type, size, uploaded_at FROM receipts WHERE transaction_id = ? ORDER BY id',
    )
    .all(t.id);
  const note = errors.note !== undefined ? (ctx.form.get('note') ?? '') : (t.note ?? '');
  return ctx.render({
    title: t.merchant,
    section: 'activity',
    status,
    body: html`<a class="back" href="${ctx.link('/activity', { account: t.account_id })}">← ${t.account_name}</a>
${pageHead(t.merchant, html`${day(t.posted_on)} · ${t.account_name} ••${t.account_mask}`)}
<div class="detail-grid">
<section class="panel">
  <p class="big-amount">${amount(t.amount)}</p>
  <dl class="facts">
    <dt>Status</dt><dd>${statusBadge(t.status)}</dd>
    <dt>Description</dt><dd>${t.description}</dd>
    <dt>Type</dt><dd>${t.type.charAt(0).toUpperCase()}${t.type.slice(1)}</dd>
    <dt>Reference</dt><dd><code>${t.reference}</code></dd>
    <dt>Category</dt><dd>${t.category}</dd>
  </dl>
  ${dispute && html`<p class="alert info" role="note">Dispute opened ${day(dispute.created_at)} · ${DISPUTE_REASONS[dispute.reason]} · ${dispute.status}</p>`}
</section>
<section class="panel">
  <h2>Category</h2>
  <form method="post" action="/transactions/${t.id}/category" class="inline-form">
    <label for="category">Category</label>
    <select id="category" name="category">${CATEGORIES.map((c) => html`<option ${c === t.category ? html`selected` : ''}>${c}</option>`)}</select>
    <button class="btn">Save category</button>
  </form>
  <h2>Note</h2>
  <form method="post" action="/transactions/${t.id}/note" class="stack">
    <label for="note">Note</label>
    <textarea id="note" name="note" rows="2" maxlength="200">${note}</textarea>${fieldError(errors.note)}
    <button class="btn">Save note</button>
  </form>
  <h2>Receipt</h2>
  ${receipts.length ? html`<ul class="plain">${receipts.map((r) => html`<li><span>📎 ${r.filename}</span><span class="muted">${Math.ceil(r.size / 1024)} KB</span></li>`)}</ul>` : html`<p class="muted">No receipt attached.</p>`}
  <label class="upload">Attach receipt<input type="file" accept="image/png,image/jpeg,application/pdf" data-upload="/transactions/${t.id}/receipt"></label>
  <p class="muted small">PNG, JPG or PDF up to 600 KB.</p>
  <h2>Something wrong?</h2>
  ${dispute ? html`<p class="muted">A dispute is already open for this transaction.</p>` : html`<button type="button" class="btn danger-outline" data-modal-open="dispute-modal">Dispute this transaction</button>`}
</section>
</div>
<dialog id="dispute-modal" class="kit-modal" aria-labelledby="dispute-title" ${errors.details ? html`data-open` : ''}>
  <form method="post" action="/transactions/${t.id}/dispute" class="stack">
    <h2 id="dispute-title">Dispute ${t.merchant} · ${money(t.amount)}</h2>
    <label for="reason">Reason</label>
    <select id="reason" name="reason">${Object.entries(DISPUTE_REASONS).map(([k, v]) => html`<option value="${k}" ${ctx.form.get('reason') === k ? html`selected` : ''}>${v}</option>`)}</select>
    <label for="details">What happened?</label>
    <textarea id="details" name="details" rows="3">${ctx.form.get('details') ?? ''}</textarea>${fieldError(errors.details)}
    <div class="modal-actions"><button type="button" class="btn ghost" data-modal-close>Cancel</button><button class="btn primary">Submit dispute</button></div>
  </form>
</dialog>`,
  });
}

export function activityRoutes(app: AppBuilder): void {
  app.get('/accounts', overview);
  app.get('/accounts/:id', (ctx) => ctx.redirect(ctx.link('/activity', { account: ctx.params.id })));
  app.get('/activity', activity);
  app.get('/activity/export.csv', exportCsv);
  app.get('/transactions/:id', (ctx) => detail(ctx));

  app.post('/transactions/:id/category', (ctx) => {
    const t = findTransaction(ctx);
    const category = ctx.form.get('category') ?? '';
    if (!(CATEGORIES as readonly string[]).includes(category))
      return ctx.redirect(`/transactions/${t.id}`, {
        kind: 'error',
        message: 'Choose a category from the list.',
      });
    ctx.db.prepare('UPDATE transactions SET category = ? WHERE id = ?').run(category, t.id);
    return ctx.redirect(`/transactions/${t.id}`, {
      kind: 'success',
      message: `Category changed to ${category}`,
    });
  });

  app.post('/transactions/:id/note', (ctx) => {
    const t = findTransaction(ctx);
    const note = (ctx.form.get('note') ?? '').trim();
    if (note.length > 200) return detail(ctx, { note: 'Keep the note under 200 characters' }, 422);
    ctx.db.prepare('UPDATE transactions SET note = ? WHERE id = ?').run(note || null, t.id);
    return ctx.redirect(`/transactions/${t.id}`, {
      kind: 'success',
      message: note ? 'Note saved' : 'Note removed',
    });
  });

  app.post('/transactions/:id/dispute', (ctx) => {
    const t = findTransaction(ctx);
    if (t.status === 'pending') {
      return ctx.redirect(`/transactions/${t.id}`, {
        kind: 'error',
        message: 'Pending transactions can’t be disputed yet. Wait until it posts.',
      });
    }
    if (t.amount >= 0)
      return ctx.redirect(`/transactions/${t.id}`, {
        kind: 'error',
        message: 'Only charges can be disputed.',
      });
    const reason = ctx.form.get('reason') ?? '';
    const details = (ctx.form.get('details') ?? '').trim();
    if (!(reason in DISPUTE_REASONS)) return detail(ctx, { details: 'Choose a reason' }, 422);
    if (details.length < 10)
      return detail(ctx, { details: 'Tell us what happened in a few words (10 characters at least)' }, 422);
    const open = ctx.db.prepare('SELECT id FROM disputes WHERE transaction_id = ?').get(t.id);
    if (open)
      return ctx.redirect(`/transactions/${t.id}`, {
        kind: 'error',
        message: 'This transaction is already disputed.',
      });
    ctx.db
      .prepare(
        "INSERT INTO disputes (transaction_id, reason, details, status, created_at) VALUES (?, ?, ?, 'open', ?)",
      )
      .run(t.id, reason, details, ctx.now().toISOString());
    return ctx.redirect(`/transactions/${t.id}`, {
      kind: 'success',
      message: 'Dispute submitted. We’ll reply within 10 business days.',
    });
  });

  app.post('/transactions/bulk-category', (ctx) => {
    const back = ctx.localPath(ctx.form.get('back'), '/activity');
    const category = ctx.form.get('category') ?? '';
    const ids = ctx.form
      .getAll('ids')
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0);
    if (!(CATEGORIES as readonly string[]).includes(category))
      return ctx.redirect(back, { kind: 'error', message: 'Choose a category.' });
    if (ids.length === 0)
      return ctx.redirect(back, { kind: 'error', message: 'Select at least one transaction.' });
    const update = ctx.db.prepare('UPDATE transactions SET category = ? WHERE id = ?');
    for (const id of ids) update.run(category, id);
    return ctx.redirect(back, {
      kind: 'success',
      message: `${ids.length} transaction${ids.length === 1 ? '' : 's'} moved to ${category}`,
    });
  });

  app.post('/transactions/:id/receipt', (ctx) => {
    const t = findTransaction(ctx);
    const error = saveReceipt(ctx, { transaction: t.id });
    if (error) return ctx.json({ detail: error }, 422);
    ctx.flash('success', 'Receipt attached');
    return ctx.json({ ok: true, redirect: `/transactions/${t.id}` });
  });
}

/** Stores an uploaded receipt from app.js's JSON ({ filename, contentType, data: base64 }); returns an error. */
export function saveReceipt(
  ctx: RequestContext,
  target: { transaction?: number; line?: number },
): string | null {
  const body = (ctx.body ?? {}) as { filename?: unknown; contentType?: unknown; data?: unknown };
  const filename = typeof body.filename === 'string' ? body.filename.trim().slice(0, 120) : '';
  const type = typeof body.contentType === 'string' ? body.contentType : '';
  const data = typeof body.data === 'string' ? body.data : '';
  if (!filename || !data) return 'Choose a file to upload.';
  if (!RECEIPT_TYPES.includes(type)) return 'Receipts must be PNG, JPG or PDF files.';
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data)) return 'The file could not be read. Try again.';
  const size = Buffer.from(data, 'base64').length;
  if (size === 0) return 'That file is empty.';
  if (size > MAX_RECEIPT_BYTES) return 'Receipts can be 600 KB at most.';
  ctx.db
    .prepare(
      'INSERT INTO receipts (transaction_id, expense_line_id, filename, content_type, size, data, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      target.transaction ?? null,
      target.line ?? null,
      filename,
      type,
      size,
      data,
      ctx.now().toISOString(),
    );
  return null;
}
