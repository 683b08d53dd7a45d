import {
  type AppBuilder,
  classNames,
  fieldError,
  fields,
  formatDate,
  formatDateTime,
  formatRelative,
  formSchema,
  HttpError,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import {
  CURRENT_MEMBER_ID,
  isOpen,
  PRIORITIES,
  PRIORITY_KEYS,
  type Priority,
  parseIssueKey,
  STATUS_KEYS,
  STATUSES,
  type Status,
} from '../domain';
import { createIssue } from '../issueWrites';
import {
  allMembers,
  findIssue,
  ISSUE_VIEW_SELECT,
  type IssueView,
  issueByKey,
  logActivity,
  memberName,
  parseLabels,
  type SprintRow,
  sprintsOf,
  touch,
} from '../queries';
import {
  avatar,
  labelChip,
  memberChoices,
  person,
  picker,
  priorityChoices,
  priorityTag,
  statusBadge,
  typeTag,
} from '../views/parts';

const CommentForm = formSchema({ body: fields.text({ required: true, max: 5000, label: 'Comment' }) });
const LinkForm = formSchema({
  relation: fields.choice(['blocks', 'blocked_by', 'relates'], { required: true, label: 'Relation' }),
  issue: fields.text({ required: true, max: 20, label: 'Issue key' }),
});
const SubtaskForm = formSchema({
  title: fields.text({ required: true, min: 3, max: 200, label: 'Title' }),
  assignee: fields.integer({ min: 1, label: 'Assignee' }),
});
const Planning = formSchema({
  estimate: fields.integer({ min: 0, max: 100, label: 'Estimate' }),
  due_date: fields.date({ label: 'Due date' }),
});

const RELATIONS = { blocks: 'blocks', blocked_by: 'is blocked by', relates: 'relates to' } as const;

interface LinkView {
  id: number;
  direction: 'blocks' | 'blocked_by' | 'relates';
  key: string;
  title: string;
  status: string;
}

interface CommentView {
  id: number;
  author_id: number;
  author: string;
  body: string;
  created_at: string;
  edited_at: string | null;
}

interface PageErrors {
  planning?: { estimate?: string; due_date?: string; values: { estimate: string; due_date: string } };
  comment?: { body?: string; value: string };
  link?: { relation?: string; issue?: string; values: { relation: string; issue: string } };
  subtask?: { title?: string; assignee?: string; values: { title: string; assignee: string } };
}

/** Both directions of every link, as seen from this issue. */
function links(ctx: RequestContext, issueId: number): LinkView[] {
  return ctx.db
    .prepare<[number, number], LinkView>(
      `SELECT l.id, CASE WHEN l.kind = 'relates' THEN 'relates' ELSE 'blocks' END AS direction, i.key, i.title, i.status
         FROM issue_links l JOIN issues i ON i.id = l.target_id WHERE l.source_id = ?
       UNION ALL
       SELECT l.id, CASE WHEN l.kind = 'relates' THEN 'relates' ELSE 'blocked_by' END, i.key, i.title, i.status
         FROM issue_links l JOIN issues i ON i.id = l.source_id WHERE l.target_id = ?
       ORDER BY key`,
    )
    .all(issueId, issueId);
}

function activityText(
  ctx: RequestContext,
  field: string,
  oldValue: string | null,
  newValue: string | null,
): string {
  const name = (v: string | null) => (v ? (memberName(ctx.db, Number(v)) ?? v) : 'nobody');
  switch (field) {
    case 'created':
      return 'created the issue';
    case 'status':
      return `changed status from ${STATUSES[oldValue as Status] ?? oldValue} to ${STATUSES[newValue as Status] ?? newValue}`;
    case 'assignee':
      return oldValue
        ? `reassigned from ${name(oldValue)} to ${name(newValue)}`
        : `assigned to ${name(newValue)}`;
    case 'priority':
      return `changed priority from ${PRIORITIES[oldValue as Priority] ?? oldValue} to ${PRIORITIES[newValue as Priority] ?? newValue}`;
    case 'comment':
      return 'commented';
    case 'link':
      return `linked ${newValue}`;
    default:
      return `changed ${field.replace('_', ' ')} from ${oldValue ?? 'none'} to ${newValue ?? 'none'}`;
  }
}

function linkGroup(title: string, items: LinkView[], issueKey: string): SafeHtml {
  if (items.length === 0) return html``;
  return html`<div class="link-group"><h3>${title}</h3><ul class="issue-mini-list">${items.map(
    (
      l,
    ) => html`<li><a href="/issues/${l.key}" class="issue-key">${l.key}</a><a href="/issues/${l.key}" class="mini-title">${l.title}</a>${statusBadge(l.status)}
      <form method="post" action="/issues/${issueKey}/links/${l.id}/delete" class="inline"><button class="icon-button" aria-label="Remove link to ${l.key}" title="Remove link">×</button></form></li>`,
  )}</ul></div>`;
}

function detailPage(ctx: RequestContext, issue: IssueView, errors: PageErrors = {}, status = 200) {
  const members = allMembers(ctx.db);
  const sprints = sprintsOf(ctx.db, issue.project_id).filter(
    (s) => s.state !== 'closed' || s.id === issue.sprint_id,
  );
  const project = ctx.db
    .prepare<[number], { name: string; key: string }>('SELECT name, key FROM projects WHERE id = ?')
    .get(issue.project_id);
  const reporter = memberName(ctx.db, issue.reporter_id) ?? 'Unknown';
  const parent = issue.parent_id
    ? ctx.db
        .prepare<[number], { key: string; title: string }>('SELECT key, title FROM issues WHERE id = ?')
        .get(issue.parent_id)
    : undefined;
  const subtasks = ctx.db
    .prepare<[number], IssueView>(`${ISSUE_VIEW_SELECT} WHERE i.parent_id = ? ORDER BY i.number`)
    .all(issue.id);
  const issueLinks = links(ctx, issue.id);
  const comments = ctx.db
    .prepare<[number], CommentView>(
      `SELECT c.id, c.author_id, m.name AS author, c.body, c.created_at, c.edited_at FROM comments c
       JOIN members m ON m.id = c.author_id WHERE c.issue_id = ? ORDER BY c.created_at, c.id`,
    )
    .all(issue.id);
  const activity = ctx.db
    .prepare<
      [number],
      {
        actor: string;
        actor_id: number;
        field: string;
        old_value: string | null;
        new_value: string | null;
        created_at: string;
      }
    >(
      `SELECT m.name AS actor, a.actor_id, a.field, a.old_value, a.new_value, a.created_at FROM activity a
       JOIN members m ON m.id = a.actor_id WHERE a.issue_id = ? ORDER BY a.created_at DESC, a.id DESC`,
    )
    .all(issue.id);
  const labels = parseLabels(issue.labels);
  const allLabels = ctx.db
    .prepare<[], { id: number; name: string; color: string }>('SELECT * FROM labels ORDER BY name')
    .all();
  const tab = ctx.query.get('tab') === 'activity' ? 'activity' : 'comments';
  const today = ctx.now().toISOString().slice(0, 10);
  const overdue = issue.due_date !== null && isOpen(issue.status) && issue.due_date < today;
  const planning = errors.planning?.values ?? {
    estimate: issue.estimate === null ? '' : String(issue.estimate),
    due_date: issue.due_date ?? '',
  };
  const doneSubtasks = subtasks.filter((s) => s.status === 'done').length;
  const action = `/issues/${issue.key}/update`;
  return ctx.render({
    title: `${issue.key} ${issue.title}`,
    section: `project:${project?.key}`,
    status,
    body: html`
<nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/projects/${project?.key}/board">${project?.name}</a><span>›</span>
${parent && html`<a href="/issues/${parent.key}">${parent.key}</a><span>›</span>`}<span aria-current="page">${issue.key}</span></nav>
<div class="issue-layout">
<article class="issue-main">
  <header class="issue-header">
    <div class="issue-meta-line">${typeTag(issue.type)}<span class="issue-key big">${issue.key}</span>${parent && html`<span class="muted">Sub-task of <a href="/issues/${parent.key}">${parent.key} ${parent.title}</a></span>`}</div>
    <h1 class="issue-heading">${issue.title}</h1>
  </header>
  <section class="card" aria-labelledby="desc-h"><h2 id="desc-h" class="section-title">Description</h2>
    ${issue.description ? html`<div class="description">${issue.description}</div>` : html`<p class="muted">No description.</p>`}
  </section>
  <section class="card" aria-labelledby="sub-h">
    <div class="section-head"><h2 id="sub-h" class="section-title">Sub-tasks ${subtasks.length > 0 && html`<span class="count">${doneSubtasks}/${subtasks.length} done</span>`}</h2>
      ${issue.parent_id === null && html`<button type="button" class="button small" data-modal-open="add-subtask">Add sub-task</button>`}</div>
    ${
      subtasks.length === 0
        ? html`<p class="muted">No sub-tasks.</p>`
        : html`<ul class="issue-mini-list">${subtasks.map(
            (s) =>
              html`<li><a href="/issues/${s.key}" class="issue-key">${s.key}</a><a href="/issues/${s.key}" class="mini-title">${s.title}</a>${person(s.assignee, s.assignee_id)}${statusBadge(s.status)}</li>`,
          )}</ul>`
    }
  </section>
  <section class="card" aria-labelledby="links-h">
    <div class="section-head"><h2 id="links-h" class="section-title">Linked issues</h2><button type="button" class="button small" data-modal-open="link-issue">Link issue</button></div>
    ${issueLinks.length === 0 && html`<p class="muted">No linked issues.</p>`}
    ${linkGroup(
      'Blocks',
      issueLinks.filter((l) => l.direction === 'blocks'),
      issue.key,
    )}
    ${linkGroup(
      'Blocked by',
      issueLinks.filter((l) => l.direction === 'blocked_by'),
      issue.key,
    )}
    ${linkGroup(
      'Relates to',
      issueLinks.filter((l) => l.direction === 'relates'),
      issue.key,
    )}
  </section>
  <section class="card" id="discussion">
    <div class="tabs" role="tablist">
      <a role="tab" href="/issues/${issue.key}" aria-selected="${tab === 'comments'}" class="${classNames('tab', tab === 'comments' && 'active')}">Comments <span class="count">${comments.length}</span></a>
      <a role="tab" href="/issues/${issue.key}?tab=activity" aria-selected="${tab === 'activity'}" class="${classNames('tab', tab === 'activity' && 'active')}">Activity <span class="count">${activity.length}</span></a>
    </div>
    ${
      tab === 'activity'
        ? html`<ol class="activity">${activity.map(
            (a) =>
              html`<li>${avatar(a.actor, a.actor_id)}<span><strong>${a.actor}</strong> ${activityText(ctx, a.field, a.old_value, a.new_value)}</span><time class="muted" title="${formatDateTime(a.created_at)}">${formatRelative(a.created_at, ctx.now())}</time></li>`,
          )}</ol>`
        : html`<ol class="comments">${comments.map(
            (c) => html`<li class="comment" id="comment-${c.id}">${avatar(c.author, c.author_id, 'md')}
            <div class="comment-body"><div class="comment-head"><strong>${c.author}</strong><time class="muted" title="${formatDateTime(c.created_at)}">${formatRelative(c.created_at, ctx.now())}</time>${c.edited_at && html`<span class="muted">(edited)</span>`}
            ${c.author_id === CURRENT_MEMBER_ID && html`<button type="button" class="link-button" data-edit-comment="${c.id}">Edit</button>`}</div>
            <p class="comment-text" id="comment-text-${c.id}">${c.body}</p>
            ${
              c.author_id === CURRENT_MEMBER_ID &&
              html`<form method="post" action="/comments/${c.id}/edit" class="stack comment-edit" id="comment-edit-${c.id}" hidden>
              <label for="edit-${c.id}" class="sr-only">Edit comment</label><textarea id="edit-${c.id}" name="body" rows="3">${c.body}</textarea>
              <div class="row-actions"><button type="button" class="button small" data-cancel-edit="${c.id}">Cancel</button><button class="button small primary">Save comment</button></div></form>`
            }
            </div></li>`,
          )}</ol>
    <form method="post" action="/issues/${issue.key}/comments" class="comment-form stack" novalidate>
      <label for="new-comment">Add a comment</label>
      <textarea id="new-comment" name="body" rows="3" placeholder="Leave a comment…">${errors.comment?.value ?? ''}</textarea>${fieldError(errors.comment?.body)}
      <div class="row-actions"><button class="button primary">Comment</button></div>
    </form>`
    }
  </section>
</article>
<aside class="issue-side" aria-label="Properties">
  <div class="card props">
    <form method="post" action="${action}" class="prop"><label for="prop-status">Status</label>
      <select id="prop-status" name="status" data-autosubmit>${STATUS_KEYS.map((s) => html`<option value="${s}" ${issue.status === s ? 'selected' : ''}>${STATUSES[s]}</option>`)}</select></form>
    <form method="post" action="${action}" class="prop"><span class="prop-label">Assignee</span>
      ${picker({ name: 'assignee', label: 'Assignee', value: issue.assignee_id === null ? '' : String(issue.assignee_id), choices: memberChoices(members), autosubmit: true, placeholder: 'Unassigned' })}</form>
    <form method="post" action="${action}" class="prop"><span class="prop-label">Priority</span>
      ${picker({ name: 'priority', label: 'Priority', value: issue.priority, choices: priorityChoices(), autosubmit: true })}</form>
    <div class="prop"><span class="prop-label">Labels</span>
      <div class="labels-line">${labels.length ? labels.map((l) => labelChip(l.name, l.color)) : html`<span class="muted">None</span>`}</div>
      <button type="button" class="button small" data-menu-toggle="label-menu" aria-expanded="false">Edit labels</button>
      <div id="label-menu" class="menu label-menu" hidden><form method="post" action="${action}" class="stack">
        <input type="hidden" name="labels_present" value="1">
        <fieldset><legend class="sr-only">Labels</legend>${allLabels.map(
          (l) =>
            html`<label class="check"><input type="checkbox" name="labels" value="${l.name}" ${labels.some((x) => x.name === l.name) ? 'checked' : ''}>${labelChip(l.name, l.color)}</label>`,
        )}</fieldset><button class="button small primary">Apply labels</button></form></div>
    </div>
    <form method="post" action="${action}" class="prop"><label for="prop-sprint">Sprint</label>
      <select id="prop-sprint" name="sprint" data-autosubmit><option value="">No sprint</option>${sprints.map(
        (s: SprintRow) =>
          html`<option value="${s.id}" ${issue.sprint_id === s.id ? 'selected' : ''}>${s.name}${s.state === 'active' ? ' (current)' : s.state === 'planned' ? ' (planned)' : ' (closed)'}</option>`,
      )}</select></form>
    <form method="post" action="${action}" class="prop planning" novalidate>
      <div class="two"><div><label for="prop-estimate">Estimate (points)</label><input id="prop-estimate" name="estimate" inputmode="numeric" value="${planning.estimate}">${fieldError(errors.planning?.estimate)}</div>
      <div><label for="prop-due">Due date</label><input id="prop-due" name="due_date" type="date" value="${planning.due_date}">${fieldError(errors.planning?.due_date)}</div></div>
      ${overdue && html`<p class="overdue-note">Overdue since ${formatDate(`${issue.due_date}T12:00:00Z`)}</p>`}
      <button class="button small">Save planning</button>
    </form>
    <dl class="facts">
      <dt>Reporter</dt><dd>${person(reporter, issue.reporter_id)}</dd>
      <dt>Priority</dt><dd>${priorityTag(issue.priority)}</dd>
      <dt>Created</dt><dd>${formatDateTime(issue.created_at)}</dd>
      <dt>Updated</dt><dd>${formatRelative(issue.updated_at, ctx.now())}</dd>
    </dl>
  </div>
</aside>
</div>
<dialog id="link-issue" class="kit-modal" ${errors.link ? 'data-open' : ''} aria-labelledby="link-title"><div class="kit-modal-body">
  <h2 id="link-title">Link ${issue.key} to another issue</h2>
  <form method="post" action="/issues/${issue.key}/links" class="stack" novalidate>
    <label for="link-relation">This issue…</label>
    <select id="link-relation" name="relation">${Object.entries(RELATIONS).map(([v, t]) => html`<option value="${v}" ${errors.link?.values.relation === v ? 'selected' : ''}>${t}</option>`)}</select>${fieldError(errors.link?.relation)}
    <label for="link-key">Issue key</label><input id="link-key" name="issue" placeholder="e.g. API-42" value="${errors.link?.values.issue ?? ''}">${fieldError(errors.link?.issue)}
    <div class="modal-actions"><button type="button" class="button" data-modal-close>Cancel</button><button class="button primary">Link issue</button></div>
  </form>
</div></dialog>
<dialog id="add-subtask" class="kit-modal" ${errors.subtask ? 'data-open' : ''} aria-labelledby="subtask-title"><div class="kit-modal-body">
  <h2 id="subtask-title">Add a sub-task to ${issue.key}</h2>
  <form method="post" action="/issues/${issue.key}/subtasks" class="stack" novalidate>
    <label for="subtask-name">Title</label><input id="subtask-name" name="title" value="${errors.subtask?.values.title ?? ''}">${fieldError(errors.subtask?.title)}
    <label for="subtask-assignee">Assignee</label><select id="subtask-assignee" name="assignee"><option value="">Unassigned</option>${members.map(
      (m) =>
        html`<option value="${m.id}" ${errors.subtask?.values.assignee === String(m.id) ? 'selected' : ''}>${m.name}</option>`,
    )}</select>${fieldError(errors.subtask?.assignee)}
    <p class="muted small">The sub-task joins ${issue.sprint ?? 'no sprint'}, like its parent.</p>
    <div class="modal-actions"><button type="button" class="button" data-modal-close>Cancel</button><button class="button primary">Create sub-task</button></div>
  </form>
</div></dialog>`,
  });
}

/** Applies the posted properties (any subset); returns the toast text, or the planning form's errors. */
function applyUpdate(ctx: RequestContext, issue: IssueView): { message: string } | { errors: PageErrors } {
  const form = ctx.form;
  const changes: string[] = [];
  const set = (
    column: string,
    oldValue: string | number | null,
    newValue: string | number | null,
    message: string,
  ) => {
    if (oldValue === newValue) return;
    ctx.db.prepare(`UPDATE issues SET ${column} = ? WHERE id = ?`).run(newValue, issue.id);
    logActivity(
      ctx,
      issue.id,
      column.replace('_id', ''),
      oldValue === null ? null : String(oldValue),
      newValue === null ? null : String(newValue),
    );
    changes.push(message);
  };
  if (form.has('estimate') || form.has('due_date')) {
    const result = Planning.parse(form);
    if (!result.ok) {
      return {
        errors: {
          planning: {
            ...result.errors,
            values: { estimate: result.values.estimate, due_date: result.values.due_date },
          },
        },
      };
    }
    set(
      'estimate',
      issue.estimate,
      result.data.estimate,
      result.data.estimate === null ? 'Estimate cleared' : `Estimate set to ${result.data.estimate}`,
    );
    set(
      'due_date',
      issue.due_date,
      result.data.due_date,
      result.data.due_date === null
        ? 'Due date cleared'
        : `Due date set to ${formatDate(`${result.data.due_date}T12:00:00Z`)}`,
    );
  }
  const status = form.get('status');
  if (status !== null) {
    if (!STATUS_KEYS.includes(status as Status)) throw new HttpError(400);
    set('status', issue.status, status, `Status changed to ${STATUSES[status as Status]}`);
  }
  const priority = form.get('priority');
  if (priority !== null) {
    if (!PRIORITY_KEYS.includes(priority as Priority)) throw new HttpError(400);
    set('priority', issue.priority, priority, `Priority changed to ${PRIORITIES[priority as Priority]}`);
  }
  const assignee = form.get('assignee');
  if (assignee !== null) {
    const id = assignee === '' ? null : Number(assignee);
    const name = memberName(ctx.db, id);
    if (id !== null && name === null) throw new HttpError(400);
    set('assignee_id', issue.assignee_id, id, name ? `Assigned to ${name}` : 'Unassigned');
  }
  const sprint = form.get('sprint');
  if (sprint !== null) {
    const id = sprint === '' ? null : Number(sprint);
    const row =
      id === null
        ? undefined
        : ctx.db
            .prepare<[number, number], { name: string }>(
              'SELECT name FROM sprints WHERE id = ? AND project_id = ?',
            )
            .get(id, issue.project_id);
    if (id !== null && !row) throw new HttpError(400);
    set('sprint_id', issue.sprint_id, id, row ? `Moved to ${row.name}` : 'Removed from the sprint');
  }
  if (form.has('labels_present')) {
    const wanted = new Set(form.getAll('labels'));
    const all = ctx.db.prepare<[], { id: number; name: string }>('SELECT id, name FROM labels').all();
    const current = new Set(parseLabels(issue.labels).map((l) => l.name));
    for (const label of all) {
      if (wanted.has(label.name) && !current.has(label.name)) {
        ctx.db.prepare('INSERT INTO issue_labels (issue_id, label_id) VALUES (?, ?)').run(issue.id, label.id);
        logActivity(ctx, issue.id, 'label', null, label.name);
        changes.push(`Label ${label.name} added`);
      } else if (!wanted.has(label.name) && current.has(label.name)) {
        ctx.db
          .prepare('DELETE FROM issue_labels WHERE issue_id = ? AND label_id = ?')
          .run(issue.id, label.id);
        logActivity(ctx, issue.id, 'label', label.name, null);
        changes.push(`Label ${label.name} removed`);
      }
    }
  }
  if (changes.length > 0) touch(ctx, issue.id);
  return {
    message:
      changes.length === 0
        ? 'No changes'
        : changes.length === 1
          ? (changes[0] as string)
          : `${changes.length} changes saved`,
  };
}

/** Only same-site paths: a board posts its own address so the card move returns there. */
function returnPath(ctx: RequestContext, fallback: string): string {
  return ctx.localPath(ctx.form.get('return_to'), fallback);
}

export function issueDetailRoutes(app: AppBuilder): void {
  app.get('/issues/:key', (ctx) => {
    const issue = findIssue(ctx);
    if (ctx.params.key !== issue.key) return ctx.redirect(`/issues/${issue.key}`);
    return detailPage(ctx, issue);
  });

  app.post('/issues/:key/update', (ctx) => {
    const issue = findIssue(ctx);
    const outcome = applyUpdate(ctx, issue);
    if ('errors' in outcome) return detailPage(ctx, issue, outcome.errors, 422);
    const prefix = ctx.form.has('return_to') ? `${issue.key}: ` : '';
    return ctx.redirect(returnPath(ctx, `/issues/${issue.key}`), {
      kind: outcome.message === 'No changes' ? 'info' : 'success',
      message: `${prefix}${outcome.message}`,
    });
  });

  app.post('/issues/:key/comments', (ctx) => {
    const issue = findIssue(ctx);
    const result = CommentForm.parse(ctx.form);
    if (!result.ok)
      return detailPage(
        ctx,
        issue,
        { comment: { body: result.errors.body, value: result.values.body } },
        422,
      );
    ctx.db
      .prepare('INSERT INTO comments (issue_id, author_id, body, created_at) VALUES (?, ?, ?, ?)')
      .run(issue.id, CURRENT_MEMBER_ID, result.data.body, ctx.now().toISOString());
    logActivity(ctx, issue.id, 'comment', null, null);
    touch(ctx, issue.id);
    return ctx.redirect(`/issues/${issue.key}#discussion`, { kind: 'success', message: 'Comment added' });
  });

  app.post('/comments/:id/edit', (ctx) => {
    const comment = ctx.db
      .prepare<[string], { id: number; issue_id: number; author_id: number; body: string }>(
        'SELECT * FROM comments WHERE id = ?',
      )
      .get(ctx.params.id ?? '');
    if (!comment) throw new HttpError(404);
    if (comment.author_id !== CURRENT_MEMBER_ID) throw new HttpError(403);
    const key = ctx.db
      .prepare<[number], { key: string }>('SELECT key FROM issues WHERE id = ?')
      .get(comment.issue_id)?.key as string;
    const result = CommentForm.parse(ctx.form);
    if (!result.ok)
      return ctx.redirect(`/issues/${key}#comment-${comment.id}`, {
        kind: 'error',
        message: 'A comment cannot be empty',
      });
    if (result.data.body !== comment.body) {
      ctx.db
        .prepare('UPDATE comments SET body = ?, edited_at = ? WHERE id = ?')
        .run(result.data.body, ctx.now().toISOString(), comment.id);
    }
    return ctx.redirect(`/issues/${key}#comment-${comment.id}`, {
      kind: 'success',
      message: 'Comment updated',
    });
  });

  app.post('/issues/:key/links', (ctx) => {
    const issue = findIssue(ctx);
    const result = LinkForm.parse(ctx.form);
    const values = { relation: result.values.relation, issue: result.values.issue };
    if (!result.ok) return detailPage(ctx, issue, { link: { ...result.errors, values } }, 422);
    const fail = (message: string) => detailPage(ctx, issue, { link: { issue: message, values } }, 422);
    if (!parseIssueKey(result.data.issue)) return fail('Enter an issue key like API-42');
    const other = issueByKey(ctx.db, result.data.issue);
    if (!other) return fail(`There is no issue ${result.data.issue.toUpperCase()}`);
    if (other.id === issue.id) return fail('An issue cannot be linked to itself');
    const [source, target] =
      result.data.relation === 'blocked_by' ? [other.id, issue.id] : [issue.id, other.id];
    const kind = result.data.relation === 'relates' ? 'relates' : 'blocks';
    const exists = ctx.db
      .prepare<[number, number, number, number], { id: number }>(
        'SELECT id FROM issue_links WHERE (source_id = ? AND target_id = ?) OR (source_id = ? AND target_id = ?)',
      )
      .get(issue.id, other.id, other.id, issue.id);
    if (exists) return fail(`${issue.key} and ${other.key} are already linked`);
    ctx.db
      .prepare('INSERT INTO issue_links (source_id, target_id, kind, created_at) VALUES (?, ?, ?, ?)')
      .run(source, target, kind, ctx.now().toISOString());
    logActivity(ctx, issue.id, 'link', null, `${RELATIONS[result.data.relation]} ${other.key}`);
    return ctx.redirect(`/issues/${issue.key}`, {
      kind: 'success',
      message: `${issue.key} ${RELATIONS[result.data.relation]} ${other.key}`,
    });
  });

  app.post('/issues/:key/links/:id/delete', (ctx) => {
    const issue = findIssue(ctx);
    const deleted = ctx.db
      .prepare('DELETE FROM issue_links WHERE id = ? AND (source_id = ? OR target_id = ?)')
      .run(ctx.params.id ?? '', issue.id, issue.id).changes;
    if (deleted === 0) throw new HttpError(404);
    return ctx.redirect(`/issues/${issue.key}`, { kind: 'success', message: 'Link removed' });
  });

  app.post('/issues/:key/subtasks', (ctx) => {
    const issue = findIssue(ctx);
    if (issue.parent_id !== null) throw new HttpError(400);
    const result = SubtaskForm.parse(ctx.form);
    const values = { title: result.values.title, assignee: result.values.assignee };
    if (!result.ok) return detailPage(ctx, issue, { subtask: { ...result.errors, values } }, 422);
    if (result.data.assignee !== null && memberName(ctx.db, result.data.assignee) === null) {
      return detailPage(
        ctx,
        issue,
        { subtask: { assignee: 'Choose a member of the workspace', values } },
        422,
      );
    }
    const key = createIssue(ctx, {
      projectId: issue.project_id,
      projectKey: issue.project_key,
      type: 'task',
      title: result.data.title,
      description: '',
      status: 'todo',
      priority: 'none',
      assigneeId: result.data.assignee,
      sprintId: issue.sprint_id,
      parentId: issue.id,
      estimate: null,
      dueDate: null,
      labelIds: [],
    });
    return ctx.redirect(`/issues/${issue.key}`, { kind: 'success', message: `Sub-task ${key} created` });
  });
}
