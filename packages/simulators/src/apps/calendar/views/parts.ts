import { html, initials, type RequestContext, type SafeHtml } from '../../../kit';

export const RESPONSE_LABELS: Record<string, string> = {
  needs_action: 'Awaiting reply',
  accepted: 'Going',
  tentative: 'Maybe',
  declined: 'Declined',
  organizer: 'Organizer',
};

export function responseBadge(response: string): SafeHtml {
  return html`<span class="badge badge-${response}">${RESPONSE_LABELS[response] ?? response}</span>`;
}

export function avatar(name: string): SafeHtml {
  return html`<span class="avatar avatar-sm" aria-hidden="true">${initials(name)}</span>`;
}

export function pageNumber(ctx: RequestContext): number {
  return Math.max(1, Number.parseInt(ctx.query.get('page') ?? '1', 10) || 1);
}

/** "Showing 21–40 of 312" and Previous / Next links that keep the other query parameters. */
export function pager(
  ctx: RequestContext,
  path: string,
  query: Record<string, string>,
  page: number,
  pageSize: number,
  total: number,
  noun: string,
): SafeHtml {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return html`<nav class="pager" aria-label="Pagination">
  <span>Showing ${from}–${to} of ${total} ${noun}</span>
  <span class="pager-links">
    ${page > 1 ? html`<a class="btn btn-ghost" href="${ctx.link(path, { ...query, page: page - 1 })}">Previous</a>` : ''}
    <span class="muted">Page ${page} of ${pages}</span>
    ${page < pages ? html`<a class="btn btn-ghost" href="${ctx.link(path, { ...query, page: page + 1 })}">Next</a>` : ''}
  </span>
</nav>`;
}

/** A column header that sorts by `key`, toggling the direction when it is already the sort. */
export function sortHeader(
  ctx: RequestContext,
  path: string,
  query: Record<string, string>,
  key: string,
  label: string,
  current: string,
): SafeHtml {
  const [currentKey, currentDir] = current.split(':');
  const active = currentKey === key;
  const dir = active && currentDir === 'asc' ? 'desc' : 'asc';
  const arrow = active ? (currentDir === 'asc' ? ' ↑' : ' ↓') : '';
  return html`<th aria-sort="${active ? (currentDir === 'asc' ? 'ascending' : 'descending') : 'none'}"><a href="${ctx.link(
    path,
    { ...query, sort: `${key}:${dir}`, page: '' },
  )}">${label}${arrow}</a></th>`;
}

export function emptyState(title: string, text: string): SafeHtml {
  return html`<div class="empty"><p class="empty-title">${title}</p><p class="muted">${text}</p></div>`;
}
