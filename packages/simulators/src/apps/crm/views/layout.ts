import { appHead, classNames, html, type Layout, toasts } from '../../../kit';
import { avatar } from './parts';

/** The app chrome: a dark left rail with the sections and saved views, a top bar with search and the account. */
export const appLayout: Layout = (page, ctx) => {
  const pipelines = ctx.db
    .prepare<[], { id: number; name: string }>('SELECT id, name FROM pipelines ORDER BY id')
    .all();
  const views = ctx.db
    .prepare<[], { id: number; entity: string; name: string; query: string }>(
      'SELECT id, entity, name, query FROM saved_views WHERE owner_id = 1 ORDER BY name',
    )
    .all();
  const section = page.section ?? '';
  const item = (href: string, label: string, key: string) =>
    html`<a href="${href}" class="${classNames('rail-link', section === key && 'active')}" ${section === key ? html`aria-current="page"` : ''}>${label}</a>`;
  return html`${appHead({ title: `${page.title} · Dealflow`, script: true, extra: page.head })}
<body>
<div class="frame">
<aside class="rail" aria-label="Main navigation">
  <a class="logo" href="/pipeline/1"><span class="logo-mark" aria-hidden="true">◆</span>Dealflow</a>
  <p class="rail-heading">Pipelines</p>
  <nav aria-label="Pipelines">${pipelines.map((p) => item(`/pipeline/${p.id}`, p.name, `pipeline:${p.id}`))}</nav>
  <p class="rail-heading">Records</p>
  <nav aria-label="Records">
    ${item('/deals', 'Deals', 'deals')}
    ${item('/contacts', 'Contacts', 'contacts')}
    ${item('/companies', 'Companies', 'companies')}
  </nav>
  <p class="rail-heading">Saved views</p>
  <nav aria-label="Saved views">${views.map((v) => item(`/${v.entity}?${v.query}${v.query ? '&' : ''}view=${v.id}`, v.name, `view:${v.id}`))}</nav>
</aside>
<div class="page">
  <header class="topbar">
    <form method="get" action="/deals" role="search" class="search">
      <input type="search" name="q" placeholder="Quick search: deals" aria-label="Quick search">
    </form>
    <div class="account">
      <button type="button" class="account-button" data-menu-toggle="account-menu" aria-expanded="false" aria-label="Account menu">${avatar('Sam Okoro', 1)}</button>
      <div id="account-menu" class="menu" hidden>
        <div class="menu-header"><strong>Sam Okoro</strong><span>${ctx.user}</span></div>
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

export const authLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · Dealflow` })}
<body class="auth"><main class="auth-card">${page.body}</main>${toasts(ctx.takeFlashes())}</body>
</html>`;
