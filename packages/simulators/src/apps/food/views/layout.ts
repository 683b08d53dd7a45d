import { appHead, classNames, html, type Layout, toasts } from '../../../kit';
import { CUSTOMER } from '../data/featured';
import { cartCount, cartDrawer } from './parts';

/** Forkful's chrome: a paprika top bar with search, the main sections and the cart button; the cart drawer. */

export const LOGO = html`<svg class="logo-mark" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="10" fill="#d6452b"/><path d="M11 7v8a3 3 0 0 0 2 2.8V25h2v-7.2a3 3 0 0 0 2-2.8V7h-1.6v6h-1V7h-1.8v6h-1V7zM21 7c-1.7 1-2.5 3.5-2.5 6.5 0 2 .8 3.2 2 3.5V25h2V7z" fill="#fff"/></svg>`;

const SECTIONS: [href: string, label: string, key: string][] = [
  ['/', 'Restaurants', 'home'],
  ['/orders', 'Orders', 'orders'],
  ['/favourites', 'Favourites', 'favourites'],
  ['/account', 'Account', 'account'],
];

export const appLayout: Layout = (page, ctx) => {
  const count = cartCount(ctx);
  return html`${appHead({ title: `${page.title} · Forkful`, script: true, extra: page.head })}
<body>
<header class="topbar">
  <a class="logo" href="/">${LOGO}<span>forkful</span></a>
  <form class="top-search" role="search" aria-label="Search Forkful" method="get" action="/">
    <input type="search" name="q" aria-label="Search restaurants or dishes" placeholder="Search restaurants or dishes  ( / )" value="${ctx.url.pathname === '/' ? (ctx.query.get('q') ?? '') : ''}" data-slash-focus>
  </form>
  <nav class="sections" aria-label="Main">
    ${SECTIONS.map(
      ([href, label, key]) =>
        html`<a href="${href}" class="${classNames('section-link', page.section === key && 'active')}" ${page.section === key ? html`aria-current="page"` : ''}>${label}</a>`,
    )}
  </nav>
  <button type="button" class="cart-button" data-modal-open="cart-drawer" aria-label="Cart, ${count} ${count === 1 ? 'item' : 'items'}"><span aria-hidden="true">🛍</span> Cart <span class="cart-count">${count}</span></button>
  <div class="account">
    <button type="button" class="avatar" data-menu-toggle="account-menu" aria-expanded="false" aria-label="Account menu">JL</button>
    <div id="account-menu" class="menu" hidden>
      <div class="menu-header"><strong>${CUSTOMER.name}</strong><span>${ctx.user}</span></div>
      <a class="menu-item" href="/account">Account</a>
      <a class="menu-item" href="/orders">Orders</a>
      <form method="post" action="/logout"><button class="menu-item">Sign out</button></form>
    </div>
  </div>
</header>
<main class="content">${page.body}</main>
<footer class="footer"><span>© 2026 Forkful, Inc.</span><span>Delivering across San Francisco · Times shown in local time</span></footer>
${cartDrawer(ctx)}
${toasts(ctx.takeFlashes())}
</body>
</html>`;
};

export const authLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · Forkful` })}
<body class="auth-page"><main class="auth-card"><div class="auth-brand">${LOGO}<span>forkful</span></div>${page.body}</main>${toasts(ctx.takeFlashes())}</body>
</html>`;
