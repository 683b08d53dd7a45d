import { SCORE_TYPES } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineScoreType,
  runScoreType,
  SCORE_TYPE_DEFINITIONS,
  scoreSession,
  scoreTypeDefinition,
  scoreWith,
} from '../src/index';
import { session } from './support/session';

describe('the registry', () => {
  it('should hold every score type of the spec but the legacy state_mutation, each under its own name', () => {
    const names = Object.keys(SCORE_TYPE_DEFINITIONS);
    expect(new Set(names)).toEqual(new Set(SCORE_TYPES.filter((t) => t !== 'state_mutation')));
    for (const [name, definition] of Object.entries(SCORE_TYPE_DEFINITIONS))
      expect(definition.type).toBe(name);
  });

  it('should give the spec defaults to the configs that have them', () => {
    expect(scoreTypeDefinition('offline_step')?.configSchema.parse({})).toEqual({
      version: 'latest',
      threshold: 0.8,
      max_steps: 10,
    });
    expect(scoreTypeDefinition('human_in_the_loop')?.configSchema.parse({})).toEqual({
      version: 'latest',
      review_threshold: 0.7,
    });
  });

  it('should answer an unknown type as a config error', async () => {
    expect(await runScoreType('state_mutation', {}, session())).toMatchObject({
      status: 'error',
      error: { kind: 'invalid_config', message: 'Unknown score type "state_mutation"' },
    });
    expect(scoreTypeDefinition('toString')).toBeUndefined();
  });

  it('should turn a crash inside a score type into an internal error, never a verdict', async () => {
    const broken = defineScoreType({
      type: 'criteria',
      label: 'Broken',
      configSchema: z.object({}),
      score: () => {
        throw new TypeError('boom');
      },
    });
    expect(await scoreWith(broken, {}, session())).toEqual({
      status: 'error',
      type: 'criteria',
      error: { kind: 'internal', message: 'boom' },
    });
  });

  it('should run every configured type of a session, in order', async () => {
    const outcomes = await scoreSession(session(), [
      { type: 'state_mutation_match', config: { mutations: [] } },
      { type: 'system_scoring' },
      { type: 'criteria', config: { criteria: ['Done'] } },
    ]);
    expect(outcomes.map((o) => `${o.type}:${o.status}`)).toEqual([
      'state_mutation_match:scored',
      'system_scoring:scored',
      'criteria:scored',
    ]);
  });
});
