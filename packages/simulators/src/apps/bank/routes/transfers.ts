import { type AppBuilder, fieldError, HttpError, html, type RequestContext } from '../../../kit';
import {
  accountLabel,
  allAccounts,
  allPayees,
  day,
  findAccount,
  MAX_CODE_ATTEMPTS,
  money,
  parseDollars,
  payeeLabel,
  postTransfer,
  spendable,
  type Transfer,
} from '../domain';
import { pageHead, statusBadge, when } from '../views/parts';

interface TransferErrors {
  from?: string;
  to?: string;
  amount?: string;
  memo?: string;
}

interface TransferView extends Transfer {
  from_name: string;
  from_mask: string;
  to_name: string | null;
  to_mask: string | null;
  payee_name: string | null;
  payee_account: string | null;
}

/** The choices of a "To" select: own accounts and payees, as `account:2` / `payee:5`. */
function destinationOptions(ctx: RequestContext, selected: string) {
  const opt = (value: string, label: string) =>
    html`<option value="${value}" ${value === selected ? html`selected` : ''}>${label}</option>`;
  return html`<option value="">Choose where the money goes</option>
    <optgroup label="My accounts">${allAccounts(ctx.db).map((a) => opt(`account:${a.id}`, accountLabel(a)))}</optgroup>
    <optgroup label="Payees">${allPayees(ctx.db).map((p) => opt(`payee:${p.id}`, payeeLabel(p)))}</optgroup>`;
}

function transferForm(
  ctx: RequestContext,
  values: Record<string, string>,
  errors: TransferErrors,
  status = 200,
) {
  const accounts = allAccounts(ctx.db).filter((a) => a.kind !== 'credit');
  const recent = ctx.db
    .prepare<[], TransferView>(
      `SELECT tr.*, f.name AS from_name, f.mask AS from_mask, t.name AS to_name, t.mask AS to_mask, p.name AS payee_name, p.account_number AS payee_account
       FROM transfers tr JOIN accounts f ON f.id = tr.from_account_id LEFT JOIN accounts t ON t.id = tr.to_account_id LEFT JOIN payees p ON p.id = tr.payee_id
       ORDER BY tr.created_at DESC, tr.id DESC LIMIT 10`,
    )
    .all();
  return ctx.render({
    title: 'Transfer & pay',
    section: 'transfer',
    status,
    body: html`${pageHead('Transfer & pay', 'Move money between your accounts or pay someone. We send a one-time code to your Secure messages to confirm.')}
<div class="two-col">
<section class="panel">
  <form method="post" action="/transfers" class="stack" novalidate aria-label="Transfer">
    <label for="from">From</label>
    <select id="from" name="from">
      <option value="">Choose an account</option>
      ${accounts.map((a) => html`<option value="${a.id}" ${String(a.id) === values.from ? html`selected` : ''}>${accountLabel(a)} · ${money(spendable(a))} available</option>`)}
    </select>${fieldError(errors.from)}
    <label for="to">To</label>
    <select id="to" name="to">${destinationOptions(ctx, values.to ?? '')}</select>${fieldError(errors.to)}
    <label for="amount">Amount</label>
    <div class="money-input"><span>$</span><input id="amount" name="amount" inputmode="decimal" value="${values.amount ?? ''}" placeholder="0.00"></div>${fieldError(errors.amount)}
    <label for="memo">Memo (optional)</label>
    <input id="memo" name="memo" maxlength="60" value="${values.memo ?? ''}">${fieldError(errors.memo)}
    <button class="btn primary">Review transfer</button>
  </form>
  <p class="muted small">Need to pay on a later date or every month? <a href="/scheduled">Schedule a payment</a>.</p>
</section>
<section class="panel">
  <h2>Recent transfers</h2>
  <table class="grid"><thead><tr><th>Reference</th><th>To</th><th class="num">Amount</th><th>Status</th></tr></thead><tbody>${recent.map(
    (t) =>
      html`<tr><td><a href="/transfers/${t.id}">${t.reference}</a><div class="muted small">${when(t.created_at)}</div></td><td>${t.to_name ?? t.payee_name ?? 'Deleted payee'}</td><td class="num">${money(t.amount)}</td><td>${statusBadge(t.status)}</td></tr>`,
  )}</tbody></table>
</section>
</div>`,
  });
}

function findTransfer(ctx: RequestContext, id: string | number = ctx.params.id ?? ''): TransferView {
  const t = ctx.db
    .prepare<[string], TransferView>(
      `SELECT tr.*, f.name AS from_name, f.mask AS from_mask, t.name AS to_name, t.mask AS to_mask, p.name AS payee_name, p.account_number AS payee_account
       FROM transfers tr JOIN accounts f ON f.id = tr.from_account_id LEFT JOIN accounts t ON t.id = tr.to_account_id LEFT JOIN payees p ON p.id = tr.payee_id
       WHERE tr.id = ?`,
    )
    .get(String(id));
  if (!t) throw new HttpError(404);
  return t;
}

function destinationText(t: TransferView): string {
  if (t.to_name) return `${t.to_name} ••${t.to_mask}`;
  return `${t.payee_name ?? 'Deleted payee'}${t.payee_account ? ` ••${t.payee_account.slice(-4)}` : ''}`;
}

function transferPage(ctx: RequestContext, t: TransferView, error?: string, status = 200) {
  const left = MAX_CODE_ATTEMPTS - t.attempts;
  return ctx.render({
    title: `Transfer ${t.reference}`,
    section: 'transfer',
    status,
    body: html`<a class="back" href="/transfer">← Transfer & pay</a>
${pageHead(t.status === 'awaiting_code' ? 'Confirm your transfer' : `Transfer ${t.reference}`, html`${statusBadge(t.status)}`)}
<section class="panel narrow">
  <dl class="facts">
    <dt>Reference</dt><dd><code>${t.reference}</code></dd>
    <dt>From</dt><dd>${t.from_name} ••${t.from_mask}</dd>
    <dt>To</dt><dd>${destinationText(t)}</dd>
    <dt>Amount</dt><dd class="figure">${money(t.amount)}</dd>
    ${t.memo && html`<dt>Memo</dt><dd>${t.memo}</dd>`}
    <dt>Created</dt><dd>${when(t.created_at)}</dd>
  </dl>
  ${
    t.status === 'awaiting_code'
      ? html`
  <div class="code-box">
    <p id="code-status" role="status">We sent a one-time code for ${t.reference} to your Secure messages (✉ at the top of the page). It can take a few seconds to arrive.</p>
    <form method="post" action="/transfers/${t.id}/confirm" class="stack" novalidate>
      <label for="code">One-time code</label>
      <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" class="code-input">
      ${fieldError(error)}
      ${t.attempts > 0 && !error ? html`<p class="muted small">${left} attempt${left === 1 ? '' : 's'} left.</p>` : ''}
      <button class="btn primary">Confirm transfer</button>
    </form>
    <form method="post" action="/transfers/${t.id}/cancel"><button class="btn ghost">Cancel transfer</button></form>
  </div>`
      : t.status === 'completed'
        ? html`<p class="alert success" role="note">Sent ${when(t.completed_at ?? t.created_at)}. The money is already in the activity of both sides.</p>`
        : html`<p class="alert" role="note">This transfer was cancelled. No money moved.</p>`
  }
</section>`,
  });
}

export function transferRoutes(app: AppBuilder): void {
  app.get('/transfer', (ctx) =>
    transferForm(ctx, { from: ctx.query.get('from') ?? '', to: ctx.query.get('to') ?? '' }, {}),
  );

  app.post('/transfers', (ctx) => {
    const values = Object.fromEntries(
      ['from', 'to', 'amount', 'memo'].map((k) => [k, (ctx.form.get(k) ?? '').trim()]),
    );
    const errors: TransferErrors = {};
    const from = values.from ? findAccount(ctx.db, values.from) : undefined;
    if (!from) errors.from = 'Choose the account to send from';
    else if (from.kind === 'credit')
      errors.from = 'Cash advances from the credit card aren’t available online';
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
    else if (from && !errors.from && amount > from.available)
      errors.amount = `That’s more than the ${money(from.available)} available in ${from.name}`;
    else if (amount > 2_500_000) errors.amount = 'Online transfers are limited to $25,000.00 a day';
    if ((values.memo ?? '').length > 60) errors.memo = 'Keep the memo under 60 characters';
    if (Object.keys(errors).length || !from || amount === null) return transferForm(ctx, values, errors, 422);
    const code = String(ctx.rng.int(100_000, 999_999));
    const last =
      ctx.db
        .prepare<[], { n: number }>('SELECT MAX(CAST(substr(reference, 4) AS INTEGER)) AS n FROM transfers')
        .get()?.n ?? 20_000;
    const reference = `TR-${last + 1}`;
    const now = ctx.now();
    const { lastInsertRowid } = ctx.db
      .prepare(
        `INSERT INTO transfers (reference, from_account_id, to_account_id, payee_id, amount, memo, status, code, attempts, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'awaiting_code', ?, 0, ?)`,
      )
      .run(
        reference,
        from.id,
        toAccount?.id ?? null,
        payee?.id ?? null,
        amount,
        values.memo || null,
        code,
        now.toISOString(),
      );
    const t = findTransfer(ctx, Number(lastInsertRowid));
    // The code "arrives" a step later: written now, shown by the page after a short wait.
    const arrives = new Date(now.getTime() + ctx.clock.stepMs).toISOString();
    const message = ctx.db
      .prepare(
        "INSERT INTO messages (subject, body, kind, created_at, read) VALUES ('Your one-time code', ?, 'code', ?, 0)",
      )
      .run(
        `Use ${code} to confirm transfer ${reference} of ${money(amount)} to ${destinationText(t)}. Larkspur will never call you to ask for this code.`,
        arrives,
      );
    ctx.setSessionValue('arriving', Number(message.lastInsertRowid));
    return ctx.redirect(`/transfers/${t.id}`);
  });

  app.get('/transfers/:id', (ctx) => transferPage(ctx, findTransfer(ctx)));

  app.post('/transfers/:id/confirm', (ctx) => {
    const t = findTransfer(ctx);
    if (t.status !== 'awaiting_code')
      return ctx.redirect(`/transfers/${t.id}`, {
        kind: 'info',
        message: `Transfer ${t.reference} is no longer waiting for a code.`,
      });
    const code = (ctx.form.get('code') ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code))
      return transferPage(ctx, t, 'Enter the 6-digit code from your Secure messages', 422);
    if (code !== t.code) {
      const attempts = t.attempts + 1;
      if (attempts >= MAX_CODE_ATTEMPTS) {
        ctx.db
          .prepare("UPDATE transfers SET attempts = ?, status = 'cancelled' WHERE id = ?")
          .run(attempts, t.id);
        return ctx.redirect('/transfer', {
          kind: 'error',
          message: `Transfer ${t.reference} was cancelled after ${MAX_CODE_ATTEMPTS} incorrect codes. No money moved.`,
        });
      }
      ctx.db.prepare('UPDATE transfers SET attempts = ? WHERE id = ?').run(attempts, t.id);
      const left = MAX_CODE_ATTEMPTS - attempts;
      return transferPage(
        ctx,
        { ...t, attempts },
        `That code doesn’t match. ${left} attempt${left === 1 ? '' : 's'} left.`,
        422,
      );
    }
    const from = findAccount(ctx.db, t.from_account_id);
    if (!from || t.amount > from.available) {
      ctx.db.prepare("UPDATE transfers SET status = 'cancelled' WHERE id = ?").run(t.id);
      return ctx.redirect('/transfer', {
        kind: 'error',
        message: `Transfer ${t.reference} was cancelled: not enough available balance.`,
      });
    }
    ctx.db
      .prepare("UPDATE transfers SET status = 'completed', completed_at = ? WHERE id = ?")
      .run(ctx.now().toISOString(), t.id);
    postTransfer(ctx, t);
    return ctx.redirect(`/transfers/${t.id}`, {
      kind: 'success',
      message: `Transfer ${t.reference} sent: ${money(t.amount)} to ${destinationText(t)}`,
    });
  });

  app.post('/transfers/:id/cancel', (ctx) => {
    const t = findTransfer(ctx);
    if (t.status === 'awaiting_code')
      ctx.db.prepare("UPDATE transfers SET status = 'cancelled' WHERE id = ?").run(t.id);
    return ctx.redirect('/transfer', { kind: 'info', message: `Transfer ${t.reference} cancelled` });
  });

  app.get('/messages', (ctx) => {
    const messages = ctx.db
      .prepare<
        [],
        { id: number; subject: string; body: string; kind: string; created_at: string; read: number }
      >('SELECT * FROM messages ORDER BY created_at DESC, id DESC')
      .all();
    return ctx.render({
      title: 'Secure messages',
      body: html`${pageHead('Secure messages', 'Notices, alerts and one-time codes from Larkspur')}
<form method="post" action="/messages/read" class="right"><button class="btn ghost">Mark all as read</button></form>
<ul class="message-list">${messages.map(
        (m) =>
          html`<li class="${m.read ? '' : 'unread'}"><strong>${m.subject}</strong><p>${m.body}</p><time datetime="${m.created_at}">${when(m.created_at)}</time></li>`,
      )}</ul>`,
    });
  });

  app.get('/messages/:id', (ctx) => {
    const m = ctx.db
      .prepare<[string], { id: number; subject: string; body: string; created_at: string }>(
        'SELECT id, subject, body, created_at FROM messages WHERE id = ?',
      )
      .get(ctx.params.id ?? '');
    if (!m) throw new HttpError(404);
    return ctx.json({ ...m, when: when(m.created_at), day: day(m.created_at) });
  });

  app.post('/messages/read', (ctx) => {
    ctx.db.prepare('UPDATE messages SET read = 1 WHERE read = 0').run();
    return ctx.redirect('/messages', { kind: 'success', message: 'All messages marked as read' });
  });
}
