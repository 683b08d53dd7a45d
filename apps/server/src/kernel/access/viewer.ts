import type { Principal } from './principal';

/**
 * Who is looking at the test catalogue (simulators, test cases, datasets) and what they may see.
 * - Platform admins see every simulator, every public test case and dataset, and their organization's own.
 * - Everyone else (a member or an API key) sees the simulators of their organization's plan
 *   (plan.allowed_simulators), the public test cases of those simulators, the public datasets, their
 *   organization's own test cases and datasets, and the test cases assigned to their organization for
 *   recording (annotators).
 * - Nobody sees another organization's test cases or datasets: they answer 404, as if they did not exist.
 */
export interface Viewer {
  organizationId: number;
  isAdmin: boolean;
  allowedSimulatorIds: number[];
  /** The person acting; null for an API key. */
  userId: number | null;
}

/** No organization has this id (serial ids start at 1): an admin without an organization owns nothing. */
const NO_ORGANIZATION = 0;

export function viewerOf(principal: Principal): Viewer {
  return {
    organizationId: principal.organization?.id ?? NO_ORGANIZATION,
    isAdmin: principal.permissions.is_admin,
    allowedSimulatorIds: principal.organization?.plan.allowed_simulators ?? [],
    userId: principal.user?.id ?? null,
  };
}

export function canSeeSimulator(viewer: Viewer, simulatorId: number): boolean {
  return viewer.isAdmin || viewer.allowedSimulatorIds.includes(simulatorId);
}

export function canEditOwned(viewer: Viewer, organizationId: number | null): boolean {
  return organizationId === viewer.organizationId || (organizationId === null && viewer.isAdmin);
}
