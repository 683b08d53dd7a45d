import {
  appStartUrl,
  BLANK_TEST_CASE_PROMPT,
  blankTestCaseName,
  type CreateTestCaseRequest,
  defaultOutputSchema,
  expectationSimulators,
  TEST_CASE_SIMULATOR_MESSAGES,
  type UpdateTestCaseRequest,
} from '@proctor/contracts';
import { type Database, type Executor, newPublicId } from '@proctor/db';
import { canEditOwned, canSeeSimulator, type Viewer } from '../kernel/access/viewer';
import { badRequest, forbidden, notFound } from '../kernel/http/errors';
import { findSimulator, findSimulatorByName } from '../repositories/simulators';
import { findUsableSite } from '../repositories/sites';
import { appendToSet } from '../repositories/testCaseSets';
import {
  archiveEditableTestCases,
  findVisibleTestCaseByRef,
  insertTestCases,
  lockBlankNumbering,
  type NewTestCase,
  nextBlankNumber,
  type TestCaseRow,
  updateTestCaseRow,
} from '../repositories/testCases';
import { keepMaskedSecrets } from '../scoring/testCaseConfig';
import { findEditableSet } from './testCaseSets';

const TEST_CASE_NOT_FOUND = 'Test case not found';

/** A test case the viewer can see (archived ones included: sessions still link to them), else 404. */
export async function findVisibleTestCase(db: Executor, viewer: Viewer, ref: string): Promise<TestCaseRow> {
  const row = await findVisibleTestCaseByRef(db, viewer, ref);
  if (!row) throw notFound(TEST_CASE_NOT_FOUND);
  return row;
}

/** A test case the viewer may change: 404 when they cannot see it, 403 when they can but may not edit it. */
export async function findEditableTestCase(db: Executor, viewer: Viewer, ref: string): Promise<TestCaseRow> {
  const row = await findVisibleTestCase(db, viewer, ref);
  if (!canEditOwned(viewer, row.organizationId)) {
    throw forbidden(
      row.organizationId === null
        ? 'Only platform admins can change public test cases'
        : 'Only the owning organization can change this test case',
    );
  }
  return row;
}

async function requireSimulator(db: Executor, viewer: Viewer, simulatorId: number) {
  const simulator = await findSimulator(db, simulatorId);
  if (!simulator || !canSeeSimulator(viewer, simulator.id)) throw notFound('Simulator not found');
}

/**
 * The other simulators a test case spans, checked as its own one is (visible to the caller, allowed by the plan),
 * none its own simulator, and none a proxy simulator (those run in environments of their own); with their names.
 */
async function requireExtraSimulators(
  db: Executor,
  viewer: Viewer,
  simulatorId: number | null,
  ids: readonly number[],
): Promise<{ ids: number[]; names: string[] }> {
  if (simulatorId !== null && ids.includes(simulatorId))
    throw badRequest(TEST_CASE_SIMULATOR_MESSAGES.repeated);
  const names: string[] = [];
  for (const id of ids) {
    const simulator = await findSimulator(db, id);
    if (!simulator || !canSeeSimulator(viewer, simulator.id)) throw notFound('Simulator not found');
    if (simulator.simType === 'proxy') throw badRequest(TEST_CASE_SIMULATOR_MESSAGES.proxy(simulator.name));
    names.push(simulator.name);
  }
  return { ids: [...ids], names };
}

/** The names of simulators still registered, of `ids`. */
async function simulatorNames(db: Executor, ids: readonly number[]): Promise<string[]> {
  const names: string[] = [];
  for (const id of ids) {
    const simulator = await findSimulator(db, id);
    if (simulator) names.push(simulator.name);
  }
  return names;
}

/** What a test case names its apps by, as it is being saved. */
interface AppsNamed {
  /** Its other simulators' names, after the change. */
  extras: readonly string[];
  config: Record<string, unknown> | undefined;
  startUrl: string | undefined;
  /** The other simulators this change leaves out, told apart in the message. */
  removed?: readonly string[];
}

/**
 * Every app the expected mutations and the start URL name is one the test case spans: its own simulator or one of
 * its others (400 naming it).
 */
async function requireAppsSpanned(db: Executor, simulatorId: number | null, apps: AppsNamed) {
  const { extras, removed = [] } = apps;
  const startApp = appStartUrl(apps.startUrl ?? '')?.simulator;
  const named = [...expectationSimulators(apps.config), ...(startApp ? [startApp] : [])].filter(
    (name) => !extras.includes(name),
  );
  if (named.length === 0) return;
  const [own] = simulatorId === null ? [] : await simulatorNames(db, [simulatorId]);
  const outside = named.find((name) => name !== own);
  if (outside === undefined) return;
  const dropped = removed.includes(outside);
  const messages = TEST_CASE_SIMULATOR_MESSAGES;
  if (outside === startApp && !expectationSimulators(apps.config).includes(outside))
    throw badRequest(dropped ? messages.startStillOn(outside) : messages.startOutside(outside));
  throw badRequest(dropped ? messages.stillExpected(outside) : messages.expectationOutside(outside));
}

/**
 * Create State Test from a session across apps, with no other simulators given: the apps its changes were made
 * in (their tags), so that the test case spans them. Otherwise none.
 */
async function appsOfExpectations(
  db: Executor,
  simulatorId: number,
  body: CreateTestCaseRequest,
): Promise<number[]> {
  if (!body.expectedMutationsFromSession) return [];
  const ids: number[] = [];
  for (const name of expectationSimulators(body.defaultScoringConfig)) {
    const simulator = await findSimulatorByName(db, name);
    if (simulator && simulator.id !== simulatorId) ids.push(simulator.id);
  }
  return ids;
}

async function requireSite(db: Executor, viewer: Viewer, siteId: number) {
  if (!(await findUsableSite(db, viewer.organizationId, siteId))) throw notFound('Site not found');
}

export async function createTestCases(
  db: Database,
  viewer: Viewer,
  body: CreateTestCaseRequest,
): Promise<TestCaseRow[]> {
  return db.transaction(async (tx) => {
    const simulatorId = body.simulatorId!;
    await requireSimulator(tx, viewer, simulatorId);
    const extras = await requireExtraSimulators(
      tx,
      viewer,
      simulatorId,
      body.extraSimulatorIds ?? (await appsOfExpectations(tx, simulatorId, body)),
    );
    await requireAppsSpanned(tx, simulatorId, {
      extras: extras.names,
      config: body.defaultScoringConfig,
      startUrl: body.mode === 'blank' ? undefined : body.startUrl,
    });
    const extraSimulatorIds = extras.ids;
    const set = body.testCaseSetId ? await findEditableSet(tx, viewer, body.testCaseSetId) : undefined;
    const common = {
      organizationId: viewer.organizationId,
      simulatorId,
      extraSimulatorIds,
      scoringTypes: body.scoringTypes ?? ['mutations'],
      createdBy: viewer.userId,
    };
    let values: NewTestCase[];
    if (body.mode === 'blank') {
      await lockBlankNumbering(tx, viewer.organizationId);
      const first = await nextBlankNumber(tx, viewer.organizationId);
      values = Array.from({ length: body.count! }, (_, i) => ({
        ...common,
        publicId: newPublicId(),
        name: blankTestCaseName(first + i),
        prompt: BLANK_TEST_CASE_PROMPT,
        startUrl: '',
      }));
    } else {
      if (body.siteId) await requireSite(tx, viewer, body.siteId);
      values = [
        {
          ...common,
          publicId: newPublicId(),
          name: body.name!,
          prompt: body.prompt!,
          startUrl: body.startUrl ?? '',
          hint: body.hint || null,
          description: body.description ?? '',
          siteId: body.siteId ?? null,
          outputSchema: body.outputSchema ?? defaultOutputSchema(),
          correctOutputs: body.correctOutputs ?? [],
          simulatorConfig: body.simulatorConfig ?? {},
          defaultScoringConfig: body.defaultScoringConfig ?? {},
        },
      ];
    }
    const created = await insertTestCases(tx, values);
    if (set)
      await appendToSet(
        tx,
        set.id,
        created.map((row) => row.id),
      );
    return created;
  });
}

export async function updateTestCase(
  db: Database,
  viewer: Viewer,
  ref: string,
  body: UpdateTestCaseRequest,
): Promise<TestCaseRow> {
  const row = await findEditableTestCase(db, viewer, ref);
  const metadata = { ...row.metadataConfig };
  if (body.goalType !== undefined) metadata.goal_type = body.goalType;
  if (body.reasoningLevel !== undefined) metadata.reasoning_level = body.reasoningLevel;
  if (body.skills !== undefined) metadata.skills = body.skills;
  if (body.capabilities !== undefined) metadata.capabilities = body.capabilities;
  const extras =
    body.extraSimulatorIds === undefined
      ? undefined
      : await requireExtraSimulators(db, viewer, row.simulatorId, body.extraSimulatorIds);
  if (extras !== undefined || body.defaultScoringConfig !== undefined || body.startUrl !== undefined) {
    const before = await simulatorNames(db, row.extraSimulatorIds);
    const after = extras?.names ?? before;
    await requireAppsSpanned(db, row.simulatorId, {
      extras: after,
      config: body.defaultScoringConfig ?? row.defaultScoringConfig,
      startUrl: body.startUrl ?? row.startUrl,
      removed: before.filter((name) => !after.includes(name)),
    });
  }
  const extraSimulatorIds = extras?.ids;
  const updated = await updateTestCaseRow(db, row.id, {
    name: body.name,
    prompt: body.prompt,
    startUrl: body.startUrl,
    extraSimulatorIds,
    hint: body.hint === undefined ? undefined : body.hint || null,
    scoringTypes: body.scoringTypes,
    correctOutputs: body.correctOutputs,
    defaultScoringConfig:
      body.defaultScoringConfig === undefined
        ? undefined
        : keepMaskedSecrets(body.defaultScoringConfig, row.defaultScoringConfig),
    outputSchema: body.outputSchema === null ? defaultOutputSchema() : body.outputSchema,
    metadataConfig: metadata,
    updatedAt: new Date(),
  });
  return updated!;
}

export async function archiveTestCase(db: Database, viewer: Viewer, ref: string): Promise<TestCaseRow> {
  const row = await findEditableTestCase(db, viewer, ref);
  const updated = await updateTestCaseRow(db, row.id, { archived: true, updatedAt: new Date() });
  return updated!;
}

/** Archives those of `ids` the viewer may edit; others (unknown, another organization's) are silently skipped. */
export async function bulkArchiveTestCases(db: Database, viewer: Viewer, ids: number[]) {
  return { archived_count: await archiveEditableTestCases(db, viewer, ids) };
}

/** Platform admins: the test case leaves its organization and is seen by every organization with its simulator. */
export async function makeTestCasePublic(db: Database, viewer: Viewer, ref: string): Promise<TestCaseRow> {
  const row = await findVisibleTestCase(db, viewer, ref);
  const updated = await updateTestCaseRow(db, row.id, { organizationId: null, updatedAt: new Date() });
  return updated!;
}
