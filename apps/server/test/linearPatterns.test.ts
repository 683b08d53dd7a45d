import {
  EvaluateEnvironmentResponse,
  MakeEnvironmentResponse,
  ResetEnvironmentResponse,
  TestCasesResponse,
} from '@proctor/contracts';
import { newPublicId, simulators, testCases } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';

/**
 * User-supplied patterns (an output schema's `pattern`, a url_pattern) run in linear time: an outside probe
 * stalled the whole server for seconds with `^(a+)+$` and an answer of thirty "a"s and a "!". Over real HTTP,
 * as the probe called it, on one database: the scoring engine is the subject, not the storage.
 */
describe('user-supplied patterns run in linear time', () => {
  let proctor: TestProctor;
  let baseUrl: string;
  let shopId: number;

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    proctor = await startTestProctor(testDatabases()[0]!, {
      builtInSimulators: builtInRegistrations().filter(({ simulator }) => simulator.name === 'shop'),
      env: { BROWSER_POOL_SIZE: '1', MAX_ENVIRONMENTS: '2', PUBLIC_URL: baseUrl },
    });
    await proctor.app.listen({ port, host: '127.0.0.1' });
    const [shop] = await proctor.ctx.db
      .select({ id: simulators.id })
      .from(simulators)
      .where(eq(simulators.name, 'shop'));
    shopId = shop!.id;
  });
  afterAll(() => proctor?.close());

  /** Each test its own organization: an environment left open by one cannot hold another's slot. */
  const newAuthor = () =>
    proctor.actor({
      permissions: { playground_access: true, create_test_cases: true, dashboard_access: true },
      plan: { allowed_simulators: [shopId] },
    });

  /** One call over HTTP, and how long it took from sending to the whole answer. */
  async function timed(author: Actor, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...author.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as unknown;
    return { status: response.status, json, ms: performance.now() - started };
  }

  async function createTestCase(author: Actor, outputSchema: unknown) {
    return timed(author, 'POST', '/api/testcases', {
      name: `Patterns ${newPublicId()}`,
      prompt: 'Answer with a string',
      simulatorId: shopId,
      scoringTypes: ['output'],
      outputSchema,
    });
  }

  /** An environment reset to the test case, ready to evaluate. */
  async function environmentFor(author: Actor, testCasePublicId: string) {
    const made = await timed(author, 'POST', '/api/env/make2', { env_id: 'shop' });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const { id } = MakeEnvironmentResponse.parse(made.json);
    const reset = await timed(author, 'POST', `/api/env/${id}/reset`, {
      test_case_public_id: testCasePublicId,
    });
    expect(reset.status, JSON.stringify(reset.json)).toBe(200);
    ResetEnvironmentResponse.parse(reset.json);
    return id;
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('should evaluate an answer against a catastrophic schema pattern at once, and answer health meanwhile', async () => {
    const author = await newAuthor();
    const catastrophic = '^(a+)+$';
    const created = await createTestCase(author, { type: 'string', pattern: catastrophic });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const [testCase] = TestCasesResponse.parse(created.json).testCases;
    const environment = await environmentFor(author, testCase!.publicId);
    const evaluate = (output: string) =>
      timed(author, 'POST', `/api/env/${environment}/evaluate`, { output });

    // The first evaluation compiles the schema; the hostile ones below are what is measured.
    const matching = await evaluate('aaaa');
    expect(EvaluateEnvironmentResponse.parse(matching.json).passed).toBe(true);

    const hostile = `${'a'.repeat(40)}!`;
    const evaluations: number[] = [];
    const healths: number[] = [];
    // Five rounds, judged by their median: one scheduler pause on a busy machine is not the engine's.
    for (let round = 0; round < 5; round++) {
      const [evaluation, health] = await Promise.all([
        evaluate(hostile),
        timed(author, 'GET', '/api/health'),
      ]);
      expect(evaluation.status).toBe(200);
      const verdict = EvaluateEnvironmentResponse.parse(evaluation.json);
      expect(verdict.passed).toBe(false);
      expect(verdict.details.output?.schema_errors).toEqual([
        `String does not match pattern ${catastrophic}`,
      ]);
      expect(health.status).toBe(200);
      evaluations.push(evaluation.ms);
      healths.push(health.ms);
    }
    expect(median(evaluations), `evaluate took ${evaluations.map(Math.round).join(', ')} ms`).toBeLessThan(
      100,
    );
    expect(median(healths), `health took ${healths.map(Math.round).join(', ')} ms`).toBeLessThan(50);
    await timed(author, 'POST', `/api/env/${environment}/close`);
  });

  it('should refuse to save a schema or a url_pattern with lookaround or a backreference, saying why', async () => {
    const author = await newAuthor();
    const expectRefused = (response: { status: number; json: unknown }, detail: string) => {
      expect(response.status, JSON.stringify(response.json)).toBe(400);
      expect((response.json as { detail: string }).detail).toContain(detail);
    };
    expectRefused(
      await createTestCase(author, { type: 'string', pattern: '^(?!admin)' }),
      'Invalid JSON in output schema: schema.pattern uses a lookahead or lookbehind',
    );
    expectRefused(
      await createTestCase(author, { type: 'string', pattern: '^(\\w)\\1$' }),
      'Invalid JSON in output schema: schema.pattern uses a backreference',
    );
    expectRefused(
      await createTestCase(author, { type: 'object', patternProperties: { '(?<=x)y': { type: 'number' } } }),
      'schema.patternProperties["(?<=x)y"] uses a lookahead or lookbehind',
    );

    const created = await createTestCase(author, { type: 'string', pattern: '^\\d+$' });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const [testCase] = TestCasesResponse.parse(created.json).testCases;
    expectRefused(
      await timed(author, 'PUT', `/api/testcases/${testCase!.id}`, {
        outputSchema: { type: 'object', properties: { code: { type: 'string', pattern: '(a)\\1' } } },
      }),
      'schema.properties.code.pattern uses a backreference',
    );
    expectRefused(
      await timed(author, 'PUT', `/api/testcases/${testCase!.id}`, {
        defaultScoringConfig: {
          type: 'page_action_sequence',
          actions: [{ type: 'url_change', url_pattern: '^/orders/(?!new)' }],
        },
      }),
      'url_pattern uses a lookahead or lookbehind',
    );
    const [stored] = await proctor.ctx.db.select().from(testCases).where(eq(testCases.id, testCase!.id));
    expect(stored!.outputSchema).toEqual({ type: 'string', pattern: '^\\d+$' });
  });

  it('should report a stored schema whose pattern RE2 refuses as a config error of the evaluation', async () => {
    const author = await newAuthor();
    // Saved before patterns were checked for RE2: straight into the database, as it would be there.
    const [stored] = await proctor.ctx.db
      .insert(testCases)
      .values({
        publicId: newPublicId(),
        organizationId: author.organization!.id,
        simulatorId: shopId,
        name: 'A schema saved before the check',
        prompt: 'Answer with a string',
        scoringTypes: ['output'],
        outputSchema: { type: 'string', pattern: '^(a)\\1$' },
      })
      .returning();
    const environment = await environmentFor(author, stored!.publicId);
    const evaluation = await timed(author, 'POST', `/api/env/${environment}/evaluate`, { output: 'aa' });
    expect(evaluation.status, JSON.stringify(evaluation.json)).toBe(200);
    const verdict = EvaluateEnvironmentResponse.parse(evaluation.json);
    expect(verdict.passed).toBe(false);
    expect(verdict.details.scores).toContainEqual({
      type: 'json_schema',
      correct: null,
      reason: expect.stringContaining('schema.pattern uses a backreference'),
      error: 'invalid_config',
    });
    await timed(author, 'POST', `/api/env/${environment}/close`);
  });
});
