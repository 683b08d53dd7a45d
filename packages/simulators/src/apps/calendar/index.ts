import { type AppBuilder, defineSimulator, html } from '../../kit';
import { authRoutes } from './routes/auth';
import { availabilityRoutes } from './routes/availability';
import { bookingRoutes } from './routes/booking';
import { calendarRoutes } from './routes/calendar';
import { directoryRoutes } from './routes/directory';
import { eventRoutes } from './routes/events';
import { invitationRoutes } from './routes/invitations';
import { schema } from './schema';
import { OWNER_EMAIL, seed } from './seed';
import { testCases } from './testCases/index';
import { appLayout, authLayout, publicLayout } from './views/layout';

function routes(app: AppBuilder): void {
  authRoutes(app);
  calendarRoutes(app);
  eventRoutes(app);
  invitationRoutes(app);
  directoryRoutes(app);
  availabilityRoutes(app);
  bookingRoutes(app);
}

/**
 * Slotwise: the calendar and booking app of Jordan Ellis, product lead at Harborline. Week, month and day
 * views, events with guests, rooms and weekly repeats, conflict checks, an invitations inbox, working
 * hours, meeting rooms, a staff directory with schedules, and a public booking page that the share screen
 * embeds in an iframe.
 */
export const calendar = defineSimulator({
  name: 'calendar',
  title: 'Slotwise',
  description:
    'A team calendar and booking app: week/month/day views, events with guests and rooms, invitations, availability, and a public booking page.',
  image:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><rect x="7" y="9" width="18" height="16" rx="3" fill="none" stroke="#fff" stroke-width="2.2"/><path d="M7 14h18M12 6v5M20 6v5" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/><circle cx="16" cy="19.5" r="2.2" fill="#fde68a"/></svg>',
  version: '1.0.0',
  notes:
    'Sign in as Jordan Ellis, product lead at Harborline. The clock starts on Monday, March 16, 2026 at 9:00 AM; all times are Central Time (Chicago). The public booking page is /book/jordan-ellis.',
  license: 'Apache-2.0',
  auth: { user: OWNER_EMAIL, password: 'harbor-slots-26', signInPath: '/login' },
  schema,
  seed,
  // 9:00 AM in Chicago (CDT, UTC-5) on Monday, March 16, 2026.
  clock: { start: '2026-03-16T14:00:00.000Z' },
  config: {
    // Bookkeeping instants: they change with every save and say nothing about what the user did.
    ignore_columns: { events: ['updated_at'], attendees: ['responded_at'] },
  },
  layouts: { default: appLayout, auth: authLayout, public: publicLayout },
  routes,
  notFound: (ctx) =>
    ctx.render({
      title: 'Not found',
      status: 404,
      layout: ctx.user ? 'default' : 'auth',
      body: html`<div class="empty"><p class="empty-title">We could not find that page</p><p><a href="/calendar/week">Back to your calendar</a></p></div>`,
    }),
  assets: new URL('./assets/', import.meta.url),
  testCases,
});
