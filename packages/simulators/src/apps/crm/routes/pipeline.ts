import { type AppBuilder, classNames, HttpError, html, type RequestContext } from '../../../kit';
import { allUsers, logActivity, stagesOf, stageTotals, today } from '../domain';
import { avatar, day, money } from '../views/parts';

interface BoardDeal {
  id: number;
  title: string;
  company: string | null;
  value: number;
  stage_id: number;
  owner_id: number;
  owner: string;
  close_date: string;
}

export interface DealRow {
  id: number;
  title: string;
  pipeline_id: number;
  stage_id: number;
  status: string;
  owner_id: number;
}

export function findDeal(ctx: RequestContext, id = ctx.params.id): DealRow {
  const deal = ctx.db.prepare<[number], DealRow>('SELECT * FROM deals WHERE id = ?').get(Number(id) || 0);
  if (!deal) throw new HttpError(404);
  return deal;
}

function card(deal: BoardDeal, stages: { id: number; name: string }[], back: string, todayIso: string) {
  const menu = `deal-menu-${deal.id}`;
  const overdue = deal.close_date < todayIso;
  return html`<article class="deal-card" draggable="true" data-deal="${deal.id}" aria-label="${deal.title}">
  <div class="card-actions">
    <button type="button" class="icon-btn" data-menu-toggle="${menu}" aria-expanded="false" aria-label="Actions for ${deal.title}">⋯</button>
    <div id="${menu}" class="menu" hidden>
      <div class="menu-header">Move to…</div>
      <form method="post" action="/deals/${deal.id}/stage"><input type="hidden" name="return_to" value="${back}">
      ${stages.filter((s) => s.id !== deal.stage_id).map((s) => html`<button class="menu-item" name="stage_id" value="${s.id}">${s.name}</button>`)}
      </form>
      <div class="menu-sep"></div>
      <a class="menu-item" href="/deals/${deal.id}?outcome=won">Mark won…</a>
      <a class="menu-item" href="/deals/${deal.id}?outcome=lost">Mark lost…</a>
    </div>
  </div>
  <a class="card-title" href="/deals/${deal.id}">${deal.title}</a>
  <p class="card-company">${deal.company ?? 'No company'}</p>
  <div class="card-foot"><span class="card-value">${money(deal.value)}</span>
    <span class="${classNames('card-date', overdue && 'overdue')}" title="Expected close">${day(deal.close_date)}</span>
    <span title="${deal.owner}">${avatar(deal.owner, deal.owner_id)}<span class="sr-only">${deal.owner}</span></span></div>
</article>`;
}

function boardPage(ctx: RequestContext) {
  const pipeline = ctx.db
    .prepare<[number], { id: number; name: string }>('SELECT * FROM pipelines WHERE id = ?')
    .get(Number(ctx.params.id) || 0);
  if (!pipeline) throw new HttpError(404);
  const ownerFilter = Number(ctx.query.get('owner')) || 0;
  const stages = stagesOf(ctx.db, pipeline.id);
  const totals = stageTotals(ctx.db, pipeline.id, ownerFilter);
  const deals = ctx.db
    .prepare<[number, number, number], BoardDeal>(
      `SELECT d.id, d.title, c.name AS company, d.value, d.stage_id, d.owner_id, u.name AS owner, d.close_date
       FROM deals d LEFT JOIN companies c ON c.id = d.company_id JOIN users u ON u.id = d.owner_id
       WHERE d.pipeline_id = ? AND d.status = 'open' AND (? = 0 OR d.owner_id = ?) ORDER BY d.close_date, d.id`,
    )
    .all(pipeline.id, ownerFilter, ownerFilter);
  const back = ctx.link(`/pipeline/${pipeline.id}`, { owner: ownerFilter || '' });
  const todayIso = today(ctx);
  const all = [...totals.values()].reduce((sum, t) => sum + t.total, 0);
  return ctx.render({
    title: `${pipeline.name} pipeline`,
    section: `pipeline:${pipeline.id}`,
    body: html`<div class="page-head">
  <div><p class="eyebrow">Pipeline</p><h1>${pipeline.name}</h1>
  <p class="muted">${deals.length} open deals · <span class="pipeline-total">${money(all)}</span> total</p></div>
  <form method="get" action="/pipeline/${pipeline.id}" class="filters">
    <label>Owner <select name="owner" aria-label="Owner" data-autosubmit><option value="">Everyone</option>${allUsers(
      ctx.db,
    ).map(
      (u) => html`<option value="${u.id}" ${ownerFilter === u.id ? 'selected' : ''}>${u.name}</option>`,
    )}</select></label>
  </form>
</div>
<p class="muted hint">Drag a card to another column to change its stage, or use its ⋯ menu.</p>
<div class="board" data-pipeline="${pipeline.id}">
${stages.map((s) => {
  const t = totals.get(s.id);
  const cards = deals.filter((d) => d.stage_id === s.id);
  return html`<section class="stage" data-stage="${s.id}" aria-label="${s.name}">
  <header class="stage-head"><h2>${s.name}</h2>
    <p><span class="stage-count">${t?.count ?? 0} deals</span> · <span class="stage-total">${money(t?.total ?? 0)}</span></p>
    <span class="prob">${s.probability}%</span></header>
  <div class="stage-cards">${cards.length === 0 ? html`<p class="empty">No deals</p>` : cards.map((c) => card(c, stages, back, todayIso))}</div>
</section>`;
})}
</div>
<form id="board-move" method="post" hidden><input type="hidden" name="return_to" value="${back}"><input type="hidden" name="stage_id"></form>`,
  });
}

export function pipelineRoutes(app: AppBuilder): void {
  app.get('/pipeline/:id', (ctx) => boardPage(ctx));

  app.post('/deals/:id/stage', (ctx) => {
    const deal = findDeal(ctx);
    const back = ctx.localPath(ctx.form.get('return_to'), `/deals/${deal.id}`);
    const stage = ctx.db
      .prepare<[number], { id: number; pipeline_id: number; name: string }>(
        'SELECT * FROM stages WHERE id = ?',
      )
      .get(Number(ctx.form.get('stage_id')) || 0);
    if (!stage || stage.pipeline_id !== deal.pipeline_id)
      return ctx.redirect(back, { kind: 'error', message: 'Choose a stage of this deal’s pipeline.' });
    if (deal.status !== 'open')
      return ctx.redirect(back, {
        kind: 'error',
        message: `“${deal.title}” is closed; reopen it to move it.`,
      });
    if (stage.id === deal.stage_id) return ctx.redirect(back);
    const from = ctx.db
      .prepare<[number], { name: string }>('SELECT name FROM stages WHERE id = ?')
      .get(deal.stage_id);
    const now = ctx.now().toISOString();
    ctx.db.prepare('UPDATE deals SET stage_id = ?, updated_at = ? WHERE id = ?').run(stage.id, now, deal.id);
    logActivity(ctx, { deal: deal.id }, 'stage', `Stage changed from ${from?.name} to ${stage.name}`);
    return ctx.redirect(back, { kind: 'success', message: `Moved “${deal.title}” to ${stage.name}` });
  });
}
