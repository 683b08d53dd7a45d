import { type AppBuilder, HttpError, html, kitHead, type RequestContext, toasts } from '../../../kit';
import { money, parseDollars } from '../domain';
import { pageHead, statusBadge } from '../views/parts';

interface Card {
  id: number;
  account_id: number;
  account_name: string;
  label: string;
  kind: string;
  last4: string;
  network: string;
  expires: string;
  status: 'active' | 'frozen';
  daily_limit: number;
  online_enabled: number;
  international_enabled: number;
}

const CARD_SQL = 'SELECT c.*, a.name AS account_name FROM cards c JOIN accounts a ON a.id = c.account_id';

function findCard(ctx: RequestContext): Card {
  const card = ctx.db.prepare<[string], Card>(`${CARD_SQL} WHERE c.id = ?`).get(ctx.params.id ?? '');
  if (!card) throw new HttpError(404);
  return card;
}

/** The partner widget, "CardGuard", embedded in an iframe per card: its own look, its own forms. */
function widget(ctx: RequestContext, card: Card, error?: string) {
  const frozen = card.status === 'frozen';
  return ctx.html(
    html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CardGuard · ••${card.last4}</title>${kitHead()}
<style>
  body { margin: 0; font: 14px/1.45 ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif; color: #1c2433; background: #f6f8fb; }
  .cg { padding: 14px 16px; }
  .cg-head { display: flex; align-items: center; justify-content: space-between; margin-bottom: 10px; }
  .cg-brand { font-weight: 700; letter-spacing: .02em; color: #3b4a66; font-size: 12px; text-transform: uppercase; }
  .cg-state { font-weight: 600; } .cg-state.frozen { color: #1d6fb8; } .cg-state.active { color: #1f7a4d; }
  .cg-row { display: flex; gap: 8px; align-items: center; margin: 8px 0; flex-wrap: wrap; }
  button { font: inherit; border-radius: 6px; border: 1px solid #b7c2d6; background: #fff; padding: 6px 12px; cursor: pointer; }
  button.primary { background: #24385b; border-color: #24385b; color: #fff; }
  input[type=text] { font: inherit; width: 110px; padding: 5px 8px; border: 1px solid #b7c2d6; border-radius: 6px; }
  label { display: inline-flex; gap: 6px; align-items: center; }
  .cg-error { color: #b42318; margin: 4px 0; }
  fieldset { border: 1px solid #dde3ee; border-radius: 8px; padding: 8px 12px; margin: 8px 0 0; }
  legend { font-size: 12px; color: #55627a; }
</style></head>
<body><div class="cg">
  <div class="cg-head"><span class="cg-brand">CardGuard controls</span><span class="cg-state ${card.status}" role="status">${frozen ? 'Card frozen' : 'Card active'}</span></div>
  <form method="post" action="/widgets/card-controls/${card.id}/status" class="cg-row">
    <input type="hidden" name="status" value="${frozen ? 'active' : 'frozen'}">
    <button class="primary">${frozen ? 'Unfreeze card' : 'Freeze card'}</button>
    <span>${frozen ? 'New purchases are declined until you unfreeze.' : 'Freeze stops new purchases instantly.'}</span>
  </form>
  <form method="post" action="/widgets/card-controls/${card.id}/controls">
    <fieldset><legend>Controls</legend>
      <div class="cg-row"><label>Daily spending limit $<input type="text" name="daily_limit" value="${(card.daily_limit / 100).toFixed(2)}" aria-label="Daily spending limit"></label></div>
      <div class="cg-row">
        <label><input type="checkbox" name="online" value="1" ${card.online_enabled ? html`checked` : ''}> Online purchases</label>
        <label><input type="checkbox" name="international" value="1" ${card.international_enabled ? html`checked` : ''}> International purchases</label>
      </div>
      ${error && html`<p class="cg-error" role="alert">${error}</p>`}
      <button>Save controls</button>
    </fieldset>
  </form>
</div>${toasts(ctx.takeFlashes())}</body></html>`,
    error ? 422 : 200,
  );
}

export function cardRoutes(app: AppBuilder): void {
  app.get('/cards', (ctx) => {
    const cards = ctx.db.prepare<[], Card>(`${CARD_SQL} ORDER BY c.id`).all();
    return ctx.render({
      title: 'Cards',
      section: 'cards',
      body: html`${pageHead('Cards', 'Freeze a card, set limits and choose where it works. Controls are provided by our partner CardGuard.')}
<div class="card-list">${cards.map(
        (c) => html`<section class="card-row" aria-label="${c.label} ending ${c.last4}">
  <div class="plastic plastic-${c.kind} ${c.status === 'frozen' ? 'is-frozen' : ''}">
    <span class="plastic-bank">Larkspur</span><span class="plastic-number">•••• •••• •••• ${c.last4}</span>
    <span class="plastic-meta">${c.network} · exp ${c.expires}</span>
  </div>
  <div class="card-info">
    <h2>${c.label} ••${c.last4}</h2>
    <p class="muted">${c.kind === 'virtual' ? 'Virtual card' : c.kind === 'credit' ? 'Credit card' : 'Debit card'} on ${c.account_name} · ${statusBadge(c.status)} · Daily limit ${money(c.daily_limit)}</p>
    <iframe src="/widgets/card-controls/${c.id}" title="Card controls for card ending ${c.last4}" class="card-frame" loading="lazy"></iframe>
  </div>
</section>`,
      )}</div>`,
    });
  });

  app.get('/widgets/card-controls/:id', (ctx) => widget(ctx, findCard(ctx)));

  app.post('/widgets/card-controls/:id/status', (ctx) => {
    const card = findCard(ctx);
    const status = ctx.form.get('status') === 'frozen' ? 'frozen' : 'active';
    ctx.db.prepare('UPDATE cards SET status = ? WHERE id = ?').run(status, card.id);
    ctx.flash(
      'success',
      status === 'frozen' ? `Card ••${card.last4} frozen` : `Card ••${card.last4} unfrozen`,
    );
    return ctx.redirect(`/widgets/card-controls/${card.id}`);
  });

  app.post('/widgets/card-controls/:id/controls', (ctx) => {
    const card = findCard(ctx);
    const limit = parseDollars(ctx.form.get('daily_limit'));
    if (limit === null || limit < 5_000 || limit > 1_000_000) {
      return widget(ctx, card, 'Daily limit must be between $50.00 and $10,000.00');
    }
    if (card.kind === 'debit' && limit > 300_000)
      return widget(ctx, card, 'Debit cards allow up to $3,000.00 a day');
    ctx.db
      .prepare('UPDATE cards SET daily_limit = ?, online_enabled = ?, international_enabled = ? WHERE id = ?')
      .run(limit, ctx.form.get('online') ? 1 : 0, ctx.form.get('international') ? 1 : 0, card.id);
    ctx.flash('success', `Controls saved for ••${card.last4}`);
    return ctx.redirect(`/widgets/card-controls/${card.id}`);
  });
}
