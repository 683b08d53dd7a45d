import { classNames, html, type RequestContext, type SafeHtml } from '../../../kit';
import { type LabelRow, PAGE_SIZE, SORTS, type SortKey, type ThreadListRow } from '../mailbox';
import { labelTag, listDate, pager } from './parts';

export interface ThreadListView {
  heading: string;
  /** The path of this list, to link pages and sorts and to come back after a bulk action. */
  path: string;
  query: Record<string, string>;
  rows: ThreadListRow[];
  total: number;
  page: number;
  sort: SortKey;
  labels: LabelRow[];
  /** Which bulk actions make sense here (no "Archive" in Archive, "Not spam" only in Spam...). */
  folder: 'inbox' | 'archive' | 'spam' | 'trash' | 'other';
  empty: string;
  notice?: SafeHtml;
}

const MOVE_TARGETS = [
  ['inbox', 'Inbox'],
  ['archive', 'Archive'],
  ['spam', 'Spam'],
  ['trash', 'Trash'],
] as const;

function bulkToolbar(view: ThreadListView, returnTo: string): SafeHtml {
  const { folder, labels } = view;
  return html`<div class="list-toolbar" role="toolbar" aria-label="Bulk actions">
  <label class="select-all"><input type="checkbox" data-select-all aria-label="Select all conversations on this page"></label>
  <input type="hidden" name="return" value="${returnTo}">
  ${folder !== 'archive' && folder !== 'trash' && html`<button name="action" value="archive" class="tool">Archive</button>`}
  ${folder === 'spam' ? html`<button name="action" value="not_spam" class="tool">Not spam</button>` : folder !== 'trash' && html`<button name="action" value="spam" class="tool">Report spam</button>`}
  ${folder === 'trash' ? html`<button name="action" value="restore" class="tool">Move to Inbox</button>` : html`<button name="action" value="trash" class="tool">Delete</button>`}
  <span class="tool-sep"></span>
  <button name="action" value="read" class="tool">Mark as read</button>
  <button name="action" value="unread" class="tool">Mark as unread</button>
  <button name="action" value="star" class="tool">Star</button>
  <span class="tool-sep"></span>
  <select name="folder" aria-label="Move to folder"><option value="">Move to…</option>${MOVE_TARGETS.map(
    ([value, name]) => html`<option value="${value}">${name}</option>`,
  )}</select>
  <button name="action" value="move" class="tool">Move</button>
  <select name="label" aria-label="Label to apply"><option value="">Label as…</option>${labels.map(
    (l) => html`<option value="${l.id}">${l.name}</option>`,
  )}</select>
  <button name="action" value="label" class="tool">Apply label</button>
  ${folder === 'trash' && html`<span class="tool-sep"></span><button name="action" value="delete_forever" class="tool danger-text" data-confirm-submit="Delete the selected conversations forever? This cannot be undone." data-confirm-label="Delete forever">Delete forever</button>`}
</div>`;
}

export function threadList(ctx: RequestContext, view: ThreadListView): SafeHtml {
  const labelById = new Map(view.labels.map((l) => [l.id, l]));
  const now = ctx.now();
  const returnTo = ctx.link(view.path, {
    ...view.query,
    sort: view.sort === 'newest' ? '' : view.sort,
    page: view.page > 1 ? view.page : '',
  });
  const link = (page: number, sort: SortKey = view.sort) =>
    ctx.link(view.path, { ...view.query, sort: sort === 'newest' ? '' : sort, page: page > 1 ? page : '' });
  return html`<div class="list-header">
  <h1>${view.heading}</h1>
  <form method="get" action="${view.path}" class="sort-form">
    ${Object.entries(view.query).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
    <label for="sort">Sort</label>
    <select id="sort" name="sort" data-autosubmit>${Object.entries(SORTS).map(
      ([key, s]) => html`<option value="${key}" ${key === view.sort ? 'selected' : ''}>${s.label}</option>`,
    )}</select>
  </form>
  ${pager({ page: view.page, total: view.total, pageSize: PAGE_SIZE, link: (p) => link(p), noun: 'conversations' })}
</div>
${view.notice}
<form method="post" action="/mail/bulk" class="thread-list-form">
  ${bulkToolbar(view, returnTo)}
  ${
    view.rows.length === 0
      ? html`<div class="empty-state"><p>${view.empty}</p></div>`
      : html`<table class="thread-list">
  <colgroup><col class="col-select"><col class="col-star"><col class="col-from"><col><col class="col-meta"></colgroup>
  <tbody>${view.rows.map((row) => {
    const labels = (row.label_ids ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => labelById.get(Number(id)))
      .filter((l): l is LabelRow => l !== undefined);
    return html`<tr class="${classNames('thread-row', row.is_read === 0 && 'unread')}" data-thread-id="${row.id}">
    <td class="cell-select"><input type="checkbox" name="ids" value="${row.id}" aria-label="Select ${row.subject || '(no subject)'}"></td>
    <td class="cell-star">${row.starred ? html`<span class="star on" title="Starred" aria-label="Starred">★</span>` : html`<span class="star" aria-hidden="true">☆</span>`}</td>
    <td class="cell-from">${row.senders}${row.message_count > 1 && html` <span class="msg-count">${row.message_count}</span>`}</td>
    <td class="cell-subject"><a href="/thread/${row.id}" class="thread-link">${labels.map(labelTag)}<span class="subject">${row.subject || '(no subject)'}</span><span class="snippet"> — ${row.snippet}</span></a></td>
    <td class="cell-meta">${row.has_attachment ? html`<svg class="clip" viewBox="0 0 16 16" role="img" aria-label="Has attachment"><path d="M10.5 4.5 5.8 9.2a1.2 1.2 0 0 0 1.7 1.7l5-5a2.4 2.4 0 0 0-3.4-3.4l-5 5a3.6 3.6 0 0 0 5.1 5.1L13 8.8" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/></svg>` : ''}<time datetime="${row.last_message_at}">${listDate(row.last_message_at, now)}</time></td>
  </tr>`;
  })}</tbody>
</table>`
  }
</form>
<div class="list-footer">${pager({ page: view.page, total: view.total, pageSize: PAGE_SIZE, link: (p) => link(p), noun: 'conversations' })}</div>`;
}
