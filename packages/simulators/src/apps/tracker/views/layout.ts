import { appHead, classNames, html, type Layout, type SafeHtml, toasts } from '../../../kit';
import { avatar } from './parts';

interface NavProject {
  key: string;
  name: string;
  color: string;
}

/** The app chrome: sidebar with projects and saved views, top bar with search, "New issue" and the account menu. */
export const appLayout: Layout = (page, ctx) => {
  const projects = ctx.db.prepare<[], NavProject>('SELECT key, name, color FROM projects ORDER BY id').all();
  const views = ctx.db
    .prepare<[], { id: number; name: string; query: string }>(
      'SELECT id, name, query FROM saved_views WHERE owner_id = 1 ORDER BY name',
    )
    .all();
  const section = page.section ?? '';
  const navLink = (href: string, label: string, key: string, icon: SafeHtml) =>
    html`<a href="${href}" class="${classNames('nav-item', section === key && 'active')}" ${section === key ? html`aria-current="page"` : ''}>${icon}<span>${label}</span></a>`;
  return html`${appHead({ title: `${page.title} · Linework`, script: true, extra: page.head })}
<body>
<div class="shell">
<aside class="sidebar" aria-label="Main navigation">
  <a class="brand" href="/issues?assignee=me&amp;status=open"><span class="brand-mark" aria-hidden="true"></span>Linework</a>
  <div class="workspace">Fernhill · Product</div>
  <nav class="nav-group">
    ${navLink('/issues?assignee=me&status=open', 'My issues', 'mine', icon('inbox'))}
    ${navLink('/issues', 'All issues', 'issues', icon('list'))}
    ${navLink('/projects', 'Projects', 'projects', icon('grid'))}
    ${navLink('/team', 'Team', 'team', icon('people'))}
  </nav>
  <div class="nav-heading">Projects</div>
  <nav class="nav-group" aria-label="Projects">
    ${projects.map(
      (
        p,
      ) => html`<a href="/projects/${p.key}/board" class="${classNames('nav-item', section === `project:${p.key}` && 'active')}">
      <span class="project-dot" style="background:${p.color}"></span><span>${p.name}</span><span class="nav-count">${p.key}</span></a>`,
    )}
  </nav>
  <div class="nav-heading">Saved views</div>
  <nav class="nav-group" aria-label="Saved views">
    ${views.map(
      (v) =>
        html`<a href="/issues?${v.query}&amp;view=${v.id}" class="${classNames('nav-item', section === `view:${v.id}` && 'active')}">${icon('filter')}<span>${v.name}</span></a>`,
    )}
  </nav>
</aside>
<div class="main-column">
  <header class="topbar">
    <form class="global-search" method="get" action="/issues" role="search">
      ${icon('search')}<input type="search" name="q" placeholder="Search issues or jump to a key (WEB-42)" aria-label="Search issues">
    </form>
    <a class="button primary" href="/issues/new">${icon('plus')} New issue</a>
    <div class="account">
      <button type="button" class="account-button" data-menu-toggle="account-menu" aria-expanded="false" aria-label="Account menu">${avatar('Maya Chen', 1)}</button>
      <div id="account-menu" class="menu" hidden>
        <div class="menu-header"><strong>Maya Chen</strong><span>${ctx.user}</span></div>
        <a class="menu-item" href="/team/1">Your profile</a>
        <form method="post" action="/logout"><button class="menu-item">Sign out</button></form>
      </div>
    </div>
  </header>
  <main class="content">${page.body}</main>
</div>
</div>
${toasts(ctx.takeFlashes())}
</body>
</html>`;
};

export const authLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · Linework` })}
<body class="auth-page"><main class="auth-card">${page.body}</main>
<p class="auth-footer">Linework · issue tracking for product teams</p>${toasts(ctx.takeFlashes())}</body>
</html>`;

const ICONS: Record<string, string> = {
  inbox: 'M3 13h4l2 3h6l2-3h4M5 5h14l2 8v6H3v-6z',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  grid: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  people:
    'M16 19v-1a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v1M9 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6M22 19v-1a4 4 0 0 0-3-3.9M16 4.1a3 3 0 0 1 0 5.8',
  filter: 'M3 5h18l-7 8v6l-4 2v-8z',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3',
  plus: 'M12 5v14M5 12h14',
  board: 'M4 4h5v16H4zM10 4h5v10h-5zM16 4h4v13h-4z',
  sprint: 'M12 8v4l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
};

export function icon(name: keyof typeof ICONS | string): SafeHtml {
  return html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${ICONS[name] ?? ''}"/></svg>`;
}
