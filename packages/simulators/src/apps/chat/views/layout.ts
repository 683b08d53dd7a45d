import {
  appHead,
  classNames,
  html,
  jsonScript,
  type Layout,
  type RequestContext,
  type SafeHtml,
  toasts,
} from '../../../kit';
import { EMOJI, emojiChar, STATUS_PRESETS } from '../data/emoji';
import { ME } from '../domain';
import { withParams } from '../queries';
import { avatar, emojiOptions, MESSAGE_ACTIONS } from './parts';

interface SidebarChannel {
  id: number;
  name: string;
  is_private: number;
}

export function myChannels(ctx: RequestContext): SidebarChannel[] {
  return ctx.db
    .prepare<[], SidebarChannel>(
      `SELECT c.id, c.name, c.is_private FROM channels c JOIN members m ON m.channel_id = c.id AND m.user_id = 1
       ORDER BY c.name`,
    )
    .all();
}

/** The emoji picker: a custom element with an open shadow root, shared by every message's "Add reaction". */
function emojiPicker() {
  return html`<div class="emoji-popover" id="emoji-popover" hidden>
<emoji-picker><template shadowrootmode="open"><style>
:host{display:block}
.picker{width:300px;background:#fff;border:1px solid #d9d3e6;border-radius:12px;box-shadow:0 12px 32px rgba(40,20,70,.22);padding:10px;font:14px/1.4 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,sans-serif}
h2{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#6b6280;margin:2px 2px 8px}
input{width:100%;box-sizing:border-box;padding:7px 9px;border:1px solid #cfc7de;border-radius:8px;font:inherit;margin-bottom:8px}
.grid{display:grid;grid-template-columns:repeat(7,1fr);gap:4px;max-height:210px;overflow:auto}
button{font-size:20px;line-height:1;padding:6px 0;border:0;border-radius:8px;background:transparent;cursor:pointer}
button:hover,button:focus-visible{background:#efe9fb;outline:none}
.name{font-size:12px;color:#6b6280;min-height:18px;margin-top:6px}
</style><div class="picker" role="dialog" aria-label="Pick a reaction"><h2>Reactions</h2>
<input type="search" placeholder="Search emoji" aria-label="Search emoji">
<div class="grid">${Object.entries(EMOJI).map(
    ([name, char]) =>
      html`<button type="button" data-emoji="${name}" aria-label="${name}" title=":${name}:">${char}</button>`,
  )}</div><div class="name" aria-live="polite"></div></div></template></emoji-picker>
<form method="post" action="/m/0/react" id="react-form" hidden><input type="hidden" name="emoji" value=""><input type="hidden" name="back" value="/"></form>
</div>`;
}

function statusDialog(ctx: RequestContext) {
  const me = ctx.db
    .prepare<[], { status_emoji: string; status_text: string }>(
      'SELECT status_emoji, status_text FROM users WHERE id = 1',
    )
    .get();
  return html`<dialog id="status-dialog" class="kit-modal" aria-labelledby="status-title">
<form method="post" action="/status" class="stack" novalidate>
  <h2 id="status-title">Set a status</h2>
  <input type="hidden" name="back" value="${ctx.url.pathname}">
  <div class="presets" role="group" aria-label="Suggestions">${STATUS_PRESETS.map(
    ([emoji, text]) =>
      html`<button type="button" class="preset" data-status-emoji="${emoji}" data-status-text="${text}">${emojiChar(emoji)} ${text}</button>`,
  )}</div>
  <label for="status-emoji">Emoji</label>
  <select id="status-emoji" name="status_emoji"><option value="">No emoji</option>${emojiOptions(me?.status_emoji ?? '')}</select>
  <label for="status-text">What’s your status?</label>
  <input id="status-text" name="status_text" maxlength="100" value="${me?.status_text ?? ''}" placeholder="What’s your status?">
  <div class="dialog-actions">
    <button type="submit" name="clear" value="1" class="btn">Clear status</button>
    <button type="button" class="btn" data-modal-close>Cancel</button>
    <button class="btn primary">Save status</button>
  </div>
</form></dialog>`;
}

function switcher(channels: SidebarChannel[]) {
  return html`<dialog id="switcher" class="kit-modal switcher" aria-label="Jump to a channel">
<div class="stack">
  <label for="switcher-input" class="switcher-label">Jump to…</label>
  <input id="switcher-input" type="text" autocomplete="off" placeholder="Type a channel name" role="combobox" aria-expanded="true" aria-controls="switcher-list">
  <ul id="switcher-list" class="switcher-list" role="listbox" aria-label="Channels">${channels.map(
    (c) =>
      html`<li role="option" aria-selected="false" data-name="${c.name}"><a href="/c/${c.name}">${c.is_private ? '🔒' : '#'} ${c.name}</a></li>`,
  )}</ul>
  <p class="muted small">↑↓ to move · Enter to open · Esc to close</p>
</div></dialog>`;
}

function linkDialog() {
  return html`<dialog id="link-dialog" class="kit-modal" aria-labelledby="link-title">
<form class="stack" data-link-form novalidate>
  <h2 id="link-title">Add a link</h2>
  <label for="link-text">Text</label><input id="link-text" name="text" autocomplete="off">
  <label for="link-url">Link</label><input id="link-url" name="url" type="url" autocomplete="off" placeholder="https://">
  <p class="field-error" role="alert" data-link-error hidden>Enter a link starting with https:// or http://</p>
  <div class="dialog-actions"><button type="button" class="btn" data-modal-close>Cancel</button><button class="btn primary">Insert link</button></div>
</form></dialog>`;
}

/** The app chrome: a dark purple sidebar with channels, a top bar with search and the switcher, the dialogs. */
export const appLayout: Layout = (page, ctx) => {
  const channels = myChannels(ctx);
  const me = ctx.db
    .prepare<[], { name: string; status_emoji: string; status_text: string }>(
      'SELECT name, status_emoji, status_text FROM users WHERE id = 1',
    )
    .get();
  const prefs = ctx.db
    .prepare<[], { theme: string; compact: number }>(
      'SELECT theme, compact FROM preferences WHERE user_id = 1',
    )
    .get();
  const unread = ctx.db
    .prepare<[], { n: number }>('SELECT count(*) AS n FROM mentions WHERE user_id = 1 AND read = 0')
    .get();
  const section = page.section ?? '';
  const nav = (href: string, label: string | SafeHtml, key: string, extra: SafeHtml | '' = '') =>
    html`<a href="${href}" class="${classNames('side-link', section === key && 'active')}" ${section === key ? html`aria-current="page"` : ''}>${label}${extra}</a>`;
  return html`${appHead({ title: `${page.title} · Hubbub`, script: true, extra: page.head })}
<body class="${classNames(`theme-${prefs?.theme ?? 'system'}`, prefs?.compact === 1 && 'compact')}">
<div class="shell">
<aside class="sidebar" aria-label="Workspace">
  <div class="workspace"><span class="logo-mark" aria-hidden="true">◐</span><div><strong>Fernwood</strong><span class="small">Hubbub workspace</span></div></div>
  <nav aria-label="Main" class="side-nav">
    ${nav('/activity', 'Activity', 'activity', unread && unread.n > 0 ? html`<span class="dot" aria-hidden="true"></span>` : '')}
    ${nav('/saved', 'Saved items', 'saved')}
    ${nav('/people', 'People', 'people')}
    ${nav('/search', 'Search', 'search')}
    ${nav('/channels', 'Browse channels', 'channels')}
    ${nav('/preferences', 'Preferences', 'preferences')}
  </nav>
  <p class="side-heading">Channels</p>
  <nav aria-label="Channels" class="side-channels">${channels.map((c) =>
    nav(
      `/c/${c.name}`,
      html`<span class="hash" aria-hidden="true">${c.is_private ? '🔒' : '#'}</span>${c.name}`,
      `channel:${c.name}`,
    ),
  )}</nav>
  <a class="side-add" href="/channels/new">+ Add a channel</a>
  <div class="me">
    ${avatar(me?.name ?? '', ME, 'sm')}
    <div class="me-text"><strong>${me?.name}</strong><span class="small">${me?.status_emoji ? emojiChar(me.status_emoji) : ''} ${me?.status_text || 'No status'}</span></div>
    <button type="button" class="btn small-btn" data-modal-open="status-dialog">Set status</button>
  </div>
</aside>
<div class="main">
  <header class="topbar">
    <button type="button" class="jump" data-switcher-open aria-keyshortcuts="Control+K">Jump to… <kbd>Ctrl K</kbd></button>
    <form method="get" action="/search" role="search" class="top-search" aria-label="Search messages">
      <input type="search" name="q" placeholder="Search Fernwood" aria-label="Search messages">
    </form>
    <div class="account">
      <button type="button" class="account-button" data-menu-toggle="account-menu" aria-expanded="false" aria-label="Account menu">${avatar(me?.name ?? '', ME, 'sm')}</button>
      <div id="account-menu" class="menu" hidden>
        <div class="menu-header"><strong>${me?.name}</strong><span>${ctx.user}</span></div>
        <a class="menu-item" href="/people/jordan.avery">Profile</a>
        <a class="menu-item" href="/preferences">Preferences</a>
        <form method="post" action="/logout"><button class="menu-item">Sign out of Fernwood</button></form>
      </div>
    </div>
  </header>
  <main class="content">${page.body}</main>
</div>
</div>
<form id="${MESSAGE_ACTIONS}" method="post" action="${ctx.url.pathname}"><input type="hidden" name="back" value="${withParams(`${ctx.url.pathname}${ctx.url.search}`, { m: undefined, awaiting: undefined })}"></form>
${emojiPicker()}
${statusDialog(ctx)}
${switcher(channels)}
${linkDialog()}
<script type="application/json" id="hubbub-people">${jsonScript(ctx.db.prepare('SELECT name, title FROM users WHERE id != 1 ORDER BY name').all())}</script>
${toasts(ctx.takeFlashes())}
</body>
</html>`;
};

export const authLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · Hubbub` })}
<body class="auth"><main class="auth-card">${page.body}</main>${toasts(ctx.takeFlashes())}</body>
</html>`;
