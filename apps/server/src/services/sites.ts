/**
 * Sites (002 §2.6): creating and changing an organization's sites, their endpoints, models and documents.
 * Everything is the caller's organization's; a site shared with every organization is read-only.
 */
import {
  ajvLinearRegExp,
  type CreateSiteEndpointRequest,
  type CreateSiteModelRequest,
  type CreateSiteRequest,
  describeInputProblem,
  inputProblem,
  jsonFieldProblem,
  originOf,
  SITE_MESSAGES,
  type UpdateSiteEndpointRequest,
  type UpdateSiteModelRequest,
  type UpdateSiteRequest,
  urlPatternOf,
  urlPatternParameterNames,
} from '@proctor/contracts';
import type { Database, Executor } from '@proctor/db';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { createSchema } from 'genson-js';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../kernel/http/errors';
import { type BlobStore, readAll } from '../kernel/storage/blobs';
import {
  type CapturedResponseRow,
  findCapturedResponse,
  findSiteEndpoint,
  findSiteEndpointByIdentity,
  findVisibleSite,
  findVisibleSiteModel,
  insertSite,
  insertSiteDocument,
  insertSiteEndpoint,
  insertSiteModel,
  type SiteDocumentRow,
  type SiteEndpointIdentity,
  type SiteEndpointRow,
  type SiteModelRow,
  type SiteRow,
  updateSite,
  updateSiteEndpoint,
  updateSiteModel,
} from '../repositories/sites';

const SHARED_SITE = 'Shared sites are read-only';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** The organization's own site: 404 when it cannot see it, 403 when it is a shared one. */
async function ownSite(db: Executor, organizationId: number, siteId: number): Promise<SiteRow> {
  const site = await findVisibleSite(db, organizationId, siteId);
  if (!site) throw notFound('Site not found');
  if (site.organizationId !== organizationId) throw forbidden(SHARED_SITE);
  return site;
}

export function createSite(
  db: Executor,
  organizationId: number,
  body: z.output<typeof CreateSiteRequest>,
): Promise<SiteRow> {
  return insertSite(db, { organizationId, ...body });
}

export async function changeSite(
  db: Database,
  organizationId: number,
  siteId: number,
  body: z.output<typeof UpdateSiteRequest>,
): Promise<SiteRow> {
  const site = await ownSite(db, organizationId, siteId);
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  return Object.keys(changes).length === 0 ? site : updateSite(db, siteId, changes);
}

// Endpoints.

/** A content type as an endpoint keeps it: the media type, lower-cased, without parameters. */
export function mediaType(contentType: string | null | undefined): string | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type ? type : null;
}

/** A pattern's parameters must be unique, or the export could not declare them. */
function requireDistinctParameters(urlPattern: string) {
  const names = urlPatternParameterNames(urlPattern);
  if (new Set(names).size !== names.length) throw badRequest('urlPattern: a parameter name appears twice');
}

/** A model linked to an endpoint: one of the endpoint's site's. */
async function requireModelOfSite(db: Executor, organizationId: number, siteId: number, modelId: number) {
  const model = await findVisibleSiteModel(db, organizationId, modelId);
  if (!model || model.siteId !== siteId) throw badRequest('modelId: not a model of this site');
}

async function requireNewIdentity(db: Executor, identity: SiteEndpointIdentity, exceptId?: number) {
  const existing = await findSiteEndpointByIdentity(db, identity);
  if (existing && existing.id !== exceptId) throw conflict(SITE_MESSAGES.endpointExists);
}

async function insertEndpointOnce(
  db: Executor,
  values: Parameters<typeof insertSiteEndpoint>[1],
): Promise<SiteEndpointRow> {
  try {
    return await insertSiteEndpoint(db, values);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SITE_MESSAGES.endpointExists);
    throw error;
  }
}

export async function createSiteEndpoint(
  db: Database,
  organizationId: number,
  body: z.output<typeof CreateSiteEndpointRequest>,
): Promise<SiteEndpointRow> {
  await ownSite(db, organizationId, body.siteId);
  const read = urlPatternOf(body.url);
  const originUrl = body.originUrl ? originOf(body.originUrl)! : read.originUrl;
  if (!originUrl) throw badRequest('originUrl is required when url is a path');
  const urlPattern = body.urlPattern ?? read.urlPattern;
  requireDistinctParameters(urlPattern);
  if (body.modelId != null) await requireModelOfSite(db, organizationId, body.siteId, body.modelId);
  const identity = {
    siteId: body.siteId,
    originUrl,
    urlPattern,
    method: body.method,
    contentType: mediaType(body.contentType),
  };
  await requireNewIdentity(db, identity);
  return insertEndpointOnce(db, {
    ...identity,
    organizationId,
    url: body.url,
    modelId: body.modelId ?? null,
  });
}

export async function changeSiteEndpoint(
  db: Database,
  organizationId: number,
  endpointId: number,
  body: z.output<typeof UpdateSiteEndpointRequest>,
): Promise<SiteEndpointRow> {
  const endpoint = await findSiteEndpoint(db, organizationId, endpointId);
  if (!endpoint) throw notFound('Endpoint not found');
  const siteId = endpoint.siteId!;
  await ownSite(db, organizationId, siteId);
  const originUrl = body.originUrl !== undefined ? originOf(body.originUrl)! : endpoint.originUrl;
  const urlPattern = body.urlPattern ?? endpoint.urlPattern ?? urlPatternOf(endpoint.url).urlPattern;
  requireDistinctParameters(urlPattern);
  if (body.modelId != null) await requireModelOfSite(db, organizationId, siteId, body.modelId);
  const identity = {
    siteId,
    originUrl,
    urlPattern,
    method: body.method ?? endpoint.method,
    contentType: body.contentType !== undefined ? mediaType(body.contentType) : endpoint.contentType,
  };
  await requireNewIdentity(db, identity, endpoint.id);
  try {
    return await updateSiteEndpoint(db, endpoint.id, {
      ...identity,
      url: body.url ?? endpoint.url,
      ...(body.modelId !== undefined ? { modelId: body.modelId } : {}),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SITE_MESSAGES.endpointExists);
    throw error;
  }
}

async function capturedResponse(db: Executor, organizationId: number, requestId: number) {
  const captured = await findCapturedResponse(db, organizationId, requestId);
  if (!captured) throw notFound('Captured request not found');
  return captured;
}

/** The endpoint a captured request stands for, on the site; one the site has is answered as it is. */
export async function siteEndpointFromRequest(
  db: Database,
  organizationId: number,
  body: { siteId: number; requestId: number },
): Promise<{ endpoint: SiteEndpointRow; created: boolean }> {
  await ownSite(db, organizationId, body.siteId);
  const captured = await capturedResponse(db, organizationId, body.requestId);
  const read = urlPatternOf(captured.url);
  const originUrl = captured.originUrl ?? read.originUrl;
  if (!originUrl) throw badRequest('The captured request has no origin');
  const identity = {
    siteId: body.siteId,
    originUrl,
    urlPattern: read.urlPattern,
    method: captured.method.toUpperCase(),
    contentType: mediaType(captured.contentType),
  };
  const existing = await findSiteEndpointByIdentity(db, identity);
  if (existing) return { endpoint: existing, created: false };
  try {
    return {
      endpoint: await insertSiteEndpoint(db, {
        ...identity,
        organizationId,
        url: captured.url,
        modelId: null,
      }),
      created: true,
    };
  } catch (error) {
    // The same request added twice at once: the other call made it.
    const made = isUniqueViolation(error) ? await findSiteEndpointByIdentity(db, identity) : undefined;
    if (made) return { endpoint: made, created: false };
    throw error;
  }
}

// Models and documents.

type JsonSchema = Record<string, unknown>;

/**
 * An Ajv for JSON Schema 2020-12 (what OpenAPI 3.1 uses); formats and unknown keywords are not enforced. A model's
 * patterns come from users: they run in linear time (ajvLinearRegExp), and one that cannot is refused.
 */
function schemaValidator() {
  return new Ajv2020({
    strict: false,
    validateFormats: false,
    allErrors: false,
    logger: false,
    code: { regExp: ajvLinearRegExp },
  });
}

/** `$schema` names a draft to validate against; Proctor reads every model as 2020-12. */
function withoutDraft(schema: JsonSchema): JsonSchema {
  const { $schema: _draft, ...rest } = schema;
  return rest;
}

/** A JSON Schema Ajv can compile, or 400 saying why not. */
export function requireValidSchema(schema: JsonSchema): void {
  const problem = jsonFieldProblem(schema);
  if (problem) throw badRequest(`schema: ${problem}`);
  try {
    schemaValidator().compile(withoutDraft(schema));
  } catch (error) {
    throw badRequest(`Invalid JSON Schema: ${(error as Error).message}`);
  }
}

/** The first way `data` breaks `schema`, as `"/items/0/price: must be number"` (`/` is the whole document). */
export function schemaProblem(schema: JsonSchema, data: unknown): string | null {
  const validate = schemaValidator().compile(withoutDraft(schema));
  if (validate(data)) return null;
  const [first] = validate.errors ?? [];
  return first ? describeSchemaError(first) : 'does not match the schema';
}

function describeSchemaError(error: ErrorObject): string {
  const path = error.instancePath || '/';
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})`
      : '';
  return `${path}: ${error.message ?? 'is invalid'}${extra}`;
}

/** A captured response's body as JSON, or 400 when it is not. */
async function responseJson(blobs: BlobStore, captured: CapturedResponseRow): Promise<unknown> {
  const json = await capturedJson(blobs, captured);
  if (json === undefined) throw badRequest(SITE_MESSAGES.noJsonResponse);
  return json;
}

/** The body of a captured response parsed as JSON; undefined when it is not JSON (or was cut, or is gone). */
export async function capturedJson(blobs: BlobStore, captured: CapturedResponseRow): Promise<unknown> {
  if (captured.truncated) return undefined;
  let bytes: Buffer | null = null;
  if (captured.responseBody !== null) bytes = Buffer.from(captured.responseBody, 'base64');
  else if (captured.responseBodyBlob) {
    const stream = await blobs.streamRange(captured.responseBodyBlob.key, captured.responseBodyBlob);
    bytes = stream ? await readAll(stream) : null;
  }
  if (!bytes || bytes.length === 0) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

export async function createSiteModel(
  db: Database,
  blobs: BlobStore,
  organizationId: number,
  siteId: number,
  body: z.output<typeof CreateSiteModelRequest>,
): Promise<SiteModelRow> {
  await ownSite(db, organizationId, siteId);
  let schema: JsonSchema;
  if (body.schema !== undefined) schema = body.schema;
  else {
    const sample =
      body.requestId !== undefined
        ? await responseJson(blobs, await capturedResponse(db, organizationId, body.requestId))
        : body.sample;
    // A captured response is a recorded page's to shape: genson walks it recursively, so its depth is checked first.
    const problem = inputProblem(sample);
    if (problem) throw badRequest(describeInputProblem(problem, 'sample'));
    schema = createSchema(sample) as JsonSchema;
  }
  requireValidSchema(schema);
  return db.transaction(async (tx) => {
    const model = await insertSiteModel(tx, { siteId, name: body.name, schema });
    if (body.endpointId !== undefined) {
      const endpoint = await findSiteEndpoint(tx, organizationId, body.endpointId);
      if (!endpoint || endpoint.siteId !== siteId)
        throw badRequest('endpointId: not an endpoint of this site');
      await updateSiteEndpoint(tx, endpoint.id, { modelId: model.id });
    }
    return model;
  });
}

/** A model of the organization's own site: 404 when not seen, 403 when the site is shared. */
async function ownModel(db: Executor, organizationId: number, modelId: number) {
  const model = await findVisibleSiteModel(db, organizationId, modelId);
  if (!model) throw notFound('Model not found');
  if (model.siteOrganizationId !== organizationId) throw forbidden(SHARED_SITE);
  return model;
}

export async function changeSiteModel(
  db: Database,
  organizationId: number,
  modelId: number,
  body: z.output<typeof UpdateSiteModelRequest>,
): Promise<SiteModelRow> {
  const model = await ownModel(db, organizationId, modelId);
  if (body.schema !== undefined) requireValidSchema(body.schema);
  const changes = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.schema !== undefined ? { schema: body.schema } : {}),
  };
  return Object.keys(changes).length === 0 ? model : updateSiteModel(db, modelId, changes);
}

/** A document of the model, valid against its schema; 400 names the JSON path of the first problem. */
export async function addSiteDocument(
  db: Database,
  organizationId: number,
  modelId: number,
  data: unknown,
): Promise<SiteDocumentRow> {
  const model = await ownModel(db, organizationId, modelId);
  if (data === undefined) throw badRequest('data is required');
  const stored = jsonFieldProblem(data);
  if (stored) throw badRequest(`data: ${stored}`);
  const problem = schemaProblem(model.schema, data);
  if (problem) throw badRequest(problem);
  return insertSiteDocument(db, modelId, data);
}
