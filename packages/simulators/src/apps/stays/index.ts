import { defineSimulator, html } from '../../kit';
import { authRoutes } from './routes/auth';
import { bookingRoutes } from './routes/booking';
import { listingRoutes } from './routes/listing';
import { messageRoutes } from './routes/messages';
import { searchRoutes } from './routes/search';
import { tripRoutes } from './routes/trips';
import { wishlistRoutes } from './routes/wishlists';
import { schema } from './schema';
import { seed } from './seed';
import { staysTestCases } from './testCases/index';
import { appLayout, authLayout, popupLayout } from './views/layout';

/**
 * Roamly: a lodging search and booking site. Search a city with a date-range picker and a guests counter,
 * filter and sort the results next to a map whose price pins follow the list, load more as you scroll; a
 * listing page with photos, amenities, reviews, house rules (a new tab), sharing (a popup window) and a price
 * breakdown (a shadow-DOM widget); booking behind a confirmation modal; trips with refunds by cancellation
 * policy, reviews, wishlists saved from a hover menu, and messages to hosts.
 */
export const stays = defineSimulator({
  name: 'stays',
  title: 'Roamly',
  description:
    'A lodging search and booking site: stays in six cities with dates, guests, filters, a map and infinite scroll; listing pages with price breakdowns; booking, trips and cancellations, wishlists and messages to hosts.',
  image:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="#e4573d"/><path d="M16 7c-4.4 0-8 3.4-8 7.7C8 20.5 16 26 16 26s8-5.5 8-11.3C24 10.4 20.4 7 16 7z" fill="#fff"/><circle cx="16" cy="14.6" r="3.1" fill="#e4573d"/></svg>',
  version: '1.0.0',
  notes:
    'Log in as Riley Morgan, a traveller with past and upcoming trips, three wishlists and a few conversations with hosts. Today is Monday, March 2, 2026. Cards on file: Visa •••• 4242 (default), Mastercard •••• 5100 (expired), Amex •••• 1005.',
  license: 'Apache-2.0',
  auth: { user: 'riley.morgan@example.com', password: 'roamly-trips-26', signInPath: '/login' },
  schema,
  seed,
  clock: { start: '2026-03-02T09:00:00.000Z' },
  config: {
    // When a row was written says nothing about the task; the booking's code is drawn at random.
    ignore_columns: {
      '*': ['created_at', 'sent_at'],
      bookings: ['code', 'cancelled_at'],
    },
  },
  layouts: { default: appLayout, auth: authLayout, popup: popupLayout },
  routes: (app) => {
    authRoutes(app);
    searchRoutes(app);
    listingRoutes(app);
    bookingRoutes(app);
    tripRoutes(app);
    wishlistRoutes(app);
    messageRoutes(app);
  },
  notFound: (ctx) =>
    ctx.render({
      title: 'Page not found',
      status: 404,
      body: html`<div class="empty-state"><p class="empty-title">We can't find that page</p><p class="muted">The stay may have been removed, or the link is out of date.</p><a class="btn btn-dark" href="/">Back to Roamly</a></div>`,
    }),
  assets: new URL('./assets/', import.meta.url),
  testCases: staysTestCases,
});
