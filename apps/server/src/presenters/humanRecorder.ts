import {
  ADMIN_VIEW_STAGES,
  ANNOTATOR_STAGES,
  type AnnotatorStage,
  HUMAN_RECORDER_MESSAGES,
  HUMAN_RECORDER_TAB_KEYS,
  type HumanRecorderTabCountsResponse,
  type HumanRecorderTestCase,
  type HumanRecorderTestCasesResponse,
  paginate,
} from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import type { MemberPrincipal } from '../kernel/access/principal';
import { forbidden } from '../kernel/http/errors';
import {
  countOrganizationAssignmentsByStage,
  type OrganizationAssignmentDetailRow,
  pageOrganizationAssignments,
} from '../repositories/assignments';
import { listSimulatorSummaries } from '../repositories/simulators';

/**
 * Admin View (000 §2.7) is for account admins, and platform admins who annotate: they alone see Review and
 * Completed, and the details of sample test cases (000 §6).
 */
export function mayUseAdminView(principal: MemberPrincipal): boolean {
  return principal.permissions.is_account_admin || principal.permissions.is_admin;
}

const isAdminViewStage = (stage: AnnotatorStage) =>
  (ADMIN_VIEW_STAGES as readonly AnnotatorStage[]).includes(stage);

/** Refuses admin view, and its stages, to everyone else. */
function requireAdminViewFor(principal: MemberPrincipal, adminView: boolean, stage?: AnnotatorStage) {
  if ((adminView || (stage !== undefined && isAdminViewStage(stage))) && !mayUseAdminView(principal))
    throw forbidden(HUMAN_RECORDER_MESSAGES.adminViewOnly);
}

export function presentHumanRecorderTestCase(
  row: OrganizationAssignmentDetailRow,
  principal: MemberPrincipal,
): HumanRecorderTestCase {
  // Annotators do not see a sample test case's details (000 §2.5, §6), its name included; they label its sessions.
  const hidden = row.isSample && !mayUseAdminView(principal);
  return {
    id: row.testCaseId,
    publicId: row.testCasePublicId,
    name: hidden ? '' : row.testCaseName,
    description: hidden ? '' : row.testCase.description,
    prompt: hidden ? '' : row.testCase.prompt,
    hint: hidden ? null : row.testCase.hint,
    startUrl: hidden ? '' : row.testCase.startUrl,
    isSample: row.isSample,
    simulator:
      row.simulatorId !== null && row.simulator
        ? { id: row.simulatorId, name: row.simulator.name, imgUrl: row.simulator.imgUrl }
        : null,
    scoringTypes: row.testCase.scoringTypes,
    outputSchema: row.testCase.outputSchema as Record<string, unknown>,
    stages: row.stages,
    organizationTestCase: {
      id: row.id,
      completed: row.completed,
      validSessionsRecorded: row.recordedCount,
      requestedRecordingCount: row.requestedRecordingCount,
      myRecordingCount: row.recordedByViewerCount,
      passedSessionsCount: row.passedCount,
      myPassedSessionsCount: row.passedByViewerCount,
      unmarkedSessionsCount: row.unmarkedCount,
      containsUnmarkedSessions: row.unmarkedCount > 0,
      createdAt: row.createdAt.toISOString(),
    },
  };
}

/** One page of the caller organization's assigned test cases in a stage (of one simulator when given). */
export async function presentHumanRecorderPage(
  db: Executor,
  principal: MemberPrincipal,
  query: {
    stage: AnnotatorStage;
    page: number;
    page_size: number;
    is_sample?: boolean;
    admin_view?: boolean;
    simulatorId?: number;
  },
): Promise<HumanRecorderTestCasesResponse> {
  requireAdminViewFor(principal, query.admin_view === true, query.stage);
  const { rows, total } = await pageOrganizationAssignments(
    db,
    {
      assignedTo: principal.organization.id,
      stage: query.stage,
      simulatorId: query.simulatorId,
      isSample: query.is_sample,
    },
    {
      offset: (query.page - 1) * query.page_size,
      limit: query.page_size,
      viewerUserId: principal.user?.id ?? null,
    },
  );
  return {
    testCases: rows.map((row) => presentHumanRecorderTestCase(row, principal)),
    pagination: paginate(query.page, query.page_size, total),
  };
}

/** One of the organization's assigned test cases as the dashboard lists it (after a change to it). */
export async function presentOrganizationTestCase(
  db: Executor,
  principal: MemberPrincipal,
  testCaseId: number,
): Promise<HumanRecorderTestCase | undefined> {
  const { rows } = await pageOrganizationAssignments(
    db,
    { assignedTo: principal.organization.id, testCaseId },
    { offset: 0, limit: 1, viewerUserId: principal.user?.id ?? null },
  );
  return rows[0] && presentHumanRecorderTestCase(rows[0], principal);
}

/** The tab counts the caller may see, in all and per simulator (keyed by id; "none" without a simulator). */
export async function presentHumanRecorderTabCounts(
  db: Executor,
  principal: MemberPrincipal,
  query: { admin_view?: boolean; is_sample?: boolean },
): Promise<HumanRecorderTabCountsResponse> {
  const adminView = query.admin_view === true;
  requireAdminViewFor(principal, adminView);
  const stages = ANNOTATOR_STAGES.filter((stage) => adminView || !isAdminViewStage(stage));
  const rows = await countOrganizationAssignmentsByStage(db, principal.organization.id, {
    stages,
    isSample: query.is_sample,
  });
  const counts: HumanRecorderTabCountsResponse['counts'] = {};
  const simulatorBreakdown: HumanRecorderTabCountsResponse['simulatorBreakdown'] = {};
  for (const stage of stages) {
    counts[HUMAN_RECORDER_TAB_KEYS[stage]] = 0;
    simulatorBreakdown[HUMAN_RECORDER_TAB_KEYS[stage]] = {};
  }
  for (const row of rows) {
    const key = HUMAN_RECORDER_TAB_KEYS[row.stage];
    counts[key] = (counts[key] ?? 0) + row.count;
    simulatorBreakdown[key]![row.simulatorId === null ? 'none' : String(row.simulatorId)] = row.count;
  }
  const simulatorIds = [
    ...new Set(rows.flatMap((row) => (row.simulatorId === null ? [] : [row.simulatorId]))),
  ];
  const simulators = await listSimulatorSummaries(db, simulatorIds);
  return {
    counts,
    simulatorBreakdown,
    simulators: simulators.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}
