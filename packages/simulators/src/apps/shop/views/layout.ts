import { appHead, html, type Layout, type RequestContext, toasts } from '../../../kit';

/** The storefront chrome: announcement bar, header with search, cart count and account menu, footer. */

const NAV = [
  ['cookware', 'Cookware'],
  ['tableware', 'Tableware'],
  ['kitchen-tools', 'Kitchen Tools'],
  ['bedding', 'Bedding'],
  ['bath', 'Bath'],
  ['decor', 'Home Décor'],
  ['storage', 'Storage'],
  ['candles', 'Candles'],
] as const;

function cartCount(ctx: RequestContext): number {
  return ctx.db.prepare<[], { n: number | null }>('SELECT sum(quantity) AS n FROM cart_items').get()?.n ?? 0;
}

const LOGO = html`<svg class="logo-mark" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#2f4b3f"/><path d="M8 22V12l8-5 8 5v10" fill="none" stroke="#f3ead8" stroke-width="2.4"/><path d="M6 24c3-2 5-2 8 0s5 2 8 0 5-2 8 0" fill="none" stroke="#e0a458" stroke-width="2"/></svg>`;

export const storeLayout: Layout = (page, ctx) => {
  const count = ctx.user ? cartCount(ctx) : 0;
  const q = ctx.url.pathname === '/products' ? (ctx.query.get('q') ?? '') : '';
  const category = ctx.url.pathname === '/products' ? (ctx.query.get('category') ?? '') : '';
  return html`${appHead({ title: `${page.title} · Hearth &amp; Harbor`, script: true, extra: page.head })}
<body>
<div class="announce">Free standard shipping on orders over $75 · 30-day returns</div>
<header class="site-header">
  <div class="header-row">
    <a class="logo" href="/">${LOGO}<span>Hearth <em>&amp;</em> Harbor</span></a>
    <form class="search" method="get" action="/products" role="search">
      <input type="search" name="q" value="${q}" placeholder="Search mugs, linen, skillets…" aria-label="Search products">
      <button class="btn btn-primary search-button">Search</button>
    </form>
    <nav class="header-actions" aria-label="Account">
      ${
        ctx.user
          ? html`<a href="/wishlist" class="${page.section === 'wishlist' ? 'active' : ''}">Wishlist</a>
      <a href="/orders" class="${page.section === 'orders' ? 'active' : ''}">Orders</a>
      <div class="menu"><button type="button" class="link account-toggle" data-menu-toggle="account-menu" aria-expanded="false">Account ▾</button>
        <div id="account-menu" class="menu-panel" hidden>
          <p class="muted small">Signed in as<br><b>${ctx.user}</b></p>
          <a href="/account">Account overview</a><a href="/account/addresses">Addresses</a><a href="/account/offers">Offers &amp; promo codes</a>
          <form method="post" action="/logout"><button class="link">Sign out</button></form>
        </div></div>
      <a href="/cart" class="cart-link ${page.section === 'cart' ? 'active' : ''}">Cart <span class="cart-count" aria-label="${count} items in cart">${count}</span></a>`
          : html`<a href="/login">Sign in</a>`
      }
    </nav>
  </div>
  <nav class="category-nav" aria-label="Departments">${NAV.map(
    ([slug, label]) =>
      html`<a href="/products?category=${slug}" class="${category === slug ? 'active' : ''}">${label}</a>`,
  )}<a href="/products?sale=1" class="sale-link">Sale</a></nav>
</header>
<main class="page">${page.body}</main>
<footer class="site-footer">
  <div><b>Hearth &amp; Harbor</b><p class="muted">Home and kitchen goods, made to be used. Portland, Oregon since 2014.</p></div>
  <div><b>Help</b><a href="/help/shipping">Shipping</a><a href="/help/returns">Returns &amp; refunds</a></div>
  <div><b>Account</b><a href="/orders">Orders</a><a href="/account/addresses">Addresses</a><a href="/wishlist">Wishlist</a></div>
  <p class="muted small copyright">© 2026 Hearth &amp; Harbor Goods Co.</p>
</footer>
${toastsOf(ctx)}
</body>
</html>`;
};

export const authLayout: Layout = (
  page,
  ctx,
) => html`${appHead({ title: `${page.title} · Hearth &amp; Harbor` })}
<body class="auth-page"><main class="auth-card"><a class="logo" href="/">${LOGO}<span>Hearth <em>&amp;</em> Harbor</span></a>${page.body}</main>${toastsOf(ctx)}</body>
</html>`;

function toastsOf(ctx: RequestContext) {
  return toasts(ctx.takeFlashes());
}
