import {
  type AppBuilder,
  classNames,
  fields,
  formatDate,
  formSchema,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { EMOJI, emojiChar } from '../data/emoji';
import { backTo, extrasFor } from '../queries';
import {
  avatar,
  emptyState,
  MESSAGE_SELECT,
  type MessageRow,
  messageItem,
  messageList,
  statusBadge,
  threadPath,
} from '../views/parts';

/** Search, people and profiles, the activity inbox, saved items, preferences and the status. */

const PER_PAGE = 20;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const VISIBLE =
  '(c.is_private = 0 OR EXISTS (SELECT 1 FROM members mm WHERE mm.channel_id = c.id AND mm.user_id = 1))';

export interface SearchQuery {
  text: string;
  from: string;
  in: string;
  after: string;
  before: string;
  on: string;
  during: string;
}

/** Splits "stripe webhook from:@omar.haddad in:#support after:2026-03-01" into words and filters. */
export function parseSearch(q: string): SearchQuery {
  const query: SearchQuery = { text: '', from: '', in: '', after: '', before: '', on: '', during: '' };
  const words: string[] = [];
  for (const token of q.split(/\s+/).filter(Boolean)) {
    const match = /^(from|in|after|before|on|during):(.+)$/i.exec(token);
    if (match) {
      const key = (match[1] ?? '').toLowerCase() as keyof SearchQuery;
      query[key] = (match[2] ?? '').replace(/^[@#]/, '').toLowerCase();
    } else words.push(token);
  }
  query.text = words.join(' ');
  return query;
}

function pager(
  ctx: RequestContext,
  path: string,
  page: number,
  pages: number,
  keep: Record<string, string>,
): SafeHtml | '' {
  if (pages <= 1) return '';
  return html`<nav class="pager" aria-label="Pages">
  ${page > 1 ? html`<a class="btn" href="${ctx.link(path, { ...keep, page: page - 1 })}" rel="prev">← Previous</a>` : html`<span></span>`}
  <span class="muted">Page ${page} of ${pages}</span>
  ${page < pages ? html`<a class="btn" href="${ctx.link(path, { ...keep, page: page + 1 })}" rel="next">Next →</a>` : html`<span></span>`}
</nav>`;
}

function pageNumber(ctx: RequestContext): number {
  return Math.min(10_000, Math.max(1, Math.floor(Number(ctx.query.get('page'))) || 1));
}

function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function searchPage(ctx: RequestContext): SafeHtml {
  const q = (ctx.query.get('q') ?? '').trim();
  const parsed = parseSearch(q);
  const from = (ctx.query.get('from') || parsed.from).trim();
  const channel = (ctx.query.get('in') || parsed.in).trim();
  let after = (ctx.query.get('after') || parsed.after).trim();
  const before = (ctx.query.get('before') || parsed.before).trim();
  const errors: string[] = [];
  for (const [label, value] of [
    ['after', after],
    ['before', before],
    ['on', parsed.on],
  ] as const)
    if (value && !DAY_PATTERN.test(value))
      errors.push(`“${value}” is not a date for ${label}: use YYYY-MM-DD.`);
  const where = [VISIBLE];
  const args: (string | number)[] = [];
  if (parsed.text) {
    where.push("m.body LIKE '%' || ? || '%'");
    args.push(parsed.text);
  }
  if (from) {
    where.push('(u.handle = ? OR lower(u.name) = ?)');
    args.push(from.toLowerCase(), from.toLowerCase());
  }
  if (channel) {
    where.push('c.name = ?');
    args.push(channel.toLowerCase());
  }
  if (parsed.on && DAY_PATTERN.test(parsed.on)) {
    after = after || '';
    where.push('substr(m.created_at, 1, 10) = ?');
    args.push(parsed.on);
  }
  if (parsed.during) {
    where.push('substr(m.created_at, 1, ?) = ?');
    args.push(parsed.during.length, parsed.during);
  }
  if (after && DAY_PATTERN.test(after)) {
    where.push('m.created_at >= ?');
    args.push(dayAfter(after));
  }
  if (before && DAY_PATTERN.test(before)) {
    where.push('m.created_at < ?');
    args.push(before);
  }
  const searching = Boolean(q || from || channel || after || before);
  const sort = ctx.query.get('sort') === 'oldest' ? 'oldest' : 'newest';
  const page = pageNumber(ctx);
  const base = `FROM messages m JOIN users u ON u.id = m.user_id JOIN channels c ON c.id = m.channel_id WHERE ${where.join(' AND ')}`;
  const total = searching
    ? (ctx.db.prepare<(string | number)[], { n: number }>(`SELECT count(*) AS n ${base}`).get(...args)?.n ??
      0)
    : 0;
  const rows = searching
    ? ctx.db
        .prepare<(string | number)[], MessageRow>(
          `${MESSAGE_SELECT} WHERE m.id IN (SELECT m.id ${base}) ORDER BY m.created_at ${sort === 'oldest' ? 'ASC' : 'DESC'}, m.id ${sort === 'oldest' ? 'ASC' : 'DESC'} LIMIT ${PER_PAGE} OFFSET ${(page - 1) * PER_PAGE}`,
        )
        .all(...args)
    : [];
  const people = ctx.db
    .prepare<[], { handle: string; name: string }>('SELECT handle, name FROM users ORDER BY name')
    .all();
  const channels = ctx.db
    .prepare<[], { name: string }>(`SELECT c.name FROM channels c WHERE ${VISIBLE} ORDER BY c.name`)
    .all();
  const keep: Record<string, string> = {
    q,
    from: ctx.query.get('from') ?? '',
    in: ctx.query.get('in') ?? '',
    after: ctx.query.get('after') ?? '',
    before: ctx.query.get('before') ?? '',
    sort: ctx.query.get('sort') ?? '',
  };
  const back = ctx.link('/search', { ...keep, page: page > 1 ? page : undefined });
  return html`<div class="page-wide">
<h1>Search</h1>
<form method="get" action="/search" class="search-form card" role="search" aria-label="Search">
  <div class="search-row"><label for="search-q" class="sr-only">Search for</label><input id="search-q" type="search" name="q" value="${q}" placeholder="Words, or from:@name in:#channel after:2026-03-01"><button class="btn primary">Search</button></div>
  <div class="search-filters">
    <label>From <select name="from" aria-label="From"><option value="">Anyone</option>${people.map((p) => html`<option value="${p.handle}" ${ctx.query.get('from') === p.handle ? 'selected' : ''}>${p.name}</option>`)}</select></label>
    <label>In <select name="in" aria-label="In"><option value="">Any channel</option>${channels.map((c) => html`<option value="${c.name}" ${ctx.query.get('in') === c.name ? 'selected' : ''}>#${c.name}</option>`)}</select></label>
    <label>After <input type="date" name="after" aria-label="After" value="${ctx.query.get('after') ?? ''}"></label>
    <label>Before <input type="date" name="before" aria-label="Before" value="${ctx.query.get('before') ?? ''}"></label>
    <label>Sort <select name="sort" aria-label="Sort"><option value="newest">Newest first</option><option value="oldest" ${sort === 'oldest' ? 'selected' : ''}>Oldest first</option></select></label>
  </div>
  <p class="muted small">“After” and “Before” leave out the day itself. In the box: <code>from:@handle</code>, <code>in:#channel</code>, <code>on:2026-03-03</code>, <code>during:2026-02</code>.</p>
</form>
${errors.map((e) => html`<p class="alert" role="alert">${e}</p>`)}
${
  searching
    ? html`<p class="result-count" role="status"><strong>${total}</strong> ${total === 1 ? 'result' : 'results'}</p>
${rows.length === 0 ? emptyState('No messages match', 'Try fewer words or other filters.') : html`<div class="message-stack results">${rows.map((m) => messageItem(m, extrasFor(ctx, [m]), { back, context: true }))}</div>`}
${pager(ctx, '/search', page, Math.ceil(total / PER_PAGE), keep)}`
    : emptyState('Search every message you can see', 'Type words, pick a person, a channel or dates.')
}
</div>`;
}

const TEAMS = ['Data', 'Design', 'Marketing', 'Operations', 'Platform', 'Product', 'Sales', 'Support'];

interface PersonRow {
  id: number;
  name: string;
  handle: string;
  email: string;
  title: string;
  team: string;
  timezone: string;
  phone: string;
  status_emoji: string;
  status_text: string;
}

const Prefs = formSchema({
  notify: fields.choice(['all', 'mentions', 'nothing'], { required: true, label: 'Notify me about' }),
  email_digest: fields.checkbox(),
  theme: fields.choice(['light', 'dark', 'system'], { required: true, label: 'Theme' }),
  compact: fields.checkbox(),
});

export function workspaceRoutes(app: AppBuilder): void {
  app.get('/search', (ctx) => ctx.render({ title: 'Search', section: 'search', body: searchPage(ctx) }));

  app.get('/people', (ctx) => {
    const q = (ctx.query.get('q') ?? '').trim();
    const team = ctx.query.get('team') ?? '';
    const page = pageNumber(ctx);
    const where =
      "(name LIKE '%' || @q || '%' OR title LIKE '%' || @q || '%' OR handle LIKE '%' || @q || '%') AND (@team = '' OR team = @team)";
    const total =
      ctx.db
        .prepare<[{ q: string; team: string }], { n: number }>(
          `SELECT count(*) AS n FROM users WHERE ${where}`,
        )
        .get({ q, team })?.n ?? 0;
    const rows = ctx.db
      .prepare<[{ q: string; team: string }], PersonRow>(
        `SELECT * FROM users WHERE ${where} ORDER BY name LIMIT 24 OFFSET ${(page - 1) * 24}`,
      )
      .all({ q, team });
    return ctx.render({
      title: 'People',
      section: 'people',
      body: html`<div class="page-wide"><h1>People</h1>
<form method="get" action="/people" class="filters" role="search" aria-label="Search people">
  <input type="search" name="q" value="${q}" placeholder="Search by name, title or handle" aria-label="Search people">
  <select name="team" aria-label="Team" data-autosubmit><option value="">All teams</option>${TEAMS.map((t) => html`<option ${t === team ? 'selected' : ''}>${t}</option>`)}</select>
  <button class="btn">Search</button>
</form>
<p class="muted" role="status">${total} ${total === 1 ? 'person' : 'people'}</p>
<ul class="people-grid">${rows.map(
        (p) =>
          html`<li class="card person-card">${avatar(p.name, p.id, 'lg')}<div><a href="/people/${p.handle}"><strong>${p.name}</strong></a><p class="muted small">${p.title} · ${p.team}</p>${statusBadge(p.status_emoji, p.status_text)}</div></li>`,
      )}</ul>
${rows.length === 0 ? emptyState('Nobody matches', 'Check the spelling or pick another team.') : ''}
${pager(ctx, '/people', page, Math.ceil(total / 24), { q, team })}</div>`,
    });
  });

  app.get('/people/:handle', (ctx) => {
    const person = ctx.db
      .prepare<[string], PersonRow>('SELECT * FROM users WHERE handle = ?')
      .get(ctx.params.handle ?? '');
    if (!person) throw new HttpError(404);
    const recent = ctx.db
      .prepare<[number], MessageRow>(
        `${MESSAGE_SELECT} WHERE m.user_id = ? AND ${VISIBLE} ORDER BY m.created_at DESC, m.id DESC LIMIT 5`,
      )
      .all(person.id);
    return ctx.render({
      title: person.name,
      section: 'people',
      body: html`<div class="page-narrow profile">
<p><a href="/people">← People</a></p>
<section class="card profile-card">${avatar(person.name, person.id, 'lg')}<div>
  <h1>${person.name}</h1><p class="muted">${person.title}</p>${statusBadge(person.status_emoji, person.status_text)}
  <dl class="facts">
    <dt>Team</dt><dd>${person.team}</dd>
    <dt>Handle</dt><dd>@${person.handle}</dd>
    <dt>Email</dt><dd><a href="mailto:${person.email}">${person.email}</a></dd>
    <dt>Phone</dt><dd>${person.phone}</dd>
    <dt>Time zone</dt><dd>${person.timezone}</dd>
  </dl></div></section>
<section class="card"><h2>Recent messages</h2>${recent.length === 0 ? emptyState('No messages yet') : html`<div class="message-stack">${messageList(recent, extrasFor(ctx, recent), { back: `/people/${person.handle}`, context: true })}</div>`}</section>
</div>`,
    });
  });

  app.get('/activity', (ctx) => {
    const tab = ctx.query.get('tab') === 'reactions' ? 'reactions' : 'mentions';
    const page = pageNumber(ctx);
    const tabs = html`<nav class="tabs" aria-label="Activity">
  <a href="/activity" class="${classNames('tab', tab === 'mentions' && 'active')}" ${tab === 'mentions' ? html`aria-current="page"` : ''}>Mentions</a>
  <a href="/activity?tab=reactions" class="${classNames('tab', tab === 'reactions' && 'active')}" ${tab === 'reactions' ? html`aria-current="page"` : ''}>Reactions</a>
</nav>`;
    let body: SafeHtml;
    if (tab === 'mentions') {
      const total =
        ctx.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM mentions WHERE user_id = 1').get()?.n ??
        0;
      const rows = ctx.db
        .prepare<[], MessageRow & { unread: number }>(
          `SELECT x.*, mn.read = 0 AS unread FROM mentions mn JOIN (${MESSAGE_SELECT}) x ON x.id = mn.message_id
           WHERE mn.user_id = 1 ORDER BY x.created_at DESC, x.id DESC LIMIT ${PER_PAGE} OFFSET ${(page - 1) * PER_PAGE}`,
        )
        .all();
      const extras = extrasFor(ctx, rows);
      const back = ctx.link('/activity', { page: page > 1 ? page : undefined });
      body = html`<div class="activity-actions"><form method="post" action="/activity/read"><button class="btn">Mark all as read</button></form></div>
<ul class="activity-list">${rows.map(
        (m) =>
          html`<li class="${classNames('activity-item', m.unread === 1 && 'unread')}">${m.unread ? html`<span class="unread-badge">Unread</span>` : ''}${messageItem(m, extras, { back, context: true })}
<a class="open-link" href="${m.parent_id ? `${threadPath(m)}?m=${m.id}` : `/c/${m.channel}?m=${m.id}`}">Open in #${m.channel}</a></li>`,
      )}</ul>${rows.length === 0 ? emptyState('No mentions yet') : ''}
${pager(ctx, '/activity', page, Math.ceil(total / PER_PAGE), {})}`;
    } else {
      const rows = ctx.db
        .prepare<
          [],
          {
            emoji: string;
            who: string;
            channel: string;
            message_id: number;
            body: string;
            created_at: string;
            parent_id: number | null;
          }
        >(
          `SELECT r.emoji, u.name AS who, c.name AS channel, m.id AS message_id, m.body, r.created_at, m.parent_id
           FROM reactions r JOIN messages m ON m.id = r.message_id JOIN users u ON u.id = r.user_id JOIN channels c ON c.id = m.channel_id
           WHERE m.user_id = 1 AND r.user_id != 1 ORDER BY r.created_at DESC, r.id DESC LIMIT 60`,
        )
        .all();
      body = html`<ul class="activity-list">${rows.map(
        (r) =>
          html`<li class="activity-item reaction-item"><span class="big-emoji" aria-hidden="true">${emojiChar(r.emoji)}</span><div><p><strong>${r.who}</strong> reacted with :${r.emoji}: to your message in <a href="${r.parent_id ? `/c/${r.channel}/t/${r.parent_id}?m=${r.message_id}` : `/c/${r.channel}?m=${r.message_id}`}">#${r.channel}</a></p><p class="muted small quote">${r.body.slice(0, 140)}</p><p class="muted small">${formatDate(r.created_at)}</p></div></li>`,
      )}</ul>${rows.length === 0 ? emptyState('No reactions yet') : ''}`;
    }
    return ctx.render({
      title: 'Activity',
      section: 'activity',
      body: html`<div class="page-wide"><h1>Activity</h1>${tabs}${body}</div>`,
    });
  });

  app.post('/activity/read', (ctx) => {
    ctx.db.prepare('UPDATE mentions SET read = 1 WHERE user_id = 1 AND read = 0').run();
    return ctx.redirect('/activity', { kind: 'success', message: 'All mentions marked as read' });
  });

  app.get('/saved', (ctx) => {
    const rows = ctx.db
      .prepare<[], MessageRow>(
        `SELECT x.* FROM saved s JOIN (${MESSAGE_SELECT}) x ON x.id = s.message_id WHERE s.user_id = 1 ORDER BY s.created_at DESC, s.id DESC`,
      )
      .all();
    return ctx.render({
      title: 'Saved items',
      section: 'saved',
      body: html`<div class="page-wide"><h1>Saved items</h1><p class="muted">Messages you saved for later, newest first.</p>
${rows.length === 0 ? emptyState('Nothing saved yet', 'Save a message from its hover menu to find it here.') : html`<div class="message-stack">${messageList(rows, extrasFor(ctx, rows), { back: '/saved', context: true })}</div>`}</div>`,
    });
  });

  app.get('/preferences', (ctx) => {
    const prefs = ctx.db
      .prepare<[], { notify: string; email_digest: number; theme: string; compact: number }>(
        'SELECT * FROM preferences WHERE user_id = 1',
      )
      .get();
    const radio = (value: string, label: string) =>
      html`<label class="check"><input type="radio" name="notify" value="${value}" ${prefs?.notify === value ? 'checked' : ''}> ${label}</label>`;
    return ctx.render({
      title: 'Preferences',
      section: 'preferences',
      body: html`<div class="page-narrow"><h1>Preferences</h1>
<form method="post" action="/preferences" class="stack card" novalidate>
  <fieldset><legend>Notify me about</legend>
    ${radio('all', 'All new messages')}
    ${radio('mentions', 'Mentions and replies only')}
    ${radio('nothing', 'Nothing')}
  </fieldset>
  <label class="check"><input type="checkbox" name="email_digest" value="on" ${prefs?.email_digest ? 'checked' : ''}> Send me a weekly email digest</label>
  <label for="theme">Theme</label>
  <select id="theme" name="theme">${['light', 'dark', 'system'].map((t) => html`<option value="${t}" ${prefs?.theme === t ? 'selected' : ''}>${t === 'system' ? 'Same as my computer' : t === 'light' ? 'Light' : 'Dark'}</option>`)}</select>
  <label class="check"><input type="checkbox" name="compact" value="on" ${prefs?.compact ? 'checked' : ''}> Compact message list</label>
  <div class="form-actions"><button class="btn primary">Save preferences</button></div>
</form></div>`,
    });
  });

  app.post('/preferences', (ctx) => {
    const result = Prefs.parse(ctx.form);
    if (!result.ok)
      return ctx.redirect('/preferences', {
        kind: 'error',
        message: 'Choose what to be notified about and a theme.',
      });
    ctx.db
      .prepare(
        'UPDATE preferences SET notify = ?, email_digest = ?, theme = ?, compact = ? WHERE user_id = 1',
      )
      .run(
        result.data.notify,
        result.data.email_digest ? 1 : 0,
        result.data.theme,
        result.data.compact ? 1 : 0,
      );
    return ctx.redirect('/preferences', { kind: 'success', message: 'Preferences saved' });
  });

  app.post('/status', (ctx) => {
    const back = backTo(ctx, '/c/general');
    if (ctx.form.get('clear')) {
      ctx.db.prepare("UPDATE users SET status_emoji = '', status_text = '' WHERE id = 1").run();
      return ctx.redirect(back, { kind: 'success', message: 'Status cleared' });
    }
    const emoji = ctx.form.get('status_emoji') ?? '';
    const text = (ctx.form.get('status_text') ?? '').trim();
    if (emoji && !Object.hasOwn(EMOJI, emoji))
      return ctx.redirect(back, { kind: 'error', message: 'Pick an emoji from the list.' });
    if (text.length > 100)
      return ctx.redirect(back, { kind: 'error', message: 'Keep your status under 100 characters.' });
    if (!emoji && !text)
      return ctx.redirect(back, {
        kind: 'error',
        message: 'Type a status or pick an emoji, or clear your status.',
      });
    ctx.db.prepare('UPDATE users SET status_emoji = ?, status_text = ? WHERE id = 1').run(emoji, text);
    return ctx.redirect(back, { kind: 'success', message: 'Status updated' });
  });
}
