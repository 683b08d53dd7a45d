import { type AppBuilder, formatDate, HttpError, html } from '../../../kit';
import { CURRENT_MEMBER_ID } from '../domain';
import {
  activeSprint,
  allMembers,
  allProjects,
  findProject,
  ISSUE_VIEW_SELECT,
  type IssueView,
  type MemberRow,
} from '../queries';
import { avatar, emptyState, person } from '../views/parts';
import { issueTable } from './issueList';

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

export function projectRoutes(app: AppBuilder): void {
  app.get('/projects', (ctx) => {
    const projects = allProjects(ctx.db);
    const members = allMembers(ctx.db);
    const stats = ctx.db
      .prepare<[], { project_id: number; open: number; total: number; urgent: number }>(
        `SELECT project_id, sum(status NOT IN ('done', 'canceled')) AS open, count(*) AS total,
           sum(priority = 'urgent' AND status NOT IN ('done', 'canceled')) AS urgent FROM issues GROUP BY project_id`,
      )
      .all();
    return ctx.render({
      title: 'Projects',
      section: 'projects',
      body: html`<div class="page-header"><div><h1>Projects</h1><p class="muted">${projects.length} projects in Fernhill · Product</p></div></div>
<div class="project-grid">${projects.map((p) => {
        const lead = members.find((m) => m.id === p.lead_id) as MemberRow;
        const s = stats.find((x) => x.project_id === p.id);
        const sprint = activeSprint(ctx.db, p.id);
        const progress = sprint
          ? ctx.db
              .prepare<[number], { done: number; total: number }>(
                "SELECT coalesce(sum(CASE WHEN status = 'done' THEN estimate END), 0) AS done, coalesce(sum(estimate), 0) AS total FROM issues WHERE sprint_id = ? AND status <> 'canceled'",
              )
              .get(sprint.id)
          : undefined;
        const pct = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
        return html`<article class="card project-card">
  <header><span class="project-badge" style="background:${p.color}">${p.key}</span><div><h2><a href="/projects/${p.key}/board">${p.name}</a></h2><p class="muted">${p.description}</p></div></header>
  <dl class="facts"><dt>Lead</dt><dd>${person(lead.name, lead.id)}</dd>
  <dt>Open issues</dt><dd><a href="/issues?project=${p.key}&amp;status=open">${s?.open ?? 0}</a> of ${s?.total ?? 0}</dd>
  <dt>Urgent</dt><dd>${s?.urgent ?? 0}</dd>
  ${sprint && html`<dt>Current sprint</dt><dd>${sprint.name} · ends ${day(sprint.ends_on)}</dd>`}</dl>
  ${progress && html`<div class="progress" role="progressbar" aria-label="${p.name} sprint progress" aria-valuenow="${pct}" aria-valuemin="0" aria-valuemax="100"><span class="progress-bar" style="width:${pct}%"></span></div><p class="muted small">${progress.done} of ${progress.total} points done</p>`}
  <footer class="row-actions"><a class="button small" href="/projects/${p.key}/board">Board</a><a class="button small" href="/projects/${p.key}/sprints">Sprints</a><a class="button small" href="/issues?project=${p.key}">Issues</a></footer>
</article>`;
      })}</div>`,
    });
  });

  app.get('/projects/:key/sprints', (ctx) => {
    const project = findProject(ctx, ctx.params.key);
    const sprints = ctx.db
      .prepare<
        [number],
        {
          id: number;
          name: string;
          goal: string;
          state: string;
          starts_on: string;
          ends_on: string;
          issues: number;
          points: number;
          done_points: number;
          open: number;
        }
      >(
        `SELECT s.*, count(i.id) AS issues, coalesce(sum(i.estimate), 0) AS points,
           coalesce(sum(CASE WHEN i.status = 'done' THEN i.estimate END), 0) AS done_points,
           coalesce(sum(i.status NOT IN ('done', 'canceled')), 0) AS open
         FROM sprints s LEFT JOIN issues i ON i.sprint_id = s.id WHERE s.project_id = ? GROUP BY s.id ORDER BY s.starts_on DESC`,
      )
      .all(project.id);
    return ctx.render({
      title: `${project.name} sprints`,
      section: `project:${project.key}`,
      body: html`<div class="page-header"><div><p class="eyebrow">${project.key} · Sprints</p><h1>${project.name} sprints</h1><p class="muted">Two-week sprints, Monday to Friday of the following week.</p></div>
<div class="header-actions"><a class="button" href="/projects/${project.key}/board">Board</a></div></div>
<table class="data-table"><thead><tr><th scope="col">Sprint</th><th scope="col">Dates</th><th scope="col">State</th><th scope="col">Goal</th><th scope="col" class="num">Issues</th><th scope="col" class="num">Open</th><th scope="col" class="num">Points</th><th scope="col" class="num">Done points</th></tr></thead>
<tbody>${sprints.map(
        (
          s,
        ) => html`<tr><td><a href="/issues?project=${project.key}&amp;sprint=${s.id}">${s.name}</a></td><td class="nowrap">${day(s.starts_on)} – ${day(s.ends_on)}</td>
<td><span class="sprint-state sprint-${s.state}">${s.state === 'active' ? 'Current' : s.state === 'planned' ? 'Planned' : 'Closed'}</span></td><td>${s.goal}</td>
<td class="num">${s.issues}</td><td class="num">${s.open}</td><td class="num">${s.points}</td><td class="num">${s.done_points}</td></tr>`,
      )}</tbody></table>`,
    });
  });

  app.get('/team', (ctx) => {
    const rows = ctx.db
      .prepare<[], MemberRow & { open: number; in_progress_points: number }>(
        `SELECT m.*, (SELECT count(*) FROM issues i WHERE i.assignee_id = m.id AND i.status NOT IN ('done', 'canceled')) AS open,
           (SELECT coalesce(sum(i.estimate), 0) FROM issues i WHERE i.assignee_id = m.id AND i.status IN ('in_progress', 'in_review')) AS in_progress_points
         FROM members m ORDER BY m.team, m.name`,
      )
      .all();
    const leads = new Map(allProjects(ctx.db).map((p) => [p.lead_id, p.key]));
    return ctx.render({
      title: 'Team',
      section: 'team',
      body: html`<div class="page-header"><div><h1>Team</h1><p class="muted">${rows.length} members in Fernhill · Product</p></div></div>
<table class="data-table team-table"><thead><tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Team</th><th scope="col">Email</th><th scope="col">Location</th><th scope="col" class="num">Open issues</th><th scope="col" class="num">Points in progress</th></tr></thead>
<tbody>${rows.map(
        (
          m,
        ) => html`<tr><td><a href="/team/${m.id}" class="person">${avatar(m.name, m.id)}<span>${m.name}</span></a>${leads.has(m.id) && html` <span class="tag">Lead ${leads.get(m.id)}</span>`}${m.id === CURRENT_MEMBER_ID && html` <span class="tag">You</span>`}</td>
<td>${m.title}</td><td>${m.team}</td><td><a href="mailto:${m.email}">${m.email}</a></td><td>${m.location}</td>
<td class="num"><a href="/issues?assignee=${m.id}&amp;status=open">${m.open}</a></td><td class="num">${m.in_progress_points}</td></tr>`,
      )}</tbody></table>`,
    });
  });

  app.get('/team/:id', (ctx) => {
    const member = ctx.db
      .prepare<[string], MemberRow>('SELECT * FROM members WHERE id = ?')
      .get(ctx.params.id ?? '');
    if (!member) throw new HttpError(404);
    const open = ctx.db
      .prepare<[number], IssueView>(
        `${ISSUE_VIEW_SELECT} WHERE i.assignee_id = ? AND i.status NOT IN ('done', 'canceled') ORDER BY i.updated_at DESC LIMIT 50`,
      )
      .all(member.id);
    return ctx.render({
      title: member.name,
      section: 'team',
      body: html`<nav class="breadcrumbs"><a href="/team">Team</a><span>›</span><span aria-current="page">${member.name}</span></nav>
<div class="profile card">${avatar(member.name, member.id, 'md')}<div><h1>${member.name}</h1><p class="muted">${member.title} · ${member.team} · ${member.location}</p>
<p><a href="mailto:${member.email}">${member.email}</a> · Member since ${day(member.joined_on)}</p></div></div>
<h2 class="section-title spaced">Open issues (${open.length})</h2>
${open.length === 0 ? emptyState('Nothing assigned', `${member.name} has no open issues.`) : issueTable(open, ctx)}`,
    });
  });
}
