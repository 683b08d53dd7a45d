import { defineSimulator, html } from '../../kit';
import { authRoutes } from './routes/auth';
import { channelRoutes } from './routes/channel';
import { channelsRoutes } from './routes/channels';
import { workspaceRoutes } from './routes/workspace';
import { schema } from './schema';
import { seed } from './seed';
import { chatTestCases } from './testCases/index';
import { appLayout, authLayout } from './views/layout';

/**
 * Hubbub: the team chat of Fernwood, a software company. Channels (public and private) with a rich-text
 * composer (bold, italic, code, links, keyboard shortcuts, file attachments), threads, reactions from a
 * shadow-DOM emoji picker in each message's hover toolbar, pins, saved items, teammates who answer a moment
 * later, search with from:/in:/date filters, people and profiles, the mentions inbox, status and preferences.
 */
export const chat = defineSimulator({
  name: 'chat',
  title: 'Hubbub',
  description:
    'A team chat: channels and threads with a rich-text composer, reactions, pins, files, search with filters, people, mentions and teammates who reply while you work.',
  image:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4a154b"/><path d="M8 9h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-9l-5 4v-4H8a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2z" fill="#f6c945"/><circle cx="12" cy="15" r="1.6" fill="#4a154b"/><circle cx="16" cy="15" r="1.6" fill="#4a154b"/><circle cx="20" cy="15" r="1.6" fill="#4a154b"/></svg>',
  version: '1.0.0',
  notes:
    'Sign in as Jordan Avery, product manager at Fernwood. Twelve channels, forty people and six weeks of messages; today is Thursday, March 5, 2026 (times in UTC). Some teammates answer a moment after you write to them.',
  license: 'Apache-2.0',
  auth: { user: 'jordan.avery@fernwood.io', password: 'hubbub-fern-26', signInPath: '/login' },
  schema,
  seed,
  clock: { start: '2026-03-05T15:00:00.000Z' },
  config: {
    // Mentions are derived from message text; when a row was written, pinned or edited is a by-product.
    ignore_tables: ['mentions'],
    ignore_columns: {
      '*': ['created_at', 'joined_at'],
      messages: ['pinned_at', 'edited_at'],
    },
  },
  layouts: { default: appLayout, auth: authLayout },
  routes: (app) => {
    authRoutes(app);
    channelRoutes(app);
    channelsRoutes(app);
    workspaceRoutes(app);
  },
  notFound: (ctx) =>
    ctx.render({
      title: 'Not found',
      status: 404,
      body: html`<div class="empty"><p class="empty-title">This page doesn’t exist</p><p class="muted">The channel may be private or renamed, or the message was deleted.</p><a class="btn primary" href="/c/general">Back to #general</a></div>`,
    }),
  assets: new URL('./assets/', import.meta.url),
  testCases: chatTestCases,
});
