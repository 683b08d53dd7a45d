import type { JsonObject, JsonScalar } from '../json';

export const MUTATION_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export type MutationAction = (typeof MUTATION_ACTIONS)[number];

/** A row as the mutation log records it: column name to value (BLOB columns as upper-case hex). */
export type Row = JsonObject;

/**
 * One entry of an instance's mutation log, written by a trigger on every INSERT, UPDATE and DELETE of an
 * app table (ARCHITECTURE.md §3.1).
 * - `pk` is the primary key as text: the value of a one-column key ('42', 'ORD-1001'), a JSON array of the
 *   values for a composite key ('[7,"admin"]'), or the rowid for a table without a declared key.
 * - `old` is the row before the change (null for INSERT), `new` the row after it (null for DELETE).
 * - `action_timestamp` is the instance's virtual clock as ISO 8601 (see runtime/clock.ts).
 */
export interface Mutation {
  action: MutationAction;
  table_name: string;
  pk: string;
  old: Row | null;
  new: Row | null;
  action_timestamp: string;
}

/**
 * What counts in a simulator's state (spec 001 §3 "Simulator"). Applied by `filterMutations`.
 * - `ignore_tables`: mutations of these tables are dropped.
 * - `ignore_columns`: per table (or '*' for every table), columns removed from `old` and `new`; an UPDATE
 *   that changed only ignored columns is dropped.
 * - `ignore_tables_with_column_values`: per table, per column, values that make a mutation ignored when
 *   the row has one of them (`new` for INSERT and UPDATE, `old` for DELETE), e.g. autosaved drafts.
 */
export interface SimulatorConfig {
  ignore_tables: string[];
  ignore_columns: Record<string, string[]>;
  ignore_tables_with_column_values: Record<string, Record<string, JsonScalar[]>>;
}

export const EMPTY_SIMULATOR_CONFIG: SimulatorConfig = {
  ignore_tables: [],
  ignore_columns: {},
  ignore_tables_with_column_values: {},
};
