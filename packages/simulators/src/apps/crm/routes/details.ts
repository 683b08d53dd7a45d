import {
  type AppBuilder,
  classNames,
  fieldError,
  fields,
  formatDateTime,
  formSchema,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { COMPANIES } from '../data/scenario';
import { allUsers, logActivity, ME, stagesOf, today } from '../domain';
import { day, emptyState, money, owner, statusPill, tagChip } from '../views/parts';
import { findDeal } from './pipeline';

const NewNote = formSchema({ body: fields.text({ required: true, max: 2000, label: 'Note' }) });
const NewTask = formSchema({
  title: fields.text({ required: true, max: 120, label: 'Task' }),
  due_date: fields.date({ required: true, label: 'Due date' }),
  owner_id: fields.integer({ required: true, min: 1, max: 6, label: 'Assignee' }),
});
const Outcome = formSchema({
  outcome: fields.choice(['won', 'lost'], { required: true }),
  reason: fields.text({ required: true, max: 200, label: 'Reason' }),
});

type Target = { kind: 'deal' | 'contact'; id: number };
type FormErrors = Partial<Record<string, string>>;

interface DealView {
  id: number;
  title: string;
  company_id: number | null;
  company: string | null;
  contact_id: number | null;
  contact: string | null;
  pipeline_id: number;
  pipeline: string;
  stage_id: number;
  stage: string;
  owner_id: number;
  owner: string;
  value: number;
  status: string;
  outcome_reason: string | null;
  close_date: string;
  created_at: string;
}

function notesAndTasks(ctx: RequestContext, target: Target, errors: FormErrors = {}): SafeHtml {
  const column = target.kind === 'deal' ? 'deal_id' : 'contact_id';
  const notes = ctx.db
    .prepare<[number], { id: number; body: string; author: string; created_at: string }>(
      `SELECT n.id, n.body, u.name AS author, n.created_at FROM notes n JOIN users u ON u.id = n.author_id
       WHERE n.${column} = ? ORDER BY n.created_at DESC, n.id DESC`,
    )
    .all(target.id);
  const tasks = ctx.db
    .prepare<[number], { id: number; title: string; due_date: string; done: number; owner: string }>(
      `SELECT t.id, t.title, t.due_date, t.done, u.name AS owner FROM tasks t JOIN users u ON u.id = t.owner_id
       WHERE t.${column} = ? ORDER BY t.done, t.due_date, t.id`,
    )
    .all(target.id);
  const base = `/${target.kind}s/${target.id}`;
  const todayIso = today(ctx);
  return html`<section class="panel" aria-labelledby="tasks-title">
  <h2 id="tasks-title">Tasks</h2>
  <ul class="tasks">${
    tasks.length === 0
      ? html`<li>${emptyState('No tasks yet.')}</li>`
      : tasks.map(
          (
            t,
          ) => html`<li class="${classNames('task', t.done === 1 && 'done', t.done === 0 && t.due_date < todayIso && 'overdue')}">
      <form method="post" action="/tasks/${t.id}/toggle"><input type="hidden" name="return_to" value="${base}">
      <button class="check-btn" aria-label="${t.done ? 'Reopen' : 'Complete'} task ${t.title}">${t.done ? '✓' : ''}</button></form>
      <span class="task-title">${t.title}</span><span class="muted">Due ${day(t.due_date)} · ${t.owner}</span></li>`,
        )
  }</ul>
  <form method="post" action="${base}/tasks" class="inline-form" novalidate>
    <label for="task-title">Task</label><input id="task-title" name="title">${fieldError(errors.title)}
    <label for="task-due">Due date</label><input id="task-due" name="due_date" type="date">${fieldError(errors.due_date)}
    <label for="task-owner">Assignee</label><select id="task-owner" name="owner_id">${allUsers(ctx.db).map(
      (u) => html`<option value="${u.id}" ${u.id === ME ? 'selected' : ''}>${u.name}</option>`,
    )}</select>${fieldError(errors.owner_id)}
    <button class="btn">Add task</button>
  </form>
</section>
<section class="panel" aria-labelledby="notes-title">
  <h2 id="notes-title">Notes</h2>
  <form method="post" action="${base}/notes" class="stack" novalidate>
    <label for="note-body">Note</label><textarea id="note-body" name="body" rows="3"></textarea>${fieldError(errors.body)}
    <button class="btn">Add note</button>
  </form>
  <ul class="notes">${notes.map(
    (n) =>
      html`<li class="note"><p>${n.body}</p><p class="muted">${n.author} · ${formatDateTime(n.created_at)}</p></li>`,
  )}</ul>
</section>`;
}

function activityLog(ctx: RequestContext, target: Target): SafeHtml {
  const column = target.kind === 'deal' ? 'deal_id' : 'contact_id';
  const rows = ctx.db
    .prepare<[number], { id: number; kind: string; detail: string; actor: string; created_at: string }>(
      `SELECT a.id, a.kind, a.detail, u.name AS actor, a.created_at FROM activities a JOIN users u ON u.id = a.actor_id
       WHERE a.${column} = ? ORDER BY a.created_at DESC, a.id DESC`,
    )
    .all(target.id);
  return html`<section class="panel" aria-labelledby="activity-title">
  <h2 id="activity-title">Activity</h2>
  <ol class="activity">${rows.map(
    (a) => html`<li class="activity-row kind-${a.kind}"><span class="activity-detail">${a.detail}</span>
      <span class="muted"><span class="activity-actor">${a.actor}</span> · <time datetime="${a.created_at}">${formatDateTime(a.created_at)}</time></span></li>`,
  )}</ol>
</section>`;
}

function websitePreview(companyId: number | null): SafeHtml {
  if (!companyId) return html``;
  return html`<section class="panel" aria-labelledby="site-title"><h2 id="site-title">Website preview</h2>
  <iframe class="site-frame" src="/widgets/site/${companyId}" title="Company website preview" loading="lazy"></iframe></section>`;
}

function loadDeal(ctx: RequestContext, id: number): DealView {
  const deal = ctx.db
    .prepare<[number], DealView>(
      `SELECT d.*, c.name AS company, ct.first_name || ' ' || ct.last_name AS contact, p.name AS pipeline,
         s.name AS stage, u.name AS owner FROM deals d LEFT JOIN companies c ON c.id = d.company_id
       LEFT JOIN contacts ct ON ct.id = d.contact_id JOIN pipelines p ON p.id = d.pipeline_id
       JOIN stages s ON s.id = d.stage_id JOIN users u ON u.id = d.owner_id WHERE d.id = ?`,
    )
    .get(id);
  if (!deal) throw new HttpError(404);
  return deal;
}

function outcomeModal(
  deal: DealView,
  outcome: 'won' | 'lost',
  open: boolean,
  error?: string,
  reason = '',
): SafeHtml {
  const word = outcome === 'won' ? 'won' : 'lost';
  return html`<dialog id="outcome-${outcome}" class="kit-modal" aria-labelledby="outcome-${outcome}-title" ${open ? 'data-open' : ''}>
  <form method="post" action="/deals/${deal.id}/outcome" novalidate>
    <h2 id="outcome-${outcome}-title">Mark “${deal.title}” as ${word}</h2>
    <input type="hidden" name="outcome" value="${outcome}">
    <label for="reason-${outcome}">${outcome === 'won' ? 'Why did we win?' : 'Why did we lose?'} (required)</label>
    <textarea id="reason-${outcome}" name="reason" rows="3">${reason}</textarea>${fieldError(error)}
    <div class="modal-actions"><button type="button" class="btn" data-modal-close>Cancel</button>
    <button class="${classNames('btn', outcome === 'won' ? 'primary' : 'danger')}">Mark as ${word}</button></div>
  </form>
</dialog>`;
}

function dealPage(
  ctx: RequestContext,
  id: number,
  state: { errors?: FormErrors; outcome?: { which: 'won' | 'lost'; error?: string; reason: string } } = {},
) {
  const deal = loadDeal(ctx, id);
  const stages = stagesOf(ctx.db, deal.pipeline_id);
  const asked = ctx.query.get('outcome');
  const openWhich = state.outcome?.which ?? (asked === 'won' || asked === 'lost' ? asked : undefined);
  const isOpen = deal.status === 'open';
  return ctx.render({
    title: deal.title,
    section: `pipeline:${deal.pipeline_id}`,
    status: state.errors || state.outcome ? 422 : 200,
    body: html`<div class="page-head">
  <div><p class="eyebrow"><a href="/pipeline/${deal.pipeline_id}">${deal.pipeline}</a> · Deal</p>
  <h1>${deal.title}</h1>
  <p class="deal-meta"><span class="deal-value">${money(deal.value)}</span> ${statusPill(deal.status)}
    <span class="deal-stage">${deal.stage}</span> · Close ${day(deal.close_date)} · ${owner(deal.owner, deal.owner_id)}</p>
  ${deal.outcome_reason && html`<p class="outcome">Reason: <span class="outcome-reason">${deal.outcome_reason}</span></p>`}</div>
  ${
    isOpen &&
    html`<div class="actions">
    <button type="button" class="btn primary" data-modal-open="outcome-won">Won</button>
    <button type="button" class="btn danger" data-modal-open="outcome-lost">Lost</button></div>`
  }
</div>
${
  isOpen &&
  html`<ol class="stage-bar" aria-label="Stages">${stages.map(
    (
      s,
    ) => html`<li class="${classNames(s.id === deal.stage_id && 'current', s.position < (stages.find((x) => x.id === deal.stage_id)?.position ?? 0) && 'passed')}">
    <form method="post" action="/deals/${deal.id}/stage"><input type="hidden" name="return_to" value="/deals/${deal.id}">
    <button name="stage_id" value="${s.id}" ${s.id === deal.stage_id ? html`aria-current="step"` : ''}>${s.name}</button></form></li>`,
  )}</ol>`
}
<div class="detail-grid">
<div class="main-col">${notesAndTasks(ctx, { kind: 'deal', id: deal.id }, state.errors)}${activityLog(ctx, { kind: 'deal', id: deal.id })}</div>
<aside class="side-col">
  <section class="panel"><h2>Details</h2><dl class="facts">
    <dt>Company</dt><dd>${deal.company_id ? html`<a href="/companies/${deal.company_id}">${deal.company}</a>` : '—'}</dd>
    <dt>Contact</dt><dd>${deal.contact_id ? html`<a href="/contacts/${deal.contact_id}">${deal.contact}</a>` : '—'}</dd>
    <dt>Pipeline</dt><dd>${deal.pipeline}</dd><dt>Expected close</dt><dd>${deal.close_date}</dd>
  </dl></section>
  ${websitePreview(deal.company_id)}
</aside>
</div>
${isOpen && outcomeModal(deal, 'won', openWhich === 'won', state.outcome?.which === 'won' ? state.outcome.error : undefined, state.outcome?.which === 'won' ? state.outcome.reason : '')}
${isOpen && outcomeModal(deal, 'lost', openWhich === 'lost', state.outcome?.which === 'lost' ? state.outcome.error : undefined, state.outcome?.which === 'lost' ? state.outcome.reason : '')}`,
  });
}

interface ContactView {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  title: string;
  company_id: number | null;
  company: string | null;
  owner_id: number;
  owner: string;
}

function contactPage(ctx: RequestContext, id: number, errors?: FormErrors) {
  const contact = ctx.db
    .prepare<[number], ContactView>(
      `SELECT ct.*, c.name AS company, u.name AS owner FROM contacts ct LEFT JOIN companies c ON c.id = ct.company_id
       JOIN users u ON u.id = ct.owner_id WHERE ct.id = ?`,
    )
    .get(id);
  if (!contact) throw new HttpError(404);
  const tags = ctx.db
    .prepare<[number], { name: string; color: string }>(
      'SELECT t.name, t.color FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.contact_id = ? ORDER BY t.name',
    )
    .all(id);
  const deals = ctx.db
    .prepare<[number], { id: number; title: string; value: number; status: string }>(
      'SELECT id, title, value, status FROM deals WHERE contact_id = ? ORDER BY id',
    )
    .all(id);
  const name = `${contact.first_name} ${contact.last_name}`;
  return ctx.render({
    title: name,
    section: 'contacts',
    status: errors ? 422 : 200,
    body: html`<div class="page-head"><div><p class="eyebrow"><a href="/contacts">Contacts</a></p><h1>${name}</h1>
  <p class="muted">${contact.title}${contact.company && html` at <a href="/companies/${contact.company_id}">${contact.company}</a>`}</p>
  <p>${tags.map((t) => tagChip(t.name, t.color))}</p></div></div>
<div class="detail-grid">
<div class="main-col">${notesAndTasks(ctx, { kind: 'contact', id }, errors)}${activityLog(ctx, { kind: 'contact', id })}</div>
<aside class="side-col"><section class="panel"><h2>Details</h2><dl class="facts">
  <dt>Email</dt><dd>${contact.email}</dd><dt>Phone</dt><dd>${contact.phone}</dd><dt>Owner</dt><dd>${owner(contact.owner, contact.owner_id)}</dd>
</dl></section>
<section class="panel"><h2>Deals</h2><ul class="plain">${deals.map(
      (d) =>
        html`<li><a href="/deals/${d.id}">${d.title}</a> · ${money(d.value)} ${statusPill(d.status)}</li>`,
    )}</ul></section>
${websitePreview(contact.company_id)}</aside></div>`,
  });
}

function companyPage(ctx: RequestContext) {
  const company = ctx.db
    .prepare<
      [number],
      Record<string, string | number> & { id: number; owner_id: number; owner: string; name: string }
    >('SELECT c.*, u.name AS owner FROM companies c JOIN users u ON u.id = c.owner_id WHERE c.id = ?')
    .get(Number(ctx.params.id) || 0);
  if (!company) throw new HttpError(404);
  const contacts = ctx.db
    .prepare<[number], { id: number; name: string; title: string }>(
      "SELECT id, first_name || ' ' || last_name AS name, title FROM contacts WHERE company_id = ? ORDER BY last_name",
    )
    .all(company.id);
  const deals = ctx.db
    .prepare<[number], { id: number; title: string; value: number; status: string }>(
      'SELECT id, title, value, status FROM deals WHERE company_id = ? ORDER BY id',
    )
    .all(company.id);
  return ctx.render({
    title: company.name,
    section: 'companies',
    body: html`<div class="page-head"><div><p class="eyebrow"><a href="/companies">Companies</a></p><h1>${company.name}</h1>
  <p class="muted">${company.industry} · ${company.city} · ${company.domain}</p></div></div>
<div class="detail-grid"><div class="main-col">
<section class="panel"><h2>About</h2><p>${company.about}</p><dl class="facts"><dt>Phone</dt><dd>${company.phone}</dd>
<dt>Employees</dt><dd>${company.employees}</dd><dt>Owner</dt><dd>${owner(company.owner, company.owner_id)}</dd></dl></section>
<section class="panel"><h2>Contacts</h2><ul class="plain">${contacts.map((c) => html`<li><a href="/contacts/${c.id}">${c.name}</a> · ${c.title}</li>`)}</ul></section>
<section class="panel"><h2>Deals</h2><ul class="plain">${deals.map((d) => html`<li><a href="/deals/${d.id}">${d.title}</a> · ${money(d.value)} ${statusPill(d.status)}</li>`)}</ul></section>
</div><aside class="side-col">${websitePreview(company.id)}</aside></div>`,
  });
}

/** A snapshot of the company's public website, rendered inside the CRM's preview iframe. */
function siteWidget(ctx: RequestContext) {
  const company = ctx.db
    .prepare<
      [number],
      { id: number; name: string; domain: string; city: string; about: string; phone: string }
    >('SELECT id, name, domain, city, about, phone FROM companies WHERE id = ?')
    .get(Number(ctx.params.id) || 0);
  if (!company) throw new HttpError(404);
  const seeded = COMPANIES.find((c) => c.name === company.name)?.site;
  const site = seeded ?? {
    tagline: company.about,
    facts: [`Based in ${company.city}`],
    phones: [['Contact us', company.phone]] as [string, string][],
  };
  return ctx.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${company.domain}</title>
<style>body{font:14px/1.5 Georgia,serif;margin:0;color:#222;background:#fbfaf7}header{background:#1f2937;color:#fff;padding:14px 18px}
header b{font-size:18px}main{padding:14px 18px}ul{padding-left:18px}.phones{border-top:1px solid #ddd;margin-top:10px;padding-top:8px}
.phones p{margin:4px 0}a{color:#0f766e}</style></head>
<body><header><b>${company.name}</b><div>${company.domain}</div></header>
<main><p class="tagline"><em>${site.tagline}</em></p><ul>${site.facts.map((f) => html`<li>${f}</li>`)}</ul>
<div class="phones"><strong>Contact</strong>${site.phones.map(([label, number]) => html`<p>${label}: <span class="phone">${number}</span></p>`)}</div>
<p><a href="/widgets/site/${company.id}?page=careers">Careers</a> · <a href="/widgets/site/${company.id}">Home</a></p>
${ctx.query.get('page') === 'careers' && html`<p class="careers">We are hiring in ${company.city}.</p>`}</main></body></html>`);
}

export function detailRoutes(app: AppBuilder): void {
  app.get('/deals/:id', (ctx) => dealPage(ctx, findDeal(ctx).id));
  app.get('/contacts/:id', (ctx) => contactPage(ctx, Number(ctx.params.id) || 0));
  app.get('/companies/:id', (ctx) => companyPage(ctx));
  app.get('/widgets/site/:id', (ctx) => siteWidget(ctx));

  app.post('/deals/:id/outcome', (ctx) => {
    const deal = findDeal(ctx);
    if (deal.status !== 'open')
      return ctx.redirect(`/deals/${deal.id}`, { kind: 'error', message: 'This deal is already closed.' });
    const result = Outcome.parse(ctx.form);
    if (!result.ok) {
      const which = ctx.form.get('outcome') === 'won' ? 'won' : 'lost';
      return dealPage(ctx, deal.id, {
        outcome: {
          which,
          error: result.errors.reason ?? result.errors.outcome,
          reason: ctx.form.get('reason') ?? '',
        },
      });
    }
    const { outcome, reason } = result.data;
    ctx.db
      .prepare('UPDATE deals SET status = ?, outcome_reason = ?, updated_at = ? WHERE id = ?')
      .run(outcome, reason, ctx.now().toISOString(), deal.id);
    logActivity(ctx, { deal: deal.id }, outcome, `Marked ${outcome}: ${reason}`);
    return ctx.redirect(`/deals/${deal.id}`, {
      kind: outcome === 'won' ? 'success' : 'info',
      message: `“${deal.title}” marked as ${outcome}`,
    });
  });

  for (const kind of ['deal', 'contact'] as const) {
    const exists = (ctx: RequestContext) => {
      const id = Number(ctx.params.id) || 0;
      if (!ctx.db.prepare(`SELECT 1 FROM ${kind}s WHERE id = ?`).get(id)) throw new HttpError(404);
      return id;
    };
    const rerender = (ctx: RequestContext, id: number, errors: FormErrors) =>
      kind === 'deal' ? dealPage(ctx, id, { errors }) : contactPage(ctx, id, errors);

    app.post(`/${kind}s/:id/notes`, (ctx) => {
      const id = exists(ctx);
      const result = NewNote.parse(ctx.form);
      if (!result.ok) return rerender(ctx, id, result.errors);
      ctx.db
        .prepare(`INSERT INTO notes (${kind}_id, author_id, body, created_at) VALUES (?, ?, ?, ?)`)
        .run(id, ME, result.data.body, ctx.now().toISOString());
      logActivity(ctx, { [kind]: id }, 'note', 'Note added');
      return ctx.redirect(`/${kind}s/${id}`, { kind: 'success', message: 'Note added' });
    });

    app.post(`/${kind}s/:id/tasks`, (ctx) => {
      const id = exists(ctx);
      const result = NewTask.parse(ctx.form);
      if (!result.ok) return rerender(ctx, id, result.errors);
      ctx.db
        .prepare(
          `INSERT INTO tasks (${kind}_id, owner_id, title, due_date, done, created_at) VALUES (?, ?, ?, ?, 0, ?)`,
        )
        .run(id, result.data.owner_id, result.data.title, result.data.due_date, ctx.now().toISOString());
      logActivity(ctx, { [kind]: id }, 'task', `Task added: ${result.data.title}`);
      return ctx.redirect(`/${kind}s/${id}`, {
        kind: 'success',
        message: `Task “${result.data.title}” added`,
      });
    });
  }

  app.post('/tasks/:id/toggle', (ctx) => {
    const task = ctx.db
      .prepare<
        [number],
        { id: number; title: string; done: number; deal_id: number | null; contact_id: number | null }
      >('SELECT * FROM tasks WHERE id = ?')
      .get(Number(ctx.params.id) || 0);
    if (!task) throw new HttpError(404);
    const done = task.done ? 0 : 1;
    ctx.db.prepare('UPDATE tasks SET done = ? WHERE id = ?').run(done, task.id);
    logActivity(
      ctx,
      { deal: task.deal_id ?? undefined, contact: task.contact_id ?? undefined },
      'task',
      `Task ${done ? 'completed' : 'reopened'}: ${task.title}`,
    );
    const back = ctx.localPath(
      ctx.form.get('return_to'),
      task.deal_id ? `/deals/${task.deal_id}` : `/contacts/${task.contact_id}`,
    );
    return ctx.redirect(back, {
      kind: 'success',
      message: done ? `Completed “${task.title}”` : `Reopened “${task.title}”`,
    });
  });
}
