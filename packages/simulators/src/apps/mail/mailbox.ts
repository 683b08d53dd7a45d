import { HttpError, type RequestContext } from '../../kit';
import { OWNER } from './data/people';
import type { Folder, LabelColor, MessageKind } from './schema';

/** Reads of the mailbox shared by several screens. Writes live in the route that owns them. */

export interface LabelRow {
  id: number;
  name: string;
  color: LabelColor;
}
export interface ThreadRow {
  id: number;
  subject: string;
  folder: Folder;
  is_read: number;
  starred: number;
  last_message_at: string;
}
export interface ThreadListRow extends ThreadRow {
  senders: string;
  snippet: string;
  message_count: number;
  has_attachment: number;
  label_ids: string | null;
}
export interface MessageRow {
  id: number;
  thread_id: number;
  kind: MessageKind;
  from_name: string;
  from_email: string;
  to_addrs: string;
  cc_addrs: string;
  subject: string;
  body: string;
  signature: string;
  quoted: string;
  sent_at: string;
}
export interface AttachmentRow {
  id: number;
  message_id: number;
  filename: string;
  content_type: string;
  size_bytes: number;
}
export interface ContactRow {
  id: number;
  name: string;
  email: string;
  company: string;
  job_title: string;
  phone: string;
  created_at: string;
}
export interface SettingsRow {
  display_name: string;
  email: string;
  signature: string;
  vacation_enabled: number;
  vacation_start: string | null;
  vacation_end: string | null;
  vacation_subject: string;
  vacation_message: string;
}

/** The mailboxes in the sidebar; Starred and Drafts are views, the others are a thread's folder. */
export const MAILBOXES = [
  { key: 'inbox', name: 'Inbox' },
  { key: 'starred', name: 'Starred' },
  { key: 'sent', name: 'Sent' },
  { key: 'drafts', name: 'Drafts' },
  { key: 'archive', name: 'Archive' },
  { key: 'spam', name: 'Spam' },
  { key: 'trash', name: 'Trash' },
] as const;
export type MailboxKey = (typeof MAILBOXES)[number]['key'];

export const PAGE_SIZE = 25;

export const SORTS = {
  newest: { label: 'Newest first', sql: 't.last_message_at DESC, t.id DESC' },
  oldest: { label: 'Oldest first', sql: 't.last_message_at ASC, t.id ASC' },
  sender: { label: 'Sender (A–Z)', sql: 'senders COLLATE NOCASE ASC, t.last_message_at DESC' },
  subject: { label: 'Subject (A–Z)', sql: 't.subject COLLATE NOCASE ASC, t.last_message_at DESC' },
} as const;
export type SortKey = keyof typeof SORTS;

export function sortKey(value: string | null): SortKey {
  return value && value in SORTS ? (value as SortKey) : 'newest';
}

export function pageNumber(value: string | null): number {
  return Math.max(1, Number.parseInt(value ?? '1', 10) || 1);
}

/** The WHERE clause of a sidebar mailbox over `threads t`. */
export function mailboxWhere(key: Exclude<MailboxKey, 'drafts'>): { sql: string; args: string[] } {
  if (key === 'starred') return { sql: "t.starred = 1 AND t.folder NOT IN ('spam', 'trash')", args: [] };
  if (key === 'sent') {
    return {
      sql: "(t.folder = 'sent' OR (t.folder IN ('inbox', 'archive') AND EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = t.id AND m.from_email = ?)))",
      args: [OWNER.email],
    };
  }
  return { sql: 't.folder = ?', args: [key] };
}

export function listThreads(
  ctx: RequestContext,
  where: { sql: string; args: (string | number)[] },
  sort: SortKey,
  page: number,
): { rows: ThreadListRow[]; total: number } {
  const total =
    ctx.db
      .prepare<(string | number)[], { n: number }>(`SELECT count(*) AS n FROM threads t WHERE ${where.sql}`)
      .get(...where.args)?.n ?? 0;
  // The sender column names the other people in the conversation, "me" when only Nora wrote.
  const rows = ctx.db
    .prepare<(string | number)[], ThreadListRow>(
      `SELECT t.*,
        (SELECT group_concat(name, ', ') FROM (SELECT DISTINCT CASE WHEN m.from_email = '${OWNER.email}' THEN 'me' ELSE m.from_name END AS name
           FROM messages m WHERE m.thread_id = t.id ORDER BY m.sent_at)) AS senders,
        (SELECT substr(replace(m.body, char(10), ' '), 1, 140) FROM messages m WHERE m.thread_id = t.id ORDER BY m.sent_at DESC, m.id DESC LIMIT 1) AS snippet,
        (SELECT count(*) FROM messages m WHERE m.thread_id = t.id) AS message_count,
        EXISTS (SELECT 1 FROM messages m JOIN attachments a ON a.message_id = m.id WHERE m.thread_id = t.id) AS has_attachment,
        (SELECT group_concat(label_id) FROM thread_labels tl WHERE tl.thread_id = t.id) AS label_ids
       FROM threads t WHERE ${where.sql} ORDER BY ${SORTS[sort].sql} LIMIT ${PAGE_SIZE} OFFSET ${(page - 1) * PAGE_SIZE}`,
    )
    .all(...where.args);
  return { rows, total };
}

export function allLabels(ctx: RequestContext): LabelRow[] {
  return ctx.db.prepare<[], LabelRow>('SELECT * FROM labels ORDER BY name COLLATE NOCASE').all();
}

export function findLabel(ctx: RequestContext, id: string | undefined): LabelRow {
  const label = ctx.db.prepare<[string], LabelRow>('SELECT * FROM labels WHERE id = ?').get(id ?? '');
  if (!label) throw new HttpError(404);
  return label;
}

export function findThread(ctx: RequestContext, id: string | undefined): ThreadRow {
  const thread = ctx.db.prepare<[string], ThreadRow>('SELECT * FROM threads WHERE id = ?').get(id ?? '');
  if (!thread) throw new HttpError(404);
  return thread;
}

export function threadMessages(ctx: RequestContext, threadId: number): MessageRow[] {
  return ctx.db
    .prepare<[number], MessageRow>('SELECT * FROM messages WHERE thread_id = ? ORDER BY sent_at, id')
    .all(threadId);
}

export function messageAttachments(ctx: RequestContext, messageId: number): AttachmentRow[] {
  return ctx.db
    .prepare<[number], AttachmentRow>('SELECT * FROM attachments WHERE message_id = ? ORDER BY id')
    .all(messageId);
}

export function threadLabels(ctx: RequestContext, threadId: number): LabelRow[] {
  return ctx.db
    .prepare<[number], LabelRow>(
      'SELECT l.* FROM labels l JOIN thread_labels tl ON tl.label_id = l.id WHERE tl.thread_id = ? ORDER BY l.name COLLATE NOCASE',
    )
    .all(threadId);
}

export function settings(ctx: RequestContext): SettingsRow {
  return ctx.db.prepare<[], SettingsRow>('SELECT * FROM settings WHERE id = 1').get() as SettingsRow;
}

export interface SidebarCounts {
  unread: Record<string, number>;
  drafts: number;
}

export function sidebarCounts(ctx: RequestContext): SidebarCounts {
  const unread: Record<string, number> = {};
  for (const row of ctx.db
    .prepare<[], { folder: string; n: number }>(
      'SELECT folder, count(*) AS n FROM threads WHERE is_read = 0 GROUP BY folder',
    )
    .all()) {
    unread[row.folder] = row.n;
  }
  const drafts = ctx.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM drafts').get()?.n ?? 0;
  return { unread, drafts };
}

/** Display names for stored addresses, from the contacts. */
export function contactNames(ctx: RequestContext): Map<string, string> {
  const names = new Map<string, string>();
  for (const c of ctx.db
    .prepare<[], { name: string; email: string }>('SELECT name, email FROM contacts')
    .all()) {
    names.set(c.email.toLowerCase(), c.name);
  }
  names.set(OWNER.email, 'me');
  return names;
}
