import {
  LABELS_ARE_FOR_SAMPLES,
  type LabellingResponse,
  PAGE_SIZE,
  type SessionLabelsResponse,
  type SessionStatus,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { MemberPrincipal, UserPrincipal } from '../kernel/access/principal';
import { viewerOf } from '../kernel/access/viewer';
import { badRequest, notFound } from '../kernel/http/errors';
import {
  findSessionWithTestCase,
  findTestCaseAssignment,
  listLabellingSessions,
  listSessionLabels,
} from '../repositories/labels';
import { findSimulator } from '../repositories/simulators';
import { findVisibleTestCaseByRef } from '../repositories/testCases';

/**
 * Who reads which labels: account admins (and platform admins) every label of a session, the Saved Labels of
 * 000 §6; everyone else only their own, so that each person describes the session before reading the others'.
 */
const readsEveryLabel = (principal: UserPrincipal) =>
  principal.permissions.is_account_admin || principal.permissions.is_admin;

/** GET /api/session/{id}/labels: the session's labels (its organization's people; platform admins: any). */
export async function sessionLabels(
  db: Database,
  principal: UserPrincipal,
  publicId: string,
): Promise<SessionLabelsResponse> {
  const row = await findSessionWithTestCase(db, publicId);
  const own = row && row.session.organizationId === principal.organization?.id;
  if (!row || !(own || principal.permissions.is_admin)) throw notFound('Session not found');
  if (!row.testCase?.isSample) throw badRequest(LABELS_ARE_FOR_SAMPLES);
  const everyone = readsEveryLabel(principal);
  const labels = await listSessionLabels(db, row.session.id, everyone ? undefined : principal.user.id);
  return {
    everyone,
    labels: labels.map((label) => ({
      id: label.id,
      text: label.text,
      createdAt: label.createdAt.toISOString(),
      user:
        label.userPublicId !== null && label.userName !== null
          ? { publicId: label.userPublicId, name: label.userName }
          : null,
      mine: label.userId === principal.user.id,
    })),
  };
}

/**
 * GET /api/testcases/{id}/labelling: what the labelling page needs of a sample test case the caller's
 * organization can see (its own or assigned to it): its recorded sessions in that organization, and the
 * assignment the Needs Labelling tab linked from, when named. Annotators do not see sample test cases' details,
 * so the name is for account admins only.
 */
export async function testCaseLabelling(
  db: Database,
  principal: MemberPrincipal,
  ref: string,
  assignmentId: number | undefined,
): Promise<LabellingResponse> {
  const testCase = await findVisibleTestCaseByRef(db, viewerOf(principal), ref);
  if (!testCase || testCase.archived) throw notFound('Test case not found');
  if (!testCase.isSample) throw badRequest(LABELS_ARE_FOR_SAMPLES);
  const organizationId = principal.organization.id;
  const [assignment, sessions, simulator] = await Promise.all([
    assignmentId === undefined
      ? Promise.resolve(null)
      : findTestCaseAssignment(db, organizationId, testCase.id, assignmentId),
    listLabellingSessions(db, organizationId, testCase.id, principal.user?.id ?? null, PAGE_SIZE.expansion),
    testCase.simulatorId === null ? Promise.resolve(undefined) : findSimulator(db, testCase.simulatorId),
  ]);
  if (assignment === undefined) throw notFound('Assignment not found');
  const seesDetails = principal.permissions.is_account_admin || principal.permissions.is_admin;
  return {
    test_case: {
      publicId: testCase.publicId,
      name: seesDetails ? testCase.name : null,
      simulator: simulator ? { id: simulator.id, name: simulator.name } : null,
    },
    assignment,
    sessions: sessions.map((session) => ({
      sessionId: session.sessionId,
      status: session.status as SessionStatus,
      createdAt: session.createdAt.toISOString(),
      agent: session.agent,
      label_count: session.labelCount,
      my_label_count: session.myLabelCount,
    })),
  };
}
