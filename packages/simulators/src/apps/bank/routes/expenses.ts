import { type AppBuilder, fieldError, HttpError, html, type RequestContext } from '../../../kit';
import { day, EXPENSE_CATEGORIES, money, parseDollars, RECEIPT_REQUIRED_FROM } from '../domain';
import { emptyState, pageHead, statusBadge } from '../views/parts';
import { saveReceipt } from './activity';

interface Report {
  id: number;
  title: string;
  purpose: string;
  status: string;
  created_on: string;
  submitted_at: string | null;
}

interface Line {
  id: number;
  report_id: number;
  spent_on: string;
  merchant: string;
  category: string;
  amount: number;
  receipt: string | null;
}

function findReport(ctx: RequestContext, id: string | number = ctx.params.id ?? ''): Report {
  const report = ctx.db
    .prepare<[string], Report>('SELECT * FROM expense_reports WHERE id = ?')
    .get(String(id));
  if (!report) throw new HttpError(404);
  return report;
}

function reportLines(ctx: RequestContext, id: number): Line[] {
  return ctx.db
    .prepare<[number], Line>(
      `SELECT l.*, (SELECT filename FROM receipts r WHERE r.expense_line_id = l.id ORDER BY r.id DESC LIMIT 1) AS receipt
       FROM expense_lines l WHERE l.report_id = ? ORDER BY l.spent_on, l.id`,
    )
    .all(id);
}

/** Lines that need a receipt before the report can be submitted. */
export function missingReceipts(lines: Line[]): Line[] {
  return lines.filter((l) => l.amount >= RECEIPT_REQUIRED_FROM && !l.receipt);
}

function reportPage(
  ctx: RequestContext,
  report: Report,
  problems: string[] = [],
  lineErrors: Record<string, string> = {},
  status = 200,
) {
  const lines = reportLines(ctx, report.id);
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  const draft = report.status === 'draft';
  const v = (k: string) => (lineErrors._ ? (ctx.form.get(k) ?? '') : '');
  return ctx.render({
    title: report.title,
    section: 'expenses',
    status,
    body: html`<a class="back" href="/expenses">← Expense reports</a>
${pageHead(report.title, html`${report.purpose} · ${statusBadge(report.status)}`, draft ? html`<form method="post" action="/expenses/${report.id}/submit"><button class="btn primary">Submit report</button></form>` : undefined)}
${problems.length ? html`<div class="alert" role="alert"><strong>This report can’t be submitted yet.</strong><ul>${problems.map((p) => html`<li>${p}</li>`)}</ul></div>` : ''}
<table class="grid"><thead><tr><th>Date</th><th>Merchant</th><th>Category</th><th class="num">Amount</th><th>Receipt</th></tr></thead>
<tbody>${lines.map(
      (
        l,
      ) => html`<tr data-line="${l.id}"><td>${day(l.spent_on)}</td><td>${l.merchant}</td><td>${l.category}</td><td class="num">${money(l.amount)}</td>
      <td>${l.receipt ? html`<span class="receipt-ok">📎 ${l.receipt}</span>` : html`<span class="${l.amount >= RECEIPT_REQUIRED_FROM ? 'receipt-missing' : 'muted'}">${l.amount >= RECEIPT_REQUIRED_FROM ? 'Receipt required' : 'Not required'}</span>`}
      ${draft ? html`<label class="upload small">${l.receipt ? 'Replace' : 'Attach'}<input type="file" accept="image/png,image/jpeg,application/pdf" data-upload="/expenses/lines/${l.id}/receipt" aria-label="Receipt for ${l.merchant}"></label>` : ''}</td></tr>`,
    )}</tbody>
<tfoot><tr><td colspan="3">Total · ${lines.length} lines</td><td class="num"><strong>${money(total)}</strong></td><td></td></tr></tfoot></table>
<p class="muted small">Lines of $75.00 or more need an itemized receipt (PNG, JPG or PDF).</p>
${
  draft
    ? html`<section class="panel"><h2>Add a line</h2>
<form method="post" action="/expenses/${report.id}/lines" class="inline-grid" novalidate aria-label="Add a line">
  <label>Date<input type="date" name="spent_on" value="${v('spent_on')}"></label>
  <label>Merchant<input name="merchant" value="${v('merchant')}"></label>
  <label>Category<select name="category">${EXPENSE_CATEGORIES.map((c) => html`<option ${v('category') === c ? html`selected` : ''}>${c}</option>`)}</select></label>
  <label>Amount<input name="amount" inputmode="decimal" value="${v('amount')}"></label>
  <button class="btn">Add line</button>
</form>${fieldError(lineErrors._)}</section>`
    : ''
}`,
  });
}

export function expenseRoutes(app: AppBuilder): void {
  app.get('/expenses', (ctx) => {
    const reports = ctx.db
      .prepare<[], Report & { total: number; lines: number }>(
        `SELECT r.*, COALESCE(SUM(l.amount), 0) AS total, count(l.id) AS lines FROM expense_reports r
         LEFT JOIN expense_lines l ON l.report_id = r.id GROUP BY r.id ORDER BY r.created_on DESC`,
      )
      .all();
    return ctx.render({
      title: 'Expense reports',
      section: 'expenses',
      body: html`${pageHead('Expense reports', 'Business expenses reimbursed by Corbel Analytics')}
${
  reports.length === 0
    ? emptyState('No expense reports yet.')
    : html`<table class="grid"><thead><tr><th>Report</th><th>Created</th><th>Lines</th><th class="num">Total</th><th>Status</th></tr></thead>
<tbody>${reports.map((r) => html`<tr><td><a href="/expenses/${r.id}">${r.title}</a><div class="muted small">${r.purpose}</div></td><td>${day(r.created_on)}</td><td>${r.lines}</td><td class="num">${money(r.total)}</td><td>${statusBadge(r.status)}</td></tr>`)}</tbody></table>`
}`,
    });
  });

  app.get('/expenses/:id', (ctx) => reportPage(ctx, findReport(ctx)));

  app.post('/expenses/:id/submit', (ctx) => {
    const report = findReport(ctx);
    if (report.status !== 'draft')
      return ctx.redirect(`/expenses/${report.id}`, {
        kind: 'info',
        message: 'This report was already submitted.',
      });
    const lines = reportLines(ctx, report.id);
    const problems = missingReceipts(lines).map((l) => `${l.merchant} (${money(l.amount)}) needs a receipt.`);
    if (lines.length === 0) problems.push('Add at least one line.');
    if (problems.length) return reportPage(ctx, report, problems, {}, 422);
    ctx.db
      .prepare("UPDATE expense_reports SET status = 'submitted', submitted_at = ? WHERE id = ?")
      .run(ctx.now().toISOString(), report.id);
    return ctx.redirect(`/expenses/${report.id}`, {
      kind: 'success',
      message: `“${report.title}” submitted for approval`,
    });
  });

  app.post('/expenses/:id/lines', (ctx) => {
    const report = findReport(ctx);
    if (report.status !== 'draft')
      return ctx.redirect(`/expenses/${report.id}`, {
        kind: 'error',
        message: 'Submitted reports can’t be changed.',
      });
    const spent = (ctx.form.get('spent_on') ?? '').trim();
    const merchant = (ctx.form.get('merchant') ?? '').trim();
    const category = ctx.form.get('category') ?? '';
    const amount = parseDollars(ctx.form.get('amount'));
    let error = '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(spent)) error = 'Pick the date of the expense';
    else if (!merchant) error = 'Enter the merchant';
    else if (!EXPENSE_CATEGORIES.includes(category)) error = 'Choose a category';
    else if (amount === null || amount <= 0) error = 'Enter the amount in dollars';
    if (error || amount === null) return reportPage(ctx, report, [], { _: error }, 422);
    ctx.db
      .prepare(
        'INSERT INTO expense_lines (report_id, spent_on, merchant, category, amount) VALUES (?, ?, ?, ?, ?)',
      )
      .run(report.id, spent, merchant, category, amount);
    return ctx.redirect(`/expenses/${report.id}`, { kind: 'success', message: `${merchant} added` });
  });

  app.post('/expenses/lines/:id/receipt', (ctx) => {
    const line = ctx.db
      .prepare<[string], { id: number; report_id: number; merchant: string }>(
        'SELECT id, report_id, merchant FROM expense_lines WHERE id = ?',
      )
      .get(ctx.params.id ?? '');
    if (!line) throw new HttpError(404);
    const report = findReport(ctx, line.report_id);
    if (report.status !== 'draft') return ctx.json({ detail: 'Submitted reports can’t be changed.' }, 422);
    const error = saveReceipt(ctx, { line: line.id });
    if (error) return ctx.json({ detail: error }, 422);
    ctx.flash('success', `Receipt attached to ${line.merchant}`);
    return ctx.json({ ok: true, redirect: `/expenses/${report.id}` });
  });
}
