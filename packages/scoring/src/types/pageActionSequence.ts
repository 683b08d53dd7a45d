import type { UserAction } from '@proctor/contracts';
import { z } from 'zod';
import { actionMatches, comparableActions, describeExpectedAction, ExpectedAction } from '../actions';
import { configBase, defineScoreType } from '../definition';
import type { ActionDiff } from '../result';

export const PageActionSequenceConfig = z.object({
  ...configBase,
  /** Actions that must happen in this order; other actions may come between them. */
  actions: z.array(ExpectedAction).min(1, { error: 'List at least one expected action' }),
});
export type PageActionSequenceConfig = z.infer<typeof PageActionSequenceConfig>;

/**
 * Which expected actions a longest in-order match uses: a longest common subsequence of the expected and
 * recorded actions, where "common" is `actionMatches`. Returns the matched expected indexes.
 */
export function matchInOrder(
  expected: readonly ExpectedAction[],
  actual: readonly UserAction[],
): Set<number> {
  const rows = expected.length + 1;
  const cols = actual.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = expected.length - 1; i >= 0; i--)
    for (let j = actual.length - 1; j >= 0; j--)
      table[i * cols + j] = actionMatches(expected[i] as ExpectedAction, actual[j] as UserAction)
        ? (table[(i + 1) * cols + j + 1] as number) + 1
        : Math.max(table[(i + 1) * cols + j] as number, table[i * cols + j + 1] as number);
  const matched = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < expected.length && j < actual.length) {
    const here = table[i * cols + j] as number;
    if (
      actionMatches(expected[i] as ExpectedAction, actual[j] as UserAction) &&
      here === (table[(i + 1) * cols + j + 1] as number) + 1
    ) {
      matched.add(i);
      i++;
      j++;
    } else if (here === (table[(i + 1) * cols + j] as number)) i++;
    else j++;
  }
  return matched;
}

/**
 * The expected actions happen in order among the session's actions (mouse moves and the platform's own
 * navigation left out). Similarity: the share of expected actions a longest in-order match finds.
 */
export const pageActionSequence = defineScoreType({
  type: 'page_action_sequence',
  label: 'Action sequence',
  configSchema: PageActionSequenceConfig,
  score(input, config) {
    const actual = comparableActions(input.steps, ['mouse_move']);
    const matched = matchInOrder(config.actions, actual);
    const diffs: ActionDiff[] = config.actions.flatMap((expected, step) =>
      matched.has(step)
        ? []
        : [{ step, expected: describeExpectedAction(expected), actual: null, reason: 'not found in order' }],
    );
    const total = config.actions.length;
    return {
      type: 'page_action_sequence',
      correct: matched.size === total,
      similarity: matched.size / total,
      reason:
        matched.size === total
          ? `All ${total} expected actions happened in order`
          : `${matched.size} of ${total} expected actions happened in order; missing: ${diffs.map((d) => d.expected).join(', ')}`,
      diffs,
    };
  },
});
