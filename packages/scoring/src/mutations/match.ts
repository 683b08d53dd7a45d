import {
  EMPTY_MUTATION_IGNORE_RULES,
  type Mutation,
  type MutationAction,
  type MutationIgnoreRules,
  type MutationRow,
} from '@proctor/contracts';
import { canonicalJson, type JsonValue, jsonEqual } from '../json';
import { filterMutations } from './filter';

/**
 * One change a test case expects, compared with the filtered log's net effect per row (`netMutations`); an
 * UPDATE lists exactly the columns that changed, so a side effect fails the match. Each field's rule:
 * `ExpectedMutation` in the package README.
 */
export interface ExpectedMutation {
  action: MutationAction;
  table_name: string;
  pk?: string;
  changes?: MutationRow;
  /** The app it is expected in (a multi-simulator test case's other simulator); absent: the test case's own. */
  simulator?: string;
}

/**
 * The net effect of the log on one row: an INSERT followed by UPDATEs is one INSERT of the final row, an
 * INSERT then DELETE is nothing, UPDATEs that end where they started are nothing. So a task done in two steps
 * (create a draft, then edit it) scores like the same task done in one.
 * `changes`: the new row for INSERT, the changed columns with their new values for UPDATE, the old row for
 * DELETE.
 */
export interface NetMutation {
  action: MutationAction;
  table_name: string;
  pk: string;
  before: MutationRow | null;
  after: MutationRow | null;
  changes: MutationRow;
}

export interface MissingMutation {
  expected: ExpectedMutation;
  /** The unmatched change that comes closest (same table and action, same pk if given), if any. */
  closest: NetMutation | null;
  reason: string;
}

export interface MutationMatchResult {
  satisfied: boolean;
  matched: { expected: ExpectedMutation; actual: NetMutation }[];
  missing: MissingMutation[];
  unexpected: NetMutation[];
}

function changedColumns(before: MutationRow, after: MutationRow): MutationRow {
  const changes: MutationRow = {};
  for (const column of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!jsonEqual(before[column], after[column])) changes[column] = after[column] ?? null;
  }
  return changes;
}

/** Reduces a log (in log order) to one net change per (table, pk), in the order rows were first touched. */
export function netMutations(mutations: readonly Mutation[]): NetMutation[] {
  const rows = new Map<
    string,
    { table_name: string; pk: string; before: MutationRow | null; after: MutationRow | null }
  >();
  for (const mutation of mutations) {
    const key = `${mutation.table_name}\u0000${mutation.pk}`;
    const row = rows.get(key);
    if (row) row.after = mutation.new;
    else
      rows.set(key, {
        table_name: mutation.table_name,
        pk: mutation.pk,
        before: mutation.old,
        after: mutation.new,
      });
  }
  const net: NetMutation[] = [];
  for (const { table_name, pk, before, after } of rows.values()) {
    if (before === null && after !== null)
      net.push({ action: 'INSERT', table_name, pk, before, after, changes: after });
    else if (before !== null && after === null) {
      net.push({ action: 'DELETE', table_name, pk, before, after, changes: before });
    } else if (before !== null && after !== null) {
      const changes = changedColumns(before, after);
      if (Object.keys(changes).length > 0)
        net.push({ action: 'UPDATE', table_name, pk, before, after, changes });
    }
  }
  return net;
}

function includesValues(row: MutationRow, values: MutationRow): boolean {
  return Object.entries(values).every(
    ([column, value]) => Object.hasOwn(row, column) && jsonEqual(row[column], value),
  );
}

/** Does one net change satisfy one expected mutation (the rules on `ExpectedMutation`)? */
export function mutationMatches(expected: ExpectedMutation, actual: NetMutation): boolean {
  if (expected.action !== actual.action || expected.table_name !== actual.table_name) return false;
  if (expected.pk !== undefined && expected.pk !== actual.pk) return false;
  if (expected.changes === undefined) return true;
  return actual.action === 'UPDATE'
    ? jsonEqual(expected.changes, actual.changes)
    : includesValues(actual.changes, expected.changes);
}

function show(value: JsonValue | undefined): string {
  return value === undefined ? '(absent)' : canonicalJson(value);
}

function describeExpected(expected: ExpectedMutation): string {
  const pk = expected.pk === undefined ? '' : ` pk ${expected.pk}`;
  return `${expected.action} ${expected.table_name}${pk}`;
}

function whyNot(expected: ExpectedMutation, actual: NetMutation): string {
  const problems: string[] = [];
  if (expected.pk !== undefined && expected.pk !== actual.pk) problems.push(`pk is ${actual.pk}`);
  const wanted = expected.changes ?? {};
  for (const [column, value] of Object.entries(wanted)) {
    if (!jsonEqual(actual.changes[column], value)) {
      problems.push(`${column}: expected ${show(value)}, got ${show(actual.changes[column])}`);
    }
  }
  if (actual.action === 'UPDATE' && expected.changes !== undefined) {
    for (const column of Object.keys(actual.changes)) {
      if (!Object.hasOwn(wanted, column)) {
        problems.push(`${column} also changed to ${show(actual.changes[column])}`);
      }
    }
  }
  return problems.join('; ');
}

function explainMissing(expected: ExpectedMutation, leftovers: readonly NetMutation[]): MissingMutation {
  const sameKind = leftovers.filter(
    (m) => m.action === expected.action && m.table_name === expected.table_name,
  );
  const closest =
    sameKind.find((m) => expected.pk === undefined || m.pk === expected.pk) ?? sameKind[0] ?? null;
  const reason = closest
    ? `${describeExpected(expected)}: closest is pk ${closest.pk} (${whyNot(expected, closest)})`
    : `${describeExpected(expected)}: no such change happened`;
  return { expected, closest, reason };
}

/**
 * Compares an instance's mutations with what a test case expects. Pure: filters with `config`, reduces to
 * net changes, then finds a one-to-one assignment of expected to actual changes (augmenting paths, so an
 * expected mutation without a pk never steals the only row another one could match).
 */
export function matchMutations(
  mutations: readonly Mutation[],
  expected: readonly ExpectedMutation[],
  config: MutationIgnoreRules = EMPTY_MUTATION_IGNORE_RULES,
): MutationMatchResult {
  const actual = netMutations(filterMutations(mutations, config));
  const candidates = expected.map((e) =>
    actual.flatMap((a, index) => (mutationMatches(e, a) ? [index] : [])),
  );
  const ownerOfActual = new Array<number>(actual.length).fill(-1);

  const assign = (expectedIndex: number, visited: boolean[]): boolean => {
    for (const actualIndex of candidates[expectedIndex] ?? []) {
      if (visited[actualIndex]) continue;
      visited[actualIndex] = true;
      const owner = ownerOfActual[actualIndex] as number;
      if (owner === -1 || assign(owner, visited)) {
        ownerOfActual[actualIndex] = expectedIndex;
        return true;
      }
    }
    return false;
  };
  expected.forEach((_, index) => {
    assign(index, new Array<boolean>(actual.length).fill(false));
  });

  const matchedActualOf = new Map<number, number>();
  ownerOfActual.forEach((owner, actualIndex) => {
    if (owner !== -1) matchedActualOf.set(owner, actualIndex);
  });
  const unexpected = actual.filter((_, index) => ownerOfActual[index] === -1);
  const matched: MutationMatchResult['matched'] = [];
  const missing: MissingMutation[] = [];
  expected.forEach((e, index) => {
    const actualIndex = matchedActualOf.get(index);
    if (actualIndex === undefined) missing.push(explainMissing(e, unexpected));
    else matched.push({ expected: e, actual: actual[actualIndex] as NetMutation });
  });
  return { satisfied: missing.length === 0 && unexpected.length === 0, matched, missing, unexpected };
}

/** The yes/no a scorer needs: do these mutations satisfy the expected ones? */
export function mutationsSatisfy(
  mutations: readonly Mutation[],
  expected: readonly ExpectedMutation[],
  config: MutationIgnoreRules = EMPTY_MUTATION_IGNORE_RULES,
): boolean {
  return matchMutations(mutations, expected, config).satisfied;
}

/** A readable account of a failed match, for test failures and logs. */
export function describeMutationMatch(result: MutationMatchResult): string {
  if (result.satisfied) return `all ${result.matched.length} expected mutations matched`;
  const lines = [
    ...result.missing.map((m) => `missing: ${m.reason}`),
    ...result.unexpected.map(
      (m) => `unexpected: ${m.action} ${m.table_name} pk ${m.pk} ${canonicalJson(m.changes)}`,
    ),
  ];
  return lines.join('\n');
}
