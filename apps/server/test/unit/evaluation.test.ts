import type { testCases } from '@proctor/db';
import {
  EMPTY_SIMULATOR_CONFIG,
  type JsonValue,
  type Mutation,
  type ScoringInput,
  scoreSession,
} from '@proctor/scoring';
import { describe, expect, it } from 'vitest';
import { presentEvaluation } from '../../src/environments/evaluation';
import { scoreTypesOf } from '../../src/scoring/pipeline';

type TestCaseRow = typeof testCases.$inferSelect;

/** A test case as stored, with only what scoring reads set. */
const testCase = (values: Partial<TestCaseRow>): TestCaseRow =>
  ({
    publicId: 'tc_colour',
    name: 'Pick a colour',
    prompt: 'Add the duvet cover and tell me the colour.',
    scoringTypes: ['mutations'],
    defaultScoringConfig: {},
    correctOutputs: [],
    outputSchema: { type: 'object', properties: {}, additionalProperties: false },
    ...values,
  }) as TestCaseRow;

const duvet = testCase({
  scoringTypes: ['mutations', 'output'],
  defaultScoringConfig: {
    mutations: [{ action: 'INSERT', table_name: 'cart_items', changes: { variant_id: 19, quantity: 1 } }],
  },
  correctOutputs: [{ colour: 'Oat' }],
  outputSchema: {
    type: 'object',
    properties: { colour: { type: 'string' } },
    required: ['colour'],
    additionalProperties: false,
  },
});

const cartLine = (variant: number): Mutation => ({
  action: 'INSERT',
  table_name: 'cart_items',
  pk: '7',
  old: null,
  new: { id: 7, variant_id: variant, quantity: 1 },
  action_timestamp: '2026-03-02T09:05:00.000Z',
});

/** evaluate's answer for a run of `row` that made `mutations` and answered `output` (on `simulators`' apps). */
async function evaluated(
  row: TestCaseRow,
  mutations: Mutation[],
  output: JsonValue | undefined,
  simulators?: ScoringInput['simulators'],
) {
  const outcomes = await scoreSession(
    {
      sessionId: 'session-1',
      task: { prompt: row.prompt },
      testCase: {
        scoringTypes: row.scoringTypes as ('mutations' | 'output')[],
        correctOutputs: row.correctOutputs,
        outputSchema: row.outputSchema as Record<string, unknown>,
      },
      simulatorConfig: EMPTY_SIMULATOR_CONFIG,
      simulators,
      mutations,
      output,
      steps: [],
    },
    scoreTypesOf(row),
  );
  return presentEvaluation(row, outcomes);
}

describe("evaluate's answer from the scoring engine's verdicts", () => {
  it('should pass a run every score type passes, with an empty explanation', async () => {
    expect(await evaluated(duvet, [cartLine(19)], { colour: 'Oat' })).toEqual({
      passed: true,
      details: {
        test_case_public_id: 'tc_colour',
        explanation: '',
        mutations: { satisfied: true, matched: 1, missing: [], unexpected: [] },
        output: { passed: true, matches_expected: true, schema_errors: [] },
        scores: [
          { type: 'state_mutation_match', correct: true, reason: 'All 1 expected mutations matched' },
          {
            type: 'offline_exact_output_match',
            correct: true,
            reason: 'The output matches the expected output',
          },
          { type: 'json_schema', correct: true, reason: 'The output matches the output schema' },
        ],
      },
    });
  });

  it('should fail a wrong answer and a wrong change, saying which type failed and why', async () => {
    const { passed, details } = await evaluated(duvet, [cartLine(18)], { color: 'Clay' });
    expect(passed).toBe(false);
    expect(details.mutations).toEqual({
      satisfied: false,
      matched: 0,
      missing: [{ table_name: 'cart_items', action: 'INSERT', reason: expect.any(String) }],
      unexpected: [],
    });
    expect(details.output).toMatchObject({ passed: false, matches_expected: false });
    expect(details.output!.schema_errors.length).toBeGreaterThan(0);
    expect(details.explanation).toMatch(/^state_mutation_match: /);
    expect(details.explanation).toContain('\noffline_exact_output_match: The output differs');
    expect(details.explanation).toContain('\njson_schema: ');
  });

  it('should say a score type that cannot judge is not a verdict on the agent', async () => {
    const noSchema = testCase({ scoringTypes: ['output'], outputSchema: { type: 'no-such-type' } });
    const { passed, details } = await evaluated(noSchema, [], 'Oat');
    expect(passed).toBe(false);
    expect(details.scores).toEqual([
      { type: 'json_schema', correct: null, reason: expect.any(String), error: 'invalid_config' },
    ]);
    expect(details.explanation).toMatch(
      /^json_schema could not judge the run \(invalid_config: .+\); this is not a verdict on the agent$/,
    );
    expect(details.output).toEqual({ passed: false, matches_expected: true, schema_errors: [] });
  });

  it('should name the app of each missing and unexpected change in a test case across apps', async () => {
    const acrossApps = testCase({
      defaultScoringConfig: {
        mutations: [
          { action: 'INSERT', table_name: 'cart_items', changes: { variant_id: 19 } },
          { action: 'INSERT', table_name: 'payments', simulator: 'bank' },
        ],
      },
    });
    const { details } = await evaluated(
      acrossApps,
      [
        { ...cartLine(19), simulator: 'shop' },
        { ...cartLine(18), simulator: 'bank' },
      ],
      undefined,
      { own: 'shop', filters: { bank: EMPTY_SIMULATOR_CONFIG } },
    );
    expect(details.mutations).toEqual({
      satisfied: false,
      matched: 1,
      missing: [
        {
          table_name: 'payments',
          action: 'INSERT',
          reason: expect.stringMatching(/^bank: /),
          simulator: 'bank',
        },
      ],
      unexpected: [{ table_name: 'cart_items', action: 'INSERT', pk: '7', simulator: 'bank' }],
    });
  });
});
