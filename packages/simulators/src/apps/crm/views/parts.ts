import { classNames, formatDate, html, initials, type SafeHtml } from '../../../kit';

const AVATAR_COLORS = ['#0f766e', '#b45309', '#7c3aed', '#be123c', '#1d4ed8', '#4d7c0f'];

export function avatar(name: string, id: number): SafeHtml {
  return html`<span class="avatar" style="background:${AVATAR_COLORS[id % AVATAR_COLORS.length]}" aria-hidden="true">${initials(name)}</span>`;
}

export function owner(name: string, id: number): SafeHtml {
  return html`<span class="owner">${avatar(name, id)}<span>${name}</span></span>`;
}

/** Whole dollars, as the CRM shows deal values: $42,000. */
export function money(value: number): string {
  return `$${value.toLocaleString('en-US')}`;
}

export function day(iso: string): string {
  return formatDate(`${iso.slice(0, 10)}T12:00:00Z`);
}

export function statusPill(status: string): SafeHtml {
  const label = status === 'won' ? 'Won' : status === 'lost' ? 'Lost' : 'Open';
  return html`<span class="${classNames('pill', `pill-${status}`)}">${label}</span>`;
}

export function tagChip(name: string, color: string): SafeHtml {
  return html`<span class="tag" style="--tag:${color}">${name}</span>`;
}

export function emptyState(text: string): SafeHtml {
  return html`<p class="empty">${text}</p>`;
}
