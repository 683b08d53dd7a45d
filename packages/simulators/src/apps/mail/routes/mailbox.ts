import { type AppBuilder, HttpError, html, type RequestContext } from '../../../kit';
import {
  allLabels,
  findLabel,
  listThreads,
  MAILBOXES,
  type MailboxKey,
  mailboxWhere,
  pageNumber,
  sortKey,
} from '../mailbox';
import { FOLDERS, type Folder } from '../schema';
import { parseSearch, searchWhere } from '../search';
import { forgetUndo, offerUndo } from '../undo';
import { threadList } from '../views/threadList';
import { draftsPage } from './compose';

const EMPTY: Record<string, string> = {
  inbox: 'Your inbox is empty. Enjoy the quiet.',
  starred: 'No starred conversations. Star the ones you want to find again.',
  sent: 'Nothing sent yet.',
  archive: 'Nothing archived.',
  spam: 'No spam here. Hooray!',
  trash: 'Trash is empty.',
};

function mailboxPage(ctx: RequestContext) {
  const key = ctx.params.box as MailboxKey;
  const box = MAILBOXES.find((b) => b.key === key);
  if (!box) throw new HttpError(404);
  if (box.key === 'drafts') return draftsPage(ctx);
  const sort = sortKey(ctx.query.get('sort'));
  const page = pageNumber(ctx.query.get('page'));
  const { rows, total } = listThreads(ctx, mailboxWhere(box.key), sort, page);
  const notice =
    box.key === 'trash'
      ? html`<p class="notice">Conversations in Trash stay here until you delete them forever.</p>`
      : box.key === 'spam'
        ? html`<p class="notice">Messages that look like spam land here. Report spam from any conversation to train the filter.</p>`
        : undefined;
  return ctx.render({
    title: box.name,
    section: box.key,
    body: threadList(ctx, {
      heading: box.name,
      path: `/mail/${box.key}`,
      query: {},
      rows,
      total,
      page,
      sort,
      labels: allLabels(ctx),
      folder:
        box.key === 'inbox' || box.key === 'archive' || box.key === 'spam' || box.key === 'trash'
          ? box.key
          : 'other',
      empty: EMPTY[box.key] ?? 'No conversations.',
      notice,
    }),
  });
}

function searchPage(ctx: RequestContext) {
  const q = (ctx.query.get('q') ?? '').trim();
  const parsed = parseSearch(q);
  const sort = sortKey(ctx.query.get('sort'));
  const page = pageNumber(ctx.query.get('page'));
  const { rows, total } = q ? listThreads(ctx, searchWhere(parsed), sort, page) : { rows: [], total: 0 };
  const folderTerm = parsed.terms.find((t) => t.kind === 'in');
  return ctx.render({
    title: q ? `Search: ${q}` : 'Search',
    section: 'search',
    body: threadList(ctx, {
      heading: q ? `Results for “${q}”` : 'Search',
      path: '/search',
      query: { q },
      rows,
      total,
      page,
      sort,
      labels: allLabels(ctx),
      folder:
        folderTerm && folderTerm.value !== 'anywhere' && folderTerm.value !== 'sent'
          ? folderTerm.value
          : 'other',
      empty: q ? 'No conversations match your search.' : 'Type a search above.',
      notice: html`<p class="notice">${
        parsed.unknown.length > 0
          ? html`<span class="warn">Ignored: ${parsed.unknown.join(' ')}. </span>`
          : ''
      }Searching all mail except Spam and Trash. Operators: <code>from:</code> <code>to:</code> <code>subject:</code> <code>label:</code> <code>has:attachment</code> <code>is:unread</code> <code>is:starred</code> <code>in:archive</code> <code>in:anywhere</code></p>`,
    }),
  });
}

function labelPage(ctx: RequestContext) {
  const label = findLabel(ctx, ctx.params.id);
  const sort = sortKey(ctx.query.get('sort'));
  const page = pageNumber(ctx.query.get('page'));
  const { rows, total } = listThreads(
    ctx,
    {
      sql: "t.folder NOT IN ('spam', 'trash') AND EXISTS (SELECT 1 FROM thread_labels tl WHERE tl.thread_id = t.id AND tl.label_id = ?)",
      args: [label.id],
    },
    sort,
    page,
  );
  return ctx.render({
    title: label.name,
    section: `label-${label.id}`,
    body: threadList(ctx, {
      heading: label.name,
      path: `/label/${label.id}`,
      query: {},
      rows,
      total,
      page,
      sort,
      labels: allLabels(ctx),
      folder: 'other',
      empty: `No conversations labelled ${label.name}.`,
    }),
  });
}

const BULK_MESSAGES: Record<string, (n: number) => string> = {
  archive: (n) => `${n === 1 ? 'Conversation' : `${n} conversations`} archived`,
  spam: (n) => `${n === 1 ? 'Conversation' : `${n} conversations`} marked as spam`,
  not_spam: (n) => `${n === 1 ? 'Conversation' : `${n} conversations`} moved to Inbox`,
  restore: (n) => `${n === 1 ? 'Conversation' : `${n} conversations`} moved to Inbox`,
  trash: (n) => `${n === 1 ? 'Conversation' : `${n} conversations`} moved to Trash`,
  read: (n) => `${n === 1 ? 'Conversation' : `${n} conversations`} marked as read`,
  unread: (n) => `${n === 1 ? 'Conversation' : `${n} conversations`} marked as unread`,
  star: (n) => `${n === 1 ? 'Conversation' : `${n} conversations`} starred`,
  delete_forever: (n) => `${n === 1 ? 'Conversation' : `${n} conversations`} deleted forever`,
};

/** Moves threads to a folder, offering Undo with the folders they came from. */
export function moveThreads(ctx: RequestContext, ids: number[], folder: Folder, message: string): void {
  const current = ctx.db.prepare<[number], { folder: Folder }>('SELECT folder FROM threads WHERE id = ?');
  const update = ctx.db.prepare('UPDATE threads SET folder = ? WHERE id = ?');
  const moves: { threadId: number; folder: Folder }[] = [];
  for (const id of ids) {
    const before = current.get(id)?.folder;
    if (!before || before === folder) continue;
    moves.push({ threadId: id, folder: before });
    update.run(folder, id);
  }
  if (moves.length > 0) offerUndo(ctx, { kind: 'move', moves }, message);
}

function bulk(ctx: RequestContext) {
  const returnTo = ctx.localPath(ctx.form.get('return'), '/mail/inbox');
  const ids = ctx.form
    .getAll('ids')
    .map((v) => Number.parseInt(v, 10))
    .filter((id) => Number.isInteger(id) && id > 0);
  const action = ctx.form.get('action') ?? '';
  if (ids.length === 0) {
    return ctx.redirect(returnTo, { kind: 'warning', message: 'Select at least one conversation first' });
  }
  const exists = ctx.db.prepare<[number], { id: number }>('SELECT id FROM threads WHERE id = ?');
  const found = ids.filter((id) => exists.get(id));
  forgetUndo(ctx);
  const describe = BULK_MESSAGES[action];
  const set = (column: 'is_read' | 'starred', value: number) => {
    const stmt = ctx.db.prepare(`UPDATE threads SET ${column} = ? WHERE id = ?`);
    for (const id of found) stmt.run(value, id);
  };
  switch (action) {
    case 'archive':
      moveThreads(ctx, found, 'archive', describe?.(found.length) ?? '');
      break;
    case 'spam':
      moveThreads(ctx, found, 'spam', describe?.(found.length) ?? '');
      break;
    case 'not_spam':
    case 'restore':
      moveThreads(ctx, found, 'inbox', describe?.(found.length) ?? '');
      break;
    case 'trash':
      moveThreads(ctx, found, 'trash', describe?.(found.length) ?? '');
      break;
    case 'read':
      set('is_read', 1);
      break;
    case 'unread':
      set('is_read', 0);
      break;
    case 'star':
      set('starred', 1);
      break;
    case 'move': {
      const folder = ctx.form.get('folder') ?? '';
      if (!(FOLDERS as readonly string[]).includes(folder) || folder === 'sent') {
        return ctx.redirect(returnTo, { kind: 'error', message: 'Choose a folder to move to' });
      }
      const name = folder.charAt(0).toUpperCase() + folder.slice(1);
      moveThreads(
        ctx,
        found,
        folder as Folder,
        `${found.length === 1 ? 'Conversation' : `${found.length} conversations`} moved to ${name}`,
      );
      return ctx.redirect(returnTo);
    }
    case 'label': {
      const labelId = ctx.form.get('label') ?? '';
      const label = ctx.db
        .prepare<[string], { id: number; name: string }>('SELECT id, name FROM labels WHERE id = ?')
        .get(labelId);
      if (!label) return ctx.redirect(returnTo, { kind: 'error', message: 'Choose a label to apply' });
      const insert = ctx.db.prepare(
        'INSERT OR IGNORE INTO thread_labels (thread_id, label_id) VALUES (?, ?)',
      );
      for (const id of found) insert.run(id, label.id);
      return ctx.redirect(returnTo, {
        kind: 'success',
        message: `Label “${label.name}” applied to ${found.length === 1 ? '1 conversation' : `${found.length} conversations`}`,
      });
    }
    case 'delete_forever': {
      const del = ctx.db.prepare("DELETE FROM threads WHERE id = ? AND folder = 'trash'");
      for (const id of found) del.run(id);
      return ctx.redirect(returnTo, { kind: 'success', message: describe?.(found.length) ?? '' });
    }
    default:
      return ctx.redirect(returnTo, { kind: 'error', message: 'Unknown action' });
  }
  // Moves confirm through the Undo toast; flag changes through an ordinary one.
  if (['read', 'unread', 'star'].includes(action)) {
    return ctx.redirect(returnTo, { kind: 'success', message: describe?.(found.length) ?? '' });
  }
  return ctx.redirect(returnTo);
}

export function mailboxRoutes(app: AppBuilder): void {
  app.get('/', (ctx) => ctx.redirect('/mail/inbox'));
  app.get('/mail/:box', mailboxPage);
  app.get('/search', searchPage);
  app.get('/label/:id', labelPage);
  app.post('/mail/bulk', bulk);
}
