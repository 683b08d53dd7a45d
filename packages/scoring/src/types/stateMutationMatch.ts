import { MutationAction, type MutationIgnoreRules } from '@proctor/contracts';
import { z } from 'zod';
import { configBase, defineScoreType } from '../definition';
import { ALL_TABLES } from '../mutations/filter';
import {
  describeMutationMatch,
  type ExpectedMutation,
  matchMutations,
  type NetMutation,
} from '../mutations/match';
import type { MutationDiff } from '../result';

export const ExpectedMutationSchema = z.object({
  action: MutationAction,
  table_name: z.string().min(1),
  pk: z.string().optional(),
  changes: z.record(z.string(), z.json()).optional(),
});

export const StateMutationMatchConfig = z.object({
  ...configBase,
  /** The expected net changes (see ExpectedMutation); an empty list expects the session to change nothing. */
  mutations: z.array(ExpectedMutationSchema),
  /**
   * Volatile columns (timestamps, counters) per table, or for every table under '*': ignored in the
   * session's mutations and in the expected ones, on top of the simulator's own ignore_columns.
   */
  ignore_columns: z.record(z.string(), z.array(z.string())).default({}),
});
export type StateMutationMatchConfig = z.infer<typeof StateMutationMatchConfig>;

function mergeIgnoredColumns(
  a: Record<string, string[]>,
  b: Record<string, string[]>,
): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const [table, columns] of [...Object.entries(a), ...Object.entries(b)])
    merged[table] = [...new Set([...(merged[table] ?? []), ...columns])];
  return merged;
}

/**
 * An ignored column cannot be checked, so it leaves the expectations too. An UPDATE expected to change only
 * ignored columns expects nothing that counts, and goes, as the filter drops such an UPDATE from the session.
 */
function withoutIgnoredColumns(
  expected: readonly ExpectedMutation[],
  ignored: Record<string, string[]>,
): ExpectedMutation[] {
  const kept: ExpectedMutation[] = [];
  for (const mutation of expected) {
    const columns = new Set([...(ignored[ALL_TABLES] ?? []), ...(ignored[mutation.table_name] ?? [])]);
    if (mutation.changes === undefined || columns.size === 0) {
      kept.push(mutation);
      continue;
    }
    const changes = Object.fromEntries(
      Object.entries(mutation.changes).filter(([column]) => !columns.has(column)),
    );
    const emptied = Object.keys(changes).length === 0 && Object.keys(mutation.changes).length > 0;
    if (mutation.action === 'UPDATE' && emptied) continue;
    kept.push({ ...mutation, changes });
  }
  return kept;
}

const asRecord = (value: ExpectedMutation | NetMutation) => ({ ...value }) as Record<string, unknown>;

/**
 * Expected against actual net mutations by action, table and key, then values (the matcher in
 * ../mutations/match.ts). Similarity is matched / (matched + missing + unexpected): 1 exactly when the
 * match is satisfied, lowered by every missing change and every side effect.
 */
export const stateMutationMatch = defineScoreType({
  type: 'state_mutation_match',
  label: 'State mutation match',
  configSchema: StateMutationMatchConfig,
  score(input, config) {
    const ignored = mergeIgnoredColumns(input.simulatorConfig.ignore_columns, config.ignore_columns);
    const filters: MutationIgnoreRules = { ...input.simulatorConfig, ignore_columns: ignored };
    const expected = withoutIgnoredColumns(config.mutations, ignored);
    const match = matchMutations(input.mutations, expected, filters);

    const claimed = new Set(match.missing.map((m) => m.closest).filter((m) => m !== null));
    const diffs: MutationDiff[] = [
      ...match.matched.map(
        ({ expected, actual }): MutationDiff => ({
          type: 'correct_mutation_match',
          reason: `${actual.action} ${actual.table_name} pk ${actual.pk} as expected`,
          actual_mutation: asRecord(actual),
          expected_generated_mutation: asRecord(expected),
        }),
      ),
      ...match.missing.map(
        (missing): MutationDiff => ({
          type: missing.closest ? 'mismatched_mutation' : 'missing_mutation',
          reason: missing.reason,
          actual_mutation: missing.closest ? asRecord(missing.closest) : null,
          expected_generated_mutation: asRecord(missing.expected),
        }),
      ),
      ...match.unexpected
        .filter((actual) => !claimed.has(actual))
        .map(
          (actual): MutationDiff => ({
            type: 'unexpected_mutation',
            reason: `unexpected: ${actual.action} ${actual.table_name} pk ${actual.pk}`,
            actual_mutation: asRecord(actual),
            expected_generated_mutation: null,
          }),
        ),
    ];
    const matched = match.matched.length;
    const compared = matched + match.missing.length + match.unexpected.length;
    const reason = match.satisfied
      ? matched === 0
        ? 'No mutations were expected and none happened'
        : `All ${matched} expected mutations matched`
      : describeMutationMatch(match);
    return {
      type: 'state_mutation_match',
      correct: match.satisfied,
      similarity: compared === 0 ? 1 : matched / compared,
      reason,
      diffs,
    };
  },
});
