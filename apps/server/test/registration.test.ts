import {
  type BuiltInCrossAppTestCaseDefinition,
  type BuiltInSimulatorDefinition,
  endpoints,
} from '@proctor/contracts';
import { simulators, simulatorVersions, testCaseSetItems, testCaseSets, testCases } from '@proctor/db';
import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { crossAppTestCaseKey } from '../src/kernel/builtIns';
import {
  BUILT_IN_BENCHMARK_KEY,
  builtInTestCaseKey,
  CROSS_APP_SET_KEY,
  CROSS_APP_SET_NAME,
  PROCTOR_CORE_KEY,
  PROCTOR_CORE_NAME,
  registerBuiltInSimulators,
  simulatorSetKey,
} from '../src/services/registration';
import { catalog } from './support/catalog';
import { describeEachDatabase } from './support/proctor';

const metadata = {
  goal_type: 'state_change',
  reasoning_level: 'level_2' as const,
  skills: ['navigation_and_input' as const],
  capabilities: ['forms_and_inputs' as const],
};

function definitions(prefix: string): BuiltInSimulatorDefinition[] {
  return [
    {
      simulator: {
        name: `${prefix}-shop`,
        title: 'Northwind Shop',
        description: 'An online shop',
        version: '1.4.0',
        dataFingerprint: 'seed-3f2a',
        icon: '🛒',
        imgUrl: '/simulators/shop.svg',
        authentication: { user: 'shopper@example.test', password: 'shop-pass' },
        notes: 'Sign in first',
        license: 'Apache-2.0',
        ignore_tables: ['sessions'],
        ignore_columns: { '*': ['updated_at'] },
      },
      testCases: [
        {
          key: 'cancel-order',
          name: 'Cancel an order',
          prompt: 'Cancel order ORD-1001',
          startUrl: '/orders',
          hint: 'Orders are under your account',
          scoringTypes: ['mutations'],
          metadata: { ...metadata },
          expectedMutations: [
            {
              action: 'UPDATE',
              table_name: 'orders',
              pk: 'ORD-1001',
              old: { status: 'open' },
              new: { status: 'cancelled' },
            },
          ],
        },
        {
          key: 'cheapest-lamp',
          name: 'Find the cheapest lamp',
          prompt: 'What is the price of the cheapest lamp?',
          startUrl: '/catalog',
          scoringTypes: ['output'],
          metadata: { ...metadata, reasoning_level: 'level_3', skills: ['extract_and_understand'] },
          expectedOutput: { price: '12.50' },
          outputSchema: { type: 'object', properties: { price: { type: 'string' } }, required: ['price'] },
        },
      ],
    },
    {
      simulator: { name: `${prefix}-mail`, title: 'Postbox Mail', description: 'A mail client', icon: '✉️' },
      testCases: [
        {
          key: 'archive-newsletter',
          name: 'Archive the newsletter',
          prompt: 'Archive the latest newsletter',
          startUrl: '/inbox',
          scoringTypes: ['mutations'],
          metadata: { ...metadata },
          expectedMutations: [],
        },
      ],
    },
  ];
}

describeEachDatabase('registration of the built-in simulators', (proctor) => {
  const make = catalog(proctor);
  const db = () => proctor().ctx.db;
  let run = 0;
  const fresh = () => `reg${run++}${Date.now().toString(36)}`;

  async function snapshot(prefix: string) {
    const sims = await db()
      .select()
      .from(simulators)
      .where(inArray(simulators.name, [`${prefix}-shop`, `${prefix}-mail`]))
      .orderBy(asc(simulators.id));
    const ids = sims.map((s) => s.id);
    return {
      simulators: sims.map(({ updatedAt: _, ...row }) => row),
      versions: await db()
        .select()
        .from(simulatorVersions)
        .where(inArray(simulatorVersions.simulatorId, ids))
        .orderBy(asc(simulatorVersions.id)),
      testCases: (
        await db()
          .select()
          .from(testCases)
          .where(inArray(testCases.simulatorId, ids))
          .orderBy(asc(testCases.id))
      ).map(({ updatedAt: _, ...row }) => row),
      sets: await db()
        .select()
        .from(testCaseSets)
        .where(isNotNull(testCaseSets.builtInKey))
        .orderBy(asc(testCaseSets.id)),
      items: await db()
        .select()
        .from(testCaseSetItems)
        .innerJoin(testCaseSets, eq(testCaseSets.id, testCaseSetItems.testCaseSetId))
        .where(isNotNull(testCaseSets.builtInKey))
        .orderBy(asc(testCaseSetItems.testCaseSetId), asc(testCaseSetItems.position)),
    };
  }

  it('should register simulators, public test cases, a dataset per simulator and the benchmark', async () => {
    const prefix = fresh();
    const summary = await registerBuiltInSimulators(db(), definitions(prefix));
    expect(summary.testCases).toEqual({ created: 3, updated: 0, archived: 0 });
    const state = await snapshot(prefix);

    const shop = state.simulators[0]!;
    expect(shop).toMatchObject({
      name: `${prefix}-shop`,
      description: 'An online shop',
      imgUrl: '/simulators/shop.svg',
      simType: 'app',
      builtIn: true,
      enabled: true,
    });
    expect(shop.config).toEqual({
      status: 'ready',
      notes: 'Sign in first',
      title: 'Northwind Shop',
      license: 'Apache-2.0',
      authentication: { user: 'shopper@example.test', password: 'shop-pass' },
      ignore_tables: ['sessions'],
      ignore_columns: { '*': ['updated_at'] },
      ignore_tables_with_column_values: {},
    });
    expect(state.versions.map((v) => [v.simulatorId, v.tag])).toEqual([
      [shop.id, 'built-in'],
      [state.simulators[1]!.id, 'built-in'],
    ]);
    expect(state.versions[0]!.version).toMatch(/^[0-9a-f]{16}$/);
    expect(state.versions[0]).toMatchObject({
      description: 'Northwind Shop 1.4.0: 2 built-in test cases',
      details: {
        author_version: '1.4.0',
        data_fingerprint: 'seed-3f2a',
        test_case_keys: ['cancel-order', 'cheapest-lamp'],
      },
    });

    const cancel = state.testCases.find(
      (t) => t.builtInKey === builtInTestCaseKey(`${prefix}-shop`, 'cancel-order'),
    )!;
    expect(cancel).toMatchObject({
      organizationId: null,
      simulatorId: shop.id,
      name: 'Cancel an order',
      startUrl: '/orders',
      hint: 'Orders are under your account',
      scoringTypes: ['mutations'],
      metadataConfig: metadata,
      defaultScoringConfig: {
        type: 'state_mutation_match',
        mutations: [expect.objectContaining({ table_name: 'orders', pk: 'ORD-1001' })],
      },
      archived: false,
    });
    const lamp = state.testCases.find((t) => t.name === 'Find the cheapest lamp')!;
    expect(lamp).toMatchObject({
      scoringTypes: ['output'],
      correctOutputs: [{ price: '12.50' }],
      outputSchema: { required: ['price'] },
      defaultScoringConfig: {},
    });

    const shopSet = state.sets.find((s) => s.builtInKey === simulatorSetKey(`${prefix}-shop`))!;
    expect(shopSet).toMatchObject({
      name: 'Northwind Shop',
      organizationId: null,
      icon: '🛒',
      isBenchmark: false,
    });
    const benchmark = state.sets.find((s) => s.builtInKey === BUILT_IN_BENCHMARK_KEY)!;
    expect(benchmark).toMatchObject({ organizationId: null, isBenchmark: true });
    const itemsOf = (setId: number) =>
      state.items
        .filter((i) => i.test_case_set_items.testCaseSetId === setId)
        .map((i) => i.test_case_set_items.testCaseId);
    expect(itemsOf(shopSet.id)).toEqual([cancel.id, lamp.id]);
    expect(itemsOf(benchmark.id)).toEqual(state.testCases.map((t) => t.id));
    // Fewer than a hundred built in: Proctor Core holds them all.
    const core = state.sets.find((s) => s.builtInKey === PROCTOR_CORE_KEY)!;
    expect(core).toMatchObject({ name: PROCTOR_CORE_NAME, organizationId: null, isBenchmark: true });
    expect(core.description).toBe(
      '3 built-in test cases drawn evenly over Northwind Shop, Postbox Mail, spread over the reasoning levels',
    );
    expect(itemsOf(core.id)).toEqual(state.testCases.map((t) => t.id));
  });

  it('should change nothing when run again with the same definitions', async () => {
    const prefix = fresh();
    await registerBuiltInSimulators(db(), definitions(prefix));
    const first = await snapshot(prefix);
    const summary = await registerBuiltInSimulators(db(), definitions(prefix));
    expect(summary.simulators.map((s) => [s.created, s.changed])).toEqual([
      [false, false],
      [false, false],
    ]);
    expect(summary.testCases).toEqual({ created: 0, updated: 0, archived: 0 });
    expect(await snapshot(prefix)).toEqual(first);
    expect(first.versions).toHaveLength(2);
  });

  it("should keep an admin's status, notes, enabled switch and test case edits across restarts", async () => {
    const prefix = fresh();
    const summary = await registerBuiltInSimulators(db(), definitions(prefix));
    const shopId = summary.simulators[0]!.id;
    const admin = await proctor().actor({ permissions: { is_admin: true, create_test_cases: true } });
    const edited = await proctor().call(endpoints.updateSimulator, {
      params: { id: shopId },
      as: admin,
      body: { enabled: false, config: { status: 'out_of_service', notes: 'Broken checkout' } },
    });
    expect(edited.status).toBe(200);
    const [cancel] = await db()
      .select()
      .from(testCases)
      .where(eq(testCases.builtInKey, builtInTestCaseKey(`${prefix}-shop`, 'cancel-order')));
    const prompt = await proctor().call(endpoints.updateTestCase, {
      params: { id: String(cancel!.id) },
      as: admin,
      body: { prompt: 'Cancel order ORD-1001 and say why' },
    });
    expect(prompt.status).toBe(200);

    await registerBuiltInSimulators(db(), definitions(prefix));
    const { simulator } = (
      await proctor().call(endpoints.simulator, { params: { nameOrId: String(shopId) }, as: admin })
    ).body;
    expect(simulator.enabled).toBe(false);
    expect(simulator.config).toMatchObject({ status: 'out_of_service', notes: 'Broken checkout' });
    const [after] = await db().select().from(testCases).where(eq(testCases.id, cancel!.id));
    expect(after!.prompt).toBe('Cancel order ORD-1001 and say why');

    // A changed definition is a new version; its code-owned fields win, the admin's settings stay.
    const changed = definitions(prefix);
    changed[0]!.simulator.description = 'An online shop with returns';
    changed[0]!.testCases[0]!.prompt = 'Cancel order ORD-1001 now';
    await registerBuiltInSimulators(db(), changed);
    const [row] = await db().select().from(simulators).where(eq(simulators.id, shopId));
    expect(row).toMatchObject({ description: 'An online shop with returns', enabled: false });
    expect(row!.config).toMatchObject({ status: 'out_of_service', notes: 'Broken checkout' });
    const versions = await db()
      .select()
      .from(simulatorVersions)
      .where(eq(simulatorVersions.simulatorId, shopId));
    expect(versions).toHaveLength(2);
    const [rewritten] = await db().select().from(testCases).where(eq(testCases.id, cancel!.id));
    expect(rewritten!.prompt).toBe('Cancel order ORD-1001 now');
  });

  it('should archive test cases no longer defined, take them out of the datasets, and bring them back when defined again', async () => {
    const prefix = fresh();
    await registerBuiltInSimulators(db(), definitions(prefix));
    const shorter = definitions(prefix);
    shorter[0]!.testCases = shorter[0]!.testCases.slice(0, 1);
    const summary = await registerBuiltInSimulators(db(), shorter);
    expect(summary.testCases).toEqual({ created: 0, updated: 0, archived: 1 });
    const state = await snapshot(prefix);
    const lamp = state.testCases.find((t) => t.name === 'Find the cheapest lamp')!;
    expect(lamp.archived).toBe(true);
    expect(state.items.map((i) => i.test_case_set_items.testCaseId)).not.toContain(lamp.id);

    const again = await registerBuiltInSimulators(db(), definitions(prefix));
    expect(again.testCases).toEqual({ created: 0, updated: 1, archived: 0 });
    const [back] = await db().select().from(testCases).where(eq(testCases.id, lamp.id));
    expect(back!.archived).toBe(false);
  });

  it('should show members the registered data through the API once the plan allows the simulator', async () => {
    const prefix = fresh();
    const summary = await registerBuiltInSimulators(db(), definitions(prefix));
    const member = await proctor().actor();
    const shopId = summary.simulators[0]!.id;
    await make.allow(member.organization, shopId);

    const { simulator } = (
      await proctor().call(endpoints.simulator, { params: { nameOrId: `${prefix}-shop` }, as: member })
    ).body;
    expect(simulator).toMatchObject({ builtIn: true, test_count: 2, test_count_with_scoring_configs: 1 });
    expect(simulator.config).not.toHaveProperty('notes');
    expect(simulator.versions).toHaveLength(1);
    expect(simulator.versions[0]!.tag).toBe('built-in');

    const tests = (
      await proctor().call(endpoints.testCases, {
        query: { simulator_id: shopId, page_size: 1000 },
        as: member,
      })
    ).body;
    expect(tests.test_cases.map((t) => [t.name, t.builtIn, t.metadataConfig.reasoning_level])).toEqual([
      ['Cancel an order', true, 'level_2'],
      ['Find the cheapest lamp', true, 'level_3'],
    ]);

    const sets = (await proctor().call(endpoints.testCaseSets, { as: member })).body.testCaseSets;
    const shopSet = sets.find((s) => s.name === 'Northwind Shop' && s.builtIn)!;
    expect(shopSet.testCases.map((t) => t.name)).toEqual(['Cancel an order', 'Find the cheapest lamp']);
    // The mail simulator is not in the plan: its dataset says nothing to this member.
    expect(sets.find((s) => s.name === 'Postbox Mail')).toBeUndefined();
  });

  it('should refuse definitions that repeat a simulator name or a test case key, changing nothing', async () => {
    const prefix = fresh();
    const twice = definitions(prefix);
    twice[1]!.simulator.name = twice[0]!.simulator.name;
    await expect(registerBuiltInSimulators(db(), twice)).rejects.toThrow(/defined twice/);
    const keys = definitions(prefix);
    keys[0]!.testCases[1]!.key = 'cancel-order';
    await expect(registerBuiltInSimulators(db(), keys)).rejects.toThrow(/"cancel-order" is defined twice/);
    const invalid = definitions(prefix);
    invalid[0]!.testCases[0]!.metadata = { ...metadata, reasoning_level: 'level_9' as 'level_1' };
    await expect(registerBuiltInSimulators(db(), invalid)).rejects.toThrow();
    expect((await snapshot(prefix)).simulators).toEqual([]);
  });

  /** A test case across the two simulators of `definitions(prefix)`: it starts in the shop and mails a receipt. */
  const acrossApps = (prefix: string): BuiltInCrossAppTestCaseDefinition[] => [
    {
      key: `${prefix}-mail-the-receipt`,
      simulators: [`${prefix}-shop`, `${prefix}-mail`],
      name: 'Mail the receipt of the last order',
      prompt: 'Find my last order and mail its receipt to accounts@example.test',
      startUrl: '/orders',
      scoringTypes: ['mutations'],
      metadata: { ...metadata },
      expectedMutations: [
        {
          simulator: `${prefix}-mail`,
          action: 'INSERT',
          table_name: 'messages',
          changes: { to_addrs: 'accounts@example.test' },
        },
      ],
    },
  ];

  it('should register test cases across apps under their primary, with their extras, in the Proctor Cross-App dataset', async () => {
    const prefix = fresh();
    const summary = await registerBuiltInSimulators(db(), definitions(prefix), acrossApps(prefix));
    expect(summary.testCases).toEqual({ created: 4, updated: 0, archived: 0 });
    const [shopId, mailId] = summary.simulators.map((simulator) => simulator.id);
    const key = crossAppTestCaseKey(`${prefix}-mail-the-receipt`);
    const [row] = await db().select().from(testCases).where(eq(testCases.builtInKey, key));
    expect(row).toMatchObject({
      simulatorId: shopId,
      extraSimulatorIds: [mailId],
      organizationId: null,
      startUrl: '/orders',
      archived: false,
    });
    expect(row!.defaultScoringConfig).toMatchObject({
      mutations: [{ simulator: `${prefix}-mail`, table_name: 'messages' }],
    });
    const [set] = await db()
      .select()
      .from(testCaseSets)
      .where(eq(testCaseSets.builtInKey, CROSS_APP_SET_KEY));
    expect(set).toMatchObject({ name: CROSS_APP_SET_NAME, organizationId: null });
    expect(set!.description).toBe(`1 built-in test cases across apps: ${prefix}-shop → ${prefix}-mail`);
    const items = await db()
      .select({ testCaseId: testCaseSetItems.testCaseId })
      .from(testCaseSetItems)
      .where(eq(testCaseSetItems.testCaseSetId, set!.id));
    expect(items.map((item) => item.testCaseId)).toEqual([row!.id]);
    // Not a case of the shop's own: its dataset and the built-in benchmark keep one simulator a case.
    const [shopSet] = await db()
      .select()
      .from(testCaseSets)
      .where(eq(testCaseSets.builtInKey, simulatorSetKey(`${prefix}-shop`)));
    const shopItems = await db()
      .select({ testCaseId: testCaseSetItems.testCaseId })
      .from(testCaseSetItems)
      .where(eq(testCaseSetItems.testCaseSetId, shopSet!.id));
    expect(shopItems.map((item) => item.testCaseId)).not.toContain(row!.id);

    // Again: nothing changes, and registering the shop's own test cases does not archive it.
    const again = await registerBuiltInSimulators(db(), definitions(prefix), acrossApps(prefix));
    expect(again.testCases).toEqual({ created: 0, updated: 0, archived: 0 });
    // Without test cases across apps (a test's own simulators), they are left as they are.
    await registerBuiltInSimulators(db(), definitions(prefix));
    expect((await db().select().from(testCases).where(eq(testCases.id, row!.id)))[0]!.archived).toBe(false);
    // No longer defined: archived and out of the dataset.
    const gone = await registerBuiltInSimulators(db(), definitions(prefix), []);
    expect(gone.testCases).toEqual({ created: 0, updated: 0, archived: 1 });
    const left = await db()
      .select({ testCaseId: testCaseSetItems.testCaseId })
      .from(testCaseSetItems)
      .where(eq(testCaseSetItems.testCaseSetId, set!.id));
    expect(left).toEqual([]);
  });

  it('should refuse a test case across apps naming a simulator not registered with it', async () => {
    const prefix = fresh();
    const stray = acrossApps(prefix);
    stray[0]!.simulators = [`${prefix}-shop`, `${prefix}-bank`];
    await expect(registerBuiltInSimulators(db(), definitions(prefix), stray)).rejects.toThrow(
      `spans ${prefix}-bank, not registered with it`,
    );
  });
});
