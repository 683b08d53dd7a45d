import { z } from 'zod';
import { configBase, defineScoreType } from '../definition';
import { ScoringError, type StateDiff } from '../result';

export const OfflineExactStateMatchConfig = z.object({
  ...configBase,
  /** Values the final page must show: an element's text (a form field's value) at an XPath. */
  expected_state: z
    .array(z.object({ xpath: z.string().min(1), value: z.string() }))
    .min(1, { error: 'List at least one expected value' }),
});
export type OfflineExactStateMatchConfig = z.infer<typeof OfflineExactStateMatchConfig>;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The final page shows the expected values (whitespace collapsed). The caller reads the values at the
 * configured XPaths from the page before the environment closes (`input.finalState`); a path it did not read
 * is missing input, a path with no element is a wrong page (null). Similarity: the share of values as expected.
 */
export const offlineExactStateMatch = defineScoreType({
  type: 'offline_exact_state_match',
  label: 'Offline exact state match',
  configSchema: OfflineExactStateMatchConfig,
  score(input, config) {
    const state = input.finalState;
    if (!state) throw new ScoringError('missing_input', 'No final page state was captured for this session');
    const unread = config.expected_state.filter(({ xpath }) => !Object.hasOwn(state.values, xpath));
    if (unread.length > 0)
      throw new ScoringError(
        'missing_input',
        `The final page state has no value for ${unread.map((u) => u.xpath).join(', ')}`,
      );
    const diffs: StateDiff[] = config.expected_state.flatMap(({ xpath, value }) => {
      const actual = state.values[xpath] ?? null;
      return actual !== null && collapse(actual) === collapse(value)
        ? []
        : [{ xpath, correct_value: value, actual_value: actual }];
    });
    const total = config.expected_state.length;
    return {
      type: 'offline_exact_state_match',
      correct: diffs.length === 0,
      similarity: (total - diffs.length) / total,
      reason:
        diffs.length === 0
          ? `All ${total} expected values are on the final page`
          : `${diffs.length} of ${total} values differ on the final page`,
      diffs,
    };
  },
});
