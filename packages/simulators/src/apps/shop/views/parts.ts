import { formatMoney, html, raw, type SafeHtml } from '../../../kit';

/** Cents to '$12.50' through the kit's fixed-locale formatter. */
export function money(cents: number): string {
  return formatMoney(cents / 100);
}

/** Silhouettes for product pictures: drawn inline, so nothing is loaded from outside the instance. */
const ICONS: Record<string, string> = {
  mug: '<path d="M30 34h34v30a10 10 0 0 1-10 10H40a10 10 0 0 1-10-10z"/><path d="M64 40h6a8 8 0 0 1 0 16h-6" fill="none" stroke-width="5"/>',
  pan: '<ellipse cx="44" cy="54" rx="24" ry="10"/><rect x="42" y="44" width="4" height="6"/><path d="M66 52l22-6v6l-21 5z"/>',
  knife:
    '<path d="M18 60l50-22c4-2 8 1 6 5L50 62z"/><rect x="50" y="58" width="30" height="8" rx="3" transform="rotate(-20 50 58)"/>',
  bed: '<rect x="16" y="46" width="68" height="20" rx="4"/><rect x="20" y="36" width="22" height="12" rx="4"/><rect x="14" y="66" width="6" height="10"/><rect x="80" y="66" width="6" height="10"/>',
  towel:
    '<rect x="28" y="22" width="44" height="56" rx="4"/><rect x="28" y="62" width="44" height="6" opacity=".5"/>',
  vase: '<path d="M40 20h20v8c10 6 14 16 14 26 0 14-10 24-24 24S26 68 26 54c0-10 4-20 14-26z"/>',
  jar: '<rect x="30" y="22" width="40" height="10" rx="3" opacity=".6"/><rect x="26" y="32" width="48" height="46" rx="8"/>',
  candle:
    '<rect x="30" y="40" width="40" height="38" rx="6"/><path d="M50 22c4 5 5 9 0 14-5-5-4-9 0-14z" fill="#e8a33d"/><rect x="49" y="34" width="2" height="7" fill="#333"/>',
};

export function productPicture(icon: string, swatch: string, label: string, size = 'md'): SafeHtml {
  const shape = ICONS[icon] ?? ICONS.vase ?? '';
  return html`<div class="picture picture-${size}" role="img" aria-label="${label}">
<svg viewBox="0 0 100 100" aria-hidden="true"><rect width="100" height="100" fill="${swatch}" opacity=".18"/>
<g fill="${swatch}" stroke="${swatch}">${raw(shape)}</g></svg></div>`;
}

export function stars(rating: number, count?: number): SafeHtml {
  const full = Math.round(rating * 2) / 2;
  const percent = (full / 5) * 100;
  return html`<span class="stars" title="${rating.toFixed(1)} out of 5"><span class="stars-track" aria-hidden="true">★★★★★<span class="stars-fill" style="width:${percent}%">★★★★★</span></span>
<span class="stars-text">${rating.toFixed(1)}${count !== undefined && html` <span class="muted">(${count})</span>`}</span></span>`;
}

export function breadcrumbs(items: [label: string, href: string | null][]): SafeHtml {
  return html`<nav class="crumbs" aria-label="Breadcrumb">${items.map(
    ([label, href], index) =>
      html`${index > 0 && html`<span class="sep">/</span>`}${href ? html`<a href="${href}">${label}</a>` : html`<span>${label}</span>`}`,
  )}</nav>`;
}

export function pager(
  page: number,
  pages: number,
  link: (page: number) => string,
  summary: string,
): SafeHtml {
  return html`<div class="pager"><span class="muted">${summary}</span><div class="pager-links">
${page > 1 ? html`<a class="btn btn-ghost" href="${link(page - 1)}" rel="prev">← Previous</a>` : ''}
<span class="pager-page">Page ${page} of ${pages}</span>
${page < pages ? html`<a class="btn btn-ghost" href="${link(page + 1)}" rel="next">Next →</a>` : ''}</div></div>`;
}

export const ORDER_STATUS_LABELS = {
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
} as const;

export function statusBadge(status: keyof typeof ORDER_STATUS_LABELS): SafeHtml {
  return html`<span class="badge badge-${status}">${ORDER_STATUS_LABELS[status]}</span>`;
}
