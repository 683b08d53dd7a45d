import { z } from 'zod';

export const MUTATION_ACTIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export const MutationAction = z.enum(MUTATION_ACTIONS);
export type MutationAction = z.infer<typeof MutationAction>;

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * Any JSON value. Named (.meta id) and recursive through itself, so the API description refers to it as one
 * component; zod's own z.json() recurses through an unnamed copy the OpenAPI generator cannot refer to.
 */
export const JsonValue: z.ZodType<JsonValue> = z
  .lazy(() =>
    z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(JsonValue),
      z.record(z.string(), JsonValue),
    ]),
  )
  .meta({ id: 'JsonValue' });

/** A row as the mutation log records it: column name to value (BLOB columns as upper-case hex). */
export const MutationRow = z.record(z.string(), JsonValue);
export type MutationRow = z.infer<typeof MutationRow>;

/**
 * One entry of an instance's mutation log, written by a trigger on every INSERT, UPDATE and DELETE of an
 * app table (ARCHITECTURE.md §3.1).
 * - `pk` is the primary key as text: the value of a one-column key ('42', 'ORD-1001'), a JSON array of the
 *   values for a composite key ('[7,"admin"]'), or the rowid for a table without a declared key.
 * - `old` is the row before the change (null for INSERT), `new` the row after it (null for DELETE).
 * - `action_timestamp` is the instance's virtual clock as ISO 8601 (packages/simulators/src/runtime/clock.ts).
 */
export const Mutation = z.object({
  action: MutationAction,
  table_name: z.string(),
  pk: z.string(),
  old: MutationRow.nullable(),
  new: MutationRow.nullable(),
  action_timestamp: z.string(),
  /**
   * The simulator (its name) whose instance logged it: present in sessions of multi-simulator environments
   * (make2's extra_env_ids) only; absent, it is the session's own simulator.
   */
  simulator: z.string().optional(),
});
export type Mutation = z.infer<typeof Mutation>;

/** A value `ignore_tables_with_column_values` compares a column with. */
const IgnoredValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/**
 * What counts in a simulator's state (001 §3 "Simulator"), kept in its config; the simulator kit's
 * `filterMutations` applies them.
 * - `ignore_tables`: mutations of these tables are dropped.
 * - `ignore_columns`: per table (or '*' for every table), columns removed from `old` and `new`; an UPDATE
 *   that changed only ignored columns is dropped.
 * - `ignore_tables_with_column_values`: per table, per column, values that make a mutation ignored when
 *   the row has one of them (`new` for INSERT and UPDATE, `old` for DELETE), e.g. autosaved drafts.
 */
export const MutationIgnoreRules = z.object({
  ignore_tables: z.array(z.string()),
  ignore_columns: z.record(z.string(), z.array(z.string())),
  ignore_tables_with_column_values: z.record(z.string(), z.record(z.string(), z.array(IgnoredValue))),
});
export type MutationIgnoreRules = z.infer<typeof MutationIgnoreRules>;

export const EMPTY_MUTATION_IGNORE_RULES: MutationIgnoreRules = {
  ignore_tables: [],
  ignore_columns: {},
  ignore_tables_with_column_values: {},
};
