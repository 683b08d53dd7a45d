import { classNames, formatDate, formatTime, html, type SafeHtml } from '../../../kit';
import type { LabelRow } from '../mailbox';

export function labelChip(label: LabelRow): SafeHtml {
  return html`<a class="chip chip-${label.color}" href="/label/${label.id}">${label.name}</a>`;
}

/** A label inside a row's link: a span, since links cannot nest. */
export function labelTag(label: LabelRow): SafeHtml {
  return html`<span class="chip chip-${label.color}">${label.name}</span>`;
}

const PALETTE = ['#5b6ee1', '#d9485f', '#2f9e44', '#e8590c', '#1098ad', '#9c36b5', '#c2255c', '#5c940d'];

/** A round avatar with initials, coloured from the name so a person keeps the same colour everywhere. */
export function avatar(name: string, size: 'sm' | 'md' = 'md'): SafeHtml {
  const initials =
    name === 'me'
      ? 'Me'
      : name
          .split(/\s+/)
          .slice(0, 2)
          .map((w) => w.charAt(0))
          .join('')
          .toUpperCase();
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return html`<span class="${classNames('avatar', `avatar-${size}`)}" style="background:${PALETTE[hash % PALETTE.length]}" aria-hidden="true">${initials}</span>`;
}

/** "9:05 AM" today, "Mar 4" this year, "Jun 2, 2025" before: as mail lists show dates. */
export function listDate(iso: string, now: Date): string {
  if (iso.slice(0, 10) === now.toISOString().slice(0, 10)) return formatTime(iso);
  const full = formatDate(iso);
  return iso.slice(0, 4) === now.toISOString().slice(0, 4) ? full.replace(/, \d{4}$/, '') : full;
}

export function pager(opts: {
  page: number;
  total: number;
  pageSize: number;
  link: (page: number) => string;
  noun: string;
}): SafeHtml {
  const { page, total, pageSize, link, noun } = opts;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return html`<nav class="pager" aria-label="Pages">
  <span class="pager-range">${from}–${to} of ${total} ${noun}</span>
  ${page > 1 ? html`<a class="icon-button" href="${link(page - 1)}" aria-label="Newer" title="Newer">‹</a>` : html`<span class="icon-button disabled" aria-hidden="true">‹</span>`}
  ${page < pages ? html`<a class="icon-button" href="${link(page + 1)}" aria-label="Older" title="Older">›</a>` : html`<span class="icon-button disabled" aria-hidden="true">›</span>`}
</nav>`;
}
