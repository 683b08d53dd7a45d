import {
  appHead,
  classNames,
  html,
  type Layout,
  type RequestContext,
  type SafeHtml,
  toasts,
} from '../../../kit';
import { OWNER } from '../data/people';
import { allLabels, MAILBOXES, sidebarCounts } from '../mailbox';
import { undoToShow } from '../undo';
import { avatar } from './parts';

const BRAND = 'Parcel Mail';

function logo(): SafeHtml {
  return html`<svg class="logo" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#2b59c3"/><path d="M7 11l9 6 9-6v11H7z" fill="#fff" opacity=".95"/><path d="M7 10h18l-9 6z" fill="#ffd166"/></svg>`;
}

function sidebar(ctx: RequestContext, section: string | undefined): SafeHtml {
  const counts = sidebarCounts(ctx);
  const labels = allLabels(ctx);
  return html`<aside class="sidebar" aria-label="Mailboxes">
  <a class="compose-button" href="/compose">✎ Compose</a>
  <nav class="mailboxes">${MAILBOXES.map((box) => {
    const count =
      box.key === 'drafts'
        ? counts.drafts
        : box.key === 'inbox' || box.key === 'spam'
          ? (counts.unread[box.key] ?? 0)
          : 0;
    return html`<a href="/mail/${box.key}" class="${classNames('mailbox', section === box.key && 'active')}" ${section === box.key ? html`aria-current="page"` : ''}>
      <span class="mailbox-name">${box.name}</span>${count > 0 && html`<span class="count" data-count="${box.key}">${count}</span>`}</a>`;
  })}</nav>
  <div class="sidebar-heading"><span>Labels</span><a href="/labels" class="subtle-link" aria-label="Manage labels" title="Manage labels">Manage</a></div>
  <nav class="labels-nav">${labels.map(
    (label) =>
      html`<a href="/label/${label.id}" class="${classNames('mailbox', section === `label-${label.id}` && 'active')}"><span class="dot dot-${label.color}"></span><span class="mailbox-name">${label.name}</span></a>`,
  )}</nav>
  <div class="sidebar-heading"><span>Workspace</span></div>
  <nav><a href="/contacts" class="${classNames('mailbox', section === 'contacts' && 'active')}"><span class="mailbox-name">Contacts</span></a>
  <a href="/settings" class="${classNames('mailbox', section === 'settings' && 'active')}"><span class="mailbox-name">Settings</span></a></nav>
</aside>`;
}

function undoToast(ctx: RequestContext): SafeHtml {
  const message = undoToShow(ctx);
  if (!message) return html``;
  return html`<div class="undo-toast" role="status">
  <span>${message}</span>
  <form method="post" action="/undo"><button class="undo-button">Undo</button></form>
  <button type="button" class="undo-close" aria-label="Dismiss" onclick="this.closest('.undo-toast').remove()">×</button>
</div>`;
}

export const appLayout: Layout = (
  page,
  ctx,
) => html`${appHead({ title: `${page.title} · ${BRAND}`, script: true, extra: page.head })}
<body>
<header class="topbar">
  <a class="brand" href="/mail/inbox">${logo()}<span>${BRAND}</span></a>
  <form class="searchbar" method="get" action="/search" role="search">
    <input type="search" name="q" value="${ctx.query.get('q') ?? ''}" placeholder="Search mail — try from:priya has:attachment" aria-label="Search mail">
    <button class="search-submit" aria-label="Search">Search</button>
  </form>
  <div class="account">
    <button type="button" class="account-button" data-menu-toggle="account-menu" aria-expanded="false" aria-label="Account">${avatar(OWNER.name, 'sm')}</button>
    <div id="account-menu" class="menu" hidden>
      <div class="menu-header"><strong>${OWNER.name}</strong><span>${OWNER.email}</span></div>
      <a href="/settings">Settings</a>
      <form method="post" action="/logout"><button class="menu-item">Sign out</button></form>
    </div>
  </div>
</header>
<div class="shell">
  ${sidebar(ctx, page.section)}
  <main class="content">${page.body}</main>
</div>
${undoToast(ctx)}
${toasts(ctx.takeFlashes())}
</body>
</html>`;

export const authLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · ${BRAND}` })}
<body class="auth-page">
<main class="auth-card">
  <div class="auth-brand">${logo()}<span>${BRAND}</span></div>
  ${page.body}
</main>
<p class="auth-footer">© 2026 Parcel Mail · Privacy · Terms · Help</p>
${toasts(ctx.takeFlashes())}
</body>
</html>`;
