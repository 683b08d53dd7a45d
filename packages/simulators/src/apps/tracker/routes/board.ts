import { type AppBuilder, classNames, formatDate, html, type RequestContext } from '../../../kit';
import { BOARD_COLUMNS, STATUSES } from '../domain';
import {
  activeSprint,
  allMembers,
  findProject,
  ISSUE_VIEW_SELECT,
  type IssueView,
  parseLabels,
  sprintsOf,
} from '../queries';
import { avatar, labelChip, priorityTag, typeTag } from '../views/parts';

type BoardIssue = IssueView & { blocked_by: string | null };

function card(issue: BoardIssue, back: string) {
  const menuId = `move-${issue.key}`;
  return html`<article class="board-card" draggable="true" data-issue="${issue.key}" aria-label="${issue.key} ${issue.title}">
  <div class="card-top"><a href="/issues/${issue.key}" class="issue-key">${issue.key}</a>${typeTag(issue.type)}
    <div class="card-menu"><button type="button" class="icon-button" data-menu-toggle="${menuId}" aria-expanded="false" aria-label="Move ${issue.key}">⋯</button>
    <div id="${menuId}" class="menu" hidden><div class="menu-header">Move to</div>
      <form method="post" action="/issues/${issue.key}/update"><input type="hidden" name="return_to" value="${back}">${BOARD_COLUMNS.filter(
        (s) => s !== issue.status,
      ).map(
        (s) => html`<button class="menu-item" name="status" value="${s}">${STATUSES[s]}</button>`,
      )}</form></div></div></div>
  <a href="/issues/${issue.key}" class="card-title">${issue.title}</a>
  <div class="card-labels">${parseLabels(issue.labels).map((l) => labelChip(l.name, l.color))}</div>
  ${issue.blocked_by && html`<p class="blocked-flag">Blocked by ${issue.blocked_by.split(',').map((key, n) => html`${n > 0 ? ', ' : ''}<a class="blocker-key" href="/issues/${key}">${key}</a>`)}</p>`}
  <div class="card-foot">${priorityTag(issue.priority)}${issue.estimate !== null && html`<span class="points" title="Estimate">${issue.estimate} pt</span>`}
    <span class="card-assignee" title="${issue.assignee ?? 'Unassigned'}">${avatar(issue.assignee, issue.assignee_id)}<span class="sr-only">${issue.assignee ?? 'Unassigned'}</span></span></div>
</article>`;
}

function boardPage(ctx: RequestContext) {
  const project = findProject(ctx, ctx.params.key);
  const sprints = sprintsOf(ctx.db, project.id);
  const current = activeSprint(ctx.db, project.id);
  const sprintId = Number(ctx.query.get('sprint')) || current?.id || 0;
  const sprint = sprints.find((s) => s.id === sprintId) ?? current;
  const assignee = ctx.query.get('assignee') ?? '';
  const args: number[] = [sprint?.id ?? 0];
  let where = 'i.sprint_id = ?';
  if (assignee) {
    where += ' AND i.assignee_id = ?';
    args.push(Number(assignee) || 0);
  }
  const issues = ctx.db
    .prepare<number[], BoardIssue>(
      // A card names the issues that block it, as trackers flag blocked cards; their state is on their own page.
      `SELECT i.*, bl.blocked_by FROM (${ISSUE_VIEW_SELECT} WHERE ${where}) i LEFT JOIN (
         SELECT l.target_id, group_concat(b.key, ',') AS blocked_by FROM issue_links l JOIN issues b ON b.id = l.source_id
         WHERE l.kind = 'blocks' GROUP BY l.target_id) bl ON bl.target_id = i.id ORDER BY CASE i.priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 WHEN 'low' THEN 3 ELSE 4 END, i.number`,
    )
    .all(...args);
  const back = ctx.link(`/projects/${project.key}/board`, {
    sprint: ctx.query.get('sprint') ?? '',
    assignee,
  });
  const members = allMembers(ctx.db);
  return ctx.render({
    title: `${project.name} board`,
    section: `project:${project.key}`,
    body: html`<div class="page-header">
  <div><p class="eyebrow">${project.key} · Board</p><h1>${project.name}</h1>
  ${sprint && html`<p class="muted">${sprint.name}: ${formatDate(`${sprint.starts_on}T12:00:00Z`)} – ${formatDate(`${sprint.ends_on}T12:00:00Z`)} · ${sprint.goal}</p>`}</div>
  <div class="header-actions"><a class="button" href="/projects/${project.key}/sprints">Sprints</a><a class="button" href="/issues?project=${project.key}&amp;status=open">Issue list</a></div>
</div>
<form class="filters" method="get" action="/projects/${project.key}/board">
  <label class="filter"><span class="sr-only">Sprint</span><select name="sprint" aria-label="Sprint" data-autosubmit>${sprints.map(
    (s) =>
      html`<option value="${s.id}" ${s.id === sprint?.id ? 'selected' : ''}>${s.name}${s.state === 'active' ? ' (current)' : s.state === 'planned' ? ' (planned)' : ''}</option>`,
  )}</select></label>
  <label class="filter"><span class="sr-only">Assignee</span><select name="assignee" aria-label="Assignee" data-autosubmit><option value="">Everyone</option>${members.map(
    (m) => html`<option value="${m.id}" ${assignee === String(m.id) ? 'selected' : ''}>${m.name}</option>`,
  )}</select></label>
  <noscript><button class="button">Apply</button></noscript>
</form>
<div class="board" data-board="${project.key}">
${BOARD_COLUMNS.map((status) => {
  const cards = issues.filter((i) => i.status === status);
  const points = cards.reduce((sum, i) => sum + (i.estimate ?? 0), 0);
  return html`<section class="${classNames('board-column', `col-${status}`)}" data-status="${status}" aria-label="${STATUSES[status]}">
  <header class="column-head"><h2>${STATUSES[status]}</h2><span class="count" title="Issues">${cards.length}</span><span class="muted column-points">${points} pt</span></header>
  <div class="column-cards">${cards.length === 0 ? html`<p class="column-empty">No issues</p>` : cards.map((c) => card(c, back))}</div>
</section>`;
})}
</div>
<form id="board-move" method="post" hidden><input type="hidden" name="return_to" value="${back}"><input type="hidden" name="status"></form>`,
  });
}

export function boardRoutes(app: AppBuilder): void {
  app.get('/projects/:key/board', (ctx) => boardPage(ctx));
  app.get('/projects/:key', (ctx) => ctx.redirect(`/projects/${ctx.params.key}/board`));
}
