import { type AnnotatorStage, endpoints, MAX_SESSION_PAGE_SIZE, PAGE_SIZE } from '@proctor/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../api';

/** The query that asks for admin view; left out when off (the server's default). */
const adminViewQuery = (adminView: boolean) => (adminView ? { admin_view: 'true' as const } : {});

/** What changes when a test case is completed or archived: its stage, the counts, the lists. */
const DASHBOARD_READS = [
  endpoints.humanRecorderTabCounts,
  endpoints.humanRecorderTestCases,
  endpoints.humanRecorderFilter,
] as const;

export function useHumanRecorderTabCounts(adminView: boolean) {
  return useEndpointQuery(endpoints.humanRecorderTabCounts, {
    query: adminViewQuery(adminView),
    keepPrevious: 'always',
  });
}

/** One page of a stage's test cases, of one simulator when `simulatorId` is given. */
export function useStageTestCases(
  stage: AnnotatorStage,
  simulatorId: number | null,
  page: number,
  adminView: boolean,
) {
  const byStage = useEndpointQuery(endpoints.humanRecorderTestCases, {
    query: { stage, page: String(page), ...adminViewQuery(adminView) },
    keepPrevious: 'same-params',
    enabled: simulatorId === null,
  });
  const bySimulator = useEndpointQuery(endpoints.humanRecorderFilter, {
    query: { stage, page: String(page), sim: String(simulatorId ?? '') },
    keepPrevious: 'same-params',
    enabled: simulatorId !== null,
  });
  return simulatorId === null ? byStage : bySimulator;
}

/**
 * The sessions of an expanded test case (000 §2.7: up to 1000; the sessions list serves at most
 * MAX_SESSION_PAGE_SIZE a page). Annotators outside admin view get the list's hiding rules.
 */
export const EXPANSION_PAGE_SIZE = Math.min(PAGE_SIZE.expansion, MAX_SESSION_PAGE_SIZE);

export function useTestCaseSessionsForExpansion(testCasePublicId: string, adminView: boolean) {
  return useEndpointQuery(endpoints.listSessions, {
    query: {
      testCaseIds: testCasePublicId,
      pageSize: String(EXPANSION_PAGE_SIZE),
      ...(adminView ? { adminView: 'true' as const } : {}),
    },
  });
}

export function useMarkTestCaseCompleted() {
  return useEndpointMutation(endpoints.markOrganizationTestCaseCompleted, {
    request: (testCaseId: number) => ({ params: { id: String(testCaseId) } }),
    invalidates: DASHBOARD_READS,
  });
}

export function useArchiveOrganizationTestCase() {
  return useEndpointMutation(endpoints.archiveOrganizationTestCase, {
    request: (testCaseId: number) => ({ body: { test_case_id: testCaseId } }),
    invalidates: DASHBOARD_READS,
  });
}
