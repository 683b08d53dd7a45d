import { z } from 'zod';
import {
  CappedPagination,
  PageNumber,
  Pagination,
  pageSizeInUrl,
  QueryText,
  RecordId,
  RecordIdInUrl,
  Timestamp,
} from './common';

/**
 * Sites (002 §2.6, §3, §7.4): a web address an organization learns the API of, from the requests its sessions
 * captured (recorded in live environments or imported from HAR files, credentials redacted before they were
 * stored). A site's endpoints are (originUrl, urlPattern, method, contentType), unique per site; its models are
 * JSON Schemas (draft 2020-12, as ajv reads them) with documents held to them.
 *
 * Who may call: the spec's roles (002 §6) name none for sites. Every member of an organization reads its sites,
 * endpoints, models, documents and captured requests (API keys too); creating and changing them needs
 * SITE_EDIT_PERMISSIONS. Everything is the caller's organization's: another organization's ids answer 404.
 */

/** Who creates and changes sites, endpoints, models and documents: dashboard access, account or platform admins. */
export const SITE_EDIT_PERMISSIONS = ['dashboard_access', 'is_account_admin', 'is_admin'] as const;

/** The Create Site dialog's words (002 §5: name, URL of URL type and image URL all required). */
export const SITE_MESSAGES = {
  nameRequired: 'Name is required',
  urlRequired: 'URL is required',
  urlInvalid: 'URL must be a valid http(s) URL',
  imgUrlRequired: 'Image URL is required',
  imgUrlInvalid: 'Image URL must be a valid http(s) URL',
  modelSourceRequired: 'Give exactly one of schema, requestId or sample',
  endpointExists: 'This site already has that endpoint',
  noJsonResponse: 'The response is not JSON',
} as const;

/** Page sizes of the captured requests and responses (and a model's documents): the default and the largest. */
export const SITE_PAGE_SIZE = { default: 50, max: 500 } as const;

/**
 * A body pattern (bodyRegex) is tried on the request bodies of at most this many of the newest requests the other
 * filters keep: it runs on RE2 (linear in each body), so this bounds the whole filter's time.
 */
export const SITE_BODY_REGEX_SCAN_MAX = 20_000;

/**
 * The captured requests' and responses' total is counted up to this many (`total_count_capped` past it: the pages
 * show "10,000+"). Counting is the cost of the list: an exact count reads every matching row, seconds at a million
 * (bench/README.md, "Site requests filtered"), while the page itself reads ~50. 10,000 is 200 pages at the
 * default size, more than anyone pages through: past it a person narrows the filters, and a total of 10,000+
 * tells them as much as an exact 437,112 would. Counting 10,001 rows stays well inside the 200 ms goal.
 */
export const SITE_REQUESTS_COUNT_MAX = 10_000;

const text = (error: string, max = 2000) =>
  z
    .string({ error })
    .trim()
    .min(1, { error })
    .max(max, { error: `At most ${max} characters` });
const httpUrl = (required: string, invalid: string) =>
  text(required).pipe(z.url({ protocol: /^https?$/, error: invalid }));

/** A site. `shared`: shared with every organization (no owner), read-only to all. */
export const Site = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  imgUrl: z.string().nullable(),
  shared: z.boolean(),
  createdAt: Timestamp,
});
export type Site = z.infer<typeof Site>;

/** GET /api/sites: the organization's sites and the shared ones, by name. */
export const SitesResponse = z.object({ sites: z.array(Site) });

/** POST /api/sites (answers 201 with the Site). */
export const CreateSiteRequest = z.object({
  name: text(SITE_MESSAGES.nameRequired, 200),
  url: httpUrl(SITE_MESSAGES.urlRequired, SITE_MESSAGES.urlInvalid),
  imgUrl: httpUrl(SITE_MESSAGES.imgUrlRequired, SITE_MESSAGES.imgUrlInvalid),
});
export type CreateSiteRequest = z.input<typeof CreateSiteRequest>;

/** PUT /api/sites/{id}: the fields given change, under the same rules as create; a shared site answers 403. */
export const UpdateSiteRequest = CreateSiteRequest.partial();
export type UpdateSiteRequest = z.input<typeof UpdateSiteRequest>;

/** An HTTP method as an endpoint names it: upper case. */
const HttpMethodText = z
  .string()
  .trim()
  .min(1)
  .max(16)
  .regex(/^[A-Za-z]+$/, { error: 'Method must be letters only' })
  .transform((method) => method.toUpperCase());

/** An origin: scheme, host and port, no path (`https://api.example.com`). */
const OriginUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^/?#\s]+$/i, { error: 'originUrl must be an origin: scheme and host, no path' });

/**
 * A URL pattern: a path from `/`, with `{name}` where a segment varies (`/users/{userId}/orders/{id}`), no query.
 * Names are letters, digits and underscores, unique within the pattern.
 */
export const UrlPatternText = z
  .string()
  .trim()
  .max(2000)
  .regex(/^\/([^?#{}\s]|\{[A-Za-z_][A-Za-z0-9_]*\})*$/, {
    error: 'urlPattern must be a path from / with {name} parameters and no query',
  });

/** A site endpoint (002 §3): where and how it is called; `modelId` is the model of its (JSON) response. */
export const SiteEndpoint = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  originUrl: z.string(),
  /** An example URL it was made from (path and query, as captured). */
  url: z.string(),
  urlPattern: z.string(),
  method: z.string(),
  /** The response's media type (`application/json`), without parameters; null when unknown. */
  contentType: z.string().nullable(),
  modelId: z.number().int().nullable(),
  createdAt: Timestamp,
});
export type SiteEndpoint = z.infer<typeof SiteEndpoint>;

/** GET /api/sites/endpoints: the endpoints of the organization's sites (one site with siteId), by origin and pattern. */
export const SiteEndpointsQuery = z.object({
  siteId: RecordIdInUrl.optional(),
  originUrl: QueryText,
  method: QueryText,
});
export const SiteEndpointsResponse = z.object({ endpoints: z.array(SiteEndpoint) });

/**
 * POST /api/sites/endpoints (201): an endpoint given by hand. `url` is a full URL or a path; `originUrl` defaults to
 * its origin (required when `url` is a path); `urlPattern` defaults to the pattern `urlPatternOf` reads from it.
 * The same (originUrl, urlPattern, method, contentType) twice on a site answers 409.
 */
export const CreateSiteEndpointRequest = z.object({
  siteId: RecordId,
  url: z.string().trim().min(1).max(4000),
  originUrl: OriginUrl.optional(),
  urlPattern: UrlPatternText.optional(),
  method: HttpMethodText,
  contentType: z.string().trim().max(200).nullable().optional(),
  modelId: RecordId.nullable().optional(),
});
export type CreateSiteEndpointRequest = z.input<typeof CreateSiteEndpointRequest>;

/** PUT /api/sites/endpoints/{id}: the fields given change (modelId null unlinks the model); 409 as on create. */
export const UpdateSiteEndpointRequest = z.object({
  url: z.string().trim().min(1).max(4000).optional(),
  originUrl: OriginUrl.optional(),
  urlPattern: UrlPatternText.optional(),
  method: HttpMethodText.optional(),
  contentType: z.string().trim().max(200).nullable().optional(),
  modelId: RecordId.nullable().optional(),
});
export type UpdateSiteEndpointRequest = z.input<typeof UpdateSiteEndpointRequest>;

/**
 * POST /api/sites/site-endpoint-from-request: the endpoint a captured request (its id from …/requests) stands for,
 * on the site: origin, URL pattern (`urlPatternOf`), method and the response's media type. An endpoint the site
 * already has is answered as it is (`created: false`), so adding the same call twice is harmless.
 */
export const SiteEndpointFromRequestRequest = z.object({ siteId: RecordId, requestId: RecordId });
export const SiteEndpointFromRequestResponse = z.object({ endpoint: SiteEndpoint, created: z.boolean() });

/** Filters of the captured requests and responses (002 §2.6); blank values are no filter. */
export const SiteRequestsQuery = z.object({
  /** Exactly this origin (`https://shop.example.com`). */
  originUrl: QueryText,
  /** URLs containing this text (case-insensitive). */
  url: QueryText,
  /** Exactly this method (any case). */
  method: QueryText,
  /** Content types containing this text (case-insensitive): `json` finds `application/json; charset=utf-8`. */
  contentType: QueryText,
  /** One session's requests: its public id. */
  sessionPublicId: QueryText,
  /**
   * Request bodies this regular expression matches anywhere (ECMAScript syntax, run by RE2 in linear time: no
   * lookaround or backreferences; one that does not compile answers 400). Tried on the newest
   * SITE_BODY_REGEX_SCAN_MAX requests the other filters keep.
   */
  bodyRegex: QueryText,
  page: PageNumber,
  page_size: pageSizeInUrl(SITE_PAGE_SIZE.max).default(SITE_PAGE_SIZE.default),
});
export type SiteRequestsQuery = z.input<typeof SiteRequestsQuery>;

/** What every captured request and response row shares: which call it is and where it was captured. */
const CapturedCall = z.object({
  /** The network request's id (give it to site-response, site-endpoint-from-request and model creation). */
  id: z.number().int(),
  sessionPublicId: z.string(),
  method: z.string(),
  url: z.string(),
  originUrl: z.string(),
  /** The response's content type as captured. */
  contentType: z.string().nullable(),
  status: z.number().int().nullable(),
  /** Milliseconds since the epoch; null for some imported ones. */
  startedAt: z.number().nullable(),
});

/** One captured request (GET /api/sites/requests): headers and body with credentials redacted. */
export const SiteRequest = CapturedCall.extend({
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string().nullable(),
});
export type SiteRequest = z.infer<typeof SiteRequest>;

/** One captured response (GET /api/sites/responses, POST /api/sites/site-response): body base64, as the spec has it. */
export const SiteResponse = CapturedCall.extend({
  responseHeaders: z.record(z.string(), z.string()),
  responseBody: z.string().nullable(),
  /** The body was cut at capture. */
  truncated: z.boolean(),
});
export type SiteResponse = z.infer<typeof SiteResponse>;

/** Newest first; the total counted up to SITE_REQUESTS_COUNT_MAX (`total_count_capped` past it). */
export const SiteRequestsResponse = z.object({
  requests: z.array(SiteRequest),
  pagination: CappedPagination,
});
export const SiteResponsesResponse = z.object({
  responses: z.array(SiteResponse),
  pagination: CappedPagination,
});

/** POST /api/sites/site-response: one captured response in full, with its body read as JSON when it is JSON. */
export const SiteResponseRequest = z.object({ requestId: RecordId });
export const SiteResponseDetail = SiteResponse.extend({
  /** The body parsed as JSON; null when it is not JSON (or was cut). */
  json: z.unknown().nullable(),
});
export type SiteResponseDetail = z.infer<typeof SiteResponseDetail>;

/** GET /api/sites/origin-urls: origins with captured traffic in the organization (offline sessions start on one). */
export const SiteOriginUrlsResponse = z.object({ originUrls: z.array(z.string()) });

/** A JSON Schema as a model keeps it: an object (ajv checks it is a valid schema). */
export const JsonSchemaObject = z.record(z.string(), z.unknown());

/** A site's model (002 §3): a named JSON Schema. */
export const SiteModel = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  name: z.string(),
  schema: JsonSchemaObject,
  documentCount: z.number().int(),
  createdAt: Timestamp,
});
export type SiteModel = z.infer<typeof SiteModel>;
export const SiteModelsResponse = z.object({ models: z.array(SiteModel) });

/**
 * POST /api/sites/{id}/models (201): a model from exactly one of: `schema` (a JSON Schema, compiled by ajv: an
 * invalid one answers 400), `requestId` (Create model from response: the captured response's JSON body, its
 * schema inferred by genson-js), or `sample` (a JSON value, inferred alike). With `endpointId` the site's endpoint
 * is linked to the new model (its response model).
 */
export const CreateSiteModelRequest = z
  .object({
    name: text(SITE_MESSAGES.nameRequired, 200),
    schema: JsonSchemaObject.optional(),
    requestId: RecordId.optional(),
    sample: z.unknown().optional(),
    endpointId: RecordId.optional(),
  })
  .refine(
    (body) => [body.schema, body.requestId, body.sample].filter((value) => value !== undefined).length === 1,
    { error: SITE_MESSAGES.modelSourceRequired },
  );
export type CreateSiteModelRequest = z.input<typeof CreateSiteModelRequest>;

/** PUT /api/sites/models/{id}: rename it or replace its schema (existing documents are not re-checked). */
export const UpdateSiteModelRequest = z.object({
  name: text(SITE_MESSAGES.nameRequired, 200).optional(),
  schema: JsonSchemaObject.optional(),
});

/** A document of a model (002 §3): JSON data valid against the model's schema when it was added. */
export const SiteDocument = z.object({
  id: z.number().int(),
  modelId: z.number().int(),
  data: z.unknown(),
  createdAt: Timestamp,
});
export type SiteDocument = z.infer<typeof SiteDocument>;

/** GET /api/sites/models/{id}/documents: newest first, paged. */
export const SiteDocumentsQuery = z.object({
  page: PageNumber,
  page_size: pageSizeInUrl(SITE_PAGE_SIZE.max).default(SITE_PAGE_SIZE.default),
});
export const SiteDocumentsResponse = z.object({ documents: z.array(SiteDocument), pagination: Pagination });

/**
 * POST /api/sites/models/{id}/documents (201): a document, validated by ajv against the model's schema; the first
 * problem answers 400 `{detail}` naming its JSON path: `"/items/0/price: must be number"` (`/` is the root).
 */
export const CreateSiteDocumentRequest = z.object({ data: z.unknown() });

/**
 * GET /api/sites/{id}/openapi: an OpenAPI 3.1 document of the site's endpoints (paths from their URL patterns, with
 * path parameters; servers from their origins) and its models (components/schemas, linked as the response of the
 * endpoints that name them).
 */
export const SiteOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
