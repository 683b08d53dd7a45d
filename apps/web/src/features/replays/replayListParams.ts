import { type EndpointQuery, type endpoints, MAX_PAGE, PAGE_SIZE } from '@proctor/contracts';
import { commaList, idList, joinedList, positiveInteger, setCommaList } from '../../components/urlParams';

export type GroupedReplaysQueryInput = NonNullable<EndpointQuery<typeof endpoints.groupedReplays>>;

/**
 * The query parameters of /replays as the spec names them (001 §2.10): agent_artifact_ids, simulator_ids and
 * test_case_names are comma lists; include_public, no_passed and page. A search is not in the address: it
 * stands in for the list until it is cleared.
 */
export interface ReplayListParams {
  agentArtifactIds: number[];
  simulatorIds: number[];
  testCaseNames: string[];
  includePublic: boolean;
  noPassed: boolean;
  page: number;
}

export type ReplayListFilter = Omit<ReplayListParams, 'page'>;

export function readReplayListParams(search: URLSearchParams): ReplayListParams {
  return {
    agentArtifactIds: idList(search.get('agent_artifact_ids')),
    simulatorIds: idList(search.get('simulator_ids')),
    testCaseNames: commaList(search.get('test_case_names')),
    includePublic: search.get('include_public') === 'true',
    noPassed: search.get('no_passed') === 'true',
    page: positiveInteger(search.get('page') ?? '', MAX_PAGE) ?? 1,
  };
}

/** The address's query for these parameters: empty filters, switches off and page 1 are left out. */
export function writeReplayListParams(params: ReplayListParams): URLSearchParams {
  const search = new URLSearchParams();
  setCommaList(search, 'agent_artifact_ids', params.agentArtifactIds);
  setCommaList(search, 'simulator_ids', params.simulatorIds);
  setCommaList(search, 'test_case_names', params.testCaseNames);
  if (params.includePublic) search.set('include_public', 'true');
  if (params.noPassed) search.set('no_passed', 'true');
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** Any filter change goes back to page 1, as on the sessions list. */
export function withReplayFilter(
  params: ReplayListParams,
  patch: Partial<ReplayListFilter>,
): ReplayListParams {
  return { ...params, ...patch, page: 1 };
}

export function isReplayListFiltered(params: ReplayListParams): boolean {
  return (
    params.agentArtifactIds.length > 0 ||
    params.simulatorIds.length > 0 ||
    params.testCaseNames.length > 0 ||
    params.includePublic ||
    params.noPassed
  );
}

/** What GET /api/session/grouped-replays is asked for: 45 groups a page (001 §9). */
export function groupedReplaysQueryFor(params: ReplayListParams): GroupedReplaysQueryInput {
  return {
    agentArtifactIds: joinedList(params.agentArtifactIds),
    simulatorIds: joinedList(params.simulatorIds),
    testCaseNames: joinedList(params.testCaseNames),
    includePublic: params.includePublic ? 'true' : undefined,
    noPassed: params.noPassed ? 'true' : undefined,
    page: params.page,
    pageSize: PAGE_SIZE.replays,
  };
}
