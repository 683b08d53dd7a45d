import { type AppBuilder, defineSimulator, html } from '../../kit';
import { OWNER } from './data/people';
import { authRoutes } from './routes/auth';
import { composeRoutes } from './routes/compose';
import { contactRoutes } from './routes/contacts';
import { labelRoutes } from './routes/labels';
import { mailboxRoutes } from './routes/mailbox';
import { settingsRoutes } from './routes/settings';
import { threadRoutes } from './routes/threads';
import { schema } from './schema';
import { seed } from './seed';
import { mailTestCases } from './testCases/index';
import { appLayout, authLayout } from './views/layout';

function routes(app: AppBuilder): void {
  authRoutes(app);
  mailboxRoutes(app);
  threadRoutes(app);
  composeRoutes(app);
  labelRoutes(app);
  contactRoutes(app);
  settingsRoutes(app);
}

/**
 * Parcel Mail: the web mail of Nora Bishop, operations director at a design studio. Inbox and folders,
 * threads with quoted replies, compose with contact autocomplete, labels, search operators, bulk actions,
 * undo toasts, contacts and settings (signature, vacation responder).
 */
export const mail = defineSimulator({
  name: 'mail',
  title: 'Parcel Mail',
  description:
    'A web mail client: inbox with paging and sorting, folders, labels, threaded conversations, reply / reply all / forward, drafts, search with operators, contacts and settings.',
  image:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2b59c3"/><path d="M7 11l9 6 9-6v11H7z" fill="#fff"/><path d="M7 10h18l-9 6z" fill="#ffd166"/></svg>',
  version: '1.0.0',
  notes:
    'Signed in as Nora Bishop (Fernhill Studio) on Tuesday March 10, 2026. Opening a conversation does not mark it read; use Mark as read. Drafts are saved only with Save draft. Send and delete offer Undo until your next action.',
  license: 'Apache-2.0',
  auth: { user: OWNER.email, password: OWNER.password, signInPath: '/login' },
  schema,
  seed,
  clock: { start: '2026-03-10T09:00:00.000Z' },
  config: {
    // Bookkeeping that moves with every reply; the message rows carry the real change.
    ignore_columns: { threads: ['last_message_at'], drafts: ['saved_at'] },
  },
  layouts: { default: appLayout, auth: authLayout },
  routes,
  notFound: (ctx) =>
    ctx.render({
      title: 'Not found',
      status: 404,
      body: html`<div class="empty-state"><h1>We couldn’t find that</h1><p>The conversation or page may have been deleted. <a href="/mail/inbox">Back to Inbox</a></p></div>`,
    }),
  assets: new URL('./assets/', import.meta.url),
  testCases: mailTestCases,
});
