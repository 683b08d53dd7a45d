import { endpoints, MASKED_SECRET } from '@proctor/contracts';
import { newPublicId, scores, sessionLogs, sessions, testCases } from '@proctor/db';
import { NO_LANGUAGE_MODEL } from '@proctor/scoring';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';
import { chatCompletion, json, startStandIn } from './unit/support/standIn';

/**
 * Score types a test case's scoring configuration names, run by the pipeline with the services the server
 * lends them: an API scorer reached through the outbound guard, and a criteria judge on an OpenAI-compatible
 * model. Both speak to local stand-ins on 127.0.0.1, which the guard refuses unless OUTBOUND_ALLOWED_ADDRESSES
 * says otherwise: the refusals are tested on one server, the verdicts on another that allows loopback.
 */
const standIn = await startStandIn({
  '/score': (request, response) => {
    const session = JSON.parse(request.body) as { output: unknown };
    if (request.headers.authorization !== 'Bearer scorer-key')
      return json(response, 401, { error: 'bad key' });
    json(response, 200, { correct: session.output === 42, reason: 'The stand-in checked the answer' });
  },
  // Another endpoint an author might move an API scorer to: it records what arrives and judges nothing.
  '/elsewhere': (_request, response) => json(response, 200, { correct: null, reason: 'Not judged here' }),
  '/v1/chat/completions': (_request, response) =>
    chatCompletion(
      response,
      JSON.stringify({ criteria_scores: [{ name: 'Polite', score: 0.9, explanation: 'Thanked the user' }] }),
    ),
});
afterAll(() => standIn.close());

function scenario(proctor: () => TestProctor) {
  const make = catalog(proctor);

  /** An ended session answering 42 on a test case scored by `config`, and a way to rescore it. */
  async function scoredBy(config: Record<string, unknown>) {
    const owner = await proctor().actor({ permissions: { is_account_admin: true, create_test_cases: true } });
    const simulator = await make.simulator();
    await make.allow(owner.organization, simulator.id);
    const testCase = await make.testCase({
      simulatorId: simulator.id,
      organizationId: owner.organization!.id,
      scoringTypes: ['output'],
      defaultScoringConfig: config,
    });
    const [session] = await proctor()
      .ctx.db.insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'run_completed',
        organizationId: owner.organization!.id,
        simulatorId: simulator.id,
        testCaseId: testCase.id,
        output: 42,
      })
      .returning();
    const rescore = async () => {
      const response = await proctor().call(endpoints.rescoreSimulator, {
        params: { id: simulator.id },
        as: owner,
      });
      expect(response.status, response.body.detail).toBe(200);
      return response.body;
    };
    const saveConfig = (defaultScoringConfig: Record<string, unknown>) =>
      proctor().call(endpoints.updateTestCase, {
        params: { id: String(testCase.id) },
        body: { defaultScoringConfig },
        as: owner,
      });
    return { owner, session: session!, rescore, saveConfig };
  }

  const scoresOf = async (sessionId: string, as: Actor, type: string) =>
    (await proctor().call(endpoints.sessionScores, { params: { id: sessionId }, as })).body.filter(
      (record) => record.config.type === type,
    );

  const logsOf = async (sessionId: number) =>
    (await proctor().ctx.db.select().from(sessionLogs).where(eq(sessionLogs.sessionId, sessionId))).map(
      (row) => (row.logData as { message: string }).message,
    );

  /** An author whose plan has a simulator, and a way to save a test case on it with a scoring config. */
  async function author() {
    const person = await proctor().actor({ permissions: { create_test_cases: true } });
    const simulator = await make.simulator();
    await make.allow(person.organization, simulator.id);
    const create = (defaultScoringConfig: Record<string, unknown>) =>
      proctor().call(endpoints.createTestCases, {
        body: {
          simulatorId: simulator.id,
          name: 'Judged elsewhere',
          prompt: 'Answer 42',
          defaultScoringConfig,
        },
        as: person,
      });
    return { person, simulator, create };
  }

  return { scoredBy, scoresOf, logsOf, author };
}

describeEachDatabase('configured scorers, with the outbound guard as shipped', (proctor) => {
  const { scoredBy, scoresOf, logsOf, author } = scenario(proctor);

  it('refuses to save an API scorer on a loopback or private address, or a config its type rejects', async () => {
    const { create } = await author();
    for (const endpoint of [
      'http://127.0.0.1:9/score',
      'http://localhost:9/score',
      'http://10.1.2.3/score',
    ]) {
      const refused = await create({ type: 'api', endpoint, api_key: 'k' });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.detail).toMatch(/^The API endpoint cannot be used: Refused/);
    }
    // Loopback inside IPv6 forms: IPv4-translated, 6to4, NAT64, Teredo (the client's address inverted).
    for (const [endpoint, reason] of [
      ['http://[::ffff:0:127.0.0.1]/score', 'an IPv4-translated form of 127.0.0.1, a loopback address'],
      ['http://[2002:7f00:1::]/score', 'a 6to4 form of 127.0.0.1, a loopback address'],
      ['http://[64:ff9b::7f00:1]/score', 'a NAT64 form of 127.0.0.1, a loopback address'],
      [
        'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/score',
        'a Teredo form of 127.0.0.1, a loopback address',
      ],
    ] as const) {
      const refused = await create({ type: 'api', endpoint, api_key: 'k' });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.detail, endpoint).toContain(reason);
    }
    // Names that do not resolve here (or, where a resolver knows them, resolve to loopback): 400, never 500.
    for (const endpoint of [
      'http://foo.localhost:3399/',
      'http://localhost./score',
      'http://ip6-localhost/score',
    ]) {
      const refused = await create({ type: 'api', endpoint, api_key: 'k' });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.detail, endpoint).toMatch(
        /^The API endpoint cannot be used: .*(does not resolve|loopback)/,
      );
    }
    const invalid = await create({ type: 'criteria', criteria: [] });
    expect(invalid.status).toBe(400);
    expect(invalid.body.detail).toBe('Invalid scoring config: criteria: List at least one criterion');
  });

  it('refuses an API scorer on a loopback address and on a name that resolves to one, as an infrastructure error', async () => {
    for (const endpoint of [`${standIn.origin}/score`, `http://localhost:${standIn.port}/score`]) {
      const before = standIn.received.length;
      const { owner, session, rescore } = await scoredBy({ type: 'api', endpoint, api_key: 'scorer-key' });
      const result = await rescore();
      expect(result.error_count, endpoint).toBe(1);
      expect(result.results[0]!.error).toMatch(/Refused/);
      expect(standIn.received.length, 'nothing reached the stand-in').toBe(before);
      // No verdict against the agent: no api score, the session failed to be scored, and the log says why.
      expect(await scoresOf(session.publicId, owner, 'api')).toEqual([]);
      const [row] = await proctor().ctx.db.select().from(sessions).where(eq(sessions.id, session.id));
      expect(row!.status).toBe('scoring_failed');
      expect((await logsOf(session.id)).join('\n')).toMatch(/api: .*Refused/);
    }
  });

  it('says plainly, on the session, that no language model is configured for a criteria judge', async () => {
    const { owner, session, rescore } = await scoredBy({ type: 'criteria', criteria: ['Polite'] });
    await rescore();
    const [record] = await scoresOf(session.publicId, owner, 'criteria');
    expect(record?.result).toMatchObject({ correct: null, reason: NO_LANGUAGE_MODEL });
  });
});

describeEachDatabase(
  'configured scorers, with loopback allowed and a model configured',
  (proctor) => {
    const { scoredBy, scoresOf, author } = scenario(proctor);

    it('keeps one set of scores when an ended session is scored by two jobs at once', async () => {
      const { session } = await scoredBy({
        type: 'api',
        endpoint: `${standIn.origin}/score`,
        api_key: 'scorer-key',
      });
      const { queue, db } = proctor().ctx;
      const jobs = await Promise.all([1, 2].map(() => queue.add('scoreSession', { sessionId: session.id })));
      const outcomes = await Promise.all(jobs.map((job) => job.finished));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['completed', 'completed']);
      const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
      expect(row!.status).toBe('scoring_completed');
      const kept = await db.select().from(scores).where(eq(scores.sessionId, session.id));
      expect(kept.map((score) => score.type).sort()).toEqual(['api', 'json_schema']);
    });

    it("keeps an API scorer's key write-only: shown masked, kept when saved back masked", async () => {
      const { person, create } = await author();
      const created = await create({
        type: 'api',
        endpoint: `${standIn.origin}/score`,
        api_key: 'scorer-key',
      });
      expect(created.status, created.body.detail).toBe(201);
      const [testCase] = created.body.testCases;
      expect(testCase!.defaultScoringConfig).toEqual({
        type: 'api',
        endpoint: `${standIn.origin}/score`,
        api_key: MASKED_SECRET,
      });
      const saved = await proctor().call(endpoints.updateTestCase, {
        params: { id: String(testCase!.id) },
        body: { defaultScoringConfig: { ...testCase!.defaultScoringConfig, threshold: 1 } },
        as: person,
      });
      expect(saved.status, saved.body.detail).toBe(200);
      const [row] = await proctor().ctx.db.select().from(testCases).where(eq(testCases.id, testCase!.id));
      expect(row!.defaultScoringConfig).toMatchObject({ api_key: 'scorer-key' });
    });

    it("asks for an API scorer's key again when its endpoint changes, and never sends the kept key there", async () => {
      const { session, rescore, saveConfig } = await scoredBy({
        type: 'api',
        endpoint: `${standIn.origin}/score`,
        api_key: 'scorer-key',
      });
      const moved = { type: 'api', endpoint: `${standIn.origin}/elsewhere`, api_key: MASKED_SECRET };
      const refused = await saveConfig(moved);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ detail: 'Enter the API key again: the endpoint changed' });
      const keysAtElsewhere = () =>
        standIn.received
          .filter((request) => request.url === '/elsewhere')
          .filter(
            (request) => (JSON.parse(request.body) as { session_id: string }).session_id === session.publicId,
          )
          .map((request) => request.headers.authorization ?? null);
      expect((await rescore()).rescored_count).toBe(1);
      expect(keysAtElsewhere()).toEqual([]);

      const given = await saveConfig({ ...moved, api_key: 'elsewhere-key' });
      expect(given.status, given.body.detail).toBe(200);
      await rescore();
      expect(keysAtElsewhere()).toEqual(['Bearer elsewhere-key']);
    });

    it("records the API scorer's verdict, sent with its key", async () => {
      const { owner, session, rescore } = await scoredBy({
        type: 'api',
        endpoint: `${standIn.origin}/score`,
        api_key: 'scorer-key',
      });
      expect((await rescore()).rescored_count).toBe(1);
      const [verdict] = await scoresOf(session.publicId, owner, 'api');
      expect(verdict?.result).toMatchObject({ correct: true, reason: 'The stand-in checked the answer' });
      const sent = JSON.parse(standIn.received.at(-1)!.body) as { session_id: string; output: unknown };
      expect(sent).toMatchObject({ session_id: session.publicId, output: 42 });
    });

    it("records the criteria judge's scores with their explanations", async () => {
      const { owner, session, rescore } = await scoredBy({ type: 'criteria', criteria: ['Polite'] });
      expect((await rescore()).rescored_count).toBe(1);
      const [verdict] = await scoresOf(session.publicId, owner, 'criteria');
      expect(verdict?.result).toMatchObject({
        correct: true,
        criteria_scores: [{ name: 'Polite', score: 0.9, explanation: 'Thanked the user' }],
      });
      expect(standIn.received.some((request) => request.url === '/v1/chat/completions')).toBe(true);
    });
  },
  {
    env: {
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
      SCORING_LLM_URL: `${standIn.origin}/v1`,
      SCORING_LLM_MODEL: 'stand-in-model',
    },
  },
);
