import { MAX_RECORD_ID } from '@proctor/contracts';
import { organizationTestCases, sessions, simulators, testCaseSets, testCases } from '@proctor/db';
import { and, type Column, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal';

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

export function simulatorVisible(viewer: Viewer): SQL {
  return viewer.isAdmin ? sql`true` : inArray(simulators.id, viewer.allowedSimulatorIds);
}

export function canSeeSimulator(viewer: Viewer, simulatorId: number): boolean {
  return viewer.isAdmin || viewer.allowedSimulatorIds.includes(simulatorId);
}

/** Visibility of a test case row (archived or not: callers add that filter where it applies). */
export function testCaseVisible(viewer: Viewer): SQL {
  const publicOnes = viewer.isAdmin
    ? isNull(testCases.organizationId)
    : and(isNull(testCases.organizationId), inArray(testCases.simulatorId, viewer.allowedSimulatorIds))!;
  return or(
    eq(testCases.organizationId, viewer.organizationId),
    publicOnes,
    inArray(testCases.id, assignedTestCaseIds(viewer)),
  )!;
}

/** Test cases assigned to the viewer's organization for recording (000 §2.7). */
export function assignedTestCaseIds(viewer: Viewer) {
  return sql`(select ${organizationTestCases.testCaseId} from ${organizationTestCases} where ${and(
    eq(organizationTestCases.organizationId, viewer.organizationId),
    eq(organizationTestCases.archived, false),
  )})`;
}

/** Own organization's test cases; public ones for platform admins only. */
export function testCaseEditable(viewer: Viewer): SQL {
  return viewer.isAdmin
    ? or(eq(testCases.organizationId, viewer.organizationId), isNull(testCases.organizationId))!
    : eq(testCases.organizationId, viewer.organizationId);
}

export function canEditOwned(viewer: Viewer, organizationId: number | null): boolean {
  return organizationId === viewer.organizationId || (organizationId === null && viewer.isAdmin);
}

export function testCaseSetVisible(viewer: Viewer): SQL {
  return or(isNull(testCaseSets.organizationId), eq(testCaseSets.organizationId, viewer.organizationId))!;
}

/** Sessions whose figures (averages, counts) the viewer may see: admins all, others their own and public ones. */
export function sessionVisible(viewer: Viewer): SQL {
  const notArchived = eq(sessions.archived, false);
  if (viewer.isAdmin) return notArchived;
  return and(
    notArchived,
    or(eq(sessions.organizationId, viewer.organizationId), eq(sessions.isPublic, true)),
  )!;
}

/**
 * Reads `42` as a numeric id and anything else as a public id. Digits beyond MAX_RECORD_ID are looked up
 * as a public id too: they can name no record by id, and Postgres would refuse them as an integer.
 */
export function refCondition(idColumn: Column, keyColumn: Column, ref: string): SQL {
  return /^\d{1,10}$/.test(ref) && Number(ref) <= MAX_RECORD_ID
    ? eq(idColumn, Number(ref))
    : eq(keyColumn, ref);
}
