import type { RequestContext, SqliteDatabase } from '../../kit';

/** Today's date in the app's clock, 'YYYY-MM-DD'. */
export function today(ctx: RequestContext): string {
  return ctx.now().toISOString().slice(0, 10);
}

export interface Stage {
  id: number;
  pipeline_id: number;
  name: string;
  position: number;
  probability: number;
}

export function stagesOf(db: SqliteDatabase, pipelineId: number): Stage[] {
  return db
    .prepare<[number], Stage>('SELECT * FROM stages WHERE pipeline_id = ? ORDER BY position')
    .all(pipelineId);
}

export function allStages(db: SqliteDatabase): (Stage & { pipeline: string })[] {
  return db
    .prepare<[], Stage & { pipeline: string }>(
      'SELECT s.*, p.name AS pipeline FROM stages s JOIN pipelines p ON p.id = s.pipeline_id ORDER BY p.id, s.position',
    )
    .all();
}

export interface StageTotal {
  stage_id: number;
  count: number;
  total: number;
}

/** Count and summed value of the open deals per stage of a pipeline (what the board's column heads show). */
export function stageTotals(
  db: SqliteDatabase,
  pipelineId: number,
  ownerId?: number,
): Map<number, StageTotal> {
  const rows = db
    .prepare<[number, number, number], StageTotal>(
      `SELECT stage_id, count(*) AS count, coalesce(sum(value), 0) AS total FROM deals
       WHERE pipeline_id = ? AND status = 'open' AND (? = 0 OR owner_id = ?) GROUP BY stage_id`,
    )
    .all(pipelineId, ownerId ?? 0, ownerId ?? 0);
  return new Map(rows.map((r) => [r.stage_id, r]));
}

export function userName(db: SqliteDatabase, id: number): string {
  return (
    db.prepare<[number], { name: string }>('SELECT name FROM users WHERE id = ?').get(id)?.name ?? 'Unknown'
  );
}

export function allUsers(db: SqliteDatabase): { id: number; name: string }[] {
  return db.prepare<[], { id: number; name: string }>('SELECT id, name FROM users ORDER BY id').all();
}

export function allTags(db: SqliteDatabase): { id: number; name: string; color: string }[] {
  return db
    .prepare<[], { id: number; name: string; color: string }>('SELECT * FROM tags ORDER BY name')
    .all();
}

/** The signed-in account is always Sam Okoro, user 1. */
export const ME = 1;

/** Writes one row of the activity log. */
export function logActivity(
  ctx: RequestContext,
  on: { deal?: number; contact?: number; company?: number },
  kind: string,
  detail: string,
): void {
  ctx.db
    .prepare(
      'INSERT INTO activities (deal_id, contact_id, company_id, actor_id, kind, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(on.deal ?? null, on.contact ?? null, on.company ?? null, ME, kind, detail, ctx.now().toISOString());
}

export type Entity = 'deals' | 'contacts' | 'companies';

export interface FieldRule {
  label: string;
  /** The stored value, or an error message. */
  parse(raw: string): { value: string | number } | { error: string };
}

const text = (label: string, max: number, required = true): FieldRule => ({
  label,
  parse(raw) {
    const value = raw.trim();
    if (required && !value) return { error: `${label} is required` };
    if (value.length > max) return { error: `${label} must be at most ${max} characters` };
    return { value };
  },
});

const phone: FieldRule = {
  label: 'Phone',
  parse(raw) {
    const value = raw.trim().replace(/\s+/g, ' ');
    if (!/^\+?[0-9][0-9 ()-]{5,22}$/.test(value))
      return { error: 'Enter a phone number like +1 555 010 0100' };
    return { value };
  },
};

/** The cells a user may edit in each table, with their validation (inline errors use these messages). */
export const EDITABLE: Record<Entity, Record<string, FieldRule>> = {
  deals: {
    value: {
      label: 'Value',
      parse(raw) {
        const value = raw.trim();
        if (!/^\d{1,9}$/.test(value))
          return { error: 'Enter a whole amount in dollars, digits only (e.g. 25000)' };
        return { value: Number(value) };
      },
    },
    close_date: {
      label: 'Close date',
      parse(raw) {
        const value = raw.trim();
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
          return { error: 'Enter a date as YYYY-MM-DD' };
        return { value };
      },
    },
  },
  contacts: {
    email: {
      label: 'Email',
      parse(raw) {
        const value = raw.trim().toLowerCase();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return { error: 'Enter a valid email address' };
        return { value };
      },
    },
    phone,
    title: text('Job title', 80, false),
  },
  companies: {
    phone,
    city: text('City', 60),
    employees: {
      label: 'Employees',
      parse(raw) {
        const value = raw.trim();
        if (!/^\d{1,6}$/.test(value) || Number(value) < 1)
          return { error: 'Employees must be a whole number' };
        return { value: Number(value) };
      },
    },
  },
};

/** Columns the activity log names in words. */
export function describeValue(field: string, value: unknown): string {
  if (field === 'value') return `$${Number(value).toLocaleString('en-US')}`;
  return String(value ?? '');
}

export const PAGE_SIZE = 25;

export type Closing = '' | 'overdue' | 'this_month' | 'next_month';

/** The first and last day of the month `offset` months from today. */
export function monthRange(todayIso: string, offset: number): [string, string] {
  const [y, m] = todayIso.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1 + offset, 1));
  const end = new Date(Date.UTC(y, m + offset, 0));
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

/** Canonical query of a saved view: known filters in a fixed order, empty ones dropped. */
export function canonicalQuery(entity: Entity, query: URLSearchParams): string {
  const keys: Record<Entity, string[]> = {
    deals: ['q', 'pipeline', 'stage', 'owner', 'status', 'closing', 'sort'],
    contacts: ['q', 'owner', 'tag', 'sort'],
    companies: ['q', 'owner', 'industry', 'sort'],
  };
  const out = new URLSearchParams();
  for (const key of keys[entity]) {
    const value = query.get(key)?.trim();
    if (value) out.set(key, value);
  }
  return out.toString();
}

/** Bulk actions each table offers. */
export const BULK_ACTIONS: Record<Entity, string[]> = {
  deals: ['reassign', 'delete'],
  contacts: ['reassign', 'tag', 'delete'],
  companies: ['reassign'],
};
