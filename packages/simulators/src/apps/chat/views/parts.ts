import {
  classNames,
  formatDateTime,
  formatTime,
  html,
  initials,
  MONTH_NAMES,
  type SafeHtml,
  WEEKDAY_NAMES,
} from '../../../kit';
import { EMOJI, emojiChar } from '../data/emoji';
import { formatSize, ME, renderBody } from '../domain';

const AVATAR_COLORS = [
  '#7c3aed',
  '#c2410c',
  '#0e7490',
  '#be185d',
  '#4d7c0f',
  '#1d4ed8',
  '#a16207',
  '#0f766e',
];

export function avatar(name: string, id: number, size: 'sm' | 'md' | 'lg' = 'md'): SafeHtml {
  return html`<span class="${classNames('avatar', `avatar-${size}`)}" style="background:${AVATAR_COLORS[id % AVATAR_COLORS.length]}" aria-hidden="true">${initials(name)}</span>`;
}

/** 'Tuesday, March 3': the divider between the days of a channel. */
export function dayHeading(iso: string): string {
  const d = new Date(iso);
  return `${WEEKDAY_NAMES[d.getUTCDay()]}, ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

export function weekday(iso: string): string {
  return WEEKDAY_NAMES[new Date(iso).getUTCDay()] ?? '';
}

export function statusBadge(emoji: string, text: string): SafeHtml | '' {
  if (!emoji && !text) return '';
  return html`<span class="status" title="${text}">${emoji ? emojiChar(emoji) : ''}${text ? html` <span class="status-text">${text}</span>` : ''}</span>`;
}

export function emptyState(title: string, text = ''): SafeHtml {
  return html`<div class="empty"><p class="empty-title">${title}</p>${text && html`<p class="muted">${text}</p>`}</div>`;
}

export interface MessageRow {
  id: number;
  channel_id: number;
  channel: string;
  user_id: number;
  author: string;
  handle: string;
  status_emoji: string;
  parent_id: number | null;
  body: string;
  pinned_by: number | null;
  edited_at: string | null;
  created_at: string;
  replies: number;
  last_reply_at: string | null;
  saved: number;
}

export const MESSAGE_SELECT = `SELECT m.id, m.channel_id, c.name AS channel, m.user_id, u.name AS author, u.handle, u.status_emoji,
  m.parent_id, m.body, m.pinned_by, m.edited_at, m.created_at,
  (SELECT count(*) FROM messages r WHERE r.parent_id = m.id) AS replies,
  (SELECT max(created_at) FROM messages r WHERE r.parent_id = m.id) AS last_reply_at,
  EXISTS (SELECT 1 FROM saved s WHERE s.message_id = m.id AND s.user_id = 1) AS saved
  FROM messages m JOIN users u ON u.id = m.user_id JOIN channels c ON c.id = m.channel_id`;

export interface ReactionGroup {
  emoji: string;
  count: number;
  mine: number;
  names: string;
}

export interface FileRow {
  id: number;
  message_id: number;
  name: string;
  size: number;
  type: string;
}

export interface MessageExtras {
  reactions: Map<number, ReactionGroup[]>;
  files: Map<number, FileRow[]>;
  people: { id: number; name: string; handle: string }[];
}

export interface MessageOptions {
  /** The page the message's forms come back to. */
  back: string;
  /** In a thread panel: no thread link, no reply button. */
  inThread?: boolean;
  highlight?: number;
  /** Search results and lists: the channel name and the date are shown. */
  context?: boolean;
}

/**
 * The buttons of every message post through one form of the page (MESSAGE_ACTIONS, in the layout), each with
 * its own address: a page of messages stays light however many buttons it has.
 */
export const MESSAGE_ACTIONS = 'message-actions';

function reactionPills(m: MessageRow, groups: ReactionGroup[]): SafeHtml {
  return html`<div class="reactions">${groups.map(
    (g) =>
      html`<button form="${MESSAGE_ACTIONS}" formaction="/m/${m.id}/react" name="emoji" value="${g.emoji}" class="${classNames('reaction', g.mine === 1 && 'mine')}" aria-pressed="${g.mine ? 'true' : 'false'}" aria-label="${g.emoji} reaction, ${g.count} ${g.count === 1 ? 'person' : 'people'}" title="${g.names} reacted with :${g.emoji}:"><span class="reaction-emoji">${emojiChar(g.emoji)}</span> <span class="reaction-count">${g.count}</span></button>`,
  )}</div>`;
}

function fileChips(files: FileRow[]): SafeHtml {
  return html`<ul class="files" aria-label="Attachments">${files.map(
    (f) =>
      html`<li class="file"><span class="file-icon" aria-hidden="true">📄</span><a href="/files/${f.id}" download="${f.name}">${f.name}</a><span class="muted small">${formatSize(f.size)} · ${f.type}</span></li>`,
  )}</ul>`;
}

export function threadPath(m: { channel: string; id: number; parent_id: number | null }): string {
  return `/c/${m.channel}/t/${m.parent_id ?? m.id}`;
}

/** One message with its hover toolbar: react, reply in thread, pin, save and, for one's own, edit and delete. */
export function messageItem(m: MessageRow, extras: MessageExtras, options: MessageOptions): SafeHtml {
  const mine = m.user_id === ME;
  const groups = extras.reactions.get(m.id) ?? [];
  const files = extras.files.get(m.id) ?? [];
  const when = formatDateTime(m.created_at);
  const back = options.back;
  return html`<article class="${classNames('msg', options.highlight === m.id && 'highlight', m.pinned_by !== null && 'pinned')}" id="m-${m.id}" data-id="${m.id}" aria-label="Message from ${m.author}, ${when}">
${avatar(m.author, m.user_id)}
<div class="msg-main">
  <header class="msg-head"><a class="author" href="/people/${m.handle}">${m.author}</a>${m.status_emoji ? html`<span class="author-status" aria-hidden="true">${emojiChar(m.status_emoji)}</span>` : ''}
    ${options.context ? html`<a class="msg-channel" href="/c/${m.channel}">#${m.channel}</a>` : ''}
    ${options.context ? html`<a class="msg-when" href="${m.parent_id ? `${threadPath(m)}?m=${m.id}` : `/c/${m.channel}?m=${m.id}`}" title="Open in #${m.channel}"><time datetime="${m.created_at}">${weekday(m.created_at)}, ${when}</time></a>` : html`<time datetime="${m.created_at}" title="${when}">${formatTime(m.created_at)}</time>`}
    ${m.edited_at ? html`<span class="edited muted small">(edited)</span>` : ''}
    ${m.pinned_by ? html`<span class="pin-badge">📌 Pinned</span>` : ''}</header>
  <div class="msg-body">${renderBody(m.body, extras.people)}</div>
  ${files.length > 0 ? fileChips(files) : ''}
  ${groups.length > 0 ? reactionPills(m, groups) : ''}
  ${
    !options.inThread && m.parent_id === null && m.replies > 0
      ? html`<a class="thread-link" href="/c/${m.channel}/t/${m.id}">${m.replies} ${m.replies === 1 ? 'reply' : 'replies'}</a><span class="muted small"> Last reply ${m.last_reply_at ? formatDateTime(m.last_reply_at) : ''}</span>`
      : ''
  }
  ${options.context && m.parent_id !== null ? html`<a class="thread-link" href="${threadPath(m)}?m=${m.id}">View thread</a>` : ''}
  <div class="msg-actions" role="toolbar" aria-label="Message actions">
    <button type="button" class="icon-btn" data-react="${m.id}" data-back="${back}" aria-label="Add reaction" title="Add reaction">☺︎</button>
    ${!options.inThread && m.parent_id === null ? html`<a class="icon-btn" href="/c/${m.channel}/t/${m.id}" aria-label="Reply in thread" title="Reply in thread">💬</a>` : ''}
    <button form="${MESSAGE_ACTIONS}" formaction="/m/${m.id}/pin" class="icon-btn" aria-label="${m.pinned_by ? 'Unpin from channel' : 'Pin to channel'}" title="${m.pinned_by ? 'Unpin from channel' : 'Pin to channel'}">📌</button>
    <button form="${MESSAGE_ACTIONS}" formaction="/m/${m.id}/save" class="icon-btn" aria-label="${m.saved ? 'Remove from saved' : 'Save for later'}" title="${m.saved ? 'Remove from saved' : 'Save for later'}">${m.saved ? '★' : '☆'}</button>
    ${
      mine
        ? html`<button type="button" class="icon-btn" data-edit="${m.id}" aria-label="Edit message" title="Edit message">✎</button>
    <form method="post" action="/m/${m.id}/delete" data-confirm="Delete this message? This can’t be undone." data-confirm-label="Delete"><input type="hidden" name="back" value="${back}"><button class="icon-btn danger" aria-label="Delete message" title="Delete message">🗑</button></form>`
        : ''
    }
  </div>
  ${
    mine
      ? html`<form method="post" action="/m/${m.id}/edit" class="edit-form" id="edit-${m.id}" hidden>
    <input type="hidden" name="back" value="${back}">
    <textarea name="body" rows="3" aria-label="Edit message">${m.body}</textarea>
    <div class="edit-actions"><button type="button" class="btn" data-edit-cancel="${m.id}">Cancel</button><button class="btn primary">Save changes</button></div>
  </form>`
      : ''
  }
</div>
</article>`;
}

/** Messages with day dividers between days. */
export function messageList(rows: MessageRow[], extras: MessageExtras, options: MessageOptions): SafeHtml {
  let day = '';
  return html`${rows.map((m) => {
    const thisDay = m.created_at.slice(0, 10);
    const divider =
      thisDay !== day
        ? html`<div class="day-divider" role="separator"><span>${dayHeading(m.created_at)}</span></div>`
        : '';
    day = thisDay;
    return html`${divider}${messageItem(m, extras, options)}`;
  })}`;
}

/** The formatting toolbar, the editor and the attach button of a message composer. */
export function composer(
  action: string,
  label: string,
  parentId: number | null,
  placeholder: string,
): SafeHtml {
  return html`<form method="post" action="${action}" class="composer" data-composer novalidate>
  <input type="hidden" name="parent_id" value="${parentId ?? ''}">
  <input type="hidden" name="body" value="">
  <div class="composer-toolbar" role="toolbar" aria-label="Formatting">
    <button type="button" class="fmt" data-format="bold" aria-label="Bold" title="Bold (Ctrl+B)"><b>B</b></button>
    <button type="button" class="fmt" data-format="italic" aria-label="Italic" title="Italic (Ctrl+I)"><i>I</i></button>
    <button type="button" class="fmt" data-format="code" aria-label="Code" title="Code">&lt;/&gt;</button>
    <button type="button" class="fmt" data-format="link" aria-label="Link" title="Link">🔗</button>
    <label class="fmt attach" title="Attach a file"><span aria-hidden="true">📎</span><span class="sr-only">Attach file</span><input type="file" class="file-input" data-attach aria-label="Attach file"></label>
  </div>
  <div class="editor" contenteditable="true" role="textbox" aria-multiline="true" aria-label="${label}" data-placeholder="${placeholder}"></div>
  <div class="attachment" data-attachment hidden></div>
  <div class="composer-foot"><span class="muted small">Enter to send · Shift+Enter for a new line</span><button class="btn primary send" aria-label="Send message">Send</button></div>
</form>`;
}

export function emojiOptions(selected: string): SafeHtml {
  return html`${Object.entries(EMOJI).map(
    ([name, char]) =>
      html`<option value="${name}" ${name === selected ? 'selected' : ''}>${char} ${name.replace(/_/g, ' ')}</option>`,
  )}`;
}
