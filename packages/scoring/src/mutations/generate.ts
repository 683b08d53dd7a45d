import type { DifferentialMutation, Mutation, MutationIgnoreRules, MutationRow } from '@proctor/contracts';
import { canonicalJson, jsonEqual } from '../json';
import type { ScoringInput } from '../result';
import { appFilters, appOf, OWN_APP } from './apps';
import { filterMutations } from './filter';
import { type ExpectedMutation, type NetMutation, netMutations } from './match';

/** One session a test case's expectations are generated from: a run people judged correct. */
export interface GenerationSession {
  sessionId: string;
  mutations: readonly Mutation[];
}

export interface GeneratedExpectations {
  /** What every session did, in the order the first session did it. */
  mutations: ExpectedMutation[];
  /** Columns the sessions set to different values (timestamps, generated codes): volatile, not checked. */
  ignore_columns: Record<string, string[]>;
  /** Changes not made by every session; when there are any, the sessions disagree on what the task is. */
  differential: DifferentialMutation[];
  num_sessions_used: number;
  session_ids: string[];
}

export class GenerationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GenerationError';
  }
}

export const NO_CORRECT_SESSIONS =
  'No sessions judged correct by people: score at least one session of this test case Correct first';

const key = (m: Pick<NetMutation, 'action' | 'table_name' | 'pk'>) =>
  `${m.action}\u0000${m.table_name}\u0000${m.pk}`;
const kind = (m: Pick<NetMutation, 'action' | 'table_name'>) => `${m.action}\u0000${m.table_name}`;

/** The columns of `rows` that every row has with the same value; the others are reported as volatile. */
function agreement(rows: readonly MutationRow[]): { same: MutationRow; volatile: string[] } {
  const columns = new Set(rows.flatMap((row) => Object.keys(row)));
  const same: MutationRow = {};
  const volatile: string[] = [];
  for (const column of [...columns].sort()) {
    const first = rows[0]![column];
    const everywhere = rows.every((row) => Object.hasOwn(row, column) && jsonEqual(row[column], first));
    if (everywhere && first !== undefined) same[column] = first;
    else volatile.push(column);
  }
  return { same, volatile };
}

/** The ignore rules of the test case's own simulator, and in sessions across apps, the other apps' (their names). */
export type GenerationFilters = Pick<ScoringInput, 'simulatorConfig' | 'simulators'>;

/** The apps the sessions' mutations belong to: the own simulator's first, then the others as first met. */
function appsOf(sessions: readonly GenerationSession[], filters: GenerationFilters): string[] {
  const apps = new Set<string>([OWN_APP]);
  for (const session of sessions)
    for (const mutation of session.mutations) apps.add(appOf(filters, mutation.simulator));
  return [...apps];
}

/**
 * The net changes of one session app by app, each through that app's own ignore rules, tagged with the other
 * apps' names (two apps' rows with the same table and key stay apart). A session of one simulator: as
 * `netMutations(filterMutations(...))`.
 */
export function netMutationsByApp(
  mutations: readonly Mutation[],
  filters: GenerationFilters,
): Array<NetMutation & { simulator?: string }> {
  if (!mutations.some((mutation) => mutation.simulator !== undefined))
    return netMutations(filterMutations(mutations, filters.simulatorConfig));
  return appsOf([{ sessionId: '', mutations }], filters).flatMap((app) => {
    const own = mutations.filter((mutation) => appOf(filters, mutation.simulator) === app);
    const net = netMutations(filterMutations(own, appFilters(filters, app)));
    return app === OWN_APP ? net : net.map((mutation) => ({ ...mutation, simulator: app }));
  });
}

/**
 * `generateExpectedMutations` for sessions across apps: each app's expectations from that app's mutations, through
 * its own ignore rules, the other apps' tagged with their names (so is their part of the differential). Sessions
 * of one simulator (no mutation tagged) are generated exactly as before.
 */
export function generateExpectedMutationsByApp(
  sessions: readonly GenerationSession[],
  filters: GenerationFilters,
): GeneratedExpectations {
  const tagged = sessions.some((session) =>
    session.mutations.some((mutation) => mutation.simulator !== undefined),
  );
  if (!tagged) return generateExpectedMutations(sessions, filters.simulatorConfig);
  const parts = appsOf(sessions, filters).map((app) => {
    const ofApp = sessions.map((session) => ({
      sessionId: session.sessionId,
      mutations: session.mutations.filter((mutation) => appOf(filters, mutation.simulator) === app),
    }));
    const generated = generateExpectedMutations(ofApp, appFilters(filters, app));
    if (app === OWN_APP) return generated;
    const tag = <T>(value: T): T => ({ ...value, simulator: app });
    return {
      ...generated,
      mutations: generated.mutations.map(tag),
      differential: generated.differential.map(tag),
    };
  });
  const ignored = new Map<string, Set<string>>();
  for (const part of parts)
    for (const [table, columns] of Object.entries(part.ignore_columns))
      ignored.set(table, new Set([...(ignored.get(table) ?? []), ...columns]));
  return {
    mutations: parts.flatMap((part) => part.mutations),
    ignore_columns: Object.fromEntries(
      [...ignored.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([table, set]) => [table, [...set].sort()]),
    ),
    differential: parts.flatMap((part) => part.differential),
    num_sessions_used: sessions.length,
    session_ids: sessions.map((s) => s.sessionId),
  };
}

/**
 * The expected mutations of a test case, from the sessions people judged correct (001 §2.12): what every session
 * agrees on, with what only some did left as `differential` for the caller (the steps: "Expected mutations from
 * correct sessions" in the package README). Every input session satisfies the result when that is empty.
 */
export function generateExpectedMutations(
  sessions: readonly GenerationSession[],
  filters: MutationIgnoreRules,
): GeneratedExpectations {
  if (sessions.length === 0) throw new GenerationError(NO_CORRECT_SESSIONS);
  const nets = sessions.map((session) => netMutations(filterMutations(session.mutations, filters)));
  const byKey = nets.map((net) => new Map(net.map((m) => [key(m), m])));

  // 2. Same action, table and key in every session.
  const groups: { expectPk: boolean; members: NetMutation[] }[] = [];
  const taken = nets.map(() => new Set<string>());
  for (const mutation of nets[0]!) {
    const members = byKey.map((map) => map.get(key(mutation)));
    if (members.every((m) => m !== undefined)) {
      groups.push({ expectPk: true, members: members as NetMutation[] });
      for (const set of taken) set.add(key(mutation));
    }
  }
  // The rest: a table changed exactly once per session under different keys is the same change.
  const leftovers = nets.map((net, i) => net.filter((m) => !taken[i]!.has(key(m))));
  const leftoverKinds = leftovers.map((rest) => {
    const counts = new Map<string, NetMutation[]>();
    for (const m of rest) counts.set(kind(m), [...(counts.get(kind(m)) ?? []), m]);
    return counts;
  });
  for (const mutation of leftovers[0]!) {
    const members = leftoverKinds.map((counts) => counts.get(kind(mutation)));
    if (members.every((m) => m?.length === 1)) {
      groups.push({ expectPk: false, members: members.map((m) => m![0]!) });
      members.forEach((m, i) => {
        taken[i]!.add(key(m![0]!));
      });
    }
  }

  // 3. Values every session agrees on.
  const ignored = new Map<string, Set<string>>();
  const ignore = (table: string, columns: readonly string[]) => {
    if (columns.length === 0) return;
    const set = ignored.get(table) ?? new Set<string>();
    for (const column of columns) set.add(column);
    ignored.set(table, set);
  };
  const order = new Map(nets[0]!.map((m, index) => [key(m), index]));
  groups.sort((a, b) => order.get(key(a.members[0]!))! - order.get(key(b.members[0]!))!);
  const mutations: ExpectedMutation[] = groups.map(({ expectPk, members }) => {
    const [first] = members as [NetMutation];
    const expected: ExpectedMutation = { action: first.action, table_name: first.table_name };
    if (expectPk) expected.pk = first.pk;
    if (first.action === 'DELETE') return expected;
    const { same, volatile } = agreement(members.map((m) => m.changes));
    if (first.action === 'UPDATE') ignore(first.table_name, volatile);
    expected.changes = same;
    return expected;
  });
  // An UPDATE whose every change is volatile expects nothing that counts: the match drops it likewise.
  const kept = mutations.filter(
    (m) => m.action !== 'UPDATE' || (m.changes !== undefined && Object.keys(m.changes).length > 0),
  );

  // 4. What not every session did.
  const differential = new Map<string, DifferentialMutation>();
  nets.forEach((net, i) => {
    for (const m of net) {
      if (taken[i]!.has(key(m))) continue;
      const entry = differential.get(key(m)) ?? {
        action: m.action,
        table_name: m.table_name,
        pk: m.pk,
        present_in: [],
        missing_from: [],
      };
      entry.present_in.push(sessions[i]!.sessionId);
      differential.set(key(m), entry);
    }
  });
  for (const entry of differential.values())
    entry.missing_from = sessions.map((s) => s.sessionId).filter((id) => !entry.present_in.includes(id));

  return {
    mutations: kept,
    ignore_columns: Object.fromEntries(
      [...ignored.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([table, set]) => [table, [...set].sort()]),
    ),
    differential: [...differential.values()].sort((a, b) =>
      canonicalJson([a.table_name, a.action, a.pk]).localeCompare(
        canonicalJson([b.table_name, b.action, b.pk]),
      ),
    ),
    num_sessions_used: sessions.length,
    session_ids: sessions.map((s) => s.sessionId),
  };
}
