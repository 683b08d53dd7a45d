import type { DifferentialMutation, MergedMutationsResponse, NetMutationView } from '@proctor/contracts';

/**
 * What the mutation diff viewer (001 §2.11) shows of each compared session: its net changes, which of them
 * not every session made, and the changes others made that it did not. A change is identified by action,
 * table and primary key, as the server's differential is.
 */

type ComparedSession = MergedMutationsResponse['sessions'][number];
type Identified = Pick<NetMutationView, 'action' | 'table_name' | 'pk'>;

export function mutationKey(mutation: Identified): string {
  return JSON.stringify([mutation.action, mutation.table_name, mutation.pk]);
}

export interface ColumnChange {
  column: string;
  /** The value before, for an UPDATE. */
  before?: string;
  value: string;
}

/** A value as the viewer prints it: JSON, so that "1" and 1, or "" and null, stay apart. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  return JSON.stringify(value) ?? String(value);
}

/** The columns a change touched: an INSERT's new row, a DELETE's old row, an UPDATE's changed columns. */
export function columnChanges(mutation: NetMutationView): ColumnChange[] {
  return Object.entries(mutation.changes).map(([column, value]) =>
    mutation.action === 'UPDATE'
      ? { column, before: formatValue(mutation.before?.[column]), value: formatValue(value) }
      : { column, value: formatValue(value) },
  );
}

export interface SessionColumn {
  session: ComparedSession;
  mutations: Array<{ key: string; mutation: NetMutationView; differential: DifferentialMutation | null }>;
  /** Changes other sessions made that this one did not. */
  missing: DifferentialMutation[];
}

/** One column per session, in the server's order, each change marked when not every session made it. */
export function sessionColumns(merged: MergedMutationsResponse): SessionColumn[] {
  const differential = new Map(merged.differential.map((change) => [mutationKey(change), change]));
  return merged.sessions.map((session) => ({
    session,
    mutations: session.mutations.map((mutation) => {
      const key = mutationKey(mutation);
      return { key, mutation, differential: differential.get(key) ?? null };
    }),
    missing: merged.differential.filter((change) => change.missing_from.includes(session.sessionId)),
  }));
}
