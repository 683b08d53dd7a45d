import { appHead, classNames, html, type Layout, toasts } from '../../../kit';

/** Skyway's chrome: a deep navy bar with the logo, the main sections and the account menu. */

export const LOGO = html`<svg class="logo-mark" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#12305c"/><path d="M6 19.5l20-8.5-3.2 6.4L13 18.6l-2.6 4.6-1.7-.3.9-4.2z" fill="#ffb703"/></svg>`;

const SECTIONS: [href: string, label: string, key: string][] = [
  ['/', 'Book', 'book'],
  ['/trips', 'My trips', 'trips'],
  ['/check-in', 'Check-in', 'check-in'],
  ['/account', 'Account', 'account'],
];

export const appLayout: Layout = (
  page,
  ctx,
) => html`${appHead({ title: `${page.title} · Skyway`, script: true, extra: page.head })}
<body>
<header class="topbar">
  <a class="logo" href="/">${LOGO}<span>Skyway</span></a>
  <nav class="sections" aria-label="Main">
    ${SECTIONS.map(
      ([href, label, key]) =>
        html`<a href="${href}" class="${classNames('section-link', page.section === key && 'active')}" ${page.section === key ? html`aria-current="page"` : ''}>${label}</a>`,
    )}
  </nav>
  <div class="account">
    <button type="button" class="account-button" data-menu-toggle="account-menu" aria-expanded="false" aria-label="Account menu"><span class="avatar" aria-hidden="true">JA</span><span class="account-name">Jordan</span></button>
    <div id="account-menu" class="menu" hidden>
      <div class="menu-header"><strong>Jordan Avery</strong><span>${ctx.user}</span></div>
      <a class="menu-item" href="/account">Skyway Rewards</a>
      <a class="menu-item" href="/account/travellers">Saved travellers</a>
      <a class="menu-item" href="/trips">My trips</a>
      <form method="post" action="/logout"><button class="menu-item">Sign out</button></form>
    </div>
  </div>
</header>
<main class="${classNames('content', page.section === 'results' && 'content-wide')}">${page.body}</main>
<footer class="footer"><span>© 2026 Skyway Travel, Inc.</span><span>All times are local to each airport · Prices in USD per traveller unless noted</span></footer>
${toasts(ctx.takeFlashes())}
</body>
</html>`;

export const authLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · Skyway` })}
<body class="auth-page"><main class="auth-card"><div class="auth-brand">${LOGO}<span>Skyway</span></div>${page.body}</main>${toasts(ctx.takeFlashes())}</body>
</html>`;

/** Pages opened in their own tab (the boarding pass): no navigation. */
export const passLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · Skyway` })}
<body class="pass-page"><header class="pass-bar">${LOGO}<span>Skyway</span></header><main class="pass-content">${page.body}</main>${toasts(ctx.takeFlashes())}</body>
</html>`;
