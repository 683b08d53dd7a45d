import {
  type AppBuilder,
  fieldError,
  formatDateTime,
  HttpError,
  html,
  jsonScript,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { formatBytes, joinAddresses, parseRecipients, splitAddresses } from '../addresses';
import { OWNER } from '../data/people';
import {
  type AttachmentRow,
  contactNames,
  findThread,
  type MessageRow,
  messageAttachments,
  settings,
  type ThreadRow,
  threadMessages,
} from '../mailbox';
import type { MessageKind } from '../schema';
import { quoteOf } from '../seed';
import { type DraftSnapshot, forgetUndo, offerUndo, takeUndo } from '../undo';
import { listDate } from '../views/parts';

type ReplyMode = Exclude<MessageKind, 'original'>;
const MODES: readonly ReplyMode[] = ['reply', 'reply_all', 'forward'];

interface DraftRow {
  id: number;
  thread_id: number | null;
  kind: MessageKind;
  to_addrs: string;
  cc_addrs: string;
  subject: string;
  body: string;
  saved_at: string;
}

interface ComposeValues {
  to: string;
  cc: string;
  subject: string;
  body: string;
  thread: string;
  mode: string;
  draft: string;
  signature: boolean;
}
type ComposeErrors = Partial<Record<'to' | 'cc' | 'form', string>>;

/** What a reply, reply-all or forward is based on: the thread's latest message. */
interface ReplyContext {
  thread: ThreadRow;
  mode: ReplyMode;
  source: MessageRow;
  quoted: string;
  attachments: AttachmentRow[];
}

function withPrefix(prefix: 'Re:' | 'Fwd:', subject: string): string {
  return subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix} ${subject}`.trim();
}

function forwardQuote(message: MessageRow): string {
  return [
    '---------- Forwarded message ---------',
    `From: ${message.from_name} <${message.from_email}>`,
    `Date: ${formatDateTime(message.sent_at)}`,
    `Subject: ${message.subject}`,
    `To: ${message.to_addrs}`,
    '',
    message.body,
  ].join('\n');
}

function replyContext(ctx: RequestContext, threadId: string, mode: string): ReplyContext | null {
  if (!threadId || !MODES.includes(mode as ReplyMode)) return null;
  const thread = findThread(ctx, threadId);
  const messages = threadMessages(ctx, thread.id);
  const source = messages[messages.length - 1];
  if (!source) throw new HttpError(404);
  const replyMode = mode as ReplyMode;
  return {
    thread,
    mode: replyMode,
    source,
    quoted: replyMode === 'forward' ? forwardQuote(source) : quoteOf(source),
    attachments: replyMode === 'forward' ? messageAttachments(ctx, source.id) : [],
  };
}

/** Recipients of a reply: the sender (or, replying to oneself, the original recipients); reply-all adds the rest. */
export function replyRecipients(source: MessageRow, mode: ReplyMode): { to: string[]; cc: string[] } {
  if (mode === 'forward') return { to: [], cc: [] };
  const mine = source.from_email === OWNER.email;
  const to = mine ? splitAddresses(source.to_addrs) : [source.from_email];
  if (mode === 'reply') return { to, cc: [] };
  const others = mine ? [] : splitAddresses(source.to_addrs);
  const allTo = [...new Set([...to, ...others])].filter((a) => a !== OWNER.email);
  const cc = [...new Set(splitAddresses(source.cc_addrs))].filter(
    (a) => a !== OWNER.email && !allTo.includes(a),
  );
  return { to: allTo, cc };
}

function contactsForAutocomplete(ctx: RequestContext) {
  return ctx.db
    .prepare<[], { name: string; email: string }>(
      'SELECT name, email FROM contacts ORDER BY name COLLATE NOCASE',
    )
    .all();
}

function composePage(
  ctx: RequestContext,
  values: ComposeValues,
  errors: ComposeErrors,
  confirmNoSubject = false,
) {
  const reply = replyContext(ctx, values.thread, values.mode);
  const signature = settings(ctx).signature;
  const title = reply
    ? reply.mode === 'forward'
      ? 'Forward'
      : reply.mode === 'reply_all'
        ? 'Reply all'
        : 'Reply'
    : values.draft
      ? 'Edit draft'
      : 'New message';
  const status = Object.keys(errors).length > 0 || confirmNoSubject ? 422 : 200;
  return ctx.render({
    title,
    section: 'compose',
    status,
    body: html`<div class="compose-card">
  <header class="compose-header"><h1>${title}</h1>${reply && html`<a class="subtle-link" href="/thread/${reply.thread.id}">in “${reply.thread.subject || '(no subject)'}”</a>`}</header>
  ${errors.form && html`<div class="form-alert" role="alert">${errors.form}</div>`}
  <form method="post" action="/compose" id="compose-form" class="compose-form" novalidate>
    <input type="hidden" name="thread" value="${values.thread}">
    <input type="hidden" name="mode" value="${values.mode}">
    <input type="hidden" name="draft" value="${values.draft}">
    <div class="compose-row"><label for="to">To</label><div class="autocomplete"><input id="to" name="to" value="${values.to}" autocomplete="off" data-autocomplete="contacts" placeholder="Name or email address" aria-invalid="${errors.to ? 'true' : 'false'}"></div></div>
    ${fieldError(errors.to)}
    <div class="compose-row"><label for="cc">Cc</label><div class="autocomplete"><input id="cc" name="cc" value="${values.cc}" autocomplete="off" data-autocomplete="contacts" aria-invalid="${errors.cc ? 'true' : 'false'}"></div></div>
    ${fieldError(errors.cc)}
    <div class="compose-row"><label for="subject">Subject</label><input id="subject" name="subject" value="${values.subject}" maxlength="200"></div>
    <label for="body" class="visually-hidden">Message</label>
    <textarea id="body" name="body" rows="12" placeholder="Write your message">${values.body}</textarea>
    <label class="check"><input type="checkbox" name="signature" value="1" ${values.signature ? 'checked' : ''}> Add my signature</label>
    ${signature && html`<pre class="signature-preview">-- \n${signature}</pre>`}
    ${reply && html`<details class="quoted"><summary>${reply.mode === 'forward' ? 'Forwarded message' : 'Quoted text'}</summary><blockquote>${reply.quoted}</blockquote></details>`}
    ${
      reply &&
      reply.attachments.length > 0 &&
      html`<div class="attachments"><p class="attachments-heading">Attachments forwarded with this message</p><ul>${reply.attachments.map(
        (a) =>
          html`<li class="attachment"><span class="attachment-icon" aria-hidden="true">${a.filename.split('.').pop()?.toUpperCase()}</span><span class="attachment-name">${a.filename}</span><span class="attachment-size">${formatBytes(a.size_bytes)}</span></li>`,
      )}</ul></div>`
    }
    <div class="compose-actions">
      <button name="action" value="send" class="primary">Send</button>
      <button name="action" value="save" class="secondary">Save draft</button>
      <a href="${reply ? `/thread/${reply.thread.id}` : '/mail/inbox'}" class="subtle-link">Cancel</a>
    </div>
  </form>
  ${
    values.draft &&
    html`<form method="post" action="/drafts/${values.draft}/discard" data-confirm="Discard this draft? It will be deleted." data-confirm-label="Discard draft" class="discard-form">
    <button class="link danger-text">Discard draft</button></form>`
  }
</div>
<dialog id="no-subject" class="kit-modal" ${confirmNoSubject ? 'data-open' : ''} aria-labelledby="no-subject-title">
  <div class="kit-modal-body">
    <h2 id="no-subject-title">Send without a subject?</h2>
    <p>This message has no subject. Recipients may overlook it.</p>
    <div class="kit-modal-actions">
      <button type="button" class="secondary" data-modal-close>Add a subject</button>
      <button form="compose-form" name="confirm_no_subject" value="1" class="primary">Send anyway</button>
    </div>
  </div>
</dialog>
<script type="application/json" id="contacts-data">${jsonScript(contactsForAutocomplete(ctx))}</script>`,
  });
}

function blankValues(): ComposeValues {
  return { to: '', cc: '', subject: '', body: '', thread: '', mode: '', draft: '', signature: true };
}

function findDraft(ctx: RequestContext, id: string): DraftRow {
  const draft = ctx.db.prepare<[string], DraftRow>('SELECT * FROM drafts WHERE id = ?').get(id);
  if (!draft) throw new HttpError(404);
  return draft;
}

function composeForm(ctx: RequestContext) {
  const draftId = ctx.query.get('draft');
  if (draftId) {
    const draft = findDraft(ctx, draftId);
    return composePage(
      ctx,
      {
        to: draft.to_addrs,
        cc: draft.cc_addrs,
        subject: draft.subject,
        body: draft.body,
        thread: draft.thread_id === null ? '' : String(draft.thread_id),
        mode: draft.kind === 'original' ? '' : draft.kind,
        draft: String(draft.id),
        signature: true,
      },
      {},
    );
  }
  const values = blankValues();
  const to = ctx.query.get('to');
  if (to) values.to = to;
  const reply = replyContext(ctx, ctx.query.get('thread') ?? '', ctx.query.get('mode') ?? '');
  if (reply) {
    const { to: replyTo, cc } = replyRecipients(reply.source, reply.mode);
    values.to = joinAddresses(replyTo);
    values.cc = joinAddresses(cc);
    values.subject = withPrefix(reply.mode === 'forward' ? 'Fwd:' : 'Re:', reply.thread.subject);
    values.thread = String(reply.thread.id);
    values.mode = reply.mode;
  }
  return composePage(ctx, values, {});
}

function postedValues(ctx: RequestContext): ComposeValues {
  const get = (name: string) => (ctx.form.get(name) ?? '').trim();
  return {
    to: get('to'),
    cc: get('cc'),
    subject: get('subject'),
    // The body keeps its own line breaks and indentation; only trailing blank space goes.
    body: (ctx.form.get('body') ?? '').replace(/\r\n/g, '\n').replace(/\s+$/, ''),
    thread: get('thread'),
    mode: get('mode'),
    draft: get('draft'),
    signature: ctx.form.get('signature') === '1',
  };
}

function invalidMessage(invalid: string[]): string {
  return invalid.length === 1
    ? `“${invalid[0]}” is not a valid email address`
    : `These are not valid email addresses: ${invalid.map((a) => `“${a}”`).join(', ')}`;
}

function saveDraft(ctx: RequestContext, values: ComposeValues) {
  const reply = replyContext(ctx, values.thread, values.mode);
  const at = ctx.now().toISOString();
  const to = normalized(values.to);
  const cc = normalized(values.cc);
  let id = values.draft;
  if (id) {
    findDraft(ctx, id);
    ctx.db
      .prepare(
        'UPDATE drafts SET to_addrs = ?, cc_addrs = ?, subject = ?, body = ?, saved_at = ? WHERE id = ?',
      )
      .run(to, cc, values.subject, values.body, at, id);
  } else {
    id = String(
      ctx.db
        .prepare(
          'INSERT INTO drafts (thread_id, kind, to_addrs, cc_addrs, subject, body, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(reply?.thread.id ?? null, reply?.mode ?? 'original', to, cc, values.subject, values.body, at)
        .lastInsertRowid,
    );
  }
  return ctx.redirect(`/compose?draft=${id}`, { kind: 'success', message: 'Draft saved' });
}

/** Valid addresses are stored normalized; what does not parse is kept as typed so a draft loses nothing. */
function normalized(field: string): string {
  const parsed = parseRecipients(field);
  return parsed.invalid.length > 0 ? field : joinAddresses(parsed.addresses);
}

function send(ctx: RequestContext) {
  const values = postedValues(ctx);
  forgetUndo(ctx);
  if (ctx.form.get('action') === 'save') return saveDraft(ctx, values);
  const to = parseRecipients(values.to);
  const cc = parseRecipients(values.cc);
  const errors: ComposeErrors = {};
  if (to.invalid.length > 0) errors.to = invalidMessage(to.invalid);
  else if (to.addresses.length === 0) errors.to = 'Add at least one recipient';
  if (cc.invalid.length > 0) errors.cc = invalidMessage(cc.invalid);
  if (Object.keys(errors).length > 0) {
    errors.form = 'Your message was not sent. Check the highlighted fields.';
    return composePage(ctx, values, errors);
  }
  if (!values.subject && ctx.form.get('confirm_no_subject') !== '1')
    return composePage(ctx, values, {}, true);

  const reply = replyContext(ctx, values.thread, values.mode);
  const at = ctx.now().toISOString();
  const owner = settings(ctx);
  let threadId: number;
  if (reply) {
    threadId = reply.thread.id;
    ctx.db.prepare('UPDATE threads SET last_message_at = ? WHERE id = ?').run(at, threadId);
  } else {
    threadId = Number(
      ctx.db
        .prepare(
          "INSERT INTO threads (subject, folder, is_read, starred, last_message_at) VALUES (?, 'sent', 1, 0, ?)",
        )
        .run(values.subject, at).lastInsertRowid,
    );
  }
  const messageId = Number(
    ctx.db
      .prepare(
        `INSERT INTO messages (thread_id, kind, from_name, from_email, to_addrs, cc_addrs, subject, body, signature, quoted, sent_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        threadId,
        reply?.mode ?? 'original',
        owner.display_name,
        owner.email,
        joinAddresses(to.addresses),
        joinAddresses(cc.addresses),
        values.subject,
        values.body,
        values.signature ? owner.signature : '',
        reply?.quoted ?? '',
        at,
      ).lastInsertRowid,
  );
  const copy = ctx.db.prepare(
    'INSERT INTO attachments (message_id, filename, content_type, size_bytes) VALUES (?, ?, ?, ?)',
  );
  for (const file of reply?.attachments ?? [])
    copy.run(messageId, file.filename, file.content_type, file.size_bytes);
  if (values.draft) ctx.db.prepare('DELETE FROM drafts WHERE id = ?').run(values.draft);
  const draft: DraftSnapshot = {
    threadId: reply?.thread.id ?? null,
    kind: reply?.mode ?? 'original',
    to: joinAddresses(to.addresses),
    cc: joinAddresses(cc.addresses),
    subject: values.subject,
    body: values.body,
  };
  offerUndo(ctx, { kind: 'send', messageId, threadCreated: !reply, draft }, 'Message sent');
  return ctx.redirect(`/thread/${threadId}`);
}

function undo(ctx: RequestContext) {
  const action = takeUndo(ctx);
  if (!action) return ctx.redirect('/mail/inbox', { kind: 'warning', message: 'There is nothing to undo' });
  if (action.kind === 'move') {
    const update = ctx.db.prepare('UPDATE threads SET folder = ? WHERE id = ?');
    for (const move of action.moves) update.run(move.folder, move.threadId);
    const first = action.moves[0];
    return ctx.redirect(first ? `/mail/${first.folder}` : '/mail/inbox', {
      kind: 'info',
      message: 'Action undone',
    });
  }
  const message = ctx.db
    .prepare<[number], { thread_id: number }>('SELECT thread_id FROM messages WHERE id = ?')
    .get(action.messageId);
  if (message) {
    if (action.threadCreated) ctx.db.prepare('DELETE FROM threads WHERE id = ?').run(message.thread_id);
    else ctx.db.prepare('DELETE FROM messages WHERE id = ?').run(action.messageId);
  }
  const d = action.draft;
  const id = ctx.db
    .prepare(
      'INSERT INTO drafts (thread_id, kind, to_addrs, cc_addrs, subject, body, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(d.threadId, d.kind, d.to, d.cc, d.subject, d.body, ctx.now().toISOString()).lastInsertRowid;
  return ctx.redirect(`/compose?draft=${id}`, {
    kind: 'info',
    message: 'Sending undone. Your message is back in Drafts.',
  });
}

function discardDraft(ctx: RequestContext) {
  const draft = findDraft(ctx, ctx.params.id ?? '');
  forgetUndo(ctx);
  ctx.db.prepare('DELETE FROM drafts WHERE id = ?').run(draft.id);
  return ctx.redirect('/mail/drafts', { kind: 'success', message: 'Draft discarded' });
}

export function draftsPage(ctx: RequestContext) {
  const drafts = ctx.db.prepare<[], DraftRow>('SELECT * FROM drafts ORDER BY saved_at DESC, id DESC').all();
  const names = contactNames(ctx);
  const now = ctx.now();
  const who = (stored: string) =>
    splitAddresses(stored)
      .map((a) => names.get(a) ?? a)
      .join(', ') || '(no recipients)';
  const rows: SafeHtml[] = drafts.map(
    (
      d,
    ) => html`<tr class="thread-row"><td class="cell-from"><span class="draft-tag">Draft</span> ${who(d.to_addrs)}</td>
      <td class="cell-subject"><a class="thread-link" href="/compose?draft=${d.id}"><span class="subject">${d.subject || '(no subject)'}</span><span class="snippet"> — ${d.body.slice(0, 120)}</span></a></td>
      <td class="cell-meta"><time datetime="${d.saved_at}">${listDate(d.saved_at, now)}</time></td></tr>`,
  );
  return ctx.render({
    title: 'Drafts',
    section: 'drafts',
    body: html`<div class="list-header"><h1>Drafts</h1><span class="pager-range">${drafts.length} draft${drafts.length === 1 ? '' : 's'}</span></div>
<p class="notice">Drafts are saved when you choose Save draft.</p>
${rows.length === 0 ? html`<div class="empty-state"><p>You have no saved drafts.</p></div>` : html`<table class="thread-list drafts"><colgroup><col class="col-from"><col><col class="col-meta"></colgroup><tbody>${rows}</tbody></table>`}`,
  });
}

export function composeRoutes(app: AppBuilder): void {
  app.get('/compose', composeForm);
  app.post('/compose', send);
  app.post('/undo', undo);
  app.post('/drafts/:id/discard', discardDraft);
}
