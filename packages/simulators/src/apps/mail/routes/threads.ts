import { type AppBuilder, classNames, formatDateTime, html, type RequestContext } from '../../../kit';
import { formatBytes, splitAddresses } from '../addresses';
import {
  allLabels,
  contactNames,
  findThread,
  type MessageRow,
  messageAttachments,
  type ThreadRow,
  threadLabels,
  threadMessages,
} from '../mailbox';
import type { Folder } from '../schema';
import { forgetUndo } from '../undo';
import { avatar, labelChip } from '../views/parts';
import { moveThreads } from './mailbox';

const FOLDER_NAMES: Record<Folder, string> = {
  inbox: 'Inbox',
  sent: 'Sent',
  archive: 'Archive',
  spam: 'Spam',
  trash: 'Trash',
};

function recipients(stored: string, names: Map<string, string>): string {
  return splitAddresses(stored)
    .map((email) => {
      const name = names.get(email);
      return name && name !== 'me' ? `${name} <${email}>` : name === 'me' ? 'me' : email;
    })
    .join(', ');
}

function messageCard(ctx: RequestContext, message: MessageRow, names: Map<string, string>, last: boolean) {
  const attachments = messageAttachments(ctx, message.id);
  return html`<article class="${classNames('message', last && 'message-latest')}" aria-label="Message from ${message.from_name}">
  <header class="message-header">
    ${avatar(message.from_name)}
    <div class="message-who">
      <div><strong class="from-name">${message.from_name}</strong> <span class="from-email">&lt;${message.from_email}&gt;</span></div>
      <div class="message-to">to ${recipients(message.to_addrs, names)}${message.cc_addrs && html`<span class="message-cc"> · cc ${recipients(message.cc_addrs, names)}</span>`}</div>
    </div>
    <time class="message-date" datetime="${message.sent_at}">${formatDateTime(message.sent_at)}</time>
  </header>
  <div class="message-body">${message.body}</div>
  ${message.signature && html`<div class="message-signature">-- \n${message.signature}</div>`}
  ${message.quoted && html`<details class="quoted"><summary aria-label="Show quoted text">•••</summary><blockquote>${message.quoted}</blockquote></details>`}
  ${
    attachments.length > 0 &&
    html`<div class="attachments"><p class="attachments-heading">${attachments.length} attachment${attachments.length > 1 ? 's' : ''}</p><ul>${attachments.map(
      (a) =>
        html`<li class="attachment"><span class="attachment-icon" aria-hidden="true">${a.filename.split('.').pop()?.toUpperCase()}</span><span class="attachment-name">${a.filename}</span><span class="attachment-size">${formatBytes(a.size_bytes)}</span></li>`,
    )}</ul></div>`
  }
</article>`;
}

function actionButton(action: string, label: string, extra = '') {
  return html`<button name="action" value="${action}" class="tool ${extra}">${label}</button>`;
}

function threadPage(ctx: RequestContext) {
  const thread = findThread(ctx, ctx.params.id);
  const messages = threadMessages(ctx, thread.id);
  const labels = threadLabels(ctx, thread.id);
  const applied = new Set(labels.map((l) => l.id));
  const names = contactNames(ctx);
  const back = thread.folder === 'sent' ? '/mail/sent' : `/mail/${thread.folder}`;
  return ctx.render({
    title: thread.subject || '(no subject)',
    section: thread.folder,
    body: html`<div class="thread-toolbar">
  <a href="${back}" class="tool" aria-label="Back to ${FOLDER_NAMES[thread.folder]}">← ${FOLDER_NAMES[thread.folder]}</a>
  <form method="post" action="/thread/${thread.id}/action" class="inline-tools">
    ${thread.folder === 'inbox' && actionButton('archive', 'Archive')}
    ${(thread.folder === 'archive' || thread.folder === 'trash') && actionButton('inbox', 'Move to Inbox')}
    ${thread.folder === 'spam' ? actionButton('not_spam', 'Not spam') : thread.folder !== 'trash' && actionButton('spam', 'Report spam')}
    ${thread.folder !== 'trash' && actionButton('trash', 'Delete')}
    ${thread.is_read ? actionButton('unread', 'Mark as unread') : actionButton('read', 'Mark as read')}
    ${thread.starred ? actionButton('unstar', 'Unstar') : actionButton('star', 'Star')}
  </form>
  ${
    thread.folder === 'trash' &&
    html`<form method="post" action="/thread/${thread.id}/action" data-confirm="Delete “${thread.subject || '(no subject)'}” forever? This cannot be undone." data-confirm-label="Delete forever">
    <button name="action" value="delete_forever" class="tool danger-text">Delete forever</button></form>`
  }
  <div class="menu-anchor">
    <button type="button" class="tool" data-menu-toggle="label-menu" aria-expanded="false">Labels ▾</button>
    <div id="label-menu" class="menu label-menu" hidden>
      <form method="post" action="/thread/${thread.id}/labels">
        <p class="menu-title">Label as:</p>
        ${allLabels(ctx).map(
          (l) =>
            html`<label class="menu-check"><input type="checkbox" name="labels" value="${l.id}" ${applied.has(l.id) ? 'checked' : ''}><span class="dot dot-${l.color}"></span>${l.name}</label>`,
        )}
        <div class="menu-actions"><button class="primary small">Apply</button> <a href="/labels" class="subtle-link">Manage labels</a></div>
      </form>
    </div>
  </div>
</div>
<header class="thread-header">
  <h1>${thread.subject || '(no subject)'}</h1>
  <div class="thread-chips"><span class="chip chip-folder">${FOLDER_NAMES[thread.folder]}</span>${labels.map(labelChip)}${thread.starred ? html`<span class="star on" aria-label="Starred">★</span>` : ''}</div>
</header>
<div class="messages">${messages.map((m, i) => messageCard(ctx, m, names, i === messages.length - 1))}</div>
<div class="reply-bar">
  <a class="button" href="${ctx.link('/compose', { thread: thread.id, mode: 'reply' })}">↩ Reply</a>
  <a class="button" href="${ctx.link('/compose', { thread: thread.id, mode: 'reply_all' })}">↩↩ Reply all</a>
  <a class="button" href="${ctx.link('/compose', { thread: thread.id, mode: 'forward' })}">↪ Forward</a>
</div>`,
  });
}

const FLAG_ACTIONS: Record<string, { column: 'is_read' | 'starred'; value: number; message: string }> = {
  read: { column: 'is_read', value: 1, message: 'Marked as read' },
  unread: { column: 'is_read', value: 0, message: 'Marked as unread' },
  star: { column: 'starred', value: 1, message: 'Conversation starred' },
  unstar: { column: 'starred', value: 0, message: 'Star removed' },
};

function threadAction(ctx: RequestContext) {
  const thread: ThreadRow = findThread(ctx, ctx.params.id);
  const action = ctx.form.get('action') ?? '';
  forgetUndo(ctx);
  const flag = FLAG_ACTIONS[action];
  if (flag) {
    ctx.db.prepare(`UPDATE threads SET ${flag.column} = ? WHERE id = ?`).run(flag.value, thread.id);
    return ctx.redirect(`/thread/${thread.id}`, { kind: 'success', message: flag.message });
  }
  const back = thread.folder === 'sent' ? '/mail/sent' : `/mail/${thread.folder}`;
  switch (action) {
    case 'archive':
      moveThreads(ctx, [thread.id], 'archive', 'Conversation archived');
      return ctx.redirect(back);
    case 'inbox':
    case 'not_spam':
      moveThreads(ctx, [thread.id], 'inbox', 'Conversation moved to Inbox');
      return ctx.redirect(back);
    case 'spam':
      moveThreads(ctx, [thread.id], 'spam', 'Conversation reported as spam');
      return ctx.redirect(back);
    case 'trash':
      moveThreads(ctx, [thread.id], 'trash', 'Conversation moved to Trash');
      return ctx.redirect(back);
    case 'delete_forever':
      if (thread.folder !== 'trash') {
        return ctx.redirect(`/thread/${thread.id}`, {
          kind: 'error',
          message: 'Only conversations in Trash can be deleted forever',
        });
      }
      ctx.db.prepare('DELETE FROM threads WHERE id = ?').run(thread.id);
      return ctx.redirect('/mail/trash', { kind: 'success', message: 'Conversation deleted forever' });
    default:
      return ctx.redirect(`/thread/${thread.id}`, { kind: 'error', message: 'Unknown action' });
  }
}

function setLabels(ctx: RequestContext) {
  const thread = findThread(ctx, ctx.params.id);
  const valid = new Set(allLabels(ctx).map((l) => l.id));
  const wanted = new Set(
    ctx.form
      .getAll('labels')
      .map(Number)
      .filter((id) => valid.has(id)),
  );
  const current = new Set(threadLabels(ctx, thread.id).map((l) => l.id));
  forgetUndo(ctx);
  const insert = ctx.db.prepare('INSERT INTO thread_labels (thread_id, label_id) VALUES (?, ?)');
  const remove = ctx.db.prepare('DELETE FROM thread_labels WHERE thread_id = ? AND label_id = ?');
  for (const id of wanted) if (!current.has(id)) insert.run(thread.id, id);
  for (const id of current) if (!wanted.has(id)) remove.run(thread.id, id);
  return ctx.redirect(`/thread/${thread.id}`, { kind: 'success', message: 'Labels updated' });
}

export function threadRoutes(app: AppBuilder): void {
  app.get('/thread/:id', threadPage);
  app.post('/thread/:id/action', threadAction);
  app.post('/thread/:id/labels', setLabels);
}
