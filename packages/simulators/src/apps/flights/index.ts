import { defineSimulator, html } from '../../kit';
import { ACCOUNT } from './data/people';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { bookingRoutes } from './routes/booking';
import { searchRoutes } from './routes/search';
import { tripRoutes } from './routes/trips';
import { schema } from './schema';
import { seed } from './seed';
import { flightsTestCases } from './testCases/index';
import { appLayout, authLayout, passLayout } from './views/layout';

/**
 * Skyway: a flight booking site selling four airlines. Search with airport suggestions, a calendar popover and
 * a travellers counter; results with filters, sorting and paging; fares compared in a shadow-DOM card; a
 * booking wizard (flights, passengers, seats on a seat map, bags, payment in an iframe with a password check);
 * trips with changes and cancellations by fare rules, check-in and a boarding pass in a new tab.
 */
export const flights = defineSimulator({
  name: 'flights',
  title: 'Skyway',
  description:
    'A flight booking site: forty airports, four airlines and sixty days of schedules; search with filters and sorting, fares and their rules, a booking wizard with seat maps, bags and payment; trips with changes, cancellations, check-in and boarding passes.',
  image:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#12305c"/><path d="M6 19.5l20-8.5-3.2 6.4L13 18.6l-2.6 4.6-1.7-.3.9-4.2z" fill="#ffb703"/></svg>',
  version: '1.0.0',
  notes: `Sign in as ${ACCOUNT.name}, a Skyway Rewards Silver member with saved travellers (Sam, Mia, Theo Avery and Priya Nair) and upcoming trips. Today is Monday, April 6, 2026. Cards on file: Visa •••• 4242 (default), Mastercard •••• 5100 (expired), Amex •••• 1005. Payments are confirmed with the account password.`,
  license: 'Apache-2.0',
  auth: { user: ACCOUNT.email, password: ACCOUNT.password, signInPath: '/login' },
  schema,
  seed,
  clock: { start: '2026-04-06T13:00:00.000Z' },
  config: {
    // When a row was written says nothing about the task; the booking code is drawn at random.
    ignore_columns: {
      '*': ['created_at'],
      bookings: ['code', 'cancelled_at'],
      travel_credits: ['expires_on'],
    },
  },
  layouts: { default: appLayout, auth: authLayout, pass: passLayout },
  routes: (app) => {
    authRoutes(app);
    searchRoutes(app);
    bookingRoutes(app);
    tripRoutes(app);
    accountRoutes(app);
  },
  notFound: (ctx) =>
    ctx.render({
      title: 'Page not found',
      status: 404,
      body: html`<div class="empty-state"><p class="empty-title">This page has flown away</p><p class="muted">The link may be out of date.</p><a class="btn btn-primary" href="/">Back to Skyway</a></div>`,
    }),
  assets: new URL('./assets/', import.meta.url),
  testCases: flightsTestCases,
});
