import {
  type Endpoint,
  type EndpointBody,
  type EndpointOptionsArgument,
  type EndpointRequest,
  type EndpointResponse,
  ErrorResponse,
  endpoints,
  endpointUrl,
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

  /**
   * One call of an endpoint over HTTP, and how long it took from sending to the whole answer; the body
   * parsed with the endpoint's response schema on 2xx, as `{detail}` otherwise.
   */
  async function timed<
    P extends Endpoint['response'],
    Q extends Endpoint['response'],
    B extends Endpoint['response'],
    R extends Endpoint['response'],
  >(
    author: Actor,
    endpoint: Endpoint<P, Q, B, R>,
    ...[options]: EndpointOptionsArgument<Endpoint<P, Q, B, R>, EndpointRequest<Endpoint<P, Q, B, R>>>
  ): Promise<{
    status: number;
    body: EndpointResponse<Endpoint<P, Q, B, R>> & Partial<ErrorResponse>;
    ms: number;
  }>;
  async function timed(
    author: Actor,
    endpoint: Endpoint,
    options?: { params?: unknown; query?: unknown; body?: unknown },
  ): Promise<{ status: number; body: unknown; ms: number }> {
    const body = options?.body === undefined ? undefined : JSON.stringify(options.body);
    const started = performance.now();
    const response = await fetch(`${baseUrl}${endpointUrl(endpoint.path, options)}`, {
      method: endpoint.method,
      headers: { ...author.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body,
    });
    const json = (await response.json()) as unknown;
    const ms = performance.now() - started;
    return {
      status: response.status,
      body: (response.ok ? endpoint.response : ErrorResponse.strict()).parse(json),
      ms,
    };
  }

  async function createTestCase(author: Actor, outputSchema: Record<string, unknown>) {
    return timed(author, endpoints.createTestCases, {
      body: {
        name: `Patterns ${newPublicId()}`,
        prompt: 'Answer with a string',
        simulatorId: shopId,
        scoringTypes: ['output'],
        outputSchema,
      },
    });
  }

  /** An environment reset to the test case, ready to evaluate. */
  async function environmentFor(author: Actor, testCasePublicId: string) {
    const made = await timed(author, endpoints.makeEnvironment, { body: { env_id: 'shop' } });
    expect(made.status, made.body.detail).toBe(201);
    const { id } = made.body;
    const reset = await timed(author, endpoints.resetEnvironment, {
      params: { id },
      body: { test_case_public_id: testCasePublicId },
    });
    expect(reset.status, reset.body.detail).toBe(200);
    return id;
  }
  const close = (author: Actor, id: string) => timed(author, endpoints.closeEnvironment, { params: { id } });

  /** Far above what a linear match costs on any machine, far below what a backtracking one would. */
  const LINEAR_BOUND_MS = 5_000;
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  it('should evaluate an answer against a catastrophic schema pattern at once, and answer health meanwhile', async () => {
    const author = await newAuthor();
    const catastrophic = '^(a+)+$';
    const created = await createTestCase(author, { type: 'string', pattern: catastrophic });
    expect(created.status, created.body.detail).toBe(201);
    const [testCase] = created.body.testCases;
    const environment = await environmentFor(author, testCase!.publicId);
    const evaluate = (output: string) =>
      timed(author, endpoints.evaluateEnvironment, { params: { id: environment }, body: { output } });

    // The first evaluation compiles the schema; the hostile ones below are what is measured.
    const matching = await evaluate('aaaa');
    expect(matching.body.passed).toBe(true);

    const hostile = `${'a'.repeat(40)}!`;
    const evaluations: number[] = [];
    const healths: number[] = [];
    // Five rounds, judged by their median: one scheduler pause on a busy machine is not the engine's.
    for (let round = 0; round < 5; round++) {
      const [evaluation, health] = await Promise.all([evaluate(hostile), timed(author, endpoints.health)]);
      expect(evaluation.status).toBe(200);
      const verdict = evaluation.body;
      expect(verdict.passed).toBe(false);
      expect(verdict.details.output?.schema_errors).toEqual([
        `String does not match pattern ${catastrophic}`,
      ]);
      expect(health.status).toBe(200);
      evaluations.push(evaluation.ms);
      healths.push(health.ms);
    }
    // The bound tells linear from exponential, not fast from slow (speed is the benchmarks'): a backtracking engine
    // takes 2^40 steps on this answer, hours, while the server goes on answering; a busy machine takes a second.
    expect(median(evaluations), `evaluate took ${evaluations.map(Math.round).join(', ')} ms`).toBeLessThan(
      LINEAR_BOUND_MS,
    );
    expect(median(healths), `health took ${healths.map(Math.round).join(', ')} ms`).toBeLessThan(
      LINEAR_BOUND_MS,
    );
    await close(author, environment);
  });

  it('should refuse to save a schema or a url_pattern with lookaround or a backreference, saying why', async () => {
    const author = await newAuthor();
    const expectRefused = (response: { status: number; body: { detail?: string } }, detail: string) => {
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.detail).toContain(detail);
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
    expect(created.status, created.body.detail).toBe(201);
    const [testCase] = created.body.testCases;
    const update = (body: EndpointBody<typeof endpoints.updateTestCase>) =>
      timed(author, endpoints.updateTestCase, { params: { id: String(testCase!.id) }, body });
    expectRefused(
      await update({
        outputSchema: { type: 'object', properties: { code: { type: 'string', pattern: '(a)\\1' } } },
      }),
      'schema.properties.code.pattern uses a backreference',
    );
    expectRefused(
      await update({
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
    const evaluation = await timed(author, endpoints.evaluateEnvironment, {
      params: { id: environment },
      body: { output: 'aa' },
    });
    expect(evaluation.status, evaluation.body.detail).toBe(200);
    const verdict = evaluation.body;
    expect(verdict.passed).toBe(false);
    expect(verdict.details.scores).toContainEqual({
      type: 'json_schema',
      correct: null,
      reason: expect.stringContaining('schema.pattern uses a backreference'),
      error: 'invalid_config',
    });
    await close(author, environment);
  });
});
