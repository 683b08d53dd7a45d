import {
  type EndpointQuery,
  type endpoints,
  HUMAN_SCORE_FILTERS,
  MAX_PAGE,
  SESSION_STATUSES,
  type SessionStatus,
} from '@proctor/contracts';
import { commaList, idList, joinedList, positiveInteger, setCommaList } from '../../components/urlParams';

export type SessionListQueryInput = NonNullable<EndpointQuery<typeof endpoints.listSessions>>;

/**
 * The query parameters of /sessions (000 §2.4), as the spec names them: agent_artifact_ids, simulator_ids,
 * statuses and test_case_names are comma lists; run_session_batch_id, include_replays and page. The
 * organization filter of platform admins is organization_ids (the spec names no parameter for it); the human
 * scoring filter (needs human scoring, human disagreement) is human_score_filter.
 */
export type HumanScoreFilter = (typeof HUMAN_SCORE_FILTERS)[number];

export interface SessionListParams {
  agentArtifactIds: number[];
  simulatorIds: number[];
  statuses: SessionStatus[];
  testCaseNames: string[];
  organizationIds: number[];
  runSessionBatchId: string | null;
  humanScoreFilter: HumanScoreFilter | null;
  includeReplays: boolean;
  page: number;
}

export type SessionListFilter = Omit<SessionListParams, 'page'>;

export const EMPTY_SESSION_LIST_PARAMS: SessionListParams = {
  agentArtifactIds: [],
  simulatorIds: [],
  statuses: [],
  testCaseNames: [],
  organizationIds: [],
  runSessionBatchId: null,
  humanScoreFilter: null,
  includeReplays: false,
  page: 1,
};

const isSessionStatus = (value: string): value is SessionStatus =>
  (SESSION_STATUSES as readonly string[]).includes(value);

export function readSessionListParams(search: URLSearchParams): SessionListParams {
  const batch = search.get('run_session_batch_id')?.trim();
  return {
    agentArtifactIds: idList(search.get('agent_artifact_ids')),
    simulatorIds: idList(search.get('simulator_ids')),
    statuses: commaList(search.get('statuses')).filter(isSessionStatus),
    testCaseNames: commaList(search.get('test_case_names')),
    organizationIds: idList(search.get('organization_ids')),
    runSessionBatchId: batch ? batch : null,
    humanScoreFilter:
      HUMAN_SCORE_FILTERS.find((filter) => filter === search.get('human_score_filter')) ?? null,
    includeReplays: search.get('include_replays') === 'true',
    page: positiveInteger(search.get('page') ?? '', MAX_PAGE) ?? 1,
  };
}

/** The URL's query for these parameters: empty filters, include_replays=false and page 1 are left out. */
export function writeSessionListParams(params: SessionListParams): URLSearchParams {
  const search = new URLSearchParams();
  setCommaList(search, 'agent_artifact_ids', params.agentArtifactIds);
  setCommaList(search, 'simulator_ids', params.simulatorIds);
  setCommaList(search, 'statuses', params.statuses);
  setCommaList(search, 'test_case_names', params.testCaseNames);
  setCommaList(search, 'organization_ids', params.organizationIds);
  if (params.runSessionBatchId) search.set('run_session_batch_id', params.runSessionBatchId);
  if (params.humanScoreFilter) search.set('human_score_filter', params.humanScoreFilter);
  if (params.includeReplays) search.set('include_replays', 'true');
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** Any filter change goes back to page 1 (000 §2.4). */
export function withSessionFilter(
  params: SessionListParams,
  patch: Partial<SessionListFilter>,
): SessionListParams {
  return { ...params, ...patch, page: 1 };
}

export function isSessionListFiltered(params: SessionListParams): boolean {
  return (
    params.agentArtifactIds.length > 0 ||
    params.simulatorIds.length > 0 ||
    params.statuses.length > 0 ||
    params.testCaseNames.length > 0 ||
    params.organizationIds.length > 0 ||
    params.runSessionBatchId !== null ||
    params.humanScoreFilter !== null
  );
}

/**
 * What GET /api/session/ is asked for: comma-joined lists as the contract reads them. Test case names are
 * joined with commas too, so a name that itself holds a comma cannot be filtered on exactly.
 * The organization filter is sent only for platform admins (the server ignores it for others).
 */
export function sessionListQueryFor(
  params: SessionListParams,
  options: { pageSize: number; isPlatformAdmin: boolean; adminView?: boolean },
): SessionListQueryInput {
  return {
    adminView: options.adminView ? 'true' : undefined,
    agentArtifactIds: joinedList(params.agentArtifactIds),
    simulatorIds: joinedList(params.simulatorIds),
    statuses: joinedList(params.statuses),
    testCaseNames: joinedList(params.testCaseNames),
    organizationIds: options.isPlatformAdmin ? joinedList(params.organizationIds) : undefined,
    runSessionBatchId: params.runSessionBatchId ?? undefined,
    humanScoreFilter: params.humanScoreFilter ?? undefined,
    includeReplays: params.includeReplays ? 'true' : undefined,
    page: params.page,
    pageSize: options.pageSize,
  };
}
