import { appHead, classNames, html, type Layout, type RequestContext, toasts } from '../../../kit';
import { when } from './parts';

interface Message {
  id: number;
  subject: string;
  body: string;
  kind: string;
  created_at: string;
  read: number;
}

/**
 * The secure messages panel of the top bar. A message written by the request just before (a one-time code)
 * is left out of this first render and announced to app.js, which fetches it after a few seconds: the code
 * "arrives" while the customer waits, as a real one does.
 */
function messagesPanel(ctx: RequestContext) {
  const arriving = ctx.sessionValue<number>('arriving') ?? 0;
  if (arriving) ctx.setSessionValue('arriving', null);
  const messages = ctx.db
    .prepare<[number], Message>(
      'SELECT * FROM messages WHERE id != ? ORDER BY created_at DESC, id DESC LIMIT 8',
    )
    .all(arriving);
  const unread =
    ctx.db
      .prepare<[number], { n: number }>('SELECT count(*) AS n FROM messages WHERE read = 0 AND id != ?')
      .get(arriving)?.n ?? 0;
  return html`<div class="messages">
    <button type="button" class="icon-button" data-menu-toggle="messages-menu" aria-expanded="false" aria-label="Secure messages">
      <span aria-hidden="true">✉</span><span class="msg-badge" ${unread ? '' : html`hidden`}>${unread}</span>
    </button>
    <div id="messages-menu" class="menu messages-menu" hidden role="region" aria-label="Secure messages panel">
      <div class="menu-header"><strong>Secure messages</strong><a href="/messages">See all</a></div>
      ${arriving ? html`<p class="msg-arriving" data-arriving="${arriving}" role="status">A new message is on its way…</p>` : ''}
      <ul class="msg-list">${messages.map(
        (m) => html`<li class="${classNames('msg', !m.read && 'unread')}" data-message="${m.id}">
          <strong class="msg-subject">${m.subject}</strong><p class="msg-body">${m.body}</p><time datetime="${m.created_at}">${when(m.created_at)}</time></li>`,
      )}</ul>
    </div>
  </div>`;
}

const NAV: [string, string, string][] = [
  ['/accounts', 'Accounts', 'accounts'],
  ['/activity', 'Activity', 'activity'],
  ['/transfer', 'Transfer & pay', 'transfer'],
  ['/payees', 'Payees', 'payees'],
  ['/scheduled', 'Scheduled', 'scheduled'],
  ['/cards', 'Cards', 'cards'],
  ['/statements', 'Statements', 'statements'],
  ['/expenses', 'Expenses', 'expenses'],
];

export const appLayout: Layout = (page, ctx) => {
  const section = page.section ?? '';
  return html`${appHead({ title: `${page.title} · Larkspur Bank`, script: true, extra: page.head })}
<body>
<header class="topbar">
  <a class="brand" href="/accounts"><span class="brand-mark" aria-hidden="true">❦</span>Larkspur<span class="brand-sub">Bank</span></a>
  <nav class="mainnav" aria-label="Main">${NAV.map(
    ([href, label, key]) =>
      html`<a href="${href}" class="${classNames(section === key && 'active')}" ${section === key ? html`aria-current="page"` : ''}>${label}</a>`,
  )}</nav>
  <div class="top-tools">
    ${messagesPanel(ctx)}
    <div class="account-menu">
      <button type="button" class="avatar-button" data-menu-toggle="profile-menu" aria-expanded="false" aria-label="Profile menu">MC</button>
      <div id="profile-menu" class="menu" hidden>
        <div class="menu-header"><strong>Maya Chen</strong><span>${ctx.user}</span></div>
        <form method="post" action="/logout"><button class="menu-item">Sign out</button></form>
      </div>
    </div>
  </div>
</header>
<main class="content">${page.body}</main>
<footer class="footer">Larkspur Bank, N.A. · Member FDIC · Equal Housing Lender · Routing 121042882</footer>
${toasts(ctx.takeFlashes())}
</body>
</html>`;
};

export const authLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · Larkspur Bank` })}
<body class="auth"><main class="auth-card">${page.body}</main>${toasts(ctx.takeFlashes())}</body>
</html>`;
