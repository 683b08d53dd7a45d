import {
  type AppBuilder,
  type HtmlValue,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import {
  allStages,
  allTags,
  allUsers,
  BULK_ACTIONS,
  canonicalQuery,
  describeValue,
  EDITABLE,
  type Entity,
  logActivity,
  monthRange,
  PAGE_SIZE,
  today,
} from '../domain';
import { emptyState, money, owner, statusPill, tagChip } from '../views/parts';

type Row = Record<string, string | number | null>;

interface Column {
  key: string;
  label: string;
  /** SQL to sort by; unsortable when absent. */
  sort?: string;
  cell(row: Row): HtmlValue;
}

interface Listing {
  title: string;
  singular: string;
  from: string;
  search: string[];
  columns: Column[];
  defaultSort: string;
}

const link = (href: string, text: HtmlValue) => html`<a href="${href}">${text}</a>`;

const LISTINGS: Record<Entity, Listing> = {
  deals: {
    title: 'Deals',
    singular: 'deal',
    from: `FROM deals d LEFT JOIN companies c ON c.id = d.company_id JOIN users u ON u.id = d.owner_id
      JOIN stages s ON s.id = d.stage_id JOIN pipelines p ON p.id = d.pipeline_id`,
    search: ['d.title', 'c.name'],
    defaultSort: 'close_date',
    columns: [
      { key: 'title', label: 'Deal', sort: 'd.title', cell: (r) => link(`/deals/${r.id}`, String(r.title)) },
      { key: 'company', label: 'Company', sort: 'c.name', cell: (r) => r.company ?? '—' },
      {
        key: 'stage',
        label: 'Stage',
        sort: 'p.id, s.position',
        cell: (r) => html`${r.pipeline} · ${r.stage}`,
      },
      { key: 'value', label: 'Value', sort: 'd.value', cell: (r) => money(Number(r.value)) },
      { key: 'close_date', label: 'Close date', sort: 'd.close_date', cell: (r) => String(r.close_date) },
      { key: 'status', label: 'Status', sort: 'd.status', cell: (r) => statusPill(String(r.status)) },
      {
        key: 'owner',
        label: 'Owner',
        sort: 'u.name',
        cell: (r) => owner(String(r.owner), Number(r.owner_id)),
      },
    ],
  },
  contacts: {
    title: 'Contacts',
    singular: 'contact',
    from: 'FROM contacts d LEFT JOIN companies c ON c.id = d.company_id JOIN users u ON u.id = d.owner_id',
    search: ["d.first_name || ' ' || d.last_name", 'd.email', 'c.name'],
    defaultSort: 'name',
    columns: [
      {
        key: 'name',
        label: 'Name',
        sort: 'd.last_name, d.first_name',
        cell: (r) => link(`/contacts/${r.id}`, `${r.first_name} ${r.last_name}`),
      },
      { key: 'email', label: 'Email', sort: 'd.email', cell: (r) => String(r.email) },
      { key: 'phone', label: 'Phone', cell: (r) => String(r.phone) },
      { key: 'title', label: 'Job title', sort: 'd.title', cell: (r) => String(r.title) },
      {
        key: 'company',
        label: 'Company',
        sort: 'c.name',
        cell: (r) => (r.company_id ? link(`/companies/${r.company_id}`, String(r.company)) : '—'),
      },
      {
        key: 'tags',
        label: 'Tags',
        cell: (r) =>
          String(r.tags ?? '')
            .split('|')
            .filter(Boolean)
            .map((t) => {
              const [name, color] = t.split('~');
              return tagChip(name ?? '', color ?? '#666');
            }),
      },
      {
        key: 'owner',
        label: 'Owner',
        sort: 'u.name',
        cell: (r) => owner(String(r.owner), Number(r.owner_id)),
      },
    ],
  },
  companies: {
    title: 'Companies',
    singular: 'company',
    from: 'FROM companies d JOIN users u ON u.id = d.owner_id',
    search: ['d.name', 'd.domain'],
    defaultSort: 'name',
    columns: [
      { key: 'name', label: 'Name', sort: 'd.name', cell: (r) => link(`/companies/${r.id}`, String(r.name)) },
      { key: 'industry', label: 'Industry', sort: 'd.industry', cell: (r) => String(r.industry) },
      { key: 'city', label: 'City', sort: 'd.city', cell: (r) => String(r.city) },
      { key: 'phone', label: 'Phone', cell: (r) => String(r.phone) },
      { key: 'employees', label: 'Employees', sort: 'd.employees', cell: (r) => String(r.employees) },
      {
        key: 'owner',
        label: 'Owner',
        sort: 'u.name',
        cell: (r) => owner(String(r.owner), Number(r.owner_id)),
      },
    ],
  },
};

const SELECTS: Record<Entity, string> = {
  deals: 'd.*, c.name AS company, u.name AS owner, s.name AS stage, p.name AS pipeline',
  contacts: `d.*, c.name AS company, u.name AS owner, (SELECT group_concat(t.name || '~' || t.color, '|') FROM contact_tags ct
    JOIN tags t ON t.id = ct.tag_id WHERE ct.contact_id = d.id) AS tags`,
  companies: 'd.*, u.name AS owner',
};

/** The WHERE clause of a listing's filters. */
export function listingWhere(
  entity: Entity,
  query: URLSearchParams,
  todayIso: string,
): { where: string; args: (string | number)[] } {
  const parts: string[] = ['1 = 1'];
  const args: (string | number)[] = [];
  const q = query.get('q')?.trim();
  if (q) {
    parts.push(`(${LISTINGS[entity].search.map((c) => `${c} LIKE ?`).join(' OR ')})`);
    for (const _ of LISTINGS[entity].search) args.push(`%${q}%`);
  }
  const ownerId = Number(query.get('owner')) || 0;
  if (ownerId) {
    parts.push('d.owner_id = ?');
    args.push(ownerId);
  }
  if (entity === 'deals') {
    const pipeline = Number(query.get('pipeline')) || 0;
    if (pipeline) {
      parts.push('d.pipeline_id = ?');
      args.push(pipeline);
    }
    const stage = Number(query.get('stage')) || 0;
    if (stage) {
      parts.push('d.stage_id = ?');
      args.push(stage);
    }
    const status = query.get('status');
    if (status === 'open' || status === 'won' || status === 'lost') {
      parts.push('d.status = ?');
      args.push(status);
    }
    const closing = query.get('closing');
    if (closing === 'overdue') {
      parts.push("d.close_date < ? AND d.status = 'open'");
      args.push(todayIso);
    } else if (closing === 'this_month' || closing === 'next_month') {
      const [from, to] = monthRange(todayIso, closing === 'this_month' ? 0 : 1);
      parts.push('d.close_date BETWEEN ? AND ?');
      args.push(from, to);
    }
  }
  if (entity === 'contacts') {
    const tag = Number(query.get('tag')) || 0;
    if (tag) {
      parts.push('EXISTS (SELECT 1 FROM contact_tags ct WHERE ct.contact_id = d.id AND ct.tag_id = ?)');
      args.push(tag);
    }
  }
  if (entity === 'companies') {
    const industry = query.get('industry');
    if (industry) {
      parts.push('d.industry = ?');
      args.push(industry);
    }
  }
  return { where: parts.join(' AND '), args };
}

function sortSql(entity: Entity, sort: string): { key: string; desc: boolean; sql: string } {
  const listing = LISTINGS[entity];
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const column =
    listing.columns.find((c) => c.key === key && c.sort) ??
    listing.columns.find((c) => c.key === listing.defaultSort);
  const dir = desc ? 'DESC' : 'ASC';
  const sql = (column?.sort ?? 'd.id')
    .split(',')
    .map((part) => `${part.trim()} ${dir}`)
    .join(', ');
  return { key: column?.key ?? key, desc, sql: `${sql}, d.id ${dir}` };
}

function filterBar(ctx: RequestContext, entity: Entity): SafeHtml {
  const q = ctx.query;
  const select = (name: string, label: string, options: [string | number, string][], all: string) =>
    html`<label class="filter">${label} <select name="${name}" aria-label="${label}" data-autosubmit><option value="">${all}</option>${options.map(
      ([value, text]) =>
        html`<option value="${value}" ${q.get(name) === String(value) ? 'selected' : ''}>${text}</option>`,
    )}</select></label>`;
  const users = allUsers(ctx.db).map((u): [number, string] => [u.id, u.name]);
  const extra =
    entity === 'deals'
      ? html`${select(
          'pipeline',
          'Pipeline',
          ctx.db
            .prepare<[], { id: number; name: string }>('SELECT id, name FROM pipelines ORDER BY id')
            .all()
            .map((p): [number, string] => [p.id, p.name]),
          'All pipelines',
        )}
        ${select(
          'stage',
          'Stage',
          allStages(ctx.db).map((s): [number, string] => [s.id, `${s.pipeline} · ${s.name}`]),
          'All stages',
        )}
        ${select(
          'status',
          'Status',
          [
            ['open', 'Open'],
            ['won', 'Won'],
            ['lost', 'Lost'],
          ],
          'Any status',
        )}
        ${select(
          'closing',
          'Closing',
          [
            ['overdue', 'Overdue'],
            ['this_month', 'This month'],
            ['next_month', 'Next month'],
          ],
          'Any time',
        )}`
      : entity === 'contacts'
        ? select(
            'tag',
            'Tag',
            allTags(ctx.db).map((t): [number, string] => [t.id, t.name]),
            'Any tag',
          )
        : select(
            'industry',
            'Industry',
            ctx.db
              .prepare<[], { industry: string }>('SELECT DISTINCT industry FROM companies ORDER BY industry')
              .all()
              .map((r): [string, string] => [r.industry, r.industry]),
            'Any industry',
          );
  return html`<form method="get" action="/${entity}" class="filters" aria-label="Filters">
  <input type="search" name="q" value="${q.get('q') ?? ''}" placeholder="Search ${entity}" aria-label="Search ${entity}">
  ${select('owner', 'Owner', users, 'Any owner')}
  ${extra}
  <input type="hidden" name="sort" value="${q.get('sort') ?? ''}">
  <button class="btn">Apply</button>
</form>`;
}

function bulkBar(ctx: RequestContext, entity: Entity, back: string): SafeHtml {
  const actions = BULK_ACTIONS[entity];
  return html`<form id="bulk" method="post" action="/${entity}/bulk" class="bulk-bar" data-bulk hidden>
  <input type="hidden" name="return_to" value="${back}">
  <span class="bulk-count" aria-live="polite">0 selected</span>
  ${
    actions.includes('reassign') &&
    html`<label>Owner <select name="owner_id" aria-label="New owner"><option value="">Choose owner…</option>${allUsers(ctx.db).map((u) => html`<option value="${u.id}">${u.name}</option>`)}</select></label>
  <button class="btn" name="action" value="reassign">Reassign</button>`
  }
  ${
    actions.includes('tag') &&
    html`<label>Tag <select name="tag_id" aria-label="Tag to add"><option value="">Choose tag…</option>${allTags(ctx.db).map((t) => html`<option value="${t.id}">${t.name}</option>`)}</select></label>
  <button class="btn" name="action" value="tag">Add tag</button>`
  }
  ${actions.includes('delete') && html`<button type="button" class="btn danger" data-modal-open="bulk-delete">Delete…</button>`}
</form>
${
  actions.includes('delete') &&
  html`<dialog id="bulk-delete" class="kit-modal" aria-labelledby="bulk-delete-title">
  <h2 id="bulk-delete-title">Delete selected ${entity}?</h2>
  <p>This permanently deletes <strong class="bulk-count">0 selected</strong> and their notes and tasks.</p>
  <div class="modal-actions"><button type="button" class="btn" data-modal-close>Cancel</button>
  <button class="btn danger" form="bulk" name="action" value="delete">Delete ${entity}</button></div>
</dialog>`
}`;
}

function listPage(ctx: RequestContext, entity: Entity) {
  const listing = LISTINGS[entity];
  const { where, args } = listingWhere(entity, ctx.query, today(ctx));
  const sortParam = ctx.query.get('sort') || listing.defaultSort;
  const sort = sortSql(entity, sortParam);
  const total =
    ctx.db
      .prepare<unknown[], { n: number }>(`SELECT count(*) AS n ${listing.from} WHERE ${where}`)
      .get(...args)?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number(ctx.query.get('page')) || 1));
  const rows = ctx.db
    .prepare<unknown[], Row>(
      `SELECT ${SELECTS[entity]} ${listing.from} WHERE ${where} ORDER BY ${sort.sql} LIMIT ${PAGE_SIZE} OFFSET ?`,
    )
    .all(...args, (page - 1) * PAGE_SIZE);
  const params = Object.fromEntries([...ctx.query.entries()].filter(([k]) => k !== 'page' && k !== 'view'));
  const here = ctx.link(`/${entity}`, { ...params, page: page > 1 ? page : '' });
  const viewId = Number(ctx.query.get('view')) || 0;
  const view = viewId
    ? ctx.db
        .prepare<[number], { id: number; name: string }>('SELECT id, name FROM saved_views WHERE id = ?')
        .get(viewId)
    : undefined;
  const editable = EDITABLE[entity];
  const header = (c: Column) => {
    if (!c.sort) return html`<th scope="col">${c.label}</th>`;
    const active = sort.key === c.key;
    const next = active && !sort.desc ? `-${c.key}` : c.key;
    return html`<th scope="col" aria-sort="${active ? (sort.desc ? 'descending' : 'ascending') : 'none'}"><a class="sort" href="${ctx.link(`/${entity}`, { ...params, sort: next })}">${c.label}${active ? (sort.desc ? ' ↓' : ' ↑') : ''}</a></th>`;
  };
  const cell = (c: Column, r: Row) => {
    const rule = editable[c.key];
    if (!rule) return html`<td>${c.cell(r)}</td>`;
    return html`<td class="editable" data-edit="${c.key}" data-url="/${entity}/${r.id}/field" data-value="${r[c.key] ?? ''}">
      <button type="button" class="cell-value" aria-label="Edit ${rule.label} of ${rowName(entity, r)}">${c.cell(r)}</button></td>`;
  };
  return ctx.render({
    title: view?.name ?? listing.title,
    section: view ? `view:${view.id}` : entity,
    body: html`<div class="page-head">
  <div><p class="eyebrow">${view ? `Saved view · ${listing.title}` : 'Records'}</p><h1>${view?.name ?? listing.title}</h1>
  <p class="muted result-count">${total} ${total === 1 ? listing.singular : entity}</p></div>
  <div class="actions">
    <button type="button" class="btn" data-modal-open="save-view">Save view</button>
  </div>
</div>
${filterBar(ctx, entity)}
${bulkBar(ctx, entity, here)}
<table class="grid" data-entity="${entity}">
<thead><tr><th class="check"><input type="checkbox" data-select-page aria-label="Select all on this page"></th>${listing.columns.map(header)}</tr></thead>
<tbody>${
      rows.length === 0
        ? html`<tr><td colspan="${listing.columns.length + 1}">${emptyState(`No ${entity} match these filters.`)}</td></tr>`
        : rows.map(
            (r) =>
              html`<tr data-id="${r.id}"><td class="check"><input type="checkbox" name="ids" value="${r.id}" form="bulk" aria-label="Select ${rowName(entity, r)}"></td>${listing.columns.map((c) => cell(c, r))}</tr>`,
          )
    }</tbody>
</table>
<nav class="pager" aria-label="Pages"><span class="muted">Page ${page} of ${pages}</span>
  ${page > 1 && html`<a class="btn" href="${ctx.link(`/${entity}`, { ...params, page: page - 1 })}">Previous</a>`}
  ${page < pages && html`<a class="btn" href="${ctx.link(`/${entity}`, { ...params, page: page + 1 })}">Next</a>`}
</nav>
<dialog id="save-view" class="kit-modal" aria-labelledby="save-view-title">
  <form method="post" action="/views">
    <h2 id="save-view-title">Save this view</h2>
    <input type="hidden" name="entity" value="${entity}">
    <input type="hidden" name="query" value="${canonicalQuery(entity, ctx.query)}">
    <label for="view-name">View name</label><input id="view-name" name="name" maxlength="60" required>
    <div class="modal-actions"><button type="button" class="btn" data-modal-close>Cancel</button><button class="btn primary">Save</button></div>
  </form>
</dialog>`,
  });
}

function rowName(entity: Entity, r: Row): string {
  return entity === 'contacts'
    ? `${r.first_name} ${r.last_name}`
    : String(entity === 'deals' ? r.title : r.name);
}

const TABLE_OF: Record<Entity, string> = { deals: 'deals', contacts: 'contacts', companies: 'companies' };

function activityTarget(entity: Entity, id: number) {
  return entity === 'deals' ? { deal: id } : entity === 'contacts' ? { contact: id } : { company: id };
}

export function tableRoutes(app: AppBuilder): void {
  for (const entity of ['deals', 'contacts', 'companies'] as const) {
    app.get(`/${entity}`, (ctx) => listPage(ctx, entity));

    // Inline editing: the cell's script posts one field and shows the answer (or the error) in place.
    app.post(`/${entity}/:id/field`, (ctx) => {
      const id = Number(ctx.params.id) || 0;
      const row = ctx.db.prepare<[number], Row>(`SELECT * FROM ${TABLE_OF[entity]} WHERE id = ?`).get(id);
      if (!row) return ctx.json({ error: 'This record no longer exists' }, 404);
      const field = ctx.form.get('field') ?? '';
      const rule = EDITABLE[entity][field];
      if (!rule) return ctx.json({ error: 'This field cannot be edited here' }, 422);
      const parsed = rule.parse(ctx.form.get('value') ?? '');
      if ('error' in parsed) return ctx.json({ error: parsed.error }, 422);
      if (parsed.value !== row[field]) {
        ctx.db
          .prepare(`UPDATE ${TABLE_OF[entity]} SET ${field} = ?, updated_at = ? WHERE id = ?`)
          .run(parsed.value, ctx.now().toISOString(), id);
        logActivity(
          ctx,
          activityTarget(entity, id),
          'field',
          `${rule.label} changed from ${describeValue(field, row[field])} to ${describeValue(field, parsed.value)}`,
        );
      }
      const display = field === 'value' ? money(Number(parsed.value)) : String(parsed.value);
      return ctx.json({ value: parsed.value, display, message: `${rule.label} saved` });
    });

    app.post(`/${entity}/bulk`, (ctx) => {
      const back = ctx.localPath(ctx.form.get('return_to'), `/${entity}`);
      const ids = [
        ...new Set(
          ctx.form
            .getAll('ids')
            .map(Number)
            .filter((n) => n > 0),
        ),
      ];
      const action = ctx.form.get('action') ?? '';
      if (ids.length === 0)
        return ctx.redirect(back, { kind: 'error', message: 'Select at least one row first.' });
      if (!BULK_ACTIONS[entity].includes(action))
        return ctx.redirect(back, { kind: 'error', message: 'Unknown action.' });
      const table = TABLE_OF[entity];
      const existing = ids.filter((id) => ctx.db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id));
      const noun = existing.length === 1 ? LISTINGS[entity].singular : entity;
      if (action === 'reassign') {
        const ownerId = Number(ctx.form.get('owner_id')) || 0;
        const user = ctx.db
          .prepare<[number], { name: string }>('SELECT name FROM users WHERE id = ?')
          .get(ownerId);
        if (!user) return ctx.redirect(back, { kind: 'error', message: 'Choose the new owner first.' });
        const now = ctx.now().toISOString();
        for (const id of existing) {
          const changed = ctx.db
            .prepare(`UPDATE ${table} SET owner_id = ?, updated_at = ? WHERE id = ? AND owner_id != ?`)
            .run(ownerId, now, id, ownerId).changes;
          if (changed) logActivity(ctx, activityTarget(entity, id), 'owner', `Owner changed to ${user.name}`);
        }
        return ctx.redirect(back, {
          kind: 'success',
          message: `Reassigned ${existing.length} ${noun} to ${user.name}`,
        });
      }
      if (action === 'tag') {
        const tag = ctx.db
          .prepare<[number], { id: number; name: string }>('SELECT id, name FROM tags WHERE id = ?')
          .get(Number(ctx.form.get('tag_id')) || 0);
        if (!tag) return ctx.redirect(back, { kind: 'error', message: 'Choose a tag first.' });
        for (const id of existing) {
          const added = ctx.db
            .prepare('INSERT OR IGNORE INTO contact_tags (contact_id, tag_id) VALUES (?, ?)')
            .run(id, tag.id).changes;
          if (added) logActivity(ctx, { contact: id }, 'tag', `Tagged ${tag.name}`);
        }
        return ctx.redirect(back, {
          kind: 'success',
          message: `Tagged ${existing.length} ${noun} ${tag.name}`,
        });
      }
      for (const id of existing) ctx.db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(id);
      return ctx.redirect(back, { kind: 'success', message: `Deleted ${existing.length} ${noun}` });
    });
  }

  app.post('/views', (ctx) => {
    const entity = ctx.form.get('entity') as Entity;
    if (!(entity in LISTINGS)) throw new HttpError(400);
    const name = (ctx.form.get('name') ?? '').trim();
    const query = canonicalQuery(entity, new URLSearchParams(ctx.form.get('query') ?? ''));
    const back = `/${entity}${query ? `?${query}` : ''}`;
    if (!name || name.length > 60)
      return ctx.redirect(back, { kind: 'error', message: 'Give the view a name (up to 60 characters).' });
    const id = ctx.db
      .prepare('INSERT INTO saved_views (owner_id, entity, name, query, created_at) VALUES (1, ?, ?, ?, ?)')
      .run(entity, name, query, ctx.now().toISOString()).lastInsertRowid;
    return ctx.redirect(`${back}${query ? '&' : '?'}view=${id}`, {
      kind: 'success',
      message: `View “${name}” saved`,
    });
  });
}
