import type { Mutation, MutationIgnoreRules, MutationRow } from '@proctor/contracts';
import { jsonEqual } from '../json';

/** The key of `ignore_columns` that applies to every table. */
export const ALL_TABLES = '*';

function withoutColumns(row: MutationRow | null, columns: ReadonlySet<string>): MutationRow | null {
  if (row === null || columns.size === 0) return row;
  const kept: MutationRow = {};
  for (const [column, value] of Object.entries(row)) {
    if (!columns.has(column)) kept[column] = value;
  }
  return kept;
}

/** The row image the value rule looks at: the row as the mutation leaves it, or as it was before a DELETE. */
function hasIgnoredValue(mutation: Mutation, config: MutationIgnoreRules): boolean {
  const rules = config.ignore_tables_with_column_values[mutation.table_name];
  if (!rules) return false;
  const row = mutation.action === 'DELETE' ? mutation.old : mutation.new;
  if (!row) return false;
  return Object.entries(rules).some(
    ([column, values]) => Object.hasOwn(row, column) && values.some((value) => jsonEqual(row[column], value)),
  );
}

/**
 * The mutations that count for scoring: what `state` returns. Pure; the order of the log is kept.
 * Value rules are checked on the full row, before ignored columns are removed, so a rule may use a column
 * that is itself ignored.
 */
export function filterMutations(mutations: readonly Mutation[], config: MutationIgnoreRules): Mutation[] {
  const ignoredTables = new Set(config.ignore_tables);
  const kept: Mutation[] = [];
  for (const mutation of mutations) {
    if (ignoredTables.has(mutation.table_name) || hasIgnoredValue(mutation, config)) continue;
    const columns = new Set([
      ...(config.ignore_columns[ALL_TABLES] ?? []),
      ...(config.ignore_columns[mutation.table_name] ?? []),
    ]);
    const old = withoutColumns(mutation.old, columns);
    const next = withoutColumns(mutation.new, columns);
    if (mutation.action === 'UPDATE' && old !== null && next !== null && jsonEqual(old, next)) continue;
    kept.push(columns.size === 0 ? mutation : { ...mutation, old, new: next });
  }
  return kept;
}
