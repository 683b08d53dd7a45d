import { classNames, formatDateTime, html, type SafeHtml } from '../../../kit';
import { type Account, day, money } from '../domain';

/** A signed amount: money in is green, money out plain. */
export function amount(cents: number): SafeHtml {
  return html`<span class="${classNames('amount', cents > 0 && 'amount-in')}">${cents > 0 ? '+' : ''}${money(cents)}</span>`;
}

export function statusBadge(status: string): SafeHtml {
  return html`<span class="${classNames('badge', `badge-${status}`)}">${status.charAt(0).toUpperCase()}${status.slice(1).replace('_', ' ')}</span>`;
}

export function kindLabel(kind: Account['kind']): string {
  return kind === 'checking' ? 'Checking' : kind === 'savings' ? 'Savings' : 'Credit card';
}

/** The headline figure of an account: its balance, or what is owed on the card. */
export function balanceFigure(account: Account): SafeHtml {
  if (account.kind === 'credit') {
    return html`<dl class="figures">
      <div><dt>Current balance</dt><dd class="figure">${money(-account.balance)}</dd></div>
      <div><dt>Available credit</dt><dd>${money(account.available)}</dd></div>
      <div><dt>Credit limit</dt><dd>${money(account.credit_limit ?? 0)}</dd></div>
    </dl>`;
  }
  return html`<dl class="figures">
    <div><dt>Available balance</dt><dd class="figure">${money(account.available)}</dd></div>
    <div><dt>Current balance</dt><dd>${money(account.balance)}</dd></div>
    ${account.apy && html`<div><dt>APY</dt><dd>${account.apy}</dd></div>`}
  </dl>`;
}

export function when(iso: string): string {
  return formatDateTime(iso);
}

export function dateCell(iso: string): SafeHtml {
  return html`<time datetime="${iso}">${day(iso)}</time>`;
}

export function emptyState(text: string): SafeHtml {
  return html`<p class="empty">${text}</p>`;
}

export function pageHead(title: string, sub?: string | SafeHtml, actions?: SafeHtml): SafeHtml {
  return html`<div class="page-head"><div><h1>${title}</h1>${sub && html`<p class="muted">${sub}</p>`}</div>${actions && html`<div class="head-actions">${actions}</div>`}</div>`;
}
