import type { SiteRequestsQuery } from '@proctor/contracts';

/** What the user typed or picked in the site requests filters (002 §2.6). */
export interface SiteRequestFilterInput {
  originUrl: string;
  url: string;
  method: string;
  contentType: string;
  sessionPublicId: string;
}

export const EMPTY_SITE_REQUEST_FILTER: SiteRequestFilterInput = {
  originUrl: '',
  url: '',
  method: '',
  contentType: '',
  sessionPublicId: '',
};

type FilterQuery = Omit<SiteRequestsQuery, 'page' | 'page_size'>;

/** The filters as the query of GET /api/sites/requests: trimmed, blank ones left out (no filter). */
export function siteRequestsQuery(input: SiteRequestFilterInput): FilterQuery {
  const query: FilterQuery = {};
  for (const name of Object.keys(EMPTY_SITE_REQUEST_FILTER) as Array<keyof SiteRequestFilterInput>) {
    const value = input[name].trim();
    if (value) query[name] = value;
  }
  return query;
}

/** Whether any filter narrows the list. */
export const isFiltered = (input: SiteRequestFilterInput): boolean =>
  Object.keys(siteRequestsQuery(input)).length > 0;
