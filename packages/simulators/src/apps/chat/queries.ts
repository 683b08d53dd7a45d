import { HttpError, type RequestContext } from '../../kit';
import { people } from './domain';
import {
  type FileRow,
  MESSAGE_SELECT,
  type MessageExtras,
  type MessageRow,
  type ReactionGroup,
} from './views/parts';

export interface Channel {
  id: number;
  name: string;
  topic: string;
  purpose: string;
  is_private: number;
  created_by: number;
  created_at: string;
  member: number;
  members: number;
}

/** A channel Jordan can see (public, or private with Jordan in it), by name; 404 otherwise. */
export function loadChannel(ctx: RequestContext, name = ctx.params.name ?? ''): Channel {
  const channel = ctx.db
    .prepare<[string], Channel>(
      `SELECT c.*, EXISTS (SELECT 1 FROM members m WHERE m.channel_id = c.id AND m.user_id = 1) AS member,
        (SELECT count(*) FROM members m WHERE m.channel_id = c.id) AS members
       FROM channels c WHERE c.name = ?`,
    )
    .get(name);
  if (!channel || (channel.is_private && !channel.member)) throw new HttpError(404);
  return channel;
}

/** A message Jordan can see, by id; 404 otherwise. */
export function loadMessage(ctx: RequestContext, id = Number(ctx.params.id)): MessageRow {
  const message = Number.isInteger(id)
    ? ctx.db.prepare<[number], MessageRow>(`${MESSAGE_SELECT} WHERE m.id = ?`).get(id)
    : undefined;
  if (!message) throw new HttpError(404);
  loadChannel(ctx, message.channel);
  return message;
}

/** Reactions (grouped by emoji, in first-use order), files and people for a set of messages. */
export function extrasFor(ctx: RequestContext, rows: MessageRow[]): MessageExtras {
  const reactions = new Map<number, ReactionGroup[]>();
  const files = new Map<number, FileRow[]>();
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    const list = ids.join(',');
    const groups = ctx.db
      .prepare<[], ReactionGroup & { message_id: number }>(
        `SELECT r.message_id, r.emoji, count(*) AS count, max(r.user_id = 1) AS mine,
           group_concat(u.name, ', ') AS names, min(r.id) AS first
         FROM reactions r JOIN users u ON u.id = r.user_id WHERE r.message_id IN (${list})
         GROUP BY r.message_id, r.emoji ORDER BY r.message_id, first`,
      )
      .all();
    for (const g of groups) reactions.set(g.message_id, [...(reactions.get(g.message_id) ?? []), g]);
    const fileRows = ctx.db
      .prepare<[], FileRow>(
        `SELECT id, message_id, name, size, type FROM files WHERE message_id IN (${list}) ORDER BY id`,
      )
      .all();
    for (const f of fileRows) files.set(f.message_id, [...(files.get(f.message_id) ?? []), f]);
  }
  return { reactions, files, people: people(ctx.db) };
}

/** The page a message's form came from, or its channel. */
export function backTo(ctx: RequestContext, fallback: string): string {
  return ctx.localPath(ctx.form.get('back') ?? '', fallback);
}

/** A local path with some query parameters set (replacing those it had): the page to come back to. */
export function withParams(path: string, query: Record<string, string | number | undefined>): string {
  const [pathname = '/', search = ''] = path.split('?', 2);
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${pathname}?${text}` : pathname;
}
