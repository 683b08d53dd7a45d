import { MutationAction, type MutationIgnoreRules } from '@proctor/contracts';
import { z } from 'zod';
import { configBase, defineScoreType } from '../definition';
import { appFilters, appLabel, appOf, mutationsByApp } from '../mutations/apps';
import { ALL_TABLES } from '../mutations/filter';
import {
  describeMutationMatch,
  type ExpectedMutation,
  type MutationMatchResult,
  matchMutations,
  type NetMutation,
} from '../mutations/match';
import type { MutationDiff } from '../result';

export const ExpectedMutationSchema = z.object({
  action: MutationAction,
  table_name: z.string().min(1),
  pk: z.string().optional(),
  changes: z.record(z.string(), z.json()).optional(),
  /** The other simulator of a multi-simulator test case it is expected in; absent: the test case's own. */
  simulator: z.string().min(1).optional(),
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

const asRecord = (value: ExpectedMutation | NetMutation, simulator?: string) =>
  ({ ...value, ...(simulator === undefined ? {} : { simulator }) }) as Record<string, unknown>;

/** In a session of several apps, both sides of every diff carry the app (the own one's too, by its name). */
function diffsOf(
  match: MutationMatchResult,
  app?: { label: string; tag: string | undefined },
): MutationDiff[] {
  const named = (reason: string) => (app ? `${app.label}: ${reason}` : reason);
  const claimed = new Set(match.missing.map((m) => m.closest).filter((m) => m !== null));
  return [
    ...match.matched.map(
      ({ expected, actual }): MutationDiff => ({
        type: 'correct_mutation_match',
        reason: named(`${actual.action} ${actual.table_name} pk ${actual.pk} as expected`),
        actual_mutation: asRecord(actual, app?.tag),
        expected_generated_mutation: asRecord(expected, app?.tag),
      }),
    ),
    ...match.missing.map(
      (missing): MutationDiff => ({
        type: missing.closest ? 'mismatched_mutation' : 'missing_mutation',
        reason: named(missing.reason),
        actual_mutation: missing.closest ? asRecord(missing.closest, app?.tag) : null,
        expected_generated_mutation: asRecord(missing.expected, app?.tag),
      }),
    ),
    ...match.unexpected
      .filter((actual) => !claimed.has(actual))
      .map(
        (actual): MutationDiff => ({
          type: 'unexpected_mutation',
          reason: named(`unexpected: ${actual.action} ${actual.table_name} pk ${actual.pk}`),
          actual_mutation: asRecord(actual, app?.tag),
          expected_generated_mutation: null,
        }),
      ),
  ];
}

export const stateMutationMatch = defineScoreType({
  type: 'state_mutation_match',
  label: 'State mutation match',
  configSchema: StateMutationMatchConfig,
  score(input, config) {
    // Each app's expectations against that app's mutations, through that app's own ignore rules: a session
    // of one simulator is one app, judged as it always was.
    const byApp = mutationsByApp(input);
    const expectedByApp = new Map<string, ExpectedMutation[]>();
    for (const mutation of config.mutations) {
      const app = appOf(input, mutation.simulator);
      expectedByApp.set(app, [...(expectedByApp.get(app) ?? []), mutation]);
      if (!byApp.has(app)) byApp.set(app, []);
    }
    const several = byApp.size > 1;
    const apps = [...byApp].map(([app, mutations]) => {
      const rules = appFilters(input, app);
      const ignored = mergeIgnoredColumns(rules.ignore_columns, config.ignore_columns);
      const filters: MutationIgnoreRules = { ...rules, ignore_columns: ignored };
      const expected = withoutIgnoredColumns(expectedByApp.get(app) ?? [], ignored);
      const label = appLabel(input, app);
      return { label, match: matchMutations(mutations, expected, filters), tag: app || undefined };
    });

    const diffs = apps.flatMap(({ label, match, tag }) =>
      diffsOf(match, several ? { label, tag: tag ?? input.simulators?.own } : undefined),
    );
    const count = (pick: (match: MutationMatchResult) => readonly unknown[]) =>
      apps.reduce((sum, { match }) => sum + pick(match).length, 0);
    const matched = count((match) => match.matched);
    const compared = matched + count((match) => match.missing) + count((match) => match.unexpected);
    const satisfied = apps.every(({ match }) => match.satisfied);
    const failures = apps.filter(({ match }) => !match.satisfied);
    const reason = satisfied
      ? matched === 0
        ? 'No mutations were expected and none happened'
        : `All ${matched} expected mutations matched`
      : failures
          .map(({ label, match }) =>
            several
              ? describeMutationMatch(match)
                  .split('\n')
                  .map((line) => `${label}: ${line}`)
                  .join('\n')
              : describeMutationMatch(match),
          )
          .join('\n');
    return {
      type: 'state_mutation_match',
      correct: satisfied,
      similarity: compared === 0 ? 1 : matched / compared,
      reason,
      diffs,
    };
  },
});
