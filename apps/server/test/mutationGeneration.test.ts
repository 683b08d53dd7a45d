import {
  type EndpointBody,
  endpoints,
  MUTATION_GENERATION_MESSAGES,
  MutationGenerationEvent,
  type MutationRow,
  type StateMutation,
} from '@proctor/contracts';
import { testCases } from '@proctor/db';
import { NO_CORRECT_SESSIONS } from '@proctor/scoring';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { recordScores } from '../src/scoring/classification';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';
import { storedSession } from './support/storedSessions';

let clock = Date.parse('2026-04-01T09:00:00Z');
const at = () => {
  clock += 1000;
  return new Date(clock).toISOString();
};
const insert = (table: string, pk: string, row: MutationRow): StateMutation => ({
  action: 'INSERT',
  table_name: table,
  pk,
  old: null,
  new: row,
  action_timestamp: at(),
});

/** What a person who did the task right changed: one order, noted at their own time, and an audit line. */
const didTheTask = (placedAt: string): StateMutation[] => [
  insert('orders', '1001', { id: 1001, sku: 'LAMP-1', quantity: 2, placed_at: placedAt }),
  insert('audit', `a-${placedAt}`, { note: 'order placed' }),
];

describeEachDatabase('expected-mutation generation', (proctor) => {
  const make = catalog(proctor);
  let author: Actor;
  let judge: Actor;
  let simulatorId: number;

  beforeAll(async () => {
    const organization = await proctor().organization();
    author = await proctor().actor({ organization, permissions: { create_test_cases: true } });
    judge = await proctor().actor({ organization, permissions: { is_super_scorer: true } });
    const simulator = await make.simulator({ config: { ignore_tables: ['audit'] } });
    simulatorId = simulator.id;
    await make.allow(organization, simulator.id);
  });

  const stateTask = (organizationId: number | null = author.organization!.id) =>
    make.testCase({ simulatorId, organizationId, scoringTypes: ['mutations'] });

  /** An ended session of the test case with these recorded mutations, judged by a super scorer when `verdict`. */
  async function session(
    testCase: { id: number },
    mutations: StateMutation[],
    verdict: boolean | null,
    organizationId = author.organization!.id,
  ) {
    const { db } = proctor().ctx;
    const row = await storedSession(
      db,
      { organizationId, simulatorId, testCaseId: testCase.id, createdAt: new Date(at()) },
      mutations,
    );
    if (verdict !== null)
      await recordScores(db, {
        sessionId: row!.id,
        userId: judge.user.id,
        type: 'human_in_the_loop',
        config: { type: 'human_in_the_loop', is_super_scorer: true },
        result: { correct: verdict, reason: '' },
      });
    return row!;
  }

  const generate = (ref: string | number, as: Actor = author) =>
    proctor().call(endpoints.generateMutationsConfig, { params: { id: String(ref) }, as });

  /** A streamed call, read to its end: its events in order. The streams have no endpoint in the contract. */
  async function stream(url: string, payload: unknown, as: Actor = author) {
    const response = await proctor().request({ method: 'POST', url, payload: payload as object, as });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    return response.body
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => MutationGenerationEvent.parse(JSON.parse(line)));
  }

  it('generates what the correct sessions agree on, ignoring what differs, and saves it on the test case', async () => {
    const testCase = await stateTask();
    const first = await session(testCase, didTheTask('09:00'), true);
    const second = await session(testCase, didTheTask('09:07'), true);
    // Not judged correct, or not this organization's: not used.
    await session(testCase, [insert('orders', '1001', { id: 1001, sku: 'LAMP-9', quantity: 1 })], false);
    await session(testCase, [insert('orders', '1001', { id: 1001, sku: 'LAMP-9', quantity: 1 })], null);
    const stranger = await proctor().actor();
    await session(testCase, [insert('orders', '7', { id: 7 })], true, stranger.organization!.id);

    const response = await generate(testCase.publicId);
    expect(response.status, response.body.detail).toBe(200);
    const { testCase: updated, result } = response.body;
    expect(result).toMatchObject({
      status: 'success',
      num_sessions_used: 2,
      session_ids: [first.publicId, second.publicId],
      mutation_count: 1,
      errors: [],
      differential: [],
    });
    expect(updated.defaultScoringConfig).toMatchObject({
      mutations: [
        {
          action: 'INSERT',
          table_name: 'orders',
          pk: '1001',
          changes: { id: 1001, sku: 'LAMP-1', quantity: 2 },
        },
      ],
      num_sessions_used: 2,
    });
    expect(updated.lastScoringGenerationResult).toMatchObject({ status: 'success' });
    const read = await proctor().call(endpoints.testCase, { params: { id: testCase.publicId }, as: author });
    expect(read.body.testCase.defaultScoringConfig.num_sessions_used).toBe(2);
  });

  it('refuses to save expectations the correct sessions disagree on, and says which changes', async () => {
    const testCase = await stateTask();
    const kept = { mutations: [{ action: 'DELETE', table_name: 'orders' }] };
    await proctor()
      .ctx.db.update(testCases)
      .set({ defaultScoringConfig: kept })
      .where(eq(testCases.id, testCase.id));
    const plain = await session(testCase, didTheTask('10:00'), true);
    const extra = await session(
      testCase,
      [...didTheTask('10:05'), insert('wishlist', '3', { id: 3, sku: 'LAMP-1' })],
      true,
    );
    const { testCase: after, result } = (await generate(testCase.id)).body;
    expect(result.status).toBe('error');
    expect(result.errors[0]).toMatch(/disagree on 1 change/);
    expect(result.differential).toEqual([
      {
        action: 'INSERT',
        table_name: 'wishlist',
        pk: '3',
        present_in: [extra.publicId],
        missing_from: [plain.publicId],
      },
    ]);
    expect(after.defaultScoringConfig).toEqual(kept);
    expect(after.lastScoringGenerationResult).toMatchObject({
      status: 'error',
      differential: result.differential,
    });

    const merged = (
      await proctor().call(endpoints.mergedMutations, {
        body: { test_case_id: testCase.publicId },
        as: author,
      })
    ).body;
    expect(merged.sessions.map((s) => [s.sessionId, s.mutations.map((m) => m.table_name)])).toEqual([
      [plain.publicId, ['orders']],
      [extra.publicId, ['orders', 'wishlist']],
    ]);
    expect(merged.differential).toEqual(result.differential);
  });

  it('says plainly when there is nothing to generate from', async () => {
    const testCase = await stateTask();
    await session(testCase, didTheTask('11:00'), false);
    const { result } = (await generate(testCase.publicId)).body;
    expect(result).toMatchObject({ status: 'error', errors: [NO_CORRECT_SESSIONS] });
    const outputOnly = await make.testCase({
      simulatorId,
      organizationId: author.organization!.id,
      scoringTypes: ['output'],
    });
    const { result: notState } = (await generate(outputOnly.id)).body;
    expect(notState.errors[0]).toMatch(/not scored by its mutations/);
  });

  it('streams the progress of one test case, then its result', async () => {
    const testCase = await stateTask();
    await session(testCase, didTheTask('12:00'), true);
    await session(testCase, didTheTask('12:09'), true);
    const events = await stream('/api/env/generate_mutations_single', { test_case_id: testCase.publicId });
    expect(events[0]).toMatchObject({ type: 'init', test_case_public_id: testCase.publicId });
    expect(events.filter((e) => e.type === 'mutation_progress').map((e) => e.step)).toEqual([
      'finding_sessions',
      'reading_sessions',
      'reading_sessions',
      'generating',
      'saving',
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'result',
      status: 'success',
      test_case_name: testCase.name,
      result: { num_sessions_used: 2, mutation_count: 1 },
    });
  });

  it('generates for several test cases and ends with the overall outcome', async () => {
    const done = await stateTask();
    await session(done, didTheTask('13:00'), true);
    const untried = await stateTask();
    const events = await stream('/api/env/generate_mutations', { testCaseIds: [done.id, untried.publicId] });
    expect(events[0]).toMatchObject({ type: 'init', total_mutations: 2 });
    const results = events.filter((e) => e.type === 'result' && e.test_case_public_id);
    expect(
      Object.fromEntries(results.map((e) => [e.test_case_public_id, [e.status, e.error ?? null]])),
    ).toEqual({
      [done.publicId]: ['success', null],
      [untried.publicId]: ['error', NO_CORRECT_SESSIONS],
    });
    expect(events.at(-1)).toEqual({
      type: 'result',
      status: 'error',
      message: MUTATION_GENERATION_MESSAGES.partial(1, 2),
    });

    const bySimulator = await stream('/api/env/generate_mutations', { simulatorId });
    expect(bySimulator[0]!.total_mutations).toBeGreaterThanOrEqual(2);
  });

  it('refuses bad requests and callers who may not change the test case, before streaming anything', async () => {
    const testCase = await stateTask();
    const post = (url: string, payload: unknown, as: Actor = author) =>
      proctor().request({ method: 'POST', url, payload: payload as object, as });

    const neither = await post('/api/env/generate_mutations', {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().detail).toContain(MUTATION_GENERATION_MESSAGES.missingTarget);
    const malformed = await proctor().request({
      method: 'POST',
      url: '/api/env/generate_mutations_single',
      headers: { 'content-type': 'application/json' },
      payload: '{"test_case_id": ',
      as: author,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('detail');
    const emptySimulator = await make.simulator();
    const none = await post('/api/env/generate_mutations', { simulatorId: emptySimulator.id });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe(MUTATION_GENERATION_MESSAGES.noTestCases);
    expect(
      (await post('/api/env/generate_mutations_single', { test_case_id: 'no-such-case' })).statusCode,
    ).toBe(404);

    const reader = await proctor().actor({ organization: author.organization });
    expect((await generate(testCase.id, reader)).status).toBe(403);
    const outsider = await proctor().actor({ permissions: { create_test_cases: true } });
    await make.allow(outsider.organization, simulatorId);
    expect((await generate(testCase.id, outsider)).status).toBe(404);
    const builtIn = await stateTask(null);
    const publicCase = await generate(builtIn.id);
    expect(publicCase.status).toBe(403);
    expect(publicCase.body.detail).toBe('Only platform admins can change public test cases');

    const merge = (body: EndpointBody<typeof endpoints.mergedMutations>) =>
      proctor().call(endpoints.mergedMutations, { body, as: reader });
    const foreign = await merge({ session_ids: ['no-such-session'] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(MUTATION_GENERATION_MESSAGES.noSessions);
    expect((await merge({})).status).toBe(400);
  });
});
