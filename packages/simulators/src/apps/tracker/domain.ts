/** Linework's vocabulary and the pure logic of its issue list (filters, canonical view queries, sorting). */

export const STATUSES = {
  backlog: 'Backlog',
  todo: 'To do',
  in_progress: 'In progress',
  in_review: 'In review',
  done: 'Done',
  canceled: 'Canceled',
} as const;
export type Status = keyof typeof STATUSES;
export const STATUS_KEYS = Object.keys(STATUSES) as Status[];
/** Statuses that count as finished: everything else is "open". */
export const CLOSED_STATUSES: readonly Status[] = ['done', 'canceled'];
/** The board's columns, left to right. Backlog and canceled issues stay off the board. */
export const BOARD_COLUMNS: readonly Status[] = ['todo', 'in_progress', 'in_review', 'done'];

export const PRIORITIES = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'No priority',
} as const;
export type Priority = keyof typeof PRIORITIES;
export const PRIORITY_KEYS = Object.keys(PRIORITIES) as Priority[];

export const ISSUE_TYPES = { bug: 'Bug', story: 'Story', task: 'Task', chore: 'Chore' } as const;
export type IssueType = keyof typeof ISSUE_TYPES;
export const TYPE_KEYS = Object.keys(ISSUE_TYPES) as IssueType[];

export const PAGE_SIZE = 25;
/** The signed-in account is member 1 (Maya Chen): the simulator has one user, as its auth settings say. */
export const CURRENT_MEMBER_ID = 1;

/** Filters of the issue list, in the order they appear in a canonical query string. */
export const FILTER_KEYS = [
  'q',
  'project',
  'status',
  'type',
  'priority',
  'assignee',
  'label',
  'sprint',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type IssueFilters = Partial<Record<FilterKey, string>>;

export const SORTS = {
  updated: { label: 'Last updated', sql: 'i.updated_at DESC, i.id DESC' },
  created: { label: 'Newest', sql: 'i.created_at DESC, i.id DESC' },
  priority: {
    label: 'Priority',
    sql: "CASE i.priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 WHEN 'low' THEN 3 ELSE 4 END, i.id",
  },
  due: { label: 'Due date', sql: 'i.due_date IS NULL, i.due_date, i.id' },
  key: { label: 'Key', sql: 'p.key, i.number' },
  estimate: { label: 'Estimate', sql: 'i.estimate IS NULL, i.estimate DESC, i.id' },
} as const;
export type SortKey = keyof typeof SORTS;

/** Reads the list's filters from a query string, dropping empty values and unknown keys. */
export function readFilters(query: URLSearchParams): IssueFilters {
  const filters: IssueFilters = {};
  for (const key of FILTER_KEYS) {
    const value = (query.get(key) ?? '').trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/**
 * The canonical query string of a set of filters (fixed key order, no empties), so that a saved view stores
 * the same text however the user reached the list.
 */
export function canonicalQuery(filters: IssueFilters): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

export interface FilterSql {
  where: string;
  args: (string | number)[];
}

/**
 * The WHERE clause of the issue list. `assignee` takes a member id, `me` or `none`; `status` takes a status or
 * `open`; `sprint` takes a sprint id, `active` (each project's current sprint) or `none`.
 */
export function filterSql(filters: IssueFilters, currentMemberId: number): FilterSql {
  const where: string[] = ['1 = 1'];
  const args: (string | number)[] = [];
  const { q, project, status, type, priority, assignee, label, sprint } = filters;
  if (q) {
    const escaped = q.replace(/[\\%_]/g, '\\$&');
    where.push("(i.title LIKE ? ESCAPE '\\' OR i.key = ? OR i.description LIKE ? ESCAPE '\\')");
    args.push(`%${escaped}%`, q.toUpperCase(), `%${escaped}%`);
  }
  if (project) {
    where.push('p.key = ?');
    args.push(project);
  }
  if (status === 'open') where.push(`i.status NOT IN (${CLOSED_STATUSES.map((s) => `'${s}'`).join(', ')})`);
  else if (status) {
    where.push('i.status = ?');
    args.push(status);
  }
  if (type) {
    where.push('i.type = ?');
    args.push(type);
  }
  if (priority) {
    where.push('i.priority = ?');
    args.push(priority);
  }
  if (assignee === 'none') where.push('i.assignee_id IS NULL');
  else if (assignee === 'me') {
    where.push('i.assignee_id = ?');
    args.push(currentMemberId);
  } else if (assignee) {
    where.push('i.assignee_id = ?');
    args.push(Number(assignee) || 0);
  }
  if (label) {
    where.push(
      'EXISTS (SELECT 1 FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id AND l.name = ?)',
    );
    args.push(label);
  }
  if (sprint === 'none') where.push('i.sprint_id IS NULL');
  else if (sprint === 'active') where.push("i.sprint_id IN (SELECT id FROM sprints WHERE state = 'active')");
  else if (sprint) {
    where.push('i.sprint_id = ?');
    args.push(Number(sprint) || 0);
  }
  return { where: where.join(' AND '), args };
}

export function readSort(value: string | null): SortKey {
  return value && value in SORTS ? (value as SortKey) : 'updated';
}

export function isOpen(status: string): boolean {
  return !CLOSED_STATUSES.includes(status as Status);
}

/** "WEB-12" → { project: 'WEB', number: 12 }; null when it is not an issue key. */
export function parseIssueKey(text: string): { project: string; number: number } | null {
  const match = /^([A-Za-z]{2,5})-(\d{1,6})$/.exec(text.trim());
  if (!match) return null;
  return { project: (match[1] as string).toUpperCase(), number: Number(match[2]) };
}
