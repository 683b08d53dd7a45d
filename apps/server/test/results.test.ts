import {
  agentFamilyOf,
  compareByTestCase,
  type EndpointQuery,
  endpoints,
  type FamilyResults,
  RESULTS_MESSAGES,
  successBadgeColor,
  successRate,
} from '@proctor/contracts';
import { agentArtifacts, newPublicId, type sessions } from '@proctor/db';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';
import { storedSession } from './support/storedSessions';

/**
 * Benchmark results (001 §2.5 Benchmarks, §2.9 /results, §7 benchmark sessions): success rates per agent
 * family from the classification stored on each session, by the rules of an agent's own results, and only
 * ever the caller's organization's sessions.
 */

describe('agent families and success badges', () => {
  it('should match the spec’s families by alias text, ignoring case, and keep every other agent apart', () => {
    expect(agentFamilyOf('openai-cua v2')).toEqual({ family: 'openai', label: 'computer_use_preview' });
    expect(agentFamilyOf('My OpenAI agent')).toEqual({ family: 'openai', label: 'computer_use_preview' });
    expect(agentFamilyOf('anthropic-3.7')).toEqual({ family: 'anthropic', label: 'Claude 3.7' });
    expect(agentFamilyOf('browser_use 0.1')).toEqual({ family: 'browser_use', label: 'Browser Use' });
    expect(agentFamilyOf('amazon-nova-act')).toEqual({ family: 'nova', label: 'Nova' });
    // The first family listed wins when an alias names two.
    expect(agentFamilyOf('anthropic-vs-openai').family).toBe('openai');
    expect(agentFamilyOf('oracle')).toEqual({ family: 'oracle', label: 'oracle' });
    // "browser-use" is not browser_use: the spec matches the text as written.
    expect(agentFamilyOf('browser-use')).toEqual({ family: 'browser-use', label: 'browser-use' });
  });

  it('should colour a success badge neutral without a sample, red at 0%, green at 100%, else orange', () => {
    expect(successBadgeColor(successRate(0, 0))).toBe('gray');
    expect(successBadgeColor(successRate(0, 5))).toBe('red');
    expect(successBadgeColor(successRate(5, 5))).toBe('green');
    expect(successBadgeColor(successRate(1, 2))).toBe('orange');
    // The colour follows the rounded percentage shown: 999 of 1000 reads "100%", 1 of 1000 "0%".
    expect(successBadgeColor(successRate(999, 1000))).toBe('green');
    expect(successBadgeColor(successRate(1, 1000))).toBe('red');
  });

  it('should turn families’ results into one row per test case, by simulator then name', () => {
    const result = (id: number, name: string, simulator: string, passed: number) => ({
      testCase: { id, publicId: `tc-${id}`, name },
      simulator: { id: simulator.length, name: simulator },
      total: 2,
      scored: 2,
      passed,
      infrastructureFailures: 0,
      successRate: successRate(passed, 2),
    });
    const family = (key: string, testCases: ReturnType<typeof result>[]): FamilyResults => ({
      family: key,
      label: key,
      agents: [],
      summary: { total: 0, scored: 0, passed: 0, infrastructureFailures: 0, successRate: successRate(0, 0) },
      testCases,
    });
    const rows = compareByTestCase([
      family('openai', [result(1, 'Search', 'shop', 1), result(2, 'Transfer', 'bank', 2)]),
      family('nova', [result(3, 'Checkout', 'shop', 0), result(1, 'Search', 'shop', 2)]),
    ]);
    expect(rows.map((row) => [row.testCase.id, Object.keys(row.byFamily)])).toEqual([
      [2, ['openai']],
      [3, ['nova']],
      [1, ['openai', 'nova']],
    ]);
    expect(rows[2]!.byFamily.nova!.passed).toBe(2);
  });
});

describeEachDatabase('benchmark results', (proctor) => {
  const rows = catalog(proctor);
  const db = () => proctor().ctx.db;
  let clock = Date.parse('2026-06-01T08:00:00Z');
  const tick = () => {
    clock += 60_000;
    return new Date(clock);
  };

  const results = (as: Actor, simulators: string) =>
    proctor().call(endpoints.results, { query: { simulators }, as });
  async function families(as: Actor, simulators: string) {
    const response = await results(as, simulators);
    expect(response.status, response.body.detail).toBe(200);
    return response.body.families;
  }
  const benchmark = (
    as: Actor,
    name: string,
    query: EndpointQuery<typeof endpoints.benchmarkSessions> = {},
  ) => proctor().call(endpoints.benchmarkSessions, { params: { name }, query, as });

  async function agent(organizationId: number | null, alias: string) {
    const [row] = await db()
      .insert(agentArtifacts)
      .values({ organizationId, alias, data: { type: 'dev', img_url: null, description: '' } })
      .returning();
    return row!;
  }
  async function oracle() {
    const [row] = await db()
      .select()
      .from(agentArtifacts)
      .where(and(eq(agentArtifacts.alias, 'oracle'), isNull(agentArtifacts.organizationId)));
    return row!;
  }

  /** How a session ended, as its stored classification says (scoring/classification.ts writes these). */
  const VERDICTS = {
    pass: { scoringBadge: 'pass', passed: true },
    fail: { scoringBadge: 'fail', passed: false },
    /** No automatic verdict; people's consensus decided. */
    humanPass: { scoringBadge: 'none', humanConsensus: 'pass', passed: true },
    unscored: { scoringBadge: 'none', passed: false },
    /** The system failed it ("Auto Failed: No Mutations"): outside the rates (001 §4.3). */
    autoMarkedIncorrect: { scoringBadge: 'pass', passed: false, autoMarkedIncorrect: true },
    infrastructureFailure: { status: 'run_failed', scoringBadge: 'none', passed: false },
  } satisfies Record<string, Partial<typeof sessions.$inferInsert>>;

  function run(
    organizationId: number,
    agentArtifactId: number | null,
    testCase: { id: number; simulatorId: number | null } | null,
    verdict: keyof typeof VERDICTS,
    values: Partial<typeof sessions.$inferInsert> = {},
  ) {
    return storedSession(db(), {
      organizationId,
      agentArtifactId,
      testCaseId: testCase?.id ?? null,
      simulatorId: testCase?.simulatorId ?? null,
      createdAt: tick(),
      ...VERDICTS[verdict],
      ...values,
    });
  }

  describe('GET /api/results', () => {
    let member: Actor;
    let rival: Actor;
    let admin: Actor;
    let shop: { id: number; name: string };
    let bank: { id: number; name: string };
    let notChosen: { id: number; name: string };
    let secret: { id: number; name: string };
    let checkout: Awaited<ReturnType<typeof rows.testCase>>;
    let search: Awaited<ReturnType<typeof rows.testCase>>;
    let transfer: Awaited<ReturnType<typeof rows.testCase>>;
    let ids: Record<'cuaOne' | 'cuaTwo' | 'claude' | 'own' | 'oracle' | 'rivalCua', number>;

    beforeAll(async () => {
      shop = await rows.simulator({ name: `shop-${newPublicId().slice(0, 6)}` });
      bank = await rows.simulator({ name: `bank-${newPublicId().slice(0, 6)}` });
      notChosen = await rows.simulator();
      secret = await rows.simulator();
      const plan = { allowed_simulators: [shop.id, bank.id, notChosen.id] };
      member = await proctor().actor({ permissions: { dashboard_access: true }, plan });
      rival = await proctor().actor({ permissions: { dashboard_access: true }, plan });
      admin = await proctor().actor({ permissions: { is_admin: true } });
      const own = member.organization!.id;
      const rivalOrganization = rival.organization!.id;

      checkout = await rows.testCase({ simulatorId: shop.id, name: 'Checkout' });
      search = await rows.testCase({ simulatorId: shop.id, name: 'Search' });
      transfer = await rows.testCase({ simulatorId: bank.id, name: 'Transfer' });
      const elsewhere = await rows.testCase({ simulatorId: notChosen.id, name: 'Elsewhere' });

      ids = {
        cuaOne: (await agent(own, 'openai-cua v1')).id,
        cuaTwo: (await agent(own, 'OpenAI-cua v2')).id,
        claude: (await agent(own, 'anthropic claude')).id,
        own: (await agent(own, 'house-bot')).id,
        oracle: (await oracle()).id,
        rivalCua: (await agent(rivalOrganization, 'openai-rival')).id,
      };

      // openai (two agents): Checkout 3 of 4 scored pass; the auto-marked one and the unscored one count in
      // the total only; the failed run is counted apart; the replay and the archived one not at all.
      const first = await run(own, ids.cuaOne, checkout, 'pass');
      await run(own, ids.cuaOne, checkout, 'pass');
      await run(own, ids.cuaOne, checkout, 'fail');
      await run(own, ids.cuaTwo, checkout, 'pass');
      await run(own, ids.cuaOne, checkout, 'autoMarkedIncorrect');
      await run(own, ids.cuaOne, checkout, 'unscored');
      await run(own, ids.cuaOne, checkout, 'infrastructureFailure');
      await run(own, ids.cuaOne, checkout, 'pass', { replayOfSessionId: first.id });
      await run(own, ids.cuaOne, checkout, 'pass', { archived: true });
      // Transfer (bank): two fails of the second agent.
      await run(own, ids.cuaTwo, transfer, 'fail');
      await run(own, ids.cuaTwo, transfer, 'fail');
      // Not counted anywhere: a simulator not asked for, a session without a test case, one without an agent.
      await run(own, ids.cuaOne, elsewhere, 'pass');
      await storedSession(db(), {
        organizationId: own,
        agentArtifactId: ids.cuaOne,
        simulatorId: shop.id,
        ...VERDICTS.pass,
      });
      await run(own, null, checkout, 'pass');
      // anthropic: Search 1 of 2 (a person decided the pass).
      await run(own, ids.claude, search, 'humanPass');
      await run(own, ids.claude, search, 'fail');
      // An agent of no named family, and the built-in oracle: families of their own.
      await run(own, ids.own, checkout, 'fail');
      await run(own, ids.oracle, search, 'pass');
      await run(own, ids.oracle, search, 'pass');

      // Another organization's sessions, of its own openai agent and of the oracle, on the same test cases.
      await run(rivalOrganization, ids.rivalCua, checkout, 'pass');
      await run(rivalOrganization, ids.rivalCua, checkout, 'pass');
      await run(rivalOrganization, ids.oracle, search, 'fail');
    });

    it('should fold agents into families with rates, intervals and the sessions left out', async () => {
      const body = await families(member, `${shop.name},${bank.name}`);
      expect(body.map(({ family, label }) => ({ family, label }))).toEqual([
        { family: 'openai', label: 'computer_use_preview' },
        { family: 'anthropic', label: 'Claude 3.7' },
        { family: 'house-bot', label: 'house-bot' },
        { family: 'oracle', label: 'oracle' },
      ]);
      const [openai, anthropic, house, builtIn] = body;

      expect(openai!.agents).toEqual([
        { id: ids.cuaOne, alias: 'openai-cua v1' },
        { id: ids.cuaTwo, alias: 'OpenAI-cua v2' },
      ]);
      expect(openai!.testCases.map((result) => result.testCase.id)).toEqual([transfer.id, checkout.id]);
      const [onTransfer, onCheckout] = openai!.testCases;
      expect(onCheckout).toMatchObject({
        testCase: { id: checkout.id, publicId: checkout.publicId, name: 'Checkout' },
        simulator: { id: shop.id, name: shop.name },
        total: 7,
        scored: 4,
        passed: 3,
        infrastructureFailures: 1,
        successRate: { passed: 3, total: 4, rate: 0.75 },
      });
      // 3 of 4: 95% Wilson interval 30.1–95.4% (centre (p + z²/2n)/(1 + z²/n), z = 1.96).
      expect(onCheckout!.successRate.low).toBeCloseTo(0.30064, 4);
      expect(onCheckout!.successRate.high).toBeCloseTo(0.95441, 4);
      expect(onTransfer).toMatchObject({
        simulator: { id: bank.id, name: bank.name },
        total: 2,
        scored: 2,
        passed: 0,
        infrastructureFailures: 0,
        successRate: { passed: 0, total: 2, rate: 0, low: 0 },
      });
      expect(onTransfer!.successRate.high).toBeCloseTo(0.65762, 4);
      // 3 of 6 overall: 18.8–81.2%.
      expect(openai!.summary).toMatchObject({
        total: 9,
        scored: 6,
        passed: 3,
        infrastructureFailures: 1,
        successRate: { passed: 3, total: 6, rate: 0.5 },
      });
      expect(openai!.summary.successRate.low).toBeCloseTo(0.18762, 4);
      expect(openai!.summary.successRate.high).toBeCloseTo(0.81238, 4);

      expect(anthropic).toMatchObject({
        agents: [{ id: ids.claude, alias: 'anthropic claude' }],
        summary: { total: 2, scored: 2, passed: 1, successRate: { passed: 1, total: 2, rate: 0.5 } },
        testCases: [{ testCase: { id: search.id }, total: 2, scored: 2, passed: 1 }],
      });
      expect(house).toMatchObject({
        agents: [{ id: ids.own }],
        summary: { total: 1, scored: 1, passed: 0, successRate: { rate: 0 } },
      });
      expect(builtIn).toMatchObject({
        agents: [{ id: ids.oracle, alias: 'oracle' }],
        summary: { total: 2, scored: 2, passed: 2, successRate: { rate: 1, high: 1 } },
      });
      expect(builtIn!.summary.successRate.low).toBeCloseTo(0.34238, 4);
    });

    it('should compare only the simulators asked for', async () => {
      const body = await families(member, bank.name);
      expect(body.map((result) => [result.family, result.summary.total])).toEqual([['openai', 2]]);
      // Names repeated or with blanks around them count once.
      expect(await families(member, ` ${bank.name} ,,${bank.name}`)).toEqual(body);
    });

    it('should never count another organization’s sessions, the built-in agents’ included', async () => {
      const body = await families(rival, `${shop.name},${bank.name}`);
      expect(body.map((result) => [result.family, result.agents, result.summary.total])).toEqual([
        ['openai', [{ id: ids.rivalCua, alias: 'openai-rival' }], 2],
        ['oracle', [{ id: ids.oracle, alias: 'oracle' }], 1],
      ]);
      expect(body[1]!.summary).toMatchObject({ scored: 1, passed: 0 });
      // A platform admin sees their own organization's, which has none here.
      expect(await families(admin, `${shop.name},${bank.name}`)).toEqual([]);
    });

    it('should answer 404 for a simulator that does not exist or is outside the plan', async () => {
      for (const names of ['no-such-simulator', `${shop.name},no-such-simulator`]) {
        const response = await results(member, names);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: RESULTS_MESSAGES.simulatorNotFound('no-such-simulator') });
      }
      const outside = await results(member, `${shop.name},${secret.name}`);
      expect(outside.status).toBe(404);
      expect(outside.body).toEqual({ detail: RESULTS_MESSAGES.simulatorNotFound(secret.name) });
      // A platform admin sees every simulator: an empty comparison, not a 404.
      expect(await families(admin, secret.name)).toEqual([]);
    });

    it('should refuse a query without simulators or with too many', async () => {
      for (const query of [
        undefined,
        { simulators: '' },
        { simulators: ', ,' },
        { simulators: Array.from({ length: 101 }, (_, i) => `sim-${i}`).join(',') },
        { simulators: 'x'.repeat(201) },
      ]) {
        const response = await proctor().call(endpoints.results, { query, as: member });
        expect(response.status, JSON.stringify(query)).toBe(400);
        expect(response.body).toHaveProperty('detail');
      }
    });
  });

  describe('GET /api/session/public/benchmarks/:name', () => {
    it('should list the organization’s sessions on the simulator, newest first, filtered and limited', async () => {
      const simulator = await rows.simulator();
      const other = await rows.simulator();
      const member = await proctor().actor({
        permissions: { dashboard_access: true },
        plan: { allowed_simulators: [simulator.id, other.id] },
      });
      const rival = await proctor().actor({ plan: { allowed_simulators: [simulator.id] } });
      const own = member.organization!.id;
      const testCase = await rows.testCase({ simulatorId: simulator.id });
      const otherCase = await rows.testCase({ simulatorId: other.id });
      const bot = await agent(own, 'bench-bot');
      const builtIn = await oracle();

      const oldest = await run(own, bot.id, testCase, 'pass');
      const failed = await run(own, bot.id, testCase, 'infrastructureFailure');
      const replay = await run(own, bot.id, testCase, 'pass', { replayOfSessionId: oldest.id });
      const byOracle = await run(own, builtIn.id, testCase, 'fail');
      await run(own, bot.id, testCase, 'pass', { archived: true });
      await run(own, bot.id, otherCase, 'pass');
      await run(rival.organization!.id, builtIn.id, testCase, 'pass');

      const sessionIds = async (
        query: EndpointQuery<typeof endpoints.benchmarkSessions> = {},
        as: Actor = member,
      ) => {
        const response = await benchmark(as, simulator.name, query);
        expect(response.status, response.body.detail).toBe(200);
        const { body } = response;
        return { ids: body.sessions.map((session) => session.sessionId), totalCount: body.totalCount };
      };
      expect(await sessionIds()).toEqual({
        ids: [byOracle.publicId, failed.publicId, oldest.publicId],
        totalCount: 3,
      });
      expect((await sessionIds({ includeReplays: 'true' })).ids).toEqual([
        byOracle.publicId,
        replay.publicId,
        failed.publicId,
        oldest.publicId,
      ]);
      expect((await sessionIds({ agentArtifactIds: String(bot.id) })).ids).toEqual([
        failed.publicId,
        oldest.publicId,
      ]);
      expect((await sessionIds({ statuses: 'run_failed' })).ids).toEqual([failed.publicId]);
      expect(await sessionIds({ page_size: '1' })).toEqual({ ids: [byOracle.publicId], totalCount: 3 });

      // Rows as the sessions list shows them.
      const response = await benchmark(member, simulator.name, { page_size: '1' });
      expect(response.body.sessions[0]).toMatchObject({
        sessionId: byOracle.publicId,
        agentArtifact: { id: builtIn.id, alias: 'oracle' },
        simulator: { id: simulator.id, name: simulator.name },
        testCase: { id: testCase.id, publicId: testCase.publicId },
        scoringBadge: 'fail',
      });

      // Another organization, and a platform admin, see their own only.
      expect((await sessionIds({}, rival)).totalCount).toBe(1);
      const admin = await proctor().actor({ permissions: { is_admin: true } });
      expect(await sessionIds({}, admin)).toEqual({ ids: [], totalCount: 0 });
    });

    it('should answer 404 for an unknown or invisible simulator and 400 for a bad query', async () => {
      const visible = await rows.simulator();
      const hidden = await rows.simulator();
      const member = await proctor().actor({ plan: { allowed_simulators: [visible.id] } });
      for (const name of ['no-such-simulator', hidden.name]) {
        const response = await benchmark(member, name);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: RESULTS_MESSAGES.simulatorNotFound(name) });
      }
      for (const query of [
        { page_size: '0' } as Record<string, string>,
        { page_size: '10001' },
        { page_size: 'ten' },
        { statuses: 'not-a-status' },
        { agentArtifactIds: 'abc' },
        { includeReplays: 'maybe' },
      ]) {
        const response = await benchmark(member, visible.name, query);
        expect(response.status, JSON.stringify(query)).toBe(400);
      }
      expect((await benchmark(member, visible.name, { page_size: '10000' })).status).toBe(200);
    });
  });
});
