import { MAX_RECORD_ID } from '@proctor/contracts';
import { organizationTestCases, sessions, simulators, testCaseSets, testCases } from '@proctor/db';
import { and, type Column, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../kernel/access/viewer';

export function simulatorVisible(viewer: Viewer): SQL {
  return viewer.isAdmin ? sql`true` : inArray(simulators.id, viewer.allowedSimulatorIds);
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
