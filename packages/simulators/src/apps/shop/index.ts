import { defineSimulator, html } from '../../kit';
import { accountRoutes } from './routes/account';
import { cartRoutes } from './routes/cart';
import { catalogRoutes } from './routes/catalog';
import { checkoutRoutes } from './routes/checkout';
import { orderRoutes } from './routes/orders';
import { schema } from './schema';
import { seed } from './seed';
import { shopTestCases } from './testCases/index';
import { authLayout, storeLayout } from './views/layout';

/**
 * Hearth & Harbor: an online store for home and kitchen goods. Catalog with faceted search, product pages
 * with variants, stock and reviews; cart with promo codes; a two-step checkout whose card form is a
 * payment provider's page in an iframe; orders with a status timeline, cancellation and returns; an
 * account with an address book (changes behind a "confirm it's you" step), offers and a wishlist.
 */
export const shop = defineSimulator({
  name: 'shop',
  title: 'Hearth & Harbor',
  description:
    'An online store for home and kitchen goods: catalog and filters, product variants and reviews, cart and promo codes, checkout with an embedded card form, orders, cancellations and returns.',
  image:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2f4b3f"/><path d="M8 22V12l8-5 8 5v10" fill="none" stroke="#f3ead8" stroke-width="2.4"/><path d="M6 24c3-2 5-2 8 0s5 2 8 0 5-2 8 0" fill="none" stroke="#e0a458" stroke-width="2"/></svg>',
  version: '1.0.0',
  notes:
    'Sign in as Jordan Ellis, a returning customer with an order history, a cart and a wishlist. Test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined; any future expiry and any 3-digit code.',
  license: 'Apache-2.0',
  auth: { user: 'jordan.ellis@example.com', password: 'harbor-home-26', signInPath: '/login' },
  schema,
  seed,
  clock: { start: '2026-03-02T09:00:00.000Z' },
  config: {
    // The moment a line entered the cart or an order event was written says nothing about the task.
    ignore_columns: { cart_items: ['added_at'], '*': ['created_at'] },
  },
  layouts: { default: storeLayout, auth: authLayout },
  routes: (app) => {
    catalogRoutes(app);
    cartRoutes(app);
    checkoutRoutes(app);
    orderRoutes(app);
    accountRoutes(app);
  },
  notFound: (ctx) =>
    ctx.render({
      title: 'Page not found',
      status: 404,
      body: html`<div class="empty"><h1>We couldn't find that page</h1><p class="muted">It may have moved, or the link is out of date.</p><a class="btn btn-primary" href="/products">Browse the shop</a></div>`,
    }),
  assets: new URL('./assets/', import.meta.url),
  testCases: shopTestCases,
});
