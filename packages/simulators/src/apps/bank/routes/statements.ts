import { type AppBuilder, HttpError, html, MONTH_NAMES, type RequestContext } from '../../../kit';
import { allAccounts, csvAmount, csvField, day, money } from '../domain';
import { amount, pageHead } from '../views/parts';

interface Statement {
  id: number;
  account_id: number;
  account_name: string;
  account_mask: string;
  kind: string;
  period_start: string;
  period_end: string;
  opening_balance: number;
  closing_balance: number;
  total_in: number;
  total_out: number;
}

const STATEMENT_SQL =
  'SELECT s.*, a.name AS account_name, a.mask AS account_mask, a.kind FROM statements s JOIN accounts a ON a.id = s.account_id';

function findStatement(ctx: RequestContext): Statement {
  const s = ctx.db.prepare<[string], Statement>(`${STATEMENT_SQL} WHERE s.id = ?`).get(ctx.params.id ?? '');
  if (!s) throw new HttpError(404);
  return s;
}

function monthName(iso: string): string {
  return `${MONTH_NAMES[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}

/** Balances as the statement prints them: what is owed on the card, the balance elsewhere. */
function shown(s: Statement, ledger: number): number {
  return s.kind === 'credit' ? -ledger : ledger;
}

function lines(ctx: RequestContext, s: Statement) {
  return ctx.db
    .prepare<
      [number, string, string],
      { id: number; posted_on: string; description: string; amount: number }
    >(
      "SELECT id, posted_on, description, amount FROM transactions WHERE account_id = ? AND status = 'posted' AND posted_on BETWEEN ? AND ? ORDER BY posted_on, id",
    )
    .all(s.account_id, s.period_start, s.period_end);
}

function fileName(s: Statement): string {
  return `larkspur-statement-${s.account_mask}-${s.period_start.slice(0, 7)}.csv`;
}

export function statementRoutes(app: AppBuilder): void {
  app.get('/statements', (ctx) => {
    const accounts = allAccounts(ctx.db);
    const account = Number(ctx.query.get('account')) || 1;
    const statements = ctx.db
      .prepare<[number], Statement>(`${STATEMENT_SQL} WHERE s.account_id = ? ORDER BY s.period_start DESC`)
      .all(account);
    return ctx.render({
      title: 'Statements',
      section: 'statements',
      body: html`${pageHead('Statements', 'Monthly statements for the last 12 months')}
<nav class="tabs" aria-label="Accounts">${accounts.map((a) => html`<a href="${ctx.link('/statements', { account: a.id })}" ${a.id === account ? html`aria-current="page" class="active"` : ''}>${a.name} ••${a.mask}</a>`)}</nav>
<table class="grid"><thead><tr><th>Statement</th><th>Period</th><th class="num">Opening</th><th class="num">Closing</th><th></th></tr></thead>
<tbody>${statements.map(
        (
          s,
        ) => html`<tr><td><a href="/statements/${s.id}">${monthName(s.period_start)}</a></td><td>${day(s.period_start)} – ${day(s.period_end)}</td><td class="num">${money(shown(s, s.opening_balance))}</td><td class="num">${money(shown(s, s.closing_balance))}</td>
        <td class="row-actions"><a href="/statements/${s.id}/download" download aria-label="Download ${monthName(s.period_start)} statement">Download</a></td></tr>`,
      )}</tbody></table>`,
    });
  });

  app.get('/statements/:id', (ctx) => {
    const s = findStatement(ctx);
    return ctx.render({
      title: `${monthName(s.period_start)} statement`,
      section: 'statements',
      body: html`<a class="back" href="${ctx.link('/statements', { account: s.account_id })}">← Statements</a>
${pageHead(`${s.account_name} – ${monthName(s.period_start)}`, `${day(s.period_start)} – ${day(s.period_end)}`, html`<a class="btn" href="/statements/${s.id}/download" download>Download statement</a>`)}
<iframe class="statement-frame" src="/statements/${s.id}/document" title="Statement viewer"></iframe>`,
    });
  });

  app.get('/statements/:id/document', (ctx) => {
    const s = findStatement(ctx);
    const rows = lines(ctx, s);
    const credit = s.kind === 'credit';
    return ctx.html(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Statement ${monthName(s.period_start)}</title>
<style>
  body { margin: 0; background: #e9e6df; font: 13px/1.5 Georgia, "Times New Roman", serif; color: #222; }
  .sheet { background: #fff; max-width: 760px; margin: 16px auto; padding: 32px 40px; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  h1 { font-size: 20px; margin: 0; } .sub { color: #666; margin: 2px 0 18px; }
  table { width: 100%; border-collapse: collapse; } th, td { padding: 4px 6px; border-bottom: 1px solid #eee; text-align: left; }
  td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
  .summary td { border: none; padding: 2px 6px; } .summary { width: 60%; margin-bottom: 18px; }
</style></head><body><article class="sheet" aria-label="Statement">
<h1>Larkspur Bank · ${s.account_name} ••${s.account_mask}</h1>
<p class="sub">Statement period ${day(s.period_start)} – ${day(s.period_end)} · Maya Chen, 1418 Alcatraz Ave, Oakland CA 94609</p>
<table class="summary" aria-label="Summary"><tbody>
  <tr><td>${credit ? 'Previous balance' : 'Opening balance'}</td><td class="num">${money(shown(s, s.opening_balance))}</td></tr>
  <tr><td>${credit ? 'Payments and credits' : 'Deposits and credits'}</td><td class="num">${money(s.total_in)}</td></tr>
  <tr><td>${credit ? 'Purchases and charges' : 'Withdrawals and debits'}</td><td class="num">${money(-s.total_out)}</td></tr>
  <tr><td><strong>${credit ? 'New balance' : 'Closing balance'}</strong></td><td class="num"><strong>${money(shown(s, s.closing_balance))}</strong></td></tr>
</tbody></table>
<table aria-label="Transactions"><thead><tr><th>Date</th><th>Description</th><th class="num">Amount</th></tr></thead>
<tbody>${rows.map((r) => html`<tr><td>${day(r.posted_on)}</td><td>${r.description}</td><td class="num">${amount(r.amount)}</td></tr>`)}</tbody></table>
<p class="sub">${rows.length} transactions. Questions? Send us a secure message or call 1-800-555-0142.</p>
</article></body></html>`);
  });

  app.get('/statements/:id/download', (ctx) => {
    const s = findStatement(ctx);
    const out = [
      `Larkspur Bank statement,${csvField(`${s.account_name} ••${s.account_mask}`)}`,
      `Period,${s.period_start},${s.period_end}`,
      `Opening balance,${csvAmount(shown(s, s.opening_balance))}`,
      `Closing balance,${csvAmount(shown(s, s.closing_balance))}`,
      '',
      'Date,Description,Amount',
      ...lines(ctx, s).map((r) => [r.posted_on, r.description, csvAmount(r.amount)].map(csvField).join(',')),
    ];
    const response = ctx.text(`${out.join('\n')}\n`);
    response.headers['content-type'] = 'text/csv; charset=utf-8';
    response.headers['content-disposition'] = `attachment; filename="${fileName(s)}"`;
    return response;
  });
}
