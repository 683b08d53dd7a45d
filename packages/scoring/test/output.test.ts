import { describe, expect, it } from 'vitest';
import {
  checkOutput,
  compileOutputSchema,
  outputSchemaErrors,
  outputSchemaViolations,
  runScoreType,
} from '../src/index';
import { session } from './support/session';

const schema = {
  type: 'object',
  properties: {
    count: { type: 'integer', minimum: 0 },
    tasks: { type: 'array', items: { type: 'string', pattern: '^OPS-\\d+$' } },
    status: { enum: ['open', 'closed'] },
    note: { type: 'string', minLength: 3 },
  },
  required: ['count', 'tasks'],
  additionalProperties: false,
};

describe('checkOutput (the kit semantics)', () => {
  it('should compare as JSON: key order does not matter, array order and string whitespace do', () => {
    const expected = { count: 2, tasks: ['OPS-1', 'OPS-3'] };
    expect(checkOutput({ tasks: ['OPS-1', 'OPS-3'], count: 2 }, expected, schema).passed).toBe(true);
    expect(checkOutput({ count: 2, tasks: ['OPS-3', 'OPS-1'] }, expected, schema).matchesExpected).toBe(
      false,
    );
    expect(checkOutput('42 ', '42', {}).matchesExpected).toBe(false);
    expect(checkOutput(undefined, null, {}).matchesExpected).toBe(false);
  });

  it('should report schema errors as "/path must be ..."', () => {
    expect(outputSchemaErrors({ count: 'two', tasks: [] }, schema)).toEqual(['/count must be integer']);
    expect(outputSchemaErrors(undefined, { type: 'object' })).toEqual(['(answer) must be object']);
  });
});

describe('outputSchemaViolations', () => {
  it("should word errors as the spec's output check", () => {
    const violations = outputSchemaViolations(
      { count: -1, tasks: ['OPS-1', 'x'], status: 'gone', note: 'ab', extra: 1 },
      schema,
    );
    expect(violations).toEqual(
      expect.arrayContaining([
        "Unexpected property 'extra'",
        '/count: Value is less than minimum (0)',
        '/tasks/1: String does not match pattern ^OPS-\\d+$',
        '/status: Value must be one of "open", "closed"',
        '/note: String length is less than minimum (3)',
      ]),
    );
    expect(outputSchemaViolations({ count: '2' }, schema)).toEqual([
      "Missing required property 'tasks'",
      '/count: Expected integer, got string',
    ]);
  });

  it('should validate the same schema read twice as two objects without growing a cache per object', () => {
    for (let i = 0; i < 500; i++)
      expect(outputSchemaViolations(1, JSON.parse('{"$id":"s","type":"number"}'))).toEqual([]);
  });
});

describe('schema patterns (run in linear time)', () => {
  // A backtracking engine takes minutes on this string (twice as long for each more "a"); RE2 answers at once.
  const hostile = `${'a'.repeat(32)}!`;
  const catastrophic = '^(a+)+$';

  it('should answer a catastrophic pattern on a hostile string, and still match what it describes', () => {
    const string = { type: 'string', pattern: catastrophic };
    expect(outputSchemaViolations(hostile, string)).toEqual([
      `String does not match pattern ${catastrophic}`,
    ]);
    expect(outputSchemaViolations('a'.repeat(32), string)).toEqual([]);
    expect(outputSchemaErrors(hostile, string)).toEqual([`(answer) must match pattern "${catastrophic}"`]);
  });

  it('should run patternProperties (and additionalProperties beside them) on the same engine', () => {
    const byPattern = {
      type: 'object',
      patternProperties: { [catastrophic]: { type: 'number' } },
      additionalProperties: false,
    };
    expect(() => compileOutputSchema({ patternProperties: { '^(?=a)': { type: 'number' } } })).toThrow(
      'The pattern "^(?=a)" uses a lookahead or lookbehind',
    );
    expect(outputSchemaViolations({ aaaa: 'x' }, byPattern)).toEqual(['/aaaa: Expected number, got string']);
    expect(outputSchemaViolations({ [hostile]: 1 }, byPattern)).toEqual([`Unexpected property '${hostile}'`]);
  });

  it('should take ECMAScript syntax: \\d, \\w, \\/, \\u escapes, named groups, unicode classes', () => {
    const pattern = '^\\/(?<id>\\d+)-\\w+-\\u00e9-\\p{Lu}$';
    expect(outputSchemaViolations('/42-a_b-é-Ä', { type: 'string', pattern })).toEqual([]);
    expect(outputSchemaViolations('/x-a-é-Ä', { type: 'string', pattern })).toHaveLength(1);
  });
});

describe('offline_exact_output_match', () => {
  const run = (output: unknown, config: unknown, correctOutputs: unknown[] = []) =>
    runScoreType(
      'offline_exact_output_match',
      config,
      session({
        output: output as never,
        testCase: { scoringTypes: ['output'], correctOutputs, outputSchema: {} },
      }),
    );

  it('should pass an answer equal as JSON to the expected output, whatever its key order', async () => {
    const outcome = await run({ b: [1, 2], a: 'x' }, { expected_output: { a: 'x', b: [1, 2] } });
    expect(outcome).toMatchObject({
      status: 'scored',
      result: { correct: true, reference_output: { a: 'x', b: [1, 2] } },
    });
  });

  it('should read an answer given as JSON text when a structured answer is expected', async () => {
    const outcome = await run('{"count": 2}', { expected_output: { count: 2 } });
    expect(outcome).toMatchObject({ result: { correct: true } });
    // A string answer to a string question is compared as is.
    expect(await run(' 42', { expected_output: '42' })).toMatchObject({ result: { correct: false } });
  });

  it("should fall back to any of the test case's correct outputs", async () => {
    expect(await run(3, {}, [2, 3])).toMatchObject({ result: { correct: true, reference_output: 3 } });
    const wrong = await run(4, {}, [2, 3]);
    expect(wrong).toMatchObject({ result: { correct: false } });
    expect(wrong.status === 'scored' && wrong.result.reason).toBe(
      'The output differs from the expected output: expected 2, got 4',
    );
  });

  it('should fail a session without an answer, and call a missing expectation a config error', async () => {
    expect(await run(undefined, { expected_output: 1 })).toMatchObject({
      result: { correct: false, reason: 'No output: Output value is required for output scoring type' },
    });
    expect(await run(1, {})).toMatchObject({ status: 'error', error: { kind: 'invalid_config' } });
  });
});

describe('json_schema', () => {
  const run = (output: unknown, config: unknown = {}, outputSchema: Record<string, unknown> = schema) =>
    runScoreType(
      'json_schema',
      config,
      session({
        output: output as never,
        testCase: { scoringTypes: ['output'], correctOutputs: [], outputSchema },
      }),
    );

  it("should pass an answer that follows the test case's output schema", async () => {
    expect(await run({ count: 2, tasks: ['OPS-1'] })).toMatchObject({
      status: 'scored',
      result: { type: 'json_schema', correct: true, reason: 'The output matches the output schema' },
    });
  });

  it('should fail with the validation errors, as the spec words them', async () => {
    const outcome = await run({ count: 'two', tasks: [] });
    expect(outcome).toMatchObject({
      result: {
        correct: false,
        reason: 'Output validation errors: /count: Expected integer, got string',
        errors: ['/count: Expected integer, got string'],
      },
    });
  });

  it('should read JSON text, and fail text that is not JSON with "Invalid JSON format"', async () => {
    expect(await run('{"count": 1, "tasks": []}')).toMatchObject({ result: { correct: true } });
    const outcome = await run('{count: 1}');
    expect(outcome.status === 'scored' && outcome.result.reason).toMatch(/^Invalid JSON format: /);
    expect(await run(undefined)).toMatchObject({
      result: { correct: false, reason: 'Output value is required for output scoring type' },
    });
  });

  it('should prefer the schema of the config', async () => {
    expect(await run('free text', { schema: { type: 'string', minLength: 2 } })).toMatchObject({
      result: { correct: true },
    });
  });

  it('should call a broken schema a config error, never a failure of the agent', async () => {
    expect(await run({}, { schema: { type: 'thing' } })).toMatchObject({
      status: 'error',
      error: { kind: 'invalid_config', message: expect.stringContaining('schema.type must be one of') },
    });
    expect(await run({}, { schema: { type: 'object', $ref: '#/definitions/missing' } })).toMatchObject({
      status: 'error',
      error: { kind: 'invalid_config' },
    });
  });

  it('should call a stored schema with a pattern RE2 refuses a config error that says why', async () => {
    const refused = async (outputSchema: Record<string, unknown>) => {
      const outcome = await run('x', {}, outputSchema);
      return outcome.status === 'error' && outcome.error.kind === 'invalid_config' && outcome.error.message;
    };
    expect(await refused({ type: 'string', pattern: '^(a)\\1$' })).toBe(
      'The output schema is invalid: schema.pattern uses a backreference (\\1, \\k<name>), which is not supported: patterns run in linear time, with RE2',
    );
    expect(await refused({ patternProperties: { '(?<!x)y': {} } })).toContain(
      'schema.patternProperties["(?<!x)y"] uses a lookahead or lookbehind',
    );
    expect(await refused({ anyOf: [{ items: { pattern: 'a(?=b)' } }] })).toContain(
      'schema.anyOf.0.items.pattern uses a lookahead or lookbehind',
    );
  });
});
