import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type DifferentialMutation,
  EnvironmentStateResponse,
  Mutation,
  MutationIgnoreRules,
  SimulatorConfig,
  StateMutation,
} from '../src';

const cartLine: Mutation = {
  action: 'UPDATE',
  table_name: 'cart_items',
  pk: '[7,"admin"]',
  old: { id: 7, quantity: 1, meta: { gift: false }, tags: ['a'] },
  new: { id: 7, quantity: 2, meta: { gift: true }, tags: ['a', 'b'] },
  action_timestamp: '2026-03-02T09:05:00.000Z',
};

describe('the mutation log entry', () => {
  it('should read an entry of the log as written, JSON rows included', () => {
    expect(Mutation.parse(cartLine)).toEqual(cartLine);
    expect(Mutation.parse({ ...cartLine, action: 'INSERT', old: null })).toMatchObject({ old: null });
  });

  it('should refuse an unknown action or a row value JSON cannot carry', () => {
    expect(Mutation.safeParse({ ...cartLine, action: 'UPSERT' }).success).toBe(false);
    expect(Mutation.safeParse({ ...cartLine, new: { id: 7, at: new Date() } }).success).toBe(false);
  });

  it('should be the one schema the environment state and the differential read', () => {
    expect(StateMutation).toBe(Mutation);
    expect(EnvironmentStateResponse.shape.state.shape.mutations.element).toBe(Mutation);
    expectTypeOf<Pick<DifferentialMutation, 'action' | 'table_name' | 'pk'>>().toEqualTypeOf<
      Pick<Mutation, 'action' | 'table_name' | 'pk'>
    >();
  });
});

describe('the mutation ignore rules', () => {
  it('should be optional in a simulator config, which gains no rule it was not given', () => {
    expect(SimulatorConfig.parse({ title: 'Shop' })).toEqual({ title: 'Shop' });
    expectTypeOf<Pick<SimulatorConfig, keyof MutationIgnoreRules>>().toEqualTypeOf<
      Partial<MutationIgnoreRules>
    >();
  });

  it('should refuse a simulator config whose rules are malformed', () => {
    expect(SimulatorConfig.safeParse({ ignore_columns: { orders: 'updated_at' } }).success).toBe(false);
    expect(
      SimulatorConfig.safeParse({ ignore_tables_with_column_values: { drafts: { status: [{}] } } }).success,
    ).toBe(false);
  });

  it('should need every rule once read as the rules themselves', () => {
    expect(MutationIgnoreRules.safeParse({ ignore_tables: [] }).success).toBe(false);
    expect(
      MutationIgnoreRules.parse({
        ignore_tables: ['audit_log'],
        ignore_columns: { '*': ['updated_at'] },
        ignore_tables_with_column_values: { drafts: { status: ['autosaved', null] } },
      }),
    ).toMatchObject({ ignore_tables: ['audit_log'] });
  });
});
