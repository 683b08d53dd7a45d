import { appHead, html, type Layout, type RequestContext, toasts } from '../../../kit';
import { OWNER_ID } from '../seed';
import { ZONE_LABEL } from '../time';

const NAV: { section: string; href: string; label: string }[] = [
  { section: 'calendar', href: '/calendar/week', label: 'Calendar' },
  { section: 'invitations', href: '/invitations', label: 'Invitations' },
  { section: 'search', href: '/events', label: 'Search events' },
  { section: 'rooms', href: '/rooms', label: 'Meeting rooms' },
  { section: 'people', href: '/people', label: 'People' },
  { section: 'availability', href: '/settings/availability', label: 'Availability' },
  { section: 'booking', href: '/booking-page', label: 'Share my booking page' },
];

function pendingInvitations(ctx: RequestContext): number {
  return (
    ctx.db
      .prepare<[number], { n: number }>(
        `SELECT count(*) AS n FROM attendees a JOIN events e ON e.id = a.event_id
         WHERE a.person_id = ? AND a.response = 'needs_action' AND e.status = 'confirmed'`,
      )
      .get(OWNER_ID)?.n ?? 0
  );
}

const LOGO = html`<svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#0f766e"/><rect x="7" y="9" width="18" height="16" rx="3" fill="none" stroke="#fff" stroke-width="2.2"/><path d="M7 14h18M12 6v5M20 6v5" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/><circle cx="16" cy="19.5" r="2.2" fill="#fde68a"/></svg>`;

export const appLayout: Layout = (page, ctx) => {
  const pending = pendingInvitations(ctx);
  return html`${appHead({ title: `${page.title} · Slotwise`, extra: page.head })}
<body class="app">
<aside class="sidebar">
  <a class="brand" href="/calendar/week">${LOGO}<span>Slotwise</span></a>
  <a class="btn btn-primary new-event" href="/events/new">+ New event</a>
  <nav aria-label="Main">
    ${NAV.map(
      (item) =>
        html`<a href="${item.href}" class="${page.section === item.section ? 'active' : ''}" ${
          page.section === item.section ? html`aria-current="page"` : ''
        }>${item.label}${
          item.section === 'invitations' && pending > 0
            ? html` <span class="count" aria-label="${pending} pending">${pending}</span>`
            : ''
        }</a>`,
    )}
  </nav>
  <p class="zone-note">Times shown in ${ZONE_LABEL}</p>
</aside>
<div class="main-col">
  <header class="topbar">
    <form class="global-search" method="get" action="/events" role="search">
      <input type="search" name="q" placeholder="Search events, people, places" aria-label="Search events">
    </form>
    <div class="account">
      <button type="button" class="avatar-button" data-menu-toggle="account-menu" aria-expanded="false">
        <span class="avatar">JE</span><span>Jordan Ellis</span>
      </button>
      <div id="account-menu" class="menu" hidden>
        <p class="menu-who">${ctx.user}</p>
        <a href="/settings/availability">Availability settings</a>
        <form method="post" action="/logout"><button class="menu-item">Sign out</button></form>
      </div>
    </div>
  </header>
  <main>${page.body}</main>
</div>
${toasts(ctx.takeFlashes())}
</body>
</html>`;
};

export const authLayout: Layout = (page, ctx) => html`${appHead({ title: `${page.title} · Slotwise` })}
<body class="auth">
<main class="auth-card">
  <div class="auth-brand">${LOGO}<span>Slotwise</span></div>
  ${page.body}
</main>
<p class="auth-foot">Slotwise for Harborline · Scheduling that respects your focus time</p>
${toasts(ctx.takeFlashes())}
</body>
</html>`;

/** The public booking page: no app chrome, also what the share screen's iframe shows. */
export const publicLayout: Layout = (
  page,
  ctx,
) => html`${appHead({ title: `${page.title} · Slotwise`, extra: page.head })}
<body class="public">
<main class="public-card">${page.body}</main>
<p class="public-foot">${LOGO} Powered by Slotwise · Times in ${ZONE_LABEL}</p>
${toasts(ctx.takeFlashes())}
</body>
</html>`;
