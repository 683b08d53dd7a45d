import { escapeHtml, raw, type SafeHtml, type SqliteDatabase } from '../../kit';
import { emojiChar } from './data/emoji';
import { AUTO_REPLIES, SCENARIO } from './data/scenario';

/** Hubbub's rules: message text (a small markdown), mentions, and the replies a message triggers. */

export const ME = 1;
export const STEP_MS = 60_000;
export const MAX_BODY = 4000;
/** The largest attachment, so the JSON body stays under the kit's 1 MiB limit once in base64. */
export const MAX_FILE_BYTES = 500 * 1024;

/** Id of a hand-written message (they are inserted first, in order). */
export function scenarioId(key: string): number {
  const index = SCENARIO.findIndex((m) => m.key === key);
  if (index < 0) throw new Error(`No scenario message ${key}`);
  return index + 1;
}

/**
 * What is stored of a message: its markdown text, without markup tags or control characters, trimmed.
 * Bold is **x**, italic _x_, code `x`, links [text](https://...), mentions @Full Name, emoji :name:.
 */
export function cleanBody(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/\u00a0/g, ' ')
    .replace(/[\p{Cc}\u200b]/gu, (char) => (char === '\n' ? char : ''))
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

interface Named {
  id: number;
  name: string;
  handle: string;
}

function mentionPattern(people: Named[]): RegExp | null {
  if (people.length === 0) return null;
  const names = people
    .map((p) => p.name)
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`@(${names.join('|')})`, 'g');
}

/** The people a message mentions with @Full Name. */
export function mentionedIds(body: string, people: Named[]): number[] {
  const pattern = mentionPattern(people);
  if (!pattern) return [];
  const ids = new Set<number>();
  for (const match of body.matchAll(pattern)) {
    const person = people.find((p) => p.name === match[1]);
    if (person) ids.add(person.id);
  }
  return [...ids];
}

function inline(text: string, people: Named[]): string {
  let out = escapeHtml(text);
  out = out.replace(
    /\[([^\]\n]+)\]\(((?:https?:\/\/|mailto:)[^\s)]+)\)/g,
    (_all, label: string, href: string) =>
      `<a href="${href}" target="_blank" rel="noopener noreferrer">${label}</a>`,
  );
  out = out.replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>');
  out = out.replace(/(^|[\s(])_([^_\n]+)_(?=$|[\s.,!?;:)])/g, '$1<em>$2</em>');
  out = out.replace(/:([a-z0-9_+-]+):/g, (all, name: string) => {
    const char = emojiChar(name);
    return char.startsWith(':') ? all : `<span class="emoji" title=":${name}:">${char}</span>`;
  });
  const pattern = mentionPattern(people);
  if (pattern) {
    out = out.replace(pattern, (all, name: string) => {
      const person = people.find((p) => p.name === name);
      return person
        ? `<a class="mention${person.id === ME ? ' mention-me' : ''}" href="/people/${person.handle}">@${escapeHtml(name)}</a>`
        : all;
    });
  }
  return out;
}

/** A message's markdown as HTML: everything escaped, then the few constructs Hubbub formats. */
export function renderBody(body: string, people: Named[]): SafeHtml {
  const parts = body.split('`');
  const html = parts
    .map((part, index) =>
      index % 2 === 1 && index < parts.length - 1
        ? `<code>${escapeHtml(part)}</code>`
        : inline(index % 2 === 1 ? `\`${part}` : part, people),
    )
    .join('')
    .replace(/\n/g, '<br>');
  return raw(html);
}

/** Markdown reduced to plain text, for previews and search snippets. */
export function plainText(body: string): string {
  return body
    .replace(/\[([^\]\n]+)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|`/g, '')
    .replace(/:([a-z0-9_+-]+):/g, (all, name: string) => {
      const char = emojiChar(name);
      return char.startsWith(':') ? all : char;
    });
}

export function people(db: SqliteDatabase): Named[] {
  return db.prepare<[], Named>('SELECT id, name, handle FROM users ORDER BY id').all();
}

export interface NewMessage {
  channelId: number;
  userId: number;
  parentId: number | null;
  body: string;
  at: string;
}

/** Writes a message and who it mentions. */
export function insertMessage(db: SqliteDatabase, message: NewMessage, readMentions = false): number {
  const id = Number(
    db
      .prepare(
        'INSERT INTO messages (channel_id, user_id, parent_id, body, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(message.channelId, message.userId, message.parentId, message.body, message.at).lastInsertRowid,
  );
  if (!message.body.includes('@')) return id;
  const insert = db.prepare('INSERT INTO mentions (message_id, user_id, read) VALUES (?, ?, ?)');
  for (const userId of mentionedIds(message.body, people(db)))
    if (userId !== message.userId) insert.run(id, userId, readMentions ? 1 : 0);
  return id;
}

/**
 * The teammate's answer a message of Jordan's calls for, written now with the next minute's time (the page
 * shows it once they have "typed" it). Null when the message asks nothing of anyone, or was answered already.
 */
export function triggerReply(
  db: SqliteDatabase,
  channel: { id: number; name: string },
  parentId: number | null,
  body: string,
  now: Date,
): number | null {
  for (const reply of AUTO_REPLIES) {
    if (reply.channel !== channel.name) continue;
    const threadId = reply.thread ? scenarioId(reply.thread) : null;
    if (threadId !== parentId) continue;
    if (!reply.when.every((pattern) => pattern.test(body))) continue;
    const already = db
      .prepare<[number, number, string], { id: number }>(
        'SELECT id FROM messages WHERE channel_id = ? AND user_id = ? AND body = ?',
      )
      .get(channel.id, reply.user, reply.body);
    if (already) continue;
    return insertMessage(db, {
      channelId: channel.id,
      userId: reply.user,
      parentId: threadId,
      body: reply.body,
      at: new Date(now.getTime() + STEP_MS).toISOString(),
    });
  }
  return null;
}

export const CHANNEL_NAME = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** What a name typed as "Churn Model" should be: lowercase words joined by dashes. */
export function suggestChannelName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / 104857.6) / 10} MB`;
}
