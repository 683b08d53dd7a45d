import { createHash } from 'node:crypto';
import {
  BuiltInCrossAppTestCaseDefinition,
  BuiltInSimulatorDefinition,
  type BuiltInTestCaseDefinition,
  defaultOutputSchema,
  isIconUrl,
  jobNameFor,
  REFERENCE_SOLUTION_SOURCE,
} from '@proctor/contracts';
import { type Database, type Executor, newPublicId } from '@proctor/db';
import type { z } from 'zod';
import { crossAppTestCaseKey } from '../kernel/builtIns';
import {
  findSimulatorByName,
  insertSimulator,
  latestSimulatorVersion,
  lockRegistration,
  recordSimulatorVersion,
  updateSimulatorRow,
} from '../repositories/simulators';
import {
  type BuiltInSetValues,
  listBuiltInSetItemIds,
  placeSetItems,
  removeSetItems,
  upsertBuiltInSet,
} from '../repositories/testCaseSets';
import {
  archiveBuiltInTestCasesExcept,
  insertTestCases,
  listBuiltInTestCases,
  updateTestCaseRow,
} from '../repositories/testCases';
import { proctorCoreSelection } from './proctorCore';

type Definition = z.output<typeof BuiltInSimulatorDefinition>;

export const BUILT_IN_VERSION_TAG = 'built-in';
export const BUILT_IN_BENCHMARK_KEY = 'benchmark';
export const BUILT_IN_BENCHMARK_NAME = 'Proctor built-in benchmark';
export const PROCTOR_CORE_KEY = 'core';
export const PROCTOR_CORE_NAME = 'Proctor Core';
export const CROSS_APP_SET_KEY = 'cross-app';
export const CROSS_APP_SET_NAME = 'Proctor Cross-App';
export const simulatorSetKey = (simulatorName: string) => `simulator:${simulatorName}`;
/** Test case keys are unique per simulator; the stored key is unique across all of them. */
export const builtInTestCaseKey = (simulatorName: string, key: string) => `${simulatorName}/${key}`;

export interface RegistrationSummary {
  simulators: Array<{ name: string; id: number; version: string; created: boolean; changed: boolean }>;
  testCases: { created: number; updated: number; archived: number };
}

/** JSON with object keys sorted, so equal content always hashes alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const contentHash = (value: unknown) =>
  createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);

/** The config keys the definition owns; status, notes, assigned user and anything else admins set stay theirs. */
function definedConfig(simulator: Definition['simulator']) {
  return {
    title: simulator.title,
    license: simulator.license ?? null,
    ...(simulator.authentication ? { authentication: simulator.authentication } : {}),
    ignore_tables: simulator.ignore_tables ?? [],
    ignore_columns: simulator.ignore_columns ?? {},
    ignore_tables_with_column_values: simulator.ignore_tables_with_column_values ?? {},
  };
}

/**
 * Where a built-in test case's expectations live: expected mutations as the default scoring config of
 * type state_mutation_match (source reference_solution: no sessions were used to generate them), the
 * expected output as the single correct output.
 */
function testCaseValues(builtInKey: string, definition: BuiltInTestCaseDefinition, hash: string) {
  return {
    builtInKey,
    builtInHash: hash,
    organizationId: null,
    name: definition.name,
    description: definition.description ?? '',
    prompt: definition.prompt,
    startUrl: definition.startUrl,
    hint: definition.hint ?? null,
    scoringTypes: definition.scoringTypes,
    metadataConfig: {
      goal_type: definition.metadata.goal_type ?? null,
      reasoning_level: definition.metadata.reasoning_level,
      skills: definition.metadata.skills,
      capabilities: definition.metadata.capabilities,
    },
    defaultScoringConfig: definition.expectedMutations
      ? {
          type: 'state_mutation_match',
          version: 'latest',
          mutations: definition.expectedMutations,
          source: REFERENCE_SOLUTION_SOURCE,
        }
      : {},
    correctOutputs: definition.expectedOutput === undefined ? [] : [definition.expectedOutput],
    outputSchema: definition.outputSchema ?? defaultOutputSchema(),
    archived: false,
    updatedAt: new Date(),
  };
}

export const simulatorIconPath = (name: string) => `/api/env/simulators/${encodeURIComponent(name)}/icon`;

const SVG_DATA_URL = 'data:image/svg+xml;base64,';

/**
 * An inline SVG image is kept in its own column and referenced by path: a list of a thousand test cases
 * then carries a thousand short paths rather than a thousand images.
 */
function storedImage(meta: Definition['simulator']): { imgUrl: string | null; iconSvg: string | null } {
  if (meta.imgUrl?.startsWith(SVG_DATA_URL)) {
    const svg = Buffer.from(meta.imgUrl.slice(SVG_DATA_URL.length), 'base64').toString('utf8');
    return { imgUrl: simulatorIconPath(meta.name), iconSvg: svg };
  }
  return { imgUrl: meta.imgUrl ?? null, iconSvg: null };
}

async function registerSimulator(tx: Executor, definition: Definition, summary: RegistrationSummary) {
  const meta = definition.simulator;
  const image = storedImage(meta);
  const version = contentHash(definition);
  const existing = await findSimulatorByName(tx, meta.name);
  const changed = !existing || (await latestSimulatorVersion(tx, existing.id)) !== version;

  let simulatorId: number;
  if (!existing) {
    const row = await insertSimulator(tx, {
      name: meta.name,
      description: meta.description,
      ...image,
      simType: 'app',
      builtIn: true,
      enabled: true,
      jobName: jobNameFor(meta.name),
      config: { status: 'ready', notes: meta.notes ?? null, ...definedConfig(meta) },
    });
    simulatorId = row.id;
  } else {
    simulatorId = existing.id;
    if (changed) {
      // Enabled, status, notes and the assigned user are the admins' to decide once the simulator exists.
      await updateSimulatorRow(tx, simulatorId, {
        description: meta.description,
        ...image,
        simType: 'app',
        builtIn: true,
        config: { ...existing.config, ...definedConfig(meta) },
        updatedAt: new Date(),
      });
    }
  }
  if (changed) {
    // A definition that went back to an earlier content makes that version current again.
    await recordSimulatorVersion(tx, {
      simulatorId,
      version,
      tag: BUILT_IN_VERSION_TAG,
      description: `${[meta.title, meta.version].filter(Boolean).join(' ')}: ${definition.testCases.length} built-in test cases`,
      details: {
        author_version: meta.version ?? null,
        data_fingerprint: meta.dataFingerprint ?? null,
        test_case_keys: definition.testCases.map((testCase) => testCase.key),
      },
    });
  }
  summary.simulators.push({ name: meta.name, id: simulatorId, version, created: !existing, changed });

  const testCaseIds = await registerTestCases(tx, simulatorId, definition, summary);
  await syncSet(tx, {
    key: simulatorSetKey(meta.name),
    name: meta.title,
    description: meta.description,
    icon: meta.icon ?? null,
    imgUrl: image.imgUrl ?? (meta.icon && isIconUrl(meta.icon) ? meta.icon : null),
    isBenchmark: false,
    testCaseIds,
  });
  return testCaseIds;
}

/**
 * Upserts the simulator's built-in test cases by key. A row is rewritten only when its definition
 * changed, so edits an admin made to an unchanged test case stay. Keys no longer defined are archived
 * and their hash cleared, so defining them again brings them back.
 */
async function registerTestCases(
  tx: Executor,
  simulatorId: number,
  definition: Definition,
  summary: RegistrationSummary,
): Promise<number[]> {
  const simulatorName = definition.simulator.name;
  const keys = definition.testCases.map((testCase) => builtInTestCaseKey(simulatorName, testCase.key));
  const existing = await listBuiltInTestCases(tx, keys);
  const byKey = new Map(existing.map((row) => [row.builtInKey, row]));
  const ids: number[] = [];
  for (const testCase of definition.testCases) {
    const hash = contentHash(testCase);
    const values = testCaseValues(builtInTestCaseKey(simulatorName, testCase.key), testCase, hash);
    const row = byKey.get(values.builtInKey);
    if (!row) {
      const [created] = await insertTestCases(tx, [{ ...values, publicId: newPublicId(), simulatorId }]);
      ids.push(created!.id);
      summary.testCases.created += 1;
      continue;
    }
    ids.push(row.id);
    if (row.builtInHash !== hash) {
      await updateTestCaseRow(tx, row.id, { ...values, simulatorId });
      summary.testCases.updated += 1;
    }
  }
  summary.testCases.archived += await archiveBuiltInTestCasesExcept(
    tx,
    { simulatorId, keyPrefix: builtInTestCaseKey(simulatorName, '') },
    keys,
  );
  return ids;
}

/**
 * Upserts the built-in test cases across apps by key and hash, as a simulator's own: each under its primary
 * simulator, with the others as its extra simulators, in the order it names them. Keys no longer defined are
 * archived. Every simulator a case names must be among the ones registered with it.
 */
async function registerCrossAppTestCases(
  tx: Executor,
  definitions: readonly z.output<typeof BuiltInCrossAppTestCaseDefinition>[],
  simulatorIds: ReadonlyMap<string, number>,
  summary: RegistrationSummary,
): Promise<number[]> {
  const keys = definitions.map((testCase) => crossAppTestCaseKey(testCase.key));
  const existing = await listBuiltInTestCases(tx, keys);
  const byKey = new Map(existing.map((row) => [row.builtInKey, row]));
  const ids: number[] = [];
  for (const { simulators: names, ...testCase } of definitions) {
    const [simulatorId, ...extraSimulatorIds] = names.map((name) => simulatorIds.get(name)!);
    const hash = contentHash({ ...testCase, simulators: names });
    const values = {
      ...testCaseValues(crossAppTestCaseKey(testCase.key), testCase, hash),
      simulatorId: simulatorId!,
      extraSimulatorIds,
    };
    const row = byKey.get(values.builtInKey);
    if (!row) {
      const [created] = await insertTestCases(tx, [{ ...values, publicId: newPublicId() }]);
      ids.push(created!.id);
      summary.testCases.created += 1;
      continue;
    }
    ids.push(row.id);
    if (row.builtInHash !== hash) {
      await updateTestCaseRow(tx, row.id, values);
      summary.testCases.updated += 1;
    }
  }
  summary.testCases.archived += await archiveBuiltInTestCasesExcept(
    tx,
    { keyPrefix: crossAppTestCaseKey('') },
    keys,
  );
  return ids;
}

/**
 * Creates or updates a registered public set and makes its registered test cases exactly `testCaseIds`,
 * in that order. Test cases an admin added by hand stay; an admin's archiving of the set stays too.
 */
async function syncSet(
  tx: Executor,
  { key, testCaseIds, ...values }: BuiltInSetValues & { key: string; testCaseIds: number[] },
) {
  const setId = await upsertBuiltInSet(tx, key, values);
  const wanted = new Set(testCaseIds);
  const registered = await listBuiltInSetItemIds(tx, setId);
  await removeSetItems(
    tx,
    setId,
    registered.filter((id) => !wanted.has(id)),
  );
  await placeSetItems(tx, setId, testCaseIds);
}

/**
 * Registers the built-in simulators, idempotently, in one transaction: each simulator row (with a
 * version per distinct definition), its test cases, one public dataset per simulator named after its
 * title, one public benchmark of every built-in test case, and Proctor Core (proctorCoreSelection). A simulator row of the same name that
 * an admin made by hand becomes the built-in one: names are unique and the shipped definition wins.
 * Then the test cases across apps (`crossApp`, each naming simulators registered here: exactly these, those no
 * longer given archived) and their public dataset, Proctor Cross-App; they stay out of the built-in benchmark and
 * Proctor Core, which keep one simulator a case. Without `crossApp` (a test registering simulators of its own),
 * the test cases across apps and their dataset are left as they are.
 */
export async function registerBuiltInSimulators(
  db: Database,
  definitions: readonly BuiltInSimulatorDefinition[],
  crossApp?: readonly BuiltInCrossAppTestCaseDefinition[],
): Promise<RegistrationSummary> {
  const parsed = definitions.map((definition) => BuiltInSimulatorDefinition.parse(definition));
  const names = parsed.map((definition) => definition.simulator.name);
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate) throw new Error(`Built-in simulator "${duplicate}" is defined twice`);
  for (const definition of parsed) {
    const keys = definition.testCases.map((testCase) => testCase.key);
    const twice = keys.find((key, i) => keys.indexOf(key) !== i);
    if (twice) throw new Error(`Test case key "${twice}" is defined twice in ${definition.simulator.name}`);
  }
  const acrossApps = (crossApp ?? []).map((definition) =>
    BuiltInCrossAppTestCaseDefinition.parse(definition),
  );
  const crossKeys = acrossApps.map((testCase) => testCase.key);
  const twice = crossKeys.find((key, i) => crossKeys.indexOf(key) !== i);
  if (twice) throw new Error(`Test case key "${twice}" is defined twice across apps`);
  for (const testCase of acrossApps) {
    const missing = testCase.simulators.filter((name) => !names.includes(name));
    if (missing.length > 0)
      throw new Error(`Test case "${testCase.key}" spans ${missing.join(', ')}, not registered with it`);
    if (new Set(testCase.simulators).size !== testCase.simulators.length)
      throw new Error(`Test case "${testCase.key}" names a simulator twice`);
  }

  const summary: RegistrationSummary = { simulators: [], testCases: { created: 0, updated: 0, archived: 0 } };
  await db.transaction(async (tx) => {
    // Replicas starting together register one after the other instead of racing on the unique keys.
    await lockRegistration(tx);
    const ids: number[][] = [];
    for (const definition of parsed) ids.push(await registerSimulator(tx, definition, summary));
    const titles = parsed.map((d) => d.simulator.title).join(', ');
    await syncSet(tx, {
      key: BUILT_IN_BENCHMARK_KEY,
      name: BUILT_IN_BENCHMARK_NAME,
      description: `Every built-in test case of ${titles}`,
      icon: null,
      imgUrl: null,
      isBenchmark: true,
      testCaseIds: ids.flat(),
    });
    const core = proctorCoreSelection(parsed).flatMap((chosen, i) => chosen.map((index) => ids[i]![index]!));
    await syncSet(tx, {
      key: PROCTOR_CORE_KEY,
      name: PROCTOR_CORE_NAME,
      description: `${core.length} built-in test cases drawn evenly over ${titles}, spread over the reasoning levels`,
      icon: null,
      imgUrl: null,
      isBenchmark: true,
      testCaseIds: core,
    });
    if (crossApp === undefined) return;
    const simulatorIds = new Map(summary.simulators.map((simulator) => [simulator.name, simulator.id]));
    const crossAppIds = await registerCrossAppTestCases(tx, acrossApps, simulatorIds, summary);
    const pairs = [...new Set(acrossApps.map((testCase) => testCase.simulators.join(' → ')))];
    await syncSet(tx, {
      key: CROSS_APP_SET_KEY,
      name: CROSS_APP_SET_NAME,
      description: `${crossAppIds.length} built-in test cases across apps: ${pairs.join(', ')}`,
      icon: null,
      imgUrl: null,
      isBenchmark: false,
      testCaseIds: crossAppIds,
    });
  });
  return summary;
}
