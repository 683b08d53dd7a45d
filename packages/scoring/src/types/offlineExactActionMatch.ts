import { USER_ACTION_TYPES } from '@proctor/contracts';
import { z } from 'zod';
import {
  actionMatches,
  comparableActions,
  DEFAULT_IGNORED_ACTION_TYPES,
  describeAction,
  describeExpectedAction,
  ExpectedAction,
} from '../actions';
import { configBase, defineScoreType } from '../definition';
import type { ActionDiff } from '../result';

export const OfflineExactActionMatchConfig = z
  .object({
    ...configBase,
    /** The session's actions, exactly: this many, in this order. */
    actions: z.array(ExpectedAction).min(1, { error: 'List at least one expected action' }).optional(),
    /** A single-step task's one action (001 §3 `action`): the same as `actions: [action]`. */
    action: ExpectedAction.optional(),
    /** Recorded action types left out before comparing. */
    ignore_types: z.array(z.enum(USER_ACTION_TYPES)).default([...DEFAULT_IGNORED_ACTION_TYPES]),
  })
  .superRefine((config, ctx) => {
    if ((config.actions === undefined) === (config.action === undefined))
      ctx.addIssue({ code: 'custom', path: ['actions'], message: 'Set either actions or action' });
    for (const expected of config.actions ?? (config.action ? [config.action] : []))
      if (config.ignore_types.includes(expected.type))
        ctx.addIssue({
          code: 'custom',
          path: ['ignore_types'],
          message: `${expected.type} actions are expected, so they cannot be ignored`,
        });
  });
export type OfflineExactActionMatchConfig = z.infer<typeof OfflineExactActionMatchConfig>;

/**
 * The session's actions (ignored types and the platform's own left out) are exactly the expected ones:
 * as many, in the same order, each matching. Similarity: matching positions / the longer sequence.
 */
export const offlineExactActionMatch = defineScoreType({
  type: 'offline_exact_action_match',
  label: 'Offline exact action match',
  configSchema: OfflineExactActionMatchConfig,
  score(input, config) {
    const expected = config.actions ?? (config.action ? [config.action] : []);
    const actual = comparableActions(input.steps, config.ignore_types);
    const length = Math.max(expected.length, actual.length);
    const diffs: ActionDiff[] = [];
    for (let step = 0; step < length; step++) {
      const want = expected[step];
      const got = actual[step];
      if (want && got && actionMatches(want, got)) continue;
      diffs.push({
        step,
        expected: want ? describeExpectedAction(want) : null,
        actual: got ? describeAction(got) : null,
        reason: !want
          ? 'an extra action'
          : !got
            ? 'the session stopped before this action'
            : 'a different action',
      });
    }
    const matching = length - diffs.length;
    return {
      type: 'offline_exact_action_match',
      correct: diffs.length === 0,
      similarity: length === 0 ? 1 : matching / length,
      reason:
        diffs.length === 0
          ? `The session's ${actual.length} actions are exactly the expected ones`
          : `${matching} of ${length} actions as expected (${expected.length} expected, ${actual.length} taken)`,
      diffs,
    };
  },
});
