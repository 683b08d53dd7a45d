import type { RequestContext } from '../../kit';
import { CURRENT_MEMBER_ID } from './domain';
import { logActivity } from './queries';

export interface NewIssue {
  projectId: number;
  projectKey: string;
  type: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  assigneeId: number | null;
  sprintId: number | null;
  parentId: number | null;
  estimate: number | null;
  dueDate: string | null;
  labelIds: number[];
}

/** Files an issue under the project's next number, as the signed-in member; returns its key. */
export function createIssue(ctx: RequestContext, issue: NewIssue): string {
  const next =
    (ctx.db
      .prepare<[number], { n: number | null }>('SELECT max(number) AS n FROM issues WHERE project_id = ?')
      .get(issue.projectId)?.n ?? 0) + 1;
  const key = `${issue.projectKey}-${next}`;
  const at = ctx.now().toISOString();
  const id = Number(
    ctx.db
      .prepare(
        `INSERT INTO issues (project_id, number, key, type, title, description, status, priority, assignee_id,
           reporter_id, sprint_id, parent_id, estimate, due_date, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        issue.projectId,
        next,
        key,
        issue.type,
        issue.title,
        issue.description,
        issue.status,
        issue.priority,
        issue.assigneeId,
        CURRENT_MEMBER_ID,
        issue.sprintId,
        issue.parentId,
        issue.estimate,
        issue.dueDate,
        at,
        at,
      ).lastInsertRowid,
  );
  const addLabel = ctx.db.prepare('INSERT INTO issue_labels (issue_id, label_id) VALUES (?, ?)');
  for (const labelId of issue.labelIds) addLabel.run(id, labelId);
  logActivity(ctx, id, 'created', null, null);
  return key;
}
