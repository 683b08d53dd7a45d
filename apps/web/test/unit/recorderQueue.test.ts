import { describe, expect, it } from 'vitest';
import {
  completionOf,
  groupForRecorder,
  nextCaseAfter,
  type RecorderAssignment,
  recorderOrder,
} from '../../src/features/recorder/recorderQueue';

function assignment(
  publicId: string,
  simulatorId: number | null,
  counts: { recorded?: number; mine?: number; requested?: number; completed?: boolean } = {},
): RecorderAssignment {
  return {
    test_case: { id: 0, publicId, name: publicId, isSample: false, simulator_id: simulatorId },
    recorded_count: counts.recorded ?? 0,
    recorded_by_you_count: counts.mine ?? 0,
    requested_recording_count: counts.requested ?? 3,
    completed: counts.completed ?? false,
  };
}

const none = new Set<string>();
const ids = (list: readonly RecorderAssignment[]) => list.map((a) => a.test_case.publicId);

describe('the recorder completion rule', () => {
  it('should count a case the person recorded before, or marked in this visit, as theirs', () => {
    expect(completionOf(assignment('a', 1, { recorded: 1, mine: 1 }), none)).toBe('user-completed');
    expect(completionOf(assignment('a', 1), new Set(['a']))).toBe('user-completed');
  });

  it('should count a case whose valid sessions reach the requested count as the system’s', () => {
    expect(completionOf(assignment('a', 1, { recorded: 3, requested: 3 }), none)).toBe('system-completed');
    expect(completionOf(assignment('a', 1, { recorded: 4, requested: 3 }), none)).toBe('system-completed');
    expect(completionOf(assignment('a', 1, { completed: true }), none)).toBe('system-completed');
  });

  it('should leave a case others recorded below the requested count open', () => {
    expect(completionOf(assignment('a', 1, { recorded: 2, requested: 3 }), none)).toBeNull();
    expect(completionOf(assignment('a', 1), new Set(['b']))).toBeNull();
  });
});

describe('the next case after Task Complete', () => {
  const queue = [assignment('a', 1), assignment('b', 1), assignment('c', 1), assignment('d', 1)];

  it('should move to the next open case after the current one', () => {
    expect(nextCaseAfter(queue, 'a', new Set(['a']))?.test_case.publicId).toBe('b');
  });

  it('should skip completed cases and wrap to the first', () => {
    const marked = new Set(['c', 'd']);
    expect(nextCaseAfter(queue, 'c', marked)?.test_case.publicId).toBe('a');
    const recorded = [assignment('a', 1, { mine: 1 }), ...queue.slice(1)];
    expect(nextCaseAfter(recorded, 'd', new Set(['d']))?.test_case.publicId).toBe('b');
  });

  it('should give none when every case is completed, the current one included', () => {
    expect(nextCaseAfter(queue, 'b', new Set(['a', 'b', 'c', 'd']))).toBeNull();
    expect(nextCaseAfter([assignment('a', 1)], 'a', new Set(['a']))).toBeNull();
  });

  it('should never move to the current case even when it is still open', () => {
    expect(nextCaseAfter([assignment('a', 1)], 'a', none)).toBeNull();
  });

  it('should start from the first when the current case is not in the queue (free play, filtered out)', () => {
    expect(nextCaseAfter(queue, null, none)?.test_case.publicId).toBe('a');
    expect(nextCaseAfter(queue, 'elsewhere', new Set(['a']))?.test_case.publicId).toBe('b');
  });
});

describe('the recorder list', () => {
  const assignments = [
    assignment('shop-1', 1),
    assignment('mail-1', 2),
    assignment('shop-2', 1, { recorded: 3 }),
    assignment('mail-2', 2),
    assignment('shop-3', 1),
  ];

  it('should order the cases by simulator, in the order the simulators first come', () => {
    expect(ids(recorderOrder(assignments))).toEqual(['shop-1', 'shop-2', 'shop-3', 'mail-1', 'mail-2']);
  });

  it('should group open cases by simulator and put completed ones apart', () => {
    const { open, completed } = groupForRecorder(recorderOrder(assignments), new Set(['mail-1']));
    expect(open.map((group) => [group.simulatorId, ids(group.cases)])).toEqual([
      [1, ['shop-1', 'shop-3']],
      [2, ['mail-2']],
    ]);
    expect(ids(completed)).toEqual(['shop-2', 'mail-1']);
  });

  it('should walk the panel order across simulators on Task Complete', () => {
    const order = recorderOrder(assignments);
    expect(nextCaseAfter(order, 'shop-3', new Set(['shop-3']))?.test_case.publicId).toBe('mail-1');
  });
});
