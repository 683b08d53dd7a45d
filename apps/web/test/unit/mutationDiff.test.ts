import type { MergedMutationsResponse } from '@proctor/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  columnChanges,
  formatValue,
  mutationKey,
  sessionColumns,
} from '../../src/features/mutationDiff/mutationDiff';

const merged: MergedMutationsResponse = {
  sessions: [
    {
      sessionId: 's1',
      createdAt: '2026-04-01T09:00:00.000Z',
      agent: 'human',
      mutations: [
        {
          action: 'INSERT',
          table_name: 'cart_items',
          pk: '7',
          before: null,
          after: { id: 7, variant_id: 4, quantity: 2 },
          changes: { id: 7, variant_id: 4, quantity: 2 },
        },
        {
          action: 'UPDATE',
          table_name: 'users',
          pk: '1',
          before: { id: 1, nickname: 'Al' },
          after: { id: 1, nickname: null },
          changes: { nickname: null },
        },
      ],
    },
    {
      sessionId: 's2',
      createdAt: '2026-04-01T09:05:00.000Z',
      agent: null,
      mutations: [
        {
          action: 'INSERT',
          table_name: 'cart_items',
          pk: '7',
          before: null,
          after: { id: 7, variant_id: 4, quantity: 2 },
          changes: { id: 7, variant_id: 4, quantity: 2 },
        },
      ],
    },
  ],
  differential: [
    { action: 'UPDATE', table_name: 'users', pk: '1', present_in: ['s1'], missing_from: ['s2'] },
  ],
};

describe('mutation diff viewer', () => {
  it('should mark in each session the changes not every session made, and list what it did not make', () => {
    const [first, second] = sessionColumns(merged);
    expect(first!.mutations.map((item) => [item.mutation.table_name, item.differential !== null])).toEqual([
      ['cart_items', false],
      ['users', true],
    ]);
    expect(first!.missing).toEqual([]);
    expect(second!.mutations.map((item) => item.differential)).toEqual([null]);
    expect(second!.missing.map((change) => change.table_name)).toEqual(['users']);
  });

  it('should identify a change by action, table and primary key only', () => {
    expect(mutationKey({ action: 'INSERT', table_name: 'a', pk: '1' })).toBe(
      mutationKey({ action: 'INSERT', table_name: 'a', pk: '1' }),
    );
    expect(mutationKey({ action: 'INSERT', table_name: 'a b', pk: '1' })).not.toBe(
      mutationKey({ action: 'INSERT', table_name: 'a', pk: 'b 1' }),
    );
  });

  it('should show the columns a change touched, with the value before for an update', () => {
    expect(columnChanges(merged.sessions[0]!.mutations[0]!)).toEqual([
      { column: 'id', value: '7' },
      { column: 'variant_id', value: '4' },
      { column: 'quantity', value: '2' },
    ]);
    expect(columnChanges(merged.sessions[0]!.mutations[1]!)).toEqual([
      { column: 'nickname', before: '"Al"', value: 'null' },
    ]);
  });

  it('should print values as JSON so that look-alikes stay apart', () => {
    expect(formatValue('1')).toBe('"1"');
    expect(formatValue(1)).toBe('1');
    expect(formatValue(null)).toBe('null');
    expect(formatValue(undefined)).toBe('(absent)');
    expect(formatValue({ a: [1] })).toBe('{"a":[1]}');
  });
});

describe('mutation conflict tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** The API layer reads localStorage and listens on window when it loads. */
  async function load() {
    vi.stubGlobal('localStorage', { getItem: () => null, setItem() {}, removeItem() {} });
    vi.stubGlobal('window', new EventTarget());
    const [comparison, api] = await Promise.all([
      import('../../src/features/tests/mutationComparison'),
      import('../../src/api'),
    ]);
    return { ...comparison, ApiError: api.ApiError };
  }

  it("should read the test case's last generation only when it has the generation's shape", async () => {
    const { lastGenerationOf } = await load();
    expect(lastGenerationOf({ lastScoringGenerationResult: null })).toBeNull();
    expect(
      lastGenerationOf({ lastScoringGenerationResult: { success: false, errors: [{ type: 'x' }] } }),
    ).toBeNull();
    const stored = {
      status: 'error',
      created_at: '2026-04-01T09:00:00.000Z',
      num_sessions_used: 2,
      session_ids: ['s1', 's2'],
      mutation_count: 0,
      errors: ['The 2 correct sessions disagree on 1 change'],
      differential: merged.differential,
    };
    expect(lastGenerationOf({ lastScoringGenerationResult: stored })).toEqual(stored);
  });

  it('should tell "no correct sessions" apart from a failure to compare', async () => {
    const { isNoSessionsError, ApiError } = await load();
    const noSessions =
      'No sessions found for this test case. Please run the test case at least once to generate session data for comparison.';
    expect(isNoSessionsError(new ApiError(404, noSessions))).toBe(true);
    expect(isNoSessionsError(new ApiError(404, 'Test case not found'))).toBe(false);
    expect(isNoSessionsError(new ApiError(500, noSessions))).toBe(false);
    expect(isNoSessionsError(new Error(noSessions))).toBe(false);
  });
});
