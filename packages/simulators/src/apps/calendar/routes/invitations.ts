import { type AppBuilder, formatRelative, html, type RequestContext, type SafeHtml } from '../../../kit';
import { OWNER_ID } from '../seed';
import { formatRange } from '../time';
import { emptyState, pageNumber, pager, responseBadge, sortHeader } from '../views/parts';

const PAGE_SIZE = 20;
const SORTS: Record<string, string> = {
  'date:asc': 'e.start_at ASC, e.id',
  'date:desc': 'e.start_at DESC, e.id DESC',
  'received:desc': 'e.created_at DESC, e.id DESC',
  'received:asc': 'e.created_at ASC, e.id',
  'organizer:asc': 'o.name ASC, e.start_at',
  'organizer:desc': 'o.name DESC, e.start_at',
};

interface InvitationRow {
  id: number;
  title: string;
  start_at: string;
  end_at: string;
  created_at: string;
  organizer: string;
  response: string;
  comment: string;
  location: string;
}

function inbox(ctx: RequestContext): SafeHtml {
  const tab = ctx.query.get('tab') === 'responded' ? 'responded' : 'pending';
  const sort = SORTS[ctx.query.get('sort') ?? ''] ? (ctx.query.get('sort') as string) : 'date:asc';
  const page = pageNumber(ctx);
  const condition = tab === 'pending' ? "a.response = 'needs_action'" : "a.response <> 'needs_action'";
  const base = `FROM attendees a JOIN events e ON e.id = a.event_id JOIN people o ON o.id = e.organizer_id
    WHERE a.person_id = ? AND e.status = 'confirmed' AND ${condition}`;
  const total = ctx.db.prepare<[number], { n: number }>(`SELECT count(*) AS n ${base}`).get(OWNER_ID)?.n ?? 0;
  const counts = ctx.db
    .prepare<[number], { pending: number; responded: number }>(
      `SELECT sum(a.response = 'needs_action') AS pending, sum(a.response <> 'needs_action') AS responded
       FROM attendees a JOIN events e ON e.id = a.event_id WHERE a.person_id = ? AND e.status = 'confirmed'`,
    )
    .get(OWNER_ID);
  const rows = ctx.db
    .prepare<[number], InvitationRow>(
      `SELECT e.id, e.title, e.start_at, e.end_at, e.created_at, e.location, o.name AS organizer, a.response, a.comment
       ${base} ORDER BY ${SORTS[sort]} LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
    )
    .all(OWNER_ID);
  const query = { tab, sort };
  return html`<div class="page-head"><h1>Invitations</h1>
  <p class="muted">Meetings other people invited you to. Open one to accept, decline or say maybe.</p></div>
<div class="tabs" role="tablist">
  <a role="tab" href="/invitations?tab=pending" aria-selected="${tab === 'pending'}" class="${tab === 'pending' ? 'on' : ''}">Awaiting reply <span class="count">${counts?.pending ?? 0}</span></a>
  <a role="tab" href="/invitations?tab=responded" aria-selected="${tab === 'responded'}" class="${tab === 'responded' ? 'on' : ''}">Responded <span class="count">${counts?.responded ?? 0}</span></a>
</div>
${
  rows.length === 0
    ? emptyState('You are all caught up', 'No invitations here.')
    : html`<table class="table invitations">
  <thead><tr>${sortHeader(ctx, '/invitations', query, 'date', 'When', sort)}<th>Meeting</th>${sortHeader(ctx, '/invitations', query, 'organizer', 'From', sort)}${sortHeader(ctx, '/invitations', query, 'received', 'Received', sort)}<th>Your reply</th></tr></thead>
  <tbody>${rows.map(
    (r) => html`<tr>
    <td class="nowrap">${formatRange(r.start_at, r.end_at)}</td>
    <td><a href="/events/${r.id}">${r.title}</a><div class="muted small">${r.location}</div></td>
    <td>${r.organizer}</td>
    <td class="muted nowrap">${formatRelative(r.created_at, ctx.now())}</td>
    <td>${responseBadge(r.response)}${r.comment ? html`<div class="muted small">“${r.comment}”</div>` : ''}</td></tr>`,
  )}</tbody></table>
${pager(ctx, '/invitations', query, page, PAGE_SIZE, total, 'invitations')}`
}`;
}

export function invitationRoutes(app: AppBuilder): void {
  app.get('/invitations', (ctx) =>
    ctx.render({ title: 'Invitations', section: 'invitations', body: inbox(ctx) }),
  );
}
