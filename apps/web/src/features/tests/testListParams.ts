import { MAX_PAGE, MAX_RECORD_ID } from '@proctor/contracts';
import type { TestCaseListFilters } from './hooks/useTestCases';

/** The query parameters of /tests (001 §2.1). */
export interface TestListParams {
  startUrl: string;
  name: string;
  prompt: string;
  simulatorId: number | null;
  page: number;
}

/** A whole number from 1 to `max` in the URL; anything else (typed or stale) counts as absent. */
const positiveInteger = (value: string | null, max: number): number | null => {
  if (!value || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
};

export function readTestListParams(search: URLSearchParams): TestListParams {
  return {
    startUrl: search.get('start_url') ?? '',
    name: search.get('name') ?? '',
    prompt: search.get('prompt') ?? '',
    simulatorId: positiveInteger(search.get('simulator_id'), MAX_RECORD_ID),
    page: positiveInteger(search.get('page'), MAX_PAGE) ?? 1,
  };
}

/** The URL's query for these parameters: blank filters and page 1 are left out. */
export function writeTestListParams(params: TestListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.startUrl.trim()) search.set('start_url', params.startUrl.trim());
  if (params.name.trim()) search.set('name', params.name.trim());
  if (params.prompt.trim()) search.set('prompt', params.prompt.trim());
  if (params.simulatorId !== null) search.set('simulator_id', String(params.simulatorId));
  if (params.page > 1) search.set('page', String(params.page));
  return search;
}

/** A filter change goes back to page 1 (001 §5). */
export function withFilter(
  params: TestListParams,
  patch: Partial<Omit<TestListParams, 'page'>>,
): TestListParams {
  return { ...params, ...patch, page: 1 };
}

export function isFiltered(params: TestListParams): boolean {
  return (
    params.startUrl.trim() !== '' ||
    params.name.trim() !== '' ||
    params.prompt.trim() !== '' ||
    params.simulatorId !== null
  );
}

/** What GET /api/testcases is asked for this page. */
export function listQueryFor(params: TestListParams, pageSize: number): TestCaseListFilters {
  return {
    start_url: params.startUrl.trim() || undefined,
    name: params.name.trim() || undefined,
    prompt: params.prompt.trim() || undefined,
    simulator_id: params.simulatorId ?? undefined,
    page: params.page,
    page_size: pageSize,
  };
}
