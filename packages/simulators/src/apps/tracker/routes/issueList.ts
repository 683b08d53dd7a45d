import {
  type AppBuilder,
  fieldError,
  fields,
  formatDate,
  formatRelative,
  formSchema,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import {
  CURRENT_MEMBER_ID,
  canonicalQuery,
  filterSql,
  ISSUE_TYPES,
  type IssueFilters,
  isOpen,
  PAGE_SIZE,
  PRIORITIES,
  parseIssueKey,
  readFilters,
  readSort,
  SORTS,
  STATUSES,
} from '../domain';
import {
  allMembers,
  allProjects,
  ISSUE_VIEW_SELECT,
  type IssueView,
  issueByKey,
  parseLabels,
} from '../queries';
import { emptyState, labelChip, pager, person, priorityTag, statusBadge, typeTag } from '../views/parts';

const SavedView = formSchema({ name: fields.text({ required: true, max: 60, label: 'View name' }) });

interface SavedViewRow {
  id: number;
  name: string;
  query: string;
}

function select(
  name: string,
  label: string,
  value: string | undefined,
  options: [string, string][],
  all: string,
): SafeHtml {
  return html`<label class="filter"><span class="sr-only">${label}</span>
<select name="${name}" aria-label="${label}" data-autosubmit class="${value && name !== 'sort' ? 'has-value' : ''}">
  <option value="">${all}</option>
  ${options.map(([v, text]) => html`<option value="${v}" ${value === v ? 'selected' : ''}>${text}</option>`)}
</select></label>`;
}

function dueCell(issue: IssueView, today: string): SafeHtml {
  if (!issue.due_date) return html`<span class="muted">—</span>`;
  const overdue = isOpen(issue.status) && issue.due_date < today;
  return html`<span class="${overdue ? 'due overdue' : 'due'}">${formatDate(`${issue.due_date}T12:00:00Z`)}${overdue && html` <span class="overdue-tag">Overdue</span>`}</span>`;
}

export function issueRow(issue: IssueView, ctx: RequestContext): SafeHtml {
  const today = ctx.now().toISOString().slice(0, 10);
  return html`<tr>
  <td class="key-cell"><a href="/issues/${issue.key}" class="issue-key">${issue.key}</a></td>
  <td class="title-cell"><a href="/issues/${issue.key}" class="issue-title">${issue.title}</a>
    <span class="row-labels">${typeTag(issue.type)}${parseLabels(issue.labels).map((l) => labelChip(l.name, l.color))}</span></td>
  <td>${statusBadge(issue.status)}</td>
  <td>${priorityTag(issue.priority)}</td>
  <td>${person(issue.assignee, issue.assignee_id)}</td>
  <td class="num">${issue.estimate ?? html`<span class="muted">—</span>`}</td>
  <td>${dueCell(issue, today)}</td>
  <td class="muted nowrap" title="${formatDate(issue.updated_at)}">${formatRelative(issue.updated_at, ctx.now())}</td>
</tr>`;
}

export function issueTable(rows: IssueView[], ctx: RequestContext): SafeHtml {
  return html`<table class="issues-table">
<thead><tr><th scope="col">Key</th><th scope="col">Title</th><th scope="col">Status</th><th scope="col">Priority</th><th scope="col">Assignee</th><th scope="col" class="num">Points</th><th scope="col">Due</th><th scope="col">Updated</th></tr></thead>
<tbody>${rows.map((r) => issueRow(r, ctx))}</tbody></table>`;
}

function listPage(ctx: RequestContext, dialog?: { values: { name: string }; errors: { name?: string } }) {
  const filters = readFilters(ctx.query);
  const sort = readSort(ctx.query.get('sort'));
  const page = Math.max(1, Number.parseInt(ctx.query.get('page') ?? '1', 10) || 1);
  const viewId = Number(ctx.query.get('view')) || 0;
  const view = viewId
    ? ctx.db
        .prepare<[number], SavedViewRow>(
          'SELECT id, name, query FROM saved_views WHERE id = ? AND owner_id = 1',
        )
        .get(viewId)
    : undefined;
  const { where, args } = filterSql(filters, CURRENT_MEMBER_ID);
  const total =
    ctx.db
      .prepare<(string | number)[], { n: number }>(
        `SELECT count(*) AS n FROM issues i JOIN projects p ON p.id = i.project_id WHERE ${where}`,
      )
      .get(...args)?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const rows = ctx.db
    .prepare<(string | number)[], IssueView>(
      `${ISSUE_VIEW_SELECT} WHERE ${where} ORDER BY ${SORTS[sort].sql} LIMIT ${PAGE_SIZE} OFFSET ${(Math.min(page, pages) - 1) * PAGE_SIZE}`,
    )
    .all(...args);
  const members = allMembers(ctx.db);
  const projects = allProjects(ctx.db);
  const sprints = ctx.db
    .prepare<[], { id: number; name: string; state: string; key: string }>(
      'SELECT s.id, s.name, s.state, p.key FROM sprints s JOIN projects p ON p.id = s.project_id ORDER BY p.id, s.starts_on DESC',
    )
    .all();
  const labels = ctx.db.prepare<[], { name: string }>('SELECT name FROM labels ORDER BY name').all();
  const link = (extra: Record<string, string | number>) =>
    ctx.link('/issues', {
      ...filters,
      sort: sort === 'updated' ? '' : sort,
      view: view ? view.id : '',
      ...extra,
    });
  const mine = filters.assignee === 'me' && filters.status === 'open' && Object.keys(filters).length === 2;
  const heading = view ? view.name : mine ? 'My issues' : 'All issues';
  const hasFilters = Object.keys(filters).length > 0;
  const form = dialog ?? { values: { name: '' }, errors: {} };
  return ctx.render({
    title: heading,
    section: view ? `view:${view.id}` : mine ? 'mine' : 'issues',
    status: dialog ? 422 : 200,
    body: html`
<div class="page-header">
  <div><h1>${heading}</h1><p class="muted">${view ? html`Saved view · ` : ''}${total} ${total === 1 ? 'issue' : 'issues'}</p></div>
  <div class="header-actions">
    ${view && html`<form method="post" action="/views/${view.id}/delete" data-confirm="Delete the saved view &quot;${view.name}&quot;? The issues themselves are not affected." data-confirm-label="Delete view"><button class="button danger-ghost">Delete view</button></form>`}
    ${hasFilters && !view && html`<button type="button" class="button" data-modal-open="save-view">Save view</button>`}
  </div>
</div>
<form class="filters" method="get" action="/issues">
  <div class="search-field"><input type="search" name="q" value="${filters.q ?? ''}" placeholder="Filter by text" aria-label="Filter by text"></div>
  ${select(
    'project',
    'Project',
    filters.project,
    projects.map((p) => [p.key, `${p.name} (${p.key})`]),
    'All projects',
  )}
  ${select('status', 'Status', filters.status, [['open', 'Open (not done)'], ...Object.entries(STATUSES)], 'Any status')}
  ${select('type', 'Type', filters.type, Object.entries(ISSUE_TYPES), 'Any type')}
  ${select('priority', 'Priority', filters.priority, Object.entries(PRIORITIES), 'Any priority')}
  ${select('assignee', 'Assignee', filters.assignee, [['me', 'Me'], ['none', 'Unassigned'], ...members.map((m): [string, string] => [String(m.id), m.name])], 'Anyone')}
  ${select(
    'label',
    'Label',
    filters.label,
    labels.map((l): [string, string] => [l.name, l.name]),
    'Any label',
  )}
  ${select('sprint', 'Sprint', filters.sprint, [['active', 'Current sprints'], ['none', 'No sprint'], ...sprints.map((s): [string, string] => [String(s.id), `${s.key} · ${s.name}${s.state === 'active' ? ' (current)' : s.state === 'planned' ? ' (planned)' : ''}`])], 'Any sprint')}
  ${select(
    'sort',
    'Sort by',
    sort,
    Object.entries(SORTS).map(([k, v]): [string, string] => [k, `Sort: ${v.label}`]),
    'Sort: Last updated',
  )}
  ${view && html`<input type="hidden" name="view" value="${view.id}">`}
  <button class="button">Apply</button>
  ${hasFilters && html`<a class="button ghost" href="/issues">Clear filters</a>`}
</form>
${rows.length === 0 ? emptyState('No issues match these filters', 'Try removing a filter or searching for something else.') : issueTable(rows, ctx)}
${pager({ page: Math.min(page, pages), pages, total, shown: rows.length, pageSize: PAGE_SIZE, link: (p) => link({ page: p }), noun: 'issues' })}
<dialog id="save-view" class="kit-modal" ${dialog ? 'data-open' : ''} aria-labelledby="save-view-title"><div class="kit-modal-body">
  <h2 id="save-view-title">Save view</h2>
  <p class="muted">Saved views appear in the sidebar and keep these filters: <code>${canonicalQuery(filters) || 'none'}</code></p>
  <form method="post" action="/views" class="stack" novalidate>
    ${Object.entries(filters).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
    <label for="view-name">View name</label><input id="view-name" name="name" value="${form.values.name}" maxlength="60">${fieldError(form.errors.name)}
    <div class="modal-actions"><button type="button" class="button" data-modal-close>Cancel</button><button class="button primary">Save view</button></div>
  </form>
</div></dialog>`,
  });
}

export function issueListRoutes(app: AppBuilder): void {
  app.get('/issues', (ctx) => {
    const q = (ctx.query.get('q') ?? '').trim();
    // Typing a key in the search box jumps straight to the issue, as in every tracker.
    if (q && parseIssueKey(q) && ctx.query.size === 1) {
      const issue = issueByKey(ctx.db, q);
      if (issue) return ctx.redirect(`/issues/${issue.key}`);
    }
    return listPage(ctx);
  });

  app.post('/views', (ctx) => {
    const filters: IssueFilters = readFilters(ctx.form);
    const result = SavedView.parse(ctx.form);
    const query = canonicalQuery(filters);
    const listCtx = () => {
      for (const [k, v] of Object.entries(filters)) ctx.query.set(k, v);
    };
    if (!result.ok) {
      listCtx();
      return listPage(ctx, { values: { name: result.values.name }, errors: result.errors });
    }
    const taken = ctx.db
      .prepare<[string], { id: number }>(
        'SELECT id FROM saved_views WHERE owner_id = 1 AND lower(name) = lower(?)',
      )
      .get(result.data.name);
    if (taken) {
      listCtx();
      return listPage(ctx, {
        values: { name: result.data.name },
        errors: { name: 'You already have a view with this name' },
      });
    }
    if (!query) throw new HttpError(400);
    const { lastInsertRowid } = ctx.db
      .prepare('INSERT INTO saved_views (owner_id, name, query, created_at) VALUES (?, ?, ?, ?)')
      .run(CURRENT_MEMBER_ID, result.data.name, query, ctx.now().toISOString());
    return ctx.redirect(`/issues?${query}&view=${lastInsertRowid}`, {
      kind: 'success',
      message: `View "${result.data.name}" saved`,
    });
  });

  app.post('/views/:id/delete', (ctx) => {
    const view = ctx.db
      .prepare<[string], SavedViewRow>(
        'SELECT id, name, query FROM saved_views WHERE id = ? AND owner_id = 1',
      )
      .get(ctx.params.id ?? '');
    if (!view) throw new HttpError(404);
    ctx.db.prepare('DELETE FROM saved_views WHERE id = ?').run(view.id);
    return ctx.redirect('/issues', { kind: 'success', message: `View "${view.name}" deleted` });
  });
}
