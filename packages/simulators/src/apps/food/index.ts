import { defineSimulator, html } from '../../kit';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { browseRoutes } from './routes/browse';
import { cartRoutes } from './routes/cart';
import { checkoutRoutes } from './routes/checkout';
import { orderRoutes } from './routes/orders';
import { schema } from './schema';
import { seed } from './seed';
import { foodTestCases } from './testCases/index';
import { appLayout, authLayout } from './views/layout';

/**
 * Forkful: a food delivery app. Search sixty San Francisco restaurants by dish, cuisine and diet, sort by
 * rating, time or fee; menus with an item modal (required and optional choices, quantity, instructions, a
 * shadow-DOM allergen card) and hover quick-add; a one-restaurant cart drawer with minimum orders and promo
 * codes; checkout with addresses (new ones confirmed by a texted code), ASAP or scheduled slots, cards and
 * tips; orders that advance with the clock in a live tracker (an iframe), reorder, ratings, problem reports
 * with refunds or credit; favourites.
 */
export const food = defineSimulator({
  name: 'food',
  title: 'Forkful',
  description:
    'A food delivery app: restaurants with menus, modifiers and dietary tags; a one-restaurant cart with promo codes and minimum orders; checkout with verified addresses, delivery slots and tips; live order tracking, reorders, ratings and refunds.',
  image:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="10" fill="#d6452b"/><path d="M11 7v8a3 3 0 0 0 2 2.8V25h2v-7.2a3 3 0 0 0 2-2.8V7h-1.6v6h-1V7h-1.8v6h-1V7zM21 7c-1.7 1-2.5 3.5-2.5 6.5 0 2 .8 3.2 2 3.5V25h2V7z" fill="#fff"/></svg>',
  version: '1.0.0',
  notes:
    'Sign in as Jordan Lee, who lives in the Mission and works in SoMa. It is Friday, November 27, 2026, 5:40 PM; an order from Golden Dragon Kitchen is on its way. Saved addresses: Home, Office, Old apartment. Cards: Visa •••• 4242 (default), Mastercard •••• 5100, Amex •••• 1005 (expired).',
  license: 'Apache-2.0',
  auth: { user: 'jordan.lee@example.com', password: 'forkful-eats-26', signInPath: '/login' },
  schema,
  seed,
  clock: { start: '2026-11-27T17:40:00.000Z' },
  config: {
    // When a row was written, the random order number and courier, and the texted code say nothing about the task.
    ignore_columns: {
      '*': ['created_at', 'added_at', 'placed_at'],
      orders: ['number', 'courier'],
      addresses: ['verify_code', 'code_sent_at'],
    },
  },
  layouts: { default: appLayout, auth: authLayout },
  routes: (app) => {
    authRoutes(app);
    browseRoutes(app);
    cartRoutes(app);
    checkoutRoutes(app);
    orderRoutes(app);
    accountRoutes(app);
  },
  notFound: (ctx) =>
    ctx.render({
      title: 'Page not found',
      status: 404,
      body: html`<div class="empty-state"><p class="empty-title">This page is off the menu</p><p class="muted">The restaurant or order may have moved, or the link is out of date.</p><a class="btn btn-primary" href="/">Back to restaurants</a></div>`,
    }),
  assets: new URL('./assets/', import.meta.url),
  testCases: foodTestCases,
});
