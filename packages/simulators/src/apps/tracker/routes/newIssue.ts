import {
  type AppBuilder,
  fieldError,
  fields,
  formSchema,
  html,
  type RequestContext,
  type SafeHtml,
} from '../../../kit';
import { ISSUE_TYPES, PRIORITY_KEYS, TYPE_KEYS } from '../domain';
import { createIssue } from '../issueWrites';
import { activeSprint, allMembers, allProjects, issueByKey, memberName } from '../queries';
import { memberChoices, picker, priorityChoices } from '../views/parts';

const NewIssueForm = formSchema({
  project: fields.choice(['WEB', 'MOB', 'API', 'OPS', 'DS'], { required: true, label: 'Project' }),
  type: fields.choice(TYPE_KEYS, { required: true, label: 'Type' }),
  title: fields.text({ required: true, min: 5, max: 200, label: 'Title' }),
  description: fields.text({ max: 5000, label: 'Description' }),
  status: fields.choice(['backlog', 'todo'], { required: true, label: 'Status' }),
  priority: fields.choice(PRIORITY_KEYS, { required: true, label: 'Priority' }),
  assignee: fields.integer({ min: 1, label: 'Assignee' }),
  labels: fields.choices(
    [
      'regression',
      'customer-reported',
      'accessibility',
      'performance',
      'security',
      'tech-debt',
      'ux',
      'release-blocker',
      'good-first-issue',
      'needs-design',
      'documentation',
      'flaky-test',
    ],
    { max: 5, label: 'Labels' },
  ),
  sprint: fields.choice(['', 'current', 'next'], { label: 'Sprint' }),
  estimate: fields.integer({ min: 0, max: 100, label: 'Estimate' }),
  due_date: fields.date({ label: 'Due date' }),
  parent: fields.text({ max: 20, label: 'Parent issue' }),
});
type Values = Record<keyof (typeof NewIssueForm)['shape'], string>;
type Errors = Partial<Values>;

function newIssuePage(ctx: RequestContext, values: Values, errors: Errors, status = 200) {
  const projects = allProjects(ctx.db);
  const members = allMembers(ctx.db);
  const labels = ctx.db
    .prepare<[], { name: string; color: string }>('SELECT name, color FROM labels ORDER BY name')
    .all();
  const chosen = new Set(values.labels.split(', ').filter(Boolean));
  const radio = (name: string, options: [string, string][], value: string): SafeHtml =>
    html`${options.map(([v, t]) => html`<label class="seg"><input type="radio" name="${name}" value="${v}" ${value === v ? 'checked' : ''}><span>${t}</span></label>`)}`;
  const errorCount = Object.keys(errors).length;
  return ctx.render({
    title: 'New issue',
    section: 'issues',
    status,
    body: html`<div class="page-header"><div><h1>New issue</h1><p class="muted">Fields marked * are required.</p></div></div>
${errorCount > 0 && html`<div class="alert alert-error" role="alert">Please fix ${errorCount === 1 ? 'the highlighted field' : `the ${errorCount} highlighted fields`} before creating the issue.</div>`}
<form method="post" action="/issues" class="card form-grid" novalidate>
  <div class="form-main stack">
    <label for="ni-project">Project *</label>
    <select id="ni-project" name="project">${projects.map((p) => html`<option value="${p.key}" ${values.project === p.key ? 'selected' : ''}>${p.name} (${p.key})</option>`)}</select>${fieldError(errors.project)}
    <span class="field-label" id="ni-type-label">Type *</span>
    <div class="segmented" role="radiogroup" aria-labelledby="ni-type-label">${radio('type', Object.entries(ISSUE_TYPES), values.type)}</div>${fieldError(errors.type)}
    <label for="ni-title">Title *</label>
    <input id="ni-title" name="title" value="${values.title}" maxlength="200" placeholder="Short summary of the problem or the work">${fieldError(errors.title)}
    <label for="ni-description">Description</label>
    <textarea id="ni-description" name="description" rows="7" placeholder="Steps to reproduce, expected and actual behaviour, acceptance criteria…">${values.description}</textarea>${fieldError(errors.description)}
    <fieldset class="label-picker"><legend>Labels</legend>${labels.map(
      (l) =>
        html`<label class="check chip-check"><input type="checkbox" name="labels" value="${l.name}" ${chosen.has(l.name) ? 'checked' : ''}><span class="label-dot" style="background:${l.color}"></span>${l.name}</label>`,
    )}</fieldset>${fieldError(errors.labels)}
  </div>
  <div class="form-side stack">
    <label for="ni-status">Status *</label>
    <select id="ni-status" name="status"><option value="todo" ${values.status === 'todo' ? 'selected' : ''}>To do</option><option value="backlog" ${values.status === 'backlog' ? 'selected' : ''}>Backlog</option></select>
    <span class="field-label">Priority *</span>
    ${picker({ name: 'priority', label: 'Priority', value: values.priority, choices: priorityChoices() })}${fieldError(errors.priority)}
    <span class="field-label">Assignee</span>
    ${picker({ name: 'assignee', label: 'Assignee', value: values.assignee, choices: memberChoices(members), placeholder: 'Unassigned' })}${fieldError(errors.assignee)}
    <label for="ni-sprint">Sprint</label>
    <select id="ni-sprint" name="sprint"><option value="">No sprint</option><option value="current" ${values.sprint === 'current' ? 'selected' : ''}>Current sprint</option><option value="next" ${values.sprint === 'next' ? 'selected' : ''}>Next sprint</option></select>
    <label for="ni-estimate">Estimate (points)</label>
    <input id="ni-estimate" name="estimate" inputmode="numeric" value="${values.estimate}">${fieldError(errors.estimate)}
    <label for="ni-due">Due date</label>
    <input id="ni-due" name="due_date" type="date" value="${values.due_date}">${fieldError(errors.due_date)}
    <label for="ni-parent">Parent issue</label>
    <input id="ni-parent" name="parent" value="${values.parent}" placeholder="e.g. WEB-104">${fieldError(errors.parent)}
  </div>
  <div class="form-actions"><a class="button" href="/issues">Cancel</a><button class="button primary">Create issue</button></div>
</form>`,
  });
}

export function newIssueRoutes(app: AppBuilder): void {
  app.get('/issues/new', (ctx) => {
    const project = ctx.query.get('project') ?? 'WEB';
    return newIssuePage(
      ctx,
      NewIssueForm.empty({ project, type: 'bug', status: 'todo', priority: 'medium' }),
      {},
    );
  });

  app.post('/issues', (ctx) => {
    const result = NewIssueForm.parse(ctx.form);
    if (!result.ok) return newIssuePage(ctx, result.values, result.errors, 422);
    const data = result.data;
    const errors: Errors = {};
    const project = allProjects(ctx.db).find((p) => p.key === data.project);
    if (!project) return newIssuePage(ctx, result.values, { project: 'Choose a project' }, 422);
    if (data.assignee !== null && memberName(ctx.db, data.assignee) === null)
      errors.assignee = 'Choose a member of the workspace';
    const today = ctx.now().toISOString().slice(0, 10);
    if (data.due_date !== null && data.due_date < today) errors.due_date = 'Due date cannot be in the past';
    let parentId: number | null = null;
    if (data.parent) {
      const parent = issueByKey(ctx.db, data.parent);
      if (!parent) errors.parent = `There is no issue ${data.parent.toUpperCase()}`;
      else if (parent.project_id !== project.id)
        errors.parent = `A sub-task must be in the same project as ${parent.key}`;
      else if (parent.parent_id !== null) errors.parent = `${parent.key} is itself a sub-task`;
      else parentId = parent.id;
    }
    if (Object.keys(errors).length > 0) return newIssuePage(ctx, result.values, errors, 422);
    const current = activeSprint(ctx.db, project.id);
    const next = ctx.db
      .prepare<[number], { id: number }>(
        "SELECT id FROM sprints WHERE project_id = ? AND state = 'planned' ORDER BY starts_on LIMIT 1",
      )
      .get(project.id);
    const sprintId =
      data.sprint === 'current' ? (current?.id ?? null) : data.sprint === 'next' ? (next?.id ?? null) : null;
    const labelIds = data.labels.map(
      (name) =>
        ctx.db.prepare<[string], { id: number }>('SELECT id FROM labels WHERE name = ?').get(name)
          ?.id as number,
    );
    const key = createIssue(ctx, {
      projectId: project.id,
      projectKey: project.key,
      type: data.type,
      title: data.title,
      description: data.description,
      status: data.status,
      priority: data.priority,
      assigneeId: data.assignee,
      sprintId,
      parentId,
      estimate: data.estimate,
      dueDate: data.due_date,
      labelIds,
    });
    return ctx.redirect(`/issues/${key}`, { kind: 'success', message: `Created ${key}` });
  });
}
