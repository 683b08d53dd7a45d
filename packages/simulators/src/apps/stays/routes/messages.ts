import {
  type AppBuilder,
  classNames,
  fieldError,
  fields,
  formatDateTime,
  formSchema,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { emptyState } from '../views/parts';
import { loadListing } from './listing';

/** Conversations with hosts, one per stay. */

const Message = formSchema({ body: fields.text({ required: true, max: 1000, label: 'Message' }) });

interface Thread {
  listing_id: number;
  title: string;
  host_name: string;
  body: string;
  sent_at: string;
}

function threadList(ctx: RequestContext, current?: number): SafeHtml {
  const threads = ctx.db
    .prepare<[], Thread>(
      `SELECT m.listing_id, l.title, h.name AS host_name, m.body, m.sent_at FROM messages m
       JOIN listings l ON l.id = m.listing_id JOIN hosts h ON h.id = l.host_id
       WHERE m.id = (SELECT max(id) FROM messages WHERE listing_id = m.listing_id)
       ORDER BY m.sent_at DESC, m.id DESC`,
    )
    .all();
  if (threads.length === 0) return emptyState('No messages yet', 'Contact a host from any listing page.');
  return html`<ul class="threads">${threads.map(
    (t) =>
      html`<li class="${classNames('thread', t.listing_id === current && 'active')}"><a href="/messages/${t.listing_id}"><strong>${t.host_name}</strong><span class="muted small">${t.title}</span><span class="thread-last">${t.body}</span></a></li>`,
  )}</ul>`;
}

function threadPage(ctx: RequestContext, listingId: number, value: string, error?: string): SafeHtml {
  const listing = loadListing(ctx);
  const host = ctx.db
    .prepare<[number], { name: string }>('SELECT name FROM hosts WHERE id = ?')
    .get(listing.host_id)!;
  const messages = ctx.db
    .prepare<[number], { from_guest: number; body: string; sent_at: string }>(
      'SELECT from_guest, body, sent_at FROM messages WHERE listing_id = ? ORDER BY sent_at, id',
    )
    .all(listingId);
  return html`<div class="inbox">
<aside class="inbox-list" aria-label="Conversations">${threadList(ctx, listingId)}</aside>
<section class="conversation" aria-label="Conversation with ${host.name}">
  <header class="conversation-head"><h1>${host.name}</h1><a class="link" href="/listings/${listing.id}">${listing.title}</a></header>
  <ol class="bubbles">${messages.map(
    (m) =>
      html`<li class="${classNames('bubble', m.from_guest ? 'mine' : 'theirs')}"><p>${m.body}</p><span class="muted small">${m.from_guest ? 'You' : host.name} · ${formatDateTime(m.sent_at)}</span></li>`,
  )}</ol>
  ${messages.length === 0 ? html`<p class="muted">Ask ${host.name} anything about ${listing.title}.</p>` : ''}
  <form method="post" action="/messages/${listing.id}" class="composer" novalidate>
    <label for="message-body" class="sr-only">Message</label>
    <textarea id="message-body" name="body" rows="3" placeholder="Write a message to ${host.name}">${value}</textarea>${fieldError(error)}
    <button class="btn btn-primary">Send message</button>
  </form>
</section></div>`;
}

export function messageRoutes(app: AppBuilder): void {
  app.get('/messages', (ctx) =>
    ctx.render({
      title: 'Messages',
      section: 'messages',
      body: html`<h1>Messages</h1><div class="inbox"><aside class="inbox-list inbox-wide" aria-label="Conversations">${threadList(ctx)}</aside></div>`,
    }),
  );

  app.get('/messages/:id', (ctx) => {
    const listing = loadListing(ctx);
    return ctx.render({ title: 'Messages', section: 'messages', body: threadPage(ctx, listing.id, '') });
  });

  app.post('/messages/:id', (ctx) => {
    const listing = loadListing(ctx);
    const result = Message.parse(ctx.form);
    if (!result.ok)
      return ctx.render({
        title: 'Messages',
        section: 'messages',
        status: 422,
        body: threadPage(ctx, listing.id, result.values.body, result.errors.body),
      });
    ctx.db
      .prepare('INSERT INTO messages (listing_id, from_guest, body, sent_at) VALUES (?, 1, ?, ?)')
      .run(listing.id, result.data.body, ctx.now().toISOString());
    return ctx.redirect(`/messages/${listing.id}`, { kind: 'success', message: 'Message sent' });
  });
}
