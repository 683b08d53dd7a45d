import { type AppBuilder, HttpError, html, type RequestContext, type SafeHtml } from '../../../kit';
import { EMOJI } from '../data/emoji';
import { cleanBody, insertMessage, MAX_BODY, MAX_FILE_BYTES, ME, triggerReply } from '../domain';
import { backTo, type Channel, extrasFor, loadChannel, loadMessage, withParams } from '../queries';
import {
  composer,
  emptyState,
  MESSAGE_SELECT,
  type MessageRow,
  messageItem,
  messageList,
} from '../views/parts';

/** The channel view with its messages and composer, the thread panel, and what can be done to a message. */

const PAGE = 30;

function channelHeader(channel: Channel, pinned: number): SafeHtml {
  return html`<header class="channel-head">
  <div><h1>${channel.is_private ? html`<span aria-hidden="true">🔒 </span>` : '#'}${channel.name}</h1>
  ${channel.topic ? html`<p class="topic" title="Topic">${channel.topic}</p>` : html`<p class="topic muted">No topic yet</p>`}</div>
  <div class="head-links">
    <a class="chip" href="/c/${channel.name}/details#members">👥 ${channel.members} members</a>
    <a class="chip" href="/c/${channel.name}/details#pinned">📌 ${pinned} pinned</a>
    <a class="chip" href="/c/${channel.name}/details">Channel details</a>
  </div>
</header>`;
}

function typing(ctx: RequestContext, awaiting: MessageRow | undefined, back: string): SafeHtml | '' {
  if (!awaiting) return '';
  return html`<div class="typing" role="status" data-awaiting="${awaiting.id}" data-src="${ctx.link(`/m/${awaiting.id}/card`, { back })}"><span class="dots" aria-hidden="true"><i></i><i></i><i></i></span> ${awaiting.author} is typing…</div>`;
}

function awaitingMessage(
  ctx: RequestContext,
  channel: Channel,
  parentId: number | null,
): MessageRow | undefined {
  const id = Number(ctx.query.get('awaiting'));
  if (!Number.isInteger(id) || id <= 0) return undefined;
  const row = ctx.db.prepare<[number], MessageRow>(`${MESSAGE_SELECT} WHERE m.id = ?`).get(id);
  if (!row || row.channel_id !== channel.id || row.user_id === ME || row.parent_id !== parentId)
    return undefined;
  return row;
}

function channelPage(ctx: RequestContext, channel: Channel, threadId: number | null): SafeHtml {
  const path = threadId ? `/c/${channel.name}/t/${threadId}` : `/c/${channel.name}`;
  const highlight = Number(ctx.query.get('m')) || undefined;
  const awaitingRoot = threadId ? undefined : awaitingMessage(ctx, channel, null);
  let offset = Math.min(1_000_000, Math.max(0, Math.floor(Number(ctx.query.get('offset'))) || 0));
  if (highlight && !ctx.query.has('offset')) {
    const target = ctx.db
      .prepare<[number, number], { id: number; parent_id: number | null; created_at: string }>(
        'SELECT id, parent_id, created_at FROM messages WHERE id = ? AND channel_id = ?',
      )
      .get(highlight, channel.id);
    const root = target?.parent_id
      ? ctx.db
          .prepare<[number], { id: number; created_at: string }>(
            'SELECT id, created_at FROM messages WHERE id = ?',
          )
          .get(target.parent_id)
      : target;
    if (root) {
      const newer = ctx.db
        .prepare<[number, string, string, number], { n: number }>(
          `SELECT count(*) AS n FROM messages WHERE channel_id = ? AND parent_id IS NULL
           AND (created_at > ? OR (created_at = ? AND id > ?))`,
        )
        .get(channel.id, root.created_at, root.created_at, root.id);
      if (newer && newer.n >= PAGE - 5) offset = newer.n - 10;
    }
  }
  const rows = ctx.db
    .prepare<[number, number, number, number], MessageRow>(
      `${MESSAGE_SELECT} WHERE m.channel_id = ? AND m.parent_id IS NULL AND m.id != ?
       ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
    )
    .all(channel.id, awaitingRoot?.id ?? 0, PAGE + 1, offset);
  const more = rows.length > PAGE;
  const shown = rows.slice(0, PAGE).reverse();
  const pinned =
    ctx.db
      .prepare<[number], { n: number }>(
        'SELECT count(*) AS n FROM messages WHERE channel_id = ? AND pinned_by IS NOT NULL',
      )
      .get(channel.id)?.n ?? 0;
  const extras = extrasFor(ctx, shown);
  const back = ctx.link(path, { offset: offset || undefined });
  return html`<div class="${threadId ? 'channel-view with-thread' : 'channel-view'}">
<section class="channel" aria-label="Channel ${channel.name}">
  ${channelHeader(channel, pinned)}
  <div class="messages" data-messages aria-label="Messages in ${channel.name}" role="log">
    ${more ? html`<a class="older" href="${ctx.link(path, { offset: offset + PAGE })}">Load older messages</a>` : html`<p class="channel-start muted">This is the very beginning of #${channel.name}. ${channel.purpose}</p>`}
    ${shown.length === 0 ? emptyState('No messages yet', 'Say hello!') : messageList(shown, extras, { back, highlight })}
    ${offset > 0 ? html`<a class="older" href="${ctx.link(path, { offset: Math.max(0, offset - PAGE) || undefined })}">Show newer messages</a>` : ''}
    ${typing(ctx, awaitingRoot, back)}
  </div>
  ${
    channel.member
      ? composer(`/c/${channel.name}/messages`, `Message #${channel.name}`, null, `Message #${channel.name}`)
      : html`<form method="post" action="/c/${channel.name}/join" class="join-bar"><p>You’re viewing <strong>#${channel.name}</strong>.</p><button class="btn primary">Join channel</button></form>`
  }
</section>
${threadId ? threadPanel(ctx, channel, threadId, highlight) : ''}
</div>`;
}

function threadPanel(ctx: RequestContext, channel: Channel, threadId: number, highlight?: number): SafeHtml {
  const root = ctx.db
    .prepare<[number, number], MessageRow>(
      `${MESSAGE_SELECT} WHERE m.id = ? AND m.channel_id = ? AND m.parent_id IS NULL`,
    )
    .get(threadId, channel.id);
  if (!root) throw new HttpError(404);
  const awaiting = awaitingMessage(ctx, channel, root.id);
  const replies = ctx.db
    .prepare<[number, number], MessageRow>(
      `${MESSAGE_SELECT} WHERE m.parent_id = ? AND m.id != ? ORDER BY m.created_at, m.id`,
    )
    .all(root.id, awaiting?.id ?? 0);
  const extras = extrasFor(ctx, [root, ...replies]);
  const back = `/c/${channel.name}/t/${root.id}`;
  return html`<aside class="thread" aria-label="Thread">
  <header class="thread-head"><h2>Thread <span class="muted">#${channel.name}</span></h2><a class="icon-btn" href="/c/${channel.name}" aria-label="Close thread">✕</a></header>
  <div class="thread-body">
    ${messageItem(root, extras, { back, inThread: true, highlight })}
    <p class="reply-count muted">${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}</p>
    <div class="thread-replies" role="log" aria-label="Replies">${replies.map((r) => messageItem(r, extras, { back, inThread: true, highlight }))}
    ${typing(ctx, awaiting, back)}</div>
  </div>
  ${channel.member ? composer(`/c/${channel.name}/messages`, 'Reply in thread', root.id, 'Reply…') : ''}
</aside>`;
}

interface Attachment {
  name: string;
  type: string;
  content: string;
  size: number;
}

function readAttachment(value: unknown): Attachment | string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'object') return 'That file could not be read. Try attaching it again.';
  const file = value as Record<string, unknown>;
  const name = typeof file.name === 'string' ? file.name.trim().slice(0, 200) : '';
  const content = typeof file.content === 'string' ? file.content : '';
  if (!name || !/^[A-Za-z0-9+/]*={0,2}$/.test(content))
    return 'That file could not be read. Try attaching it again.';
  const size = Buffer.from(content, 'base64').length;
  if (size > MAX_FILE_BYTES) return `${name} is too large: files can be up to 500 KB.`;
  const type =
    typeof file.type === 'string' && file.type ? file.type.slice(0, 120) : 'application/octet-stream';
  return { name, type, content, size };
}

function postMessage(ctx: RequestContext) {
  const channel = loadChannel(ctx);
  const json = ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : null;
  const rawBody = json ? String(json.body ?? '') : (ctx.form.get('body') ?? '');
  const rawParent = json ? json.parent_id : ctx.form.get('parent_id');
  const parentId =
    rawParent === undefined || rawParent === null || rawParent === '' ? null : Number(rawParent);
  const back = parentId ? `/c/${channel.name}/t/${parentId}` : `/c/${channel.name}`;
  const fail = (message: string) =>
    json ? ctx.json({ error: message }, 422) : ctx.redirect(back, { kind: 'error', message });
  if (!channel.member) return fail(`Join #${channel.name} to send messages.`);
  if (parentId !== null) {
    const parent = ctx.db
      .prepare<[number, number], { id: number }>(
        'SELECT id FROM messages WHERE id = ? AND channel_id = ? AND parent_id IS NULL',
      )
      .get(Number.isInteger(parentId) ? parentId : 0, channel.id);
    if (!parent) return fail('That thread no longer exists.');
  }
  const body = cleanBody(rawBody);
  const file = readAttachment(json?.file);
  if (typeof file === 'string') return fail(file);
  if (!body && !file) return fail('Write a message or attach a file first.');
  if (body.length > MAX_BODY) return fail(`Messages can be up to ${MAX_BODY} characters.`);
  const now = ctx.now();
  const id = insertMessage(ctx.db, {
    channelId: channel.id,
    userId: ME,
    parentId,
    body,
    at: now.toISOString(),
  });
  if (file)
    ctx.db
      .prepare(
        'INSERT INTO files (message_id, name, size, type, content, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(id, file.name, file.size, file.type, file.content, now.toISOString());
  const reply = triggerReply(ctx.db, channel, parentId, body, now);
  const location = ctx.link(back, { m: id, awaiting: reply ?? undefined });
  return json ? ctx.json({ ok: true, id, location }) : ctx.redirect(location);
}

function ownMessage(ctx: RequestContext): MessageRow {
  const message = loadMessage(ctx);
  if (message.user_id !== ME) throw new HttpError(403);
  return message;
}

function messagePath(m: MessageRow): string {
  return m.parent_id ? `/c/${m.channel}/t/${m.parent_id}` : `/c/${m.channel}`;
}

export function channelRoutes(app: AppBuilder): void {
  app.get('/c/:name', (ctx) => {
    const channel = loadChannel(ctx);
    return ctx.render({
      title: `#${channel.name}`,
      section: `channel:${channel.name}`,
      body: channelPage(ctx, channel, null),
    });
  });

  app.get('/c/:name/t/:id', (ctx) => {
    const channel = loadChannel(ctx);
    const threadId = Number(ctx.params.id);
    if (!Number.isInteger(threadId)) throw new HttpError(404);
    return ctx.render({
      title: `Thread in #${channel.name}`,
      section: `channel:${channel.name}`,
      body: channelPage(ctx, channel, threadId),
    });
  });

  app.post('/c/:name/messages', postMessage);

  /** One message as markup: the page fetches a teammate's reply with it once they have finished typing. */
  app.get('/m/:id/card', (ctx) => {
    const message = loadMessage(ctx);
    const back = ctx.localPath(ctx.query.get('back') ?? '', messagePath(message));
    return ctx.html(
      messageItem(message, extrasFor(ctx, [message]), { back, inThread: message.parent_id !== null }),
    );
  });

  app.post('/m/:id/react', (ctx) => {
    const message = loadMessage(ctx);
    const back = backTo(ctx, messagePath(message));
    const emoji = ctx.form.get('emoji') ?? '';
    if (!Object.hasOwn(EMOJI, emoji))
      return ctx.redirect(back, { kind: 'error', message: 'Pick an emoji from the list.' });
    const mine = ctx.db
      .prepare<[number, string], { id: number }>(
        'SELECT id FROM reactions WHERE message_id = ? AND user_id = 1 AND emoji = ?',
      )
      .get(message.id, emoji);
    if (mine) ctx.db.prepare('DELETE FROM reactions WHERE id = ?').run(mine.id);
    else
      ctx.db
        .prepare('INSERT INTO reactions (message_id, user_id, emoji, created_at) VALUES (?, 1, ?, ?)')
        .run(message.id, emoji, ctx.now().toISOString());
    return ctx.redirect(withParams(back, { m: message.id, awaiting: undefined }));
  });

  app.post('/m/:id/pin', (ctx) => {
    const message = loadMessage(ctx);
    const back = backTo(ctx, messagePath(message));
    if (message.pinned_by) {
      ctx.db.prepare('UPDATE messages SET pinned_by = NULL, pinned_at = NULL WHERE id = ?').run(message.id);
      return ctx.redirect(back, { kind: 'success', message: `Unpinned from #${message.channel}` });
    }
    ctx.db
      .prepare('UPDATE messages SET pinned_by = 1, pinned_at = ? WHERE id = ?')
      .run(ctx.now().toISOString(), message.id);
    return ctx.redirect(back, { kind: 'success', message: `Pinned to #${message.channel}` });
  });

  app.post('/m/:id/save', (ctx) => {
    const message = loadMessage(ctx);
    const back = backTo(ctx, messagePath(message));
    if (message.saved) {
      ctx.db.prepare('DELETE FROM saved WHERE message_id = ? AND user_id = 1').run(message.id);
      return ctx.redirect(back, { kind: 'success', message: 'Removed from saved items' });
    }
    ctx.db
      .prepare('INSERT INTO saved (message_id, user_id, created_at) VALUES (?, 1, ?)')
      .run(message.id, ctx.now().toISOString());
    return ctx.redirect(back, { kind: 'success', message: 'Saved for later' });
  });

  app.post('/m/:id/edit', (ctx) => {
    const message = ownMessage(ctx);
    const back = backTo(ctx, messagePath(message));
    const body = cleanBody(ctx.form.get('body') ?? '');
    if (!body)
      return ctx.redirect(back, { kind: 'error', message: 'A message can’t be empty. Delete it instead.' });
    if (body.length > MAX_BODY)
      return ctx.redirect(back, { kind: 'error', message: `Messages can be up to ${MAX_BODY} characters.` });
    if (body !== message.body)
      ctx.db
        .prepare('UPDATE messages SET body = ?, edited_at = ? WHERE id = ?')
        .run(body, ctx.now().toISOString(), message.id);
    return ctx.redirect(withParams(back, { m: message.id, awaiting: undefined }), {
      kind: 'success',
      message: 'Message updated',
    });
  });

  app.post('/m/:id/delete', (ctx) => {
    const message = ownMessage(ctx);
    ctx.db.prepare('DELETE FROM messages WHERE id = ?').run(message.id);
    const back = backTo(ctx, `/c/${message.channel}`);
    const target =
      message.parent_id === null && back.includes(`/t/${message.id}`) ? `/c/${message.channel}` : back;
    return ctx.redirect(target, { kind: 'success', message: 'Message deleted' });
  });

  app.get('/files/:id', (ctx) => {
    const file = ctx.db
      .prepare<[number], { message_id: number; name: string; type: string; content: string }>(
        'SELECT message_id, name, type, content FROM files WHERE id = ?',
      )
      .get(Number(ctx.params.id) || 0);
    if (!file) throw new HttpError(404);
    loadMessage(ctx, file.message_id);
    return {
      status: 200,
      headers: {
        'content-type': file.type,
        'content-disposition': `attachment; filename="${file.name.replace(/[^\w.-]/g, '_')}"`,
      },
      body: Buffer.from(file.content, 'base64'),
    };
  });
}
