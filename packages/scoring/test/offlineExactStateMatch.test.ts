import { describe, expect, it } from 'vitest';
import { type FinalPageState, runScoreType } from '../src/index';
import { session } from './support/session';

const config = {
  expected_state: [
    { xpath: '//h1', value: 'Order 1042' },
    { xpath: '//input[@name="qty"]', value: '2' },
  ],
};
const run = (finalState?: FinalPageState, c: unknown = config) =>
  runScoreType('offline_exact_state_match', c, session({ finalState }));

describe('offline_exact_state_match', () => {
  it('should pass when the final page shows every expected value, whitespace collapsed', async () => {
    const outcome = await run({ values: { '//h1': '  Order\n 1042 ', '//input[@name="qty"]': '2' } });
    expect(outcome).toMatchObject({ status: 'scored', result: { correct: true, similarity: 1, diffs: [] } });
  });

  it('should list each differing value as a state diff, null where no element is', async () => {
    const outcome = await run({ values: { '//h1': 'Order 1043', '//input[@name="qty"]': null } });
    expect(outcome).toMatchObject({
      result: {
        correct: false,
        similarity: 0,
        reason: '2 of 2 values differ on the final page',
        diffs: [
          { xpath: '//h1', correct_value: 'Order 1042', actual_value: 'Order 1043' },
          { xpath: '//input[@name="qty"]', correct_value: '2', actual_value: null },
        ],
      },
    });
  });

  it('should call an uncaptured page or path missing input, not a failure', async () => {
    expect(await run(undefined)).toMatchObject({ status: 'error', error: { kind: 'missing_input' } });
    expect(await run({ values: { '//h1': 'Order 1042' } })).toMatchObject({
      status: 'error',
      error: { kind: 'missing_input', message: 'The final page state has no value for //input[@name="qty"]' },
    });
    expect(await run({ values: {} }, { expected_state: [] })).toMatchObject({
      error: { kind: 'invalid_config' },
    });
  });
});
