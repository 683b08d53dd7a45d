import { appHead, classNames, html, type Layout, toasts } from '../../../kit';

/** Roamly's chrome: a white top bar with the logo, the main sections and the account menu; a quiet footer. */

const LOGO = html`<svg class="logo-mark" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="9" fill="#e4573d"/><path d="M16 7c-4.4 0-8 3.4-8 7.7C8 20.5 16 26 16 26s8-5.5 8-11.3C24 10.4 20.4 7 16 7z" fill="#fff"/><circle cx="16" cy="14.6" r="3.1" fill="#e4573d"/></svg>`;

const SECTIONS: [href: string, label: string, key: string][] = [
  ['/', 'Explore', 'explore'],
  ['/wishlists', 'Wishlists', 'wishlists'],
  ['/trips', 'Trips', 'trips'],
  ['/messages', 'Messages', 'messages'],
];

export const appLayout: Layout = (
  page,
  ctx,
) => html`${appHead({ title: `${page.title} · Roamly`, script: true, extra: page.head })}
<body>
<header class="topbar">
  <a class="logo" href="/">${LOGO}<span>roamly</span></a>
  <nav class="sections" aria-label="Main">
    ${SECTIONS.map(
      ([href, label, key]) =>
        html`<a href="${href}" class="${classNames('section-link', page.section === key && 'active')}" ${page.section === key ? html`aria-current="page"` : ''}>${label}</a>`,
    )}
  </nav>
  <div class="account">
    <button type="button" class="account-button" data-menu-toggle="account-menu" aria-expanded="false" aria-label="Account menu"><span class="burger" aria-hidden="true">☰</span><span class="avatar" aria-hidden="true">RM</span></button>
    <div id="account-menu" class="menu" hidden>
      <div class="menu-header"><strong>Riley Morgan</strong><span>${ctx.user}</span></div>
      <a class="menu-item" href="/trips">Trips</a>
      <a class="menu-item" href="/wishlists">Wishlists</a>
      <form method="post" action="/logout"><button class="menu-item">Log out</button></form>
    </div>
  </div>
</header>
<main class="${classNames('content', page.section === 'search' && 'content-wide')}">${page.body}</main>
<footer class="footer"><span>© 2026 Roamly, Inc.</span><span>Prices in USD · Support: help@roamly.test</span></footer>
${toasts(ctx.takeFlashes())}
</body>
</html>`;

export const authLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · Roamly` })}
<body class="auth-page"><main class="auth-card"><div class="auth-brand">${LOGO}<span>roamly</span></div>${page.body}</main>${toasts(ctx.takeFlashes())}</body>
</html>`;

/** For pages opened in their own window or tab (house rules, sharing): no navigation, a close hint. */
export const popupLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · Roamly` })}
<body class="popup-page"><header class="popup-bar">${LOGO}<span>roamly</span></header><main class="popup-content">${page.body}</main>${toasts(ctx.takeFlashes())}</body>
</html>`;
