/** Sites (002 §2.6) shaped for the API: sites, endpoints, models, documents, captured requests and responses. */
import {
  linearPatternProblem,
  linearRegExp,
  paginate,
  paginateCapped,
  SITE_BODY_REGEX_SCAN_MAX,
  SITE_REQUESTS_COUNT_MAX,
  type Site,
  type SiteDocument,
  type SiteEndpoint,
  type SiteModel,
  type SiteRequestsQuery,
  type SiteRequestsResponse,
  type SiteResponseDetail,
  type SiteResponsesResponse,
} from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import type { z } from 'zod';
import { badRequest, notFound } from '../kernel/http/errors';
import type { BlobStore } from '../kernel/storage/blobs';
import {
  type CapturedRequestFilters,
  countCapturedRequests,
  countSiteDocuments,
  findCapturedResponse,
  findVisibleSite,
  findVisibleSiteModel,
  listCapturedOrigins,
  listCapturedRequestBodies,
  listCapturedRequests,
  listCapturedResponses,
  listSiteDocuments,
  listSiteEndpoints,
  listSiteModels,
  listVisibleSites,
  type SiteDocumentRow,
  type SiteEndpointFilters,
  type SiteEndpointRow,
  type SiteModelRow,
  type SiteRow,
} from '../repositories/sites';
import { responseBodies } from './sessionDetail';
import { type OpenApiDocument, siteOpenApiDocument } from './siteOpenApi';

export function presentSite(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    imgUrl: row.imgUrl,
    shared: row.organizationId === null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentSiteEndpoint(row: SiteEndpointRow): SiteEndpoint {
  return {
    id: row.id,
    siteId: row.siteId!,
    originUrl: row.originUrl,
    url: row.url,
    // Rows from before patterns were kept read as their URL's path.
    urlPattern: row.urlPattern ?? row.url,
    method: row.method,
    contentType: row.contentType,
    modelId: row.modelId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentSiteModel(row: SiteModelRow, documentCount: number): SiteModel {
  return {
    id: row.id,
    siteId: row.siteId,
    name: row.name,
    schema: row.schema,
    documentCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentSiteDocument(row: SiteDocumentRow): SiteDocument {
  return { id: row.id, modelId: row.modelId, data: row.data, createdAt: row.createdAt.toISOString() };
}

/** A model freshly written, with its documents' count. */
export async function presentStoredSiteModel(db: Executor, row: SiteModelRow): Promise<SiteModel> {
  return presentSiteModel(row, await countSiteDocuments(db, row.id));
}

export async function sitesOf(db: Executor, organizationId: number): Promise<{ sites: Site[] }> {
  return { sites: (await listVisibleSites(db, organizationId)).map(presentSite) };
}

async function visibleSite(db: Executor, organizationId: number, siteId: number): Promise<SiteRow> {
  const site = await findVisibleSite(db, organizationId, siteId);
  if (!site) throw notFound('Site not found');
  return site;
}

export async function siteModels(
  db: Executor,
  organizationId: number,
  siteId: number,
): Promise<{ models: SiteModel[] }> {
  await visibleSite(db, organizationId, siteId);
  const rows = await listSiteModels(db, siteId);
  return { models: rows.map((row) => presentSiteModel(row, row.documentCount)) };
}

export async function siteModelDocuments(
  db: Executor,
  organizationId: number,
  modelId: number,
  query: { page: number; page_size: number },
): Promise<{ documents: SiteDocument[]; pagination: ReturnType<typeof paginate> }> {
  const model = await findVisibleSiteModel(db, organizationId, modelId);
  if (!model) throw notFound('Model not found');
  const [rows, total] = await Promise.all([
    listSiteDocuments(db, modelId, { offset: (query.page - 1) * query.page_size, limit: query.page_size }),
    countSiteDocuments(db, modelId),
  ]);
  return {
    documents: rows.map(presentSiteDocument),
    pagination: paginate(query.page, query.page_size, total),
  };
}

export async function siteEndpoints(
  db: Executor,
  organizationId: number,
  filters: SiteEndpointFilters,
): Promise<{ endpoints: SiteEndpoint[] }> {
  return { endpoints: (await listSiteEndpoints(db, organizationId, filters)).map(presentSiteEndpoint) };
}

type RequestsQuery = z.output<typeof SiteRequestsQuery>;

const filtersOf = (query: RequestsQuery): CapturedRequestFilters => ({
  originUrl: query.originUrl?.toLowerCase(),
  url: query.url,
  method: query.method,
  contentType: query.contentType,
  sessionPublicId: query.sessionPublicId,
});
/**
 * The filters with a body pattern applied: the ids of the requests whose body it matches, among the newest
 * SITE_BODY_REGEX_SCAN_MAX the other filters keep. RE2 cannot run in SQL on both databases, so it runs here.
 */
async function withBodyPattern(
  db: Executor,
  organizationId: number,
  query: RequestsQuery,
): Promise<CapturedRequestFilters> {
  const filters = filtersOf(query);
  if (query.bodyRegex === undefined) return filters;
  const problem = linearPatternProblem(query.bodyRegex);
  if (problem) throw badRequest(`bodyRegex ${problem}`);
  const pattern = linearRegExp(query.bodyRegex);
  const bodies = await listCapturedRequestBodies(db, organizationId, filters, SITE_BODY_REGEX_SCAN_MAX);
  return {
    ...filters,
    ids: bodies.filter((row) => pattern.test(row.requestBody ?? '')).map((row) => row.id),
  };
}

const pageOf = (query: RequestsQuery) => ({
  offset: (query.page - 1) * query.page_size,
  limit: query.page_size,
});

export async function siteRequests(
  db: Executor,
  organizationId: number,
  query: RequestsQuery,
): Promise<z.output<typeof SiteRequestsResponse>> {
  const filters = await withBodyPattern(db, organizationId, query);
  const [rows, total] = await Promise.all([
    listCapturedRequests(db, organizationId, filters, pageOf(query)),
    countCapturedRequests(db, organizationId, filters, SITE_REQUESTS_COUNT_MAX),
  ]);
  return {
    requests: rows.map((row) => ({ ...row, originUrl: row.originUrl ?? '' })),
    pagination: paginateCapped(query.page, query.page_size, total, SITE_REQUESTS_COUNT_MAX),
  };
}

export async function siteResponses(
  db: Executor,
  blobs: BlobStore,
  organizationId: number,
  query: RequestsQuery,
): Promise<z.output<typeof SiteResponsesResponse>> {
  const filters = await withBodyPattern(db, organizationId, query);
  const [rows, total] = await Promise.all([
    listCapturedResponses(db, organizationId, filters, pageOf(query)),
    countCapturedRequests(db, organizationId, filters, SITE_REQUESTS_COUNT_MAX),
  ]);
  const bodies = await responseBodies(blobs, rows);
  return {
    responses: rows.map(({ responseBodyBlob: _blob, ...row }, at) => ({
      ...row,
      originUrl: row.originUrl ?? '',
      responseBody: bodies[at] ?? null,
    })),
    pagination: paginateCapped(query.page, query.page_size, total, SITE_REQUESTS_COUNT_MAX),
  };
}

/** One captured response in full; `json` its body parsed, when it is JSON and whole. */
export async function siteResponseDetail(
  db: Executor,
  blobs: BlobStore,
  organizationId: number,
  requestId: number,
): Promise<SiteResponseDetail> {
  const row = await findCapturedResponse(db, organizationId, requestId);
  if (!row) throw notFound('Captured request not found');
  const [body] = await responseBodies(blobs, [row]);
  const { responseBodyBlob: _blob, ...rest } = row;
  let json: unknown = null;
  if (body && !row.truncated) {
    try {
      json = JSON.parse(Buffer.from(body, 'base64').toString('utf8'));
    } catch {
      json = null;
    }
  }
  return { ...rest, originUrl: rest.originUrl ?? '', responseBody: body ?? null, json };
}

export async function siteOriginUrls(
  db: Executor,
  organizationId: number,
): Promise<{ originUrls: string[] }> {
  return { originUrls: await listCapturedOrigins(db, organizationId) };
}

/** The site's OpenAPI 3.1 document: the organization's endpoints on it and the site's models. */
export async function siteOpenApi(
  db: Executor,
  organizationId: number,
  siteId: number,
): Promise<OpenApiDocument> {
  const site = await visibleSite(db, organizationId, siteId);
  const [endpoints, models] = await Promise.all([
    listSiteEndpoints(db, organizationId, { siteId }),
    listSiteModels(db, siteId),
  ]);
  return siteOpenApiDocument(site, endpoints, models);
}
