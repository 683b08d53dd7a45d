import type { RecordedStep, UserAction } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { mutationRanges } from '../../src/presenters/sessionDetail';

/** A step of the given type that began with `before` mutations logged and settled with `after`. */
function step(idx: number, type: UserAction['type'], before: number, after: number): RecordedStep {
  const base = { id: `a${idx}`, timestamp: 1_000 + idx, is_simulator_action: false, metadata: {} };
  const action =
    type === 'url_change'
      ? { ...base, type, url: 'http://shop.localhost/cart' }
      : type === 'mouse_move'
        ? { ...base, type, positions: [] }
        : { ...base, type: 'click' as const, x: 1, y: 1, target: null };
  return {
    idx,
    action: action as UserAction,
    before_state: null,
    after_state: null,
    mutations: { before, after },
  };
}

describe('mutationRanges', () => {
  it('keeps a write that landed after its step settled on that step, not on the navigation it caused', () => {
    // The click settled at 0 writes; its form's POST wrote 2 rows; the redirect's url_change began at 2.
    const ranges = mutationRanges([step(0, 'click', 0, 0), step(1, 'url_change', 2, 2)]);
    expect(ranges).toEqual([
      [0, 2],
      [2, 2],
    ]);
  });

  it('gives a step what was logged after it began, and the last step what was logged until it settled', () => {
    // (A slow script's write for the first click, logged after the second began, goes to the second: nothing
    // ties a request to the action that sent it.)
    expect(mutationRanges([step(0, 'click', 0, 1), step(1, 'click', 1, 3)])).toEqual([
      [0, 1],
      [1, 3],
    ]);
  });

  it('never ends a range at a mouse movement: what was logged while one was open goes to the action before', () => {
    const ranges = mutationRanges([
      step(0, 'click', 0, 0),
      step(1, 'mouse_move', 0, 0),
      step(2, 'mouse_move', 1, 1),
      step(3, 'click', 3, 4),
    ]);
    expect(ranges).toEqual([
      [0, 3],
      [3, 3],
      [3, 3],
      [3, 4],
    ]);
  });

  it('is empty for no steps', () => {
    expect(mutationRanges([])).toEqual([]);
  });
});
