import type { OrganizationAssignment } from '@proctor/contracts';

/**
 * Where an assigned test case stands for the person recording (000 §2.8): done by them when they recorded a
 * session of it (now or before) or marked it complete in this visit; done by the system when the
 * organization's valid sessions reach the requested count, or an admin completed the assignment.
 */
export type RecorderCompletion = 'user-completed' | 'system-completed' | null;

export type RecorderAssignment = Pick<
  OrganizationAssignment,
  'test_case' | 'recorded_count' | 'recorded_by_you_count' | 'requested_recording_count' | 'completed'
>;

export function completionOf(
  assignment: RecorderAssignment,
  markedThisVisit: ReadonlySet<string>,
): RecorderCompletion {
  if (assignment.recorded_by_you_count > 0 || markedThisVisit.has(assignment.test_case.publicId))
    return 'user-completed';
  if (assignment.completed || assignment.recorded_count >= assignment.requested_recording_count)
    return 'system-completed';
  return null;
}

/**
 * The case Task Complete moves to: the first not completed after the current one in `queue` (the panel's
 * `recorderOrder`), wrapping to the start; null when none remains (the recorder then exits). A current case
 * missing from the queue (filtered out) counts as standing before the first.
 */
export function nextCaseAfter<T extends RecorderAssignment>(
  queue: readonly T[],
  currentPublicId: string | null,
  markedThisVisit: ReadonlySet<string>,
): T | null {
  const at = queue.findIndex((assignment) => assignment.test_case.publicId === currentPublicId);
  const ordered = at < 0 ? queue : [...queue.slice(at + 1), ...queue.slice(0, at)];
  return (
    ordered.find(
      (assignment) =>
        assignment.test_case.publicId !== currentPublicId &&
        completionOf(assignment, markedThisVisit) === null,
    ) ?? null
  );
}

export interface SimulatorGroup<T> {
  simulatorId: number | null;
  cases: T[];
}

/**
 * The right panel's list: the cases still to record grouped by simulator (in the order the simulators come),
 * and every completed one apart, for the collapsible Completed group.
 */
export function groupForRecorder<T extends RecorderAssignment>(
  assignments: readonly T[],
  markedThisVisit: ReadonlySet<string>,
): { open: SimulatorGroup<T>[]; completed: T[] } {
  const open = new Map<number | null, T[]>();
  const completed: T[] = [];
  for (const assignment of assignments) {
    if (completionOf(assignment, markedThisVisit) !== null) {
      completed.push(assignment);
      continue;
    }
    const simulatorId = assignment.test_case.simulator_id;
    const group = open.get(simulatorId) ?? [];
    group.push(assignment);
    open.set(simulatorId, group);
  }
  return {
    open: [...open.entries()].map(([simulatorId, cases]) => ({ simulatorId, cases })),
    completed,
  };
}

/**
 * The panel's order, which Task Complete walks: grouped by simulator, the simulators in the order their first
 * case comes, and the cases in theirs (completed ones keep their place, so that "after the current one" holds
 * once the current one is completed).
 */
export function recorderOrder<T extends RecorderAssignment>(assignments: readonly T[]): T[] {
  const bySimulator = new Map<number | null, T[]>();
  for (const assignment of assignments) {
    const group = bySimulator.get(assignment.test_case.simulator_id) ?? [];
    group.push(assignment);
    bySimulator.set(assignment.test_case.simulator_id, group);
  }
  return [...bySimulator.values()].flat();
}
