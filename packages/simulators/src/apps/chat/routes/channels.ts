import {
  type AppBuilder,
  fieldError,
  fields,
  formatDate,
  formSchema,
  html,
  type RequestContext,
} from '../../../kit';
import { CHANNEL_NAME, ME, suggestChannelName } from '../domain';
import { type Channel, extrasFor, loadChannel } from '../queries';
import { avatar, emptyState, MESSAGE_SELECT, type MessageRow, messageList } from '../views/parts';

/** Browsing, creating and describing channels: members, topic, pinned messages, joining and leaving. */

const NewChannel = formSchema({
  name: fields.text({ required: true, max: 80, label: 'Name' }),
  purpose: fields.text({ max: 250, label: 'Description' }),
  is_private: fields.checkbox(),
});

const Topic = formSchema({ topic: fields.text({ max: 250, label: 'Topic' }) });

interface Person {
  id: number;
  name: string;
  title: string;
  team: string;
}

function everyone(ctx: RequestContext): Person[] {
  return ctx.db
    .prepare<[], Person>('SELECT id, name, title, team FROM users WHERE id != 1 ORDER BY name')
    .all();
}

function newChannelPage(
  ctx: RequestContext,
  values: { name: string; purpose: string; is_private: string },
  invited: number[],
  errors: Record<string, string | undefined>,
) {
  return html`<div class="page-narrow">
<h1>Create a channel</h1>
<p class="muted">Channels are where your team talks about a topic. Private channels can only be seen by their members.</p>
<form method="post" action="/channels/new" class="stack card" novalidate>
  <label for="channel-name">Name</label>
  <div class="prefixed"><span aria-hidden="true">#</span><input id="channel-name" name="name" value="${values.name}" placeholder="e.g. plan-budget" autocomplete="off"></div>
  ${fieldError(errors.name)}
  <p class="hint muted small">Lowercase letters, numbers and dashes; up to 40 characters.</p>
  <label for="channel-purpose">Description <span class="muted">(optional)</span></label>
  <input id="channel-purpose" name="purpose" value="${values.purpose}">${fieldError(errors.purpose)}
  <label class="check"><input type="checkbox" name="is_private" value="on" ${values.is_private ? 'checked' : ''}> Make private</label>
  <fieldset class="invite">
    <legend>Add people</legend>
    <input type="search" class="people-filter" data-filter-list="invite-list" placeholder="Filter people by name or team" aria-label="Filter people">
    <ul class="invite-list" id="invite-list">${everyone(ctx).map(
      (p) =>
        html`<li data-filter-text="${p.name} ${p.team} ${p.title}"><label class="check"><input type="checkbox" name="invite" value="${p.id}" ${invited.includes(p.id) ? 'checked' : ''}> ${p.name} <span class="muted small">· ${p.title}, ${p.team}</span></label></li>`,
    )}</ul>
  </fieldset>
  ${fieldError(errors.invite)}
  <div class="form-actions"><a class="btn" href="/channels">Cancel</a><button class="btn primary">Create channel</button></div>
</form></div>`;
}

function detailsPage(ctx: RequestContext, channel: Channel, topicValue: string, topicError?: string) {
  const members = ctx.db
    .prepare<[number], Person & { handle: string; status_emoji: string }>(
      `SELECT u.id, u.name, u.title, u.team, u.handle, u.status_emoji FROM members m JOIN users u ON u.id = m.user_id
       WHERE m.channel_id = ? ORDER BY u.name`,
    )
    .all(channel.id);
  const pinned = ctx.db
    .prepare<[number], MessageRow>(
      `${MESSAGE_SELECT} WHERE m.channel_id = ? AND m.pinned_by IS NOT NULL ORDER BY m.pinned_at DESC, m.id DESC`,
    )
    .all(channel.id);
  const creator = ctx.db
    .prepare<[number], { name: string }>('SELECT name FROM users WHERE id = ?')
    .get(channel.created_by);
  const others = ctx.db
    .prepare<[number], Person>(
      'SELECT id, name, title, team FROM users WHERE id NOT IN (SELECT user_id FROM members WHERE channel_id = ?) ORDER BY name',
    )
    .all(channel.id);
  const back = `/c/${channel.name}/details`;
  return html`<div class="page-narrow details">
<p><a href="/c/${channel.name}">← Back to #${channel.name}</a></p>
<h1>${channel.is_private ? '🔒 ' : '#'}${channel.name}</h1>
<p class="muted">${channel.is_private ? 'Private channel' : 'Public channel'} · created by ${creator?.name} on ${formatDate(channel.created_at)}</p>
<section class="card" aria-labelledby="about-h"><h2 id="about-h">About</h2>
  <form method="post" action="/c/${channel.name}/topic" class="stack" novalidate>
    <label for="topic">Topic</label>
    <input id="topic" name="topic" value="${topicValue}">${fieldError(topicError)}
    <div class="form-actions"><button class="btn primary">Save topic</button></div>
  </form>
  <p><strong>Description</strong><br>${channel.purpose || html`<span class="muted">No description</span>`}</p>
</section>
<section class="card" id="members" aria-labelledby="members-h"><h2 id="members-h">Members (${members.length})</h2>
  ${
    channel.member
      ? html`<form method="post" action="/c/${channel.name}/members" class="inline-form">
    <label for="add-person" class="sr-only">Add a person</label>
    <select id="add-person" name="user_id"><option value="">Add a person…</option>${others.map((p) => html`<option value="${p.id}">${p.name} (${p.team})</option>`)}</select>
    <button class="btn">Add to channel</button>
  </form>`
      : ''
  }
  <ul class="member-list">${members.map(
    (m) =>
      html`<li>${avatar(m.name, m.id, 'sm')}<a href="/people/${m.handle}">${m.name}</a><span class="muted small">${m.title} · ${m.team}</span></li>`,
  )}</ul>
</section>
<section class="card" id="pinned" aria-labelledby="pinned-h"><h2 id="pinned-h">Pinned messages (${pinned.length})</h2>
  ${pinned.length === 0 ? emptyState('Nothing is pinned yet', 'Pin important messages from their hover menu.') : html`<div class="message-stack">${messageList(pinned, extrasFor(ctx, pinned), { back, context: true })}</div>`}
</section>
${
  channel.member
    ? html`<section class="card danger-zone"><h2>Leave channel</h2>
  <form method="post" action="/c/${channel.name}/leave" data-confirm="Leave #${channel.name}? ${channel.is_private ? 'You’ll need an invitation to rejoin.' : 'You can rejoin at any time.'}" data-confirm-label="Leave">
    <button class="btn danger">Leave #${channel.name}</button>
  </form></section>`
    : html`<form method="post" action="/c/${channel.name}/join"><button class="btn primary">Join channel</button></form>`
}
</div>`;
}

export function channelsRoutes(app: AppBuilder): void {
  app.get('/channels', (ctx) => {
    const q = (ctx.query.get('q') ?? '').trim();
    const rows = ctx.db
      .prepare<[{ q: string }], Channel>(
        `SELECT c.*, EXISTS (SELECT 1 FROM members m WHERE m.channel_id = c.id AND m.user_id = 1) AS member,
          (SELECT count(*) FROM members m WHERE m.channel_id = c.id) AS members
         FROM channels c WHERE (c.is_private = 0 OR EXISTS (SELECT 1 FROM members m WHERE m.channel_id = c.id AND m.user_id = 1))
         AND (c.name LIKE '%' || @q || '%' OR c.purpose LIKE '%' || @q || '%') ORDER BY c.name`,
      )
      .all({ q });
    return ctx.render({
      title: 'Browse channels',
      section: 'channels',
      body: html`<div class="page-narrow"><div class="page-head"><h1>Browse channels</h1><a class="btn primary" href="/channels/new">Create a channel</a></div>
<form method="get" action="/channels" role="search" aria-label="Search channels" class="filters"><input type="search" name="q" value="${q}" placeholder="Search by name or description" aria-label="Search channels"><button class="btn">Search</button></form>
<ul class="channel-list">${rows.map(
        (c) =>
          html`<li class="card channel-card"><div><a href="/c/${c.name}"><strong>${c.is_private ? '🔒 ' : '#'}${c.name}</strong></a>${c.member ? html` <span class="pill">Joined</span>` : ''}<p class="muted small">${c.purpose} · ${c.members} members</p></div>
${c.member ? '' : html`<form method="post" action="/c/${c.name}/join"><button class="btn">Join</button></form>`}</li>`,
      )}</ul>${rows.length === 0 ? emptyState('No channels match', 'Try another word.') : ''}</div>`,
    });
  });

  app.get('/channels/new', (ctx) =>
    ctx.render({
      title: 'Create a channel',
      section: 'channels',
      body: newChannelPage(ctx, { name: '', purpose: '', is_private: '' }, [], {}),
    }),
  );

  app.post('/channels/new', (ctx) => {
    const result = NewChannel.parse(ctx.form);
    const invited = [...new Set(ctx.form.getAll('invite').map(Number))].filter(
      (id) => Number.isInteger(id) && id > 1,
    );
    const errors: Record<string, string | undefined> = result.ok ? {} : { ...result.errors };
    const values = {
      name: result.values.name ?? '',
      purpose: result.values.purpose ?? '',
      is_private: result.values.is_private ?? '',
    };
    const name = values.name.trim().replace(/^#/, '');
    if (!errors.name && !CHANNEL_NAME.test(name)) {
      const suggestion = suggestChannelName(name);
      errors.name = `Channel names can only contain lowercase letters, numbers and dashes${suggestion ? `: try “${suggestion}”` : ''}.`;
    }
    if (!errors.name && ctx.db.prepare('SELECT 1 FROM channels WHERE name = ?').get(name))
      errors.name = `#${name} already exists. Pick another name, or join it from Browse channels.`;
    const known = ctx.db
      .prepare<[], { id: number }>('SELECT id FROM users')
      .all()
      .map((u) => u.id);
    if (invited.some((id) => !known.includes(id))) errors.invite = 'Pick people from the list.';
    if (!result.ok || Object.values(errors).some(Boolean))
      return ctx.render({
        title: 'Create a channel',
        section: 'channels',
        status: 422,
        body: newChannelPage(ctx, values, invited, errors),
      });
    const now = ctx.now().toISOString();
    const id = Number(
      ctx.db
        .prepare(
          'INSERT INTO channels (name, topic, purpose, is_private, created_by, created_at) VALUES (?, ?, ?, ?, 1, ?)',
        )
        .run(name, '', result.data.purpose ?? '', result.data.is_private ? 1 : 0, now).lastInsertRowid,
    );
    const add = ctx.db.prepare('INSERT INTO members (channel_id, user_id, joined_at) VALUES (?, ?, ?)');
    for (const userId of [ME, ...invited.sort((a, b) => a - b)]) add.run(id, userId, now);
    return ctx.redirect(`/c/${name}`, { kind: 'success', message: `Created #${name}` });
  });

  app.get('/c/:name/details', (ctx) => {
    const channel = loadChannel(ctx);
    return ctx.render({
      title: `#${channel.name} details`,
      section: `channel:${channel.name}`,
      body: detailsPage(ctx, channel, channel.topic),
    });
  });

  app.post('/c/:name/topic', (ctx) => {
    const channel = loadChannel(ctx);
    const result = Topic.parse(ctx.form);
    if (!result.ok)
      return ctx.render({
        title: `#${channel.name} details`,
        status: 422,
        body: detailsPage(ctx, channel, result.values.topic ?? '', result.errors.topic),
      });
    const topic = result.data.topic ?? '';
    if (topic !== channel.topic)
      ctx.db.prepare('UPDATE channels SET topic = ? WHERE id = ?').run(topic, channel.id);
    return ctx.redirect(`/c/${channel.name}/details`, {
      kind: 'success',
      message: topic ? 'Topic updated' : 'Topic cleared',
    });
  });

  app.post('/c/:name/members', (ctx) => {
    const channel = loadChannel(ctx);
    const back = `/c/${channel.name}/details#members`;
    if (!channel.member)
      return ctx.redirect(back, { kind: 'error', message: `Join #${channel.name} to add people.` });
    const person = ctx.db
      .prepare<[number], { id: number; name: string }>('SELECT id, name FROM users WHERE id = ?')
      .get(Number(ctx.form.get('user_id')) || 0);
    if (!person) return ctx.redirect(back, { kind: 'error', message: 'Pick a person to add.' });
    const exists = ctx.db
      .prepare('SELECT 1 FROM members WHERE channel_id = ? AND user_id = ?')
      .get(channel.id, person.id);
    if (exists)
      return ctx.redirect(back, { kind: 'info', message: `${person.name} is already in #${channel.name}` });
    ctx.db
      .prepare('INSERT INTO members (channel_id, user_id, joined_at) VALUES (?, ?, ?)')
      .run(channel.id, person.id, ctx.now().toISOString());
    return ctx.redirect(back, { kind: 'success', message: `Added ${person.name} to #${channel.name}` });
  });

  app.post('/c/:name/join', (ctx) => {
    const channel = loadChannel(ctx);
    if (!channel.member)
      ctx.db
        .prepare('INSERT INTO members (channel_id, user_id, joined_at) VALUES (?, 1, ?)')
        .run(channel.id, ctx.now().toISOString());
    return ctx.redirect(`/c/${channel.name}`, { kind: 'success', message: `Joined #${channel.name}` });
  });

  app.post('/c/:name/leave', (ctx) => {
    const channel = loadChannel(ctx);
    if (channel.name === 'general')
      return ctx.redirect('/c/general/details', {
        kind: 'error',
        message: 'Everyone stays in #general: it’s where company announcements go.',
      });
    ctx.db.prepare('DELETE FROM members WHERE channel_id = ? AND user_id = 1').run(channel.id);
    return ctx.redirect('/c/general', { kind: 'success', message: `You left #${channel.name}` });
  });
}
