import { HttpError, type RequestContext, type SqliteDatabase } from '../../kit';
import { CURRENT_MEMBER_ID, parseIssueKey } from './domain';

/** Reads shared by several screens. Writes live in the route files of their area. */

export interface MemberRow {
  id: number;
  name: string;
  email: string;
  title: string;
  team: string;
  location: string;
  joined_on: string;
}

export interface ProjectRow {
  id: number;
  key: string;
  name: string;
  description: string;
  lead_id: number;
  color: string;
}

export interface SprintRow {
  id: number;
  project_id: number;
  name: string;
  goal: string;
  state: 'closed' | 'active' | 'planned';
  starts_on: string;
  ends_on: string;
}

export interface IssueRow {
  id: number;
  project_id: number;
  number: number;
  key: string;
  type: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  assignee_id: number | null;
  reporter_id: number;
  sprint_id: number | null;
  parent_id: number | null;
  estimate: number | null;
  due_date: string | null;
  created_at: string;
  updated_at: string;
}

/** An issue with the names a list or card shows next to it. */
export interface IssueView extends IssueRow {
  project_key: string;
  assignee: string | null;
  sprint: string | null;
  labels: string | null;
}

export const ISSUE_VIEW_SELECT = `SELECT i.*, p.key AS project_key, m.name AS assignee, s.name AS sprint,
  (SELECT group_concat(l.name || '|' || l.color, ',') FROM issue_labels il JOIN labels l ON l.id = il.label_id
    WHERE il.issue_id = i.id) AS labels
  FROM issues i JOIN projects p ON p.id = i.project_id
  LEFT JOIN members m ON m.id = i.assignee_id LEFT JOIN sprints s ON s.id = i.sprint_id`;

export function parseLabels(labels: string | null): { name: string; color: string }[] {
  if (!labels) return [];
  return labels
    .split(',')
    .map((pair) => {
      const [name = '', color = '#888'] = pair.split('|');
      return { name, color };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function allMembers(db: SqliteDatabase): MemberRow[] {
  return db.prepare<[], MemberRow>('SELECT * FROM members ORDER BY name').all();
}

export function allProjects(db: SqliteDatabase): ProjectRow[] {
  return db.prepare<[], ProjectRow>('SELECT * FROM projects ORDER BY id').all();
}

export function findProject(ctx: RequestContext, key: string | undefined): ProjectRow {
  const project = ctx.db
    .prepare<[string], ProjectRow>('SELECT * FROM projects WHERE key = ?')
    .get((key ?? '').toUpperCase());
  if (!project) throw new HttpError(404);
  return project;
}

export function sprintsOf(db: SqliteDatabase, projectId: number): SprintRow[] {
  return db
    .prepare<[number], SprintRow>('SELECT * FROM sprints WHERE project_id = ? ORDER BY starts_on DESC')
    .all(projectId);
}

export function activeSprint(db: SqliteDatabase, projectId: number): SprintRow | undefined {
  return db
    .prepare<[number], SprintRow>("SELECT * FROM sprints WHERE project_id = ? AND state = 'active'")
    .get(projectId);
}

export function issueByKey(db: SqliteDatabase, key: string): IssueView | undefined {
  const parsed = parseIssueKey(key);
  if (!parsed) return undefined;
  return db
    .prepare<[string], IssueView>(`${ISSUE_VIEW_SELECT} WHERE i.key = ?`)
    .get(`${parsed.project}-${parsed.number}`);
}

export function findIssue(ctx: RequestContext): IssueView {
  const issue = issueByKey(ctx.db, ctx.params.key ?? '');
  if (!issue) throw new HttpError(404);
  return issue;
}

export function memberName(db: SqliteDatabase, id: number | null): string | null {
  if (id === null) return null;
  return (
    db.prepare<[number], { name: string }>('SELECT name FROM members WHERE id = ?').get(id)?.name ?? null
  );
}

/** Records a change on the issue's Activity tab, as the signed-in member. */
export function logActivity(
  ctx: RequestContext,
  issueId: number,
  field: string,
  oldValue: string | null,
  newValue: string | null,
): void {
  ctx.db
    .prepare(
      'INSERT INTO activity (issue_id, actor_id, field, old_value, new_value, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(issueId, CURRENT_MEMBER_ID, field, oldValue, newValue, ctx.now().toISOString());
}

export function touch(ctx: RequestContext, issueId: number): void {
  ctx.db.prepare('UPDATE issues SET updated_at = ? WHERE id = ?').run(ctx.now().toISOString(), issueId);
}
