/**
 * Sites: the web addresses test cases start on and whose APIs an organization learns (an organization's own, or
 * shared with all), their endpoints, models and documents, and the captured requests they are learnt from.
 */
import {
  type Executor,
  networkRequests,
  sessions,
  siteDocuments,
  siteEndpoints,
  siteModels,
  sites,
} from '@proctor/db';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';

export type SiteRow = typeof sites.$inferSelect;
export type SiteEndpointRow = typeof siteEndpoints.$inferSelect;
export type SiteModelRow = typeof siteModels.$inferSelect;
export type SiteDocumentRow = typeof siteDocuments.$inferSelect;

/** Sites the organization sees: its own, and those shared with every organization. */
const visibleTo = (organizationId: number) =>
  or(isNull(sites.organizationId), eq(sites.organizationId, organizationId));

/** A site the organization may put test cases on: its own, or one shared with every organization. */
export async function findUsableSite(db: Executor, organizationId: number, siteId: number) {
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, siteId), visibleTo(organizationId)));
  return site;
}

export async function listSiteNames(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(inArray(sites.id, [...ids]));
}

export function listVisibleSites(db: Executor, organizationId: number): Promise<SiteRow[]> {
  return db.select().from(sites).where(visibleTo(organizationId)).orderBy(asc(sites.name), asc(sites.id));
}

export async function findVisibleSite(
  db: Executor,
  organizationId: number,
  siteId: number,
): Promise<SiteRow | undefined> {
  const [site] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.id, siteId), visibleTo(organizationId)));
  return site;
}

export async function insertSite(
  db: Executor,
  values: { organizationId: number; name: string; url: string; imgUrl: string },
): Promise<SiteRow> {
  const [site] = await db.insert(sites).values(values).returning();
  return site!;
}

export async function updateSite(
  db: Executor,
  siteId: number,
  changes: Partial<Pick<SiteRow, 'name' | 'url' | 'imgUrl'>>,
): Promise<SiteRow> {
  const [site] = await db.update(sites).set(changes).where(eq(sites.id, siteId)).returning();
  return site!;
}

// Endpoints: an organization's own, on the sites it sees.

export interface SiteEndpointFilters {
  siteId?: number | undefined;
  originUrl?: string | undefined;
  method?: string | undefined;
}

export function listSiteEndpoints(
  db: Executor,
  organizationId: number,
  filters: SiteEndpointFilters,
): Promise<SiteEndpointRow[]> {
  const conditions: (SQL | undefined)[] = [eq(siteEndpoints.organizationId, organizationId)];
  if (filters.siteId !== undefined) conditions.push(eq(siteEndpoints.siteId, filters.siteId));
  if (filters.originUrl !== undefined) conditions.push(eq(siteEndpoints.originUrl, filters.originUrl));
  if (filters.method !== undefined) conditions.push(eq(siteEndpoints.method, filters.method.toUpperCase()));
  return db
    .select({ endpoint: siteEndpoints })
    .from(siteEndpoints)
    .innerJoin(sites, eq(sites.id, siteEndpoints.siteId))
    .where(and(visibleTo(organizationId), ...conditions))
    .orderBy(
      asc(siteEndpoints.originUrl),
      asc(siteEndpoints.urlPattern),
      asc(siteEndpoints.method),
      asc(siteEndpoints.id),
    )
    .then((rows) => rows.map((row) => row.endpoint));
}

export async function findSiteEndpoint(
  db: Executor,
  organizationId: number,
  endpointId: number,
): Promise<SiteEndpointRow | undefined> {
  const [row] = await db
    .select({ endpoint: siteEndpoints })
    .from(siteEndpoints)
    .innerJoin(sites, eq(sites.id, siteEndpoints.siteId))
    .where(
      and(
        eq(siteEndpoints.id, endpointId),
        eq(siteEndpoints.organizationId, organizationId),
        visibleTo(organizationId),
      ),
    );
  return row?.endpoint;
}

/** What makes an endpoint one: its site, origin, URL pattern, method and content type (none is one value). */
export interface SiteEndpointIdentity {
  siteId: number;
  originUrl: string;
  urlPattern: string;
  method: string;
  contentType: string | null;
}

export async function findSiteEndpointByIdentity(
  db: Executor,
  identity: SiteEndpointIdentity,
): Promise<SiteEndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(siteEndpoints)
    .where(
      and(
        eq(siteEndpoints.siteId, identity.siteId),
        eq(siteEndpoints.originUrl, identity.originUrl),
        eq(siteEndpoints.urlPattern, identity.urlPattern),
        eq(siteEndpoints.method, identity.method),
        sql`coalesce(${siteEndpoints.contentType}, '') = ${identity.contentType ?? ''}`,
      ),
    );
  return row;
}

export async function insertSiteEndpoint(
  db: Executor,
  values: SiteEndpointIdentity & { organizationId: number; url: string; modelId: number | null },
): Promise<SiteEndpointRow> {
  const [row] = await db.insert(siteEndpoints).values(values).returning();
  return row!;
}

export async function updateSiteEndpoint(
  db: Executor,
  endpointId: number,
  changes: Partial<Omit<SiteEndpointRow, 'id' | 'siteId' | 'organizationId' | 'createdAt'>>,
): Promise<SiteEndpointRow> {
  const [row] = await db
    .update(siteEndpoints)
    .set(changes)
    .where(eq(siteEndpoints.id, endpointId))
    .returning();
  return row!;
}

// Models and their documents: a model belongs to a site, and is seen with it.

export type SiteModelWithCount = SiteModelRow & { documentCount: number };

export async function listSiteModels(db: Executor, siteId: number): Promise<SiteModelWithCount[]> {
  const counts = db
    .select({ modelId: siteDocuments.modelId, documentCount: count().as('document_count') })
    .from(siteDocuments)
    .groupBy(siteDocuments.modelId)
    .as('counts');
  const rows = await db
    .select({ model: siteModels, documentCount: counts.documentCount })
    .from(siteModels)
    .leftJoin(counts, eq(counts.modelId, siteModels.id))
    .where(eq(siteModels.siteId, siteId))
    .orderBy(asc(siteModels.name), asc(siteModels.id));
  return rows.map((row) => ({ ...row.model, documentCount: Number(row.documentCount ?? 0) }));
}

/** A model of a site the organization sees, with its site's owner. */
export async function findVisibleSiteModel(
  db: Executor,
  organizationId: number,
  modelId: number,
): Promise<(SiteModelRow & { siteOrganizationId: number | null }) | undefined> {
  const [row] = await db
    .select({ model: siteModels, siteOrganizationId: sites.organizationId })
    .from(siteModels)
    .innerJoin(sites, eq(sites.id, siteModels.siteId))
    .where(and(eq(siteModels.id, modelId), visibleTo(organizationId)));
  return row ? { ...row.model, siteOrganizationId: row.siteOrganizationId } : undefined;
}

export async function countSiteDocuments(db: Executor, modelId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(siteDocuments).where(eq(siteDocuments.modelId, modelId));
  return Number(row?.n ?? 0);
}

export async function insertSiteModel(
  db: Executor,
  values: { siteId: number; name: string; schema: Record<string, unknown> },
): Promise<SiteModelRow> {
  const [row] = await db.insert(siteModels).values(values).returning();
  return row!;
}

export async function updateSiteModel(
  db: Executor,
  modelId: number,
  changes: Partial<Pick<SiteModelRow, 'name' | 'schema'>>,
): Promise<SiteModelRow> {
  const [row] = await db.update(siteModels).set(changes).where(eq(siteModels.id, modelId)).returning();
  return row!;
}

export async function listSiteDocuments(
  db: Executor,
  modelId: number,
  page: { offset: number; limit: number },
): Promise<SiteDocumentRow[]> {
  return db
    .select()
    .from(siteDocuments)
    .where(eq(siteDocuments.modelId, modelId))
    .orderBy(desc(siteDocuments.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function insertSiteDocument(
  db: Executor,
  modelId: number,
  data: unknown,
): Promise<SiteDocumentRow> {
  const [row] = await db
    .insert(siteDocuments)
    // jsonb holds any JSON value; the column's type names the usual object.
    .values({ modelId, data: data as Record<string, unknown> })
    .returning();
  return row!;
}

// Captured requests: the organization's sessions' network requests.

export interface CapturedRequestFilters {
  originUrl?: string | undefined;
  url?: string | undefined;
  method?: string | undefined;
  contentType?: string | undefined;
  sessionPublicId?: string | undefined;
  /** Only these requests (the ones a body pattern matched). */
  ids?: number[] | undefined;
}

/** `text` as a LIKE pattern that matches it anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

function capturedConditions(organizationId: number, filters: CapturedRequestFilters): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(sessions.organizationId, organizationId)];
  if (filters.originUrl !== undefined) conditions.push(eq(networkRequests.originUrl, filters.originUrl));
  if (filters.url !== undefined) conditions.push(ilike(networkRequests.url, containing(filters.url)));
  if (filters.method !== undefined)
    conditions.push(sql`upper(${networkRequests.method}) = ${filters.method.toUpperCase()}`);
  if (filters.contentType !== undefined)
    conditions.push(ilike(networkRequests.contentType, containing(filters.contentType)));
  if (filters.sessionPublicId !== undefined) conditions.push(eq(sessions.publicId, filters.sessionPublicId));
  if (filters.ids !== undefined)
    conditions.push(filters.ids.length ? inArray(networkRequests.id, filters.ids) : sql`false`);
  return conditions;
}

const capturedCall = {
  id: networkRequests.id,
  sessionPublicId: sessions.publicId,
  method: networkRequests.method,
  url: networkRequests.url,
  originUrl: networkRequests.originUrl,
  contentType: networkRequests.contentType,
  status: networkRequests.status,
  startedAt: networkRequests.startedAt,
};
const requestSide = {
  ...capturedCall,
  requestHeaders: networkRequests.requestHeaders,
  requestBody: networkRequests.requestBody,
};
const responseSide = {
  ...capturedCall,
  responseHeaders: networkRequests.responseHeaders,
  responseBody: networkRequests.responseBody,
  responseBodyBlob: networkRequests.responseBodyBlob,
  truncated: networkRequests.truncated,
};

export type CapturedRequestRow = Awaited<ReturnType<typeof listCapturedRequests>>[number];
export type CapturedResponseRow = Awaited<ReturnType<typeof listCapturedResponses>>[number];

/**
 * How many captured requests the filters match, counting at most `cap + 1`: a count past the cap means "more than
 * `cap`". The rows are read in whatever order is cheapest and the count stops at the cap, so a filter matching
 * most of a million rows costs about as much as one matching `cap`.
 */
export async function countCapturedRequests(
  db: Executor,
  organizationId: number,
  filters: CapturedRequestFilters,
  cap: number,
): Promise<number> {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(networkRequests)
    .innerJoin(sessions, eq(sessions.id, networkRequests.sessionId))
    .where(and(...capturedConditions(organizationId, filters)))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: count() }).from(matching);
  return Number(row?.n ?? 0);
}

/** The ids and request bodies of the newest `limit` requests the filters match, newest first. */
export function listCapturedRequestBodies(
  db: Executor,
  organizationId: number,
  filters: CapturedRequestFilters,
  limit: number,
) {
  return db
    .select({ id: networkRequests.id, requestBody: networkRequests.requestBody })
    .from(networkRequests)
    .innerJoin(sessions, eq(sessions.id, networkRequests.sessionId))
    .where(
      and(...capturedConditions(organizationId, filters), sql`${networkRequests.requestBody} is not null`),
    )
    .orderBy(desc(networkRequests.id))
    .limit(limit);
}

/** Newest first. */
export function listCapturedRequests(
  db: Executor,
  organizationId: number,
  filters: CapturedRequestFilters,
  page: { offset: number; limit: number },
) {
  return db
    .select(requestSide)
    .from(networkRequests)
    .innerJoin(sessions, eq(sessions.id, networkRequests.sessionId))
    .where(and(...capturedConditions(organizationId, filters)))
    .orderBy(desc(networkRequests.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Newest first. */
export function listCapturedResponses(
  db: Executor,
  organizationId: number,
  filters: CapturedRequestFilters,
  page: { offset: number; limit: number },
) {
  return db
    .select(responseSide)
    .from(networkRequests)
    .innerJoin(sessions, eq(sessions.id, networkRequests.sessionId))
    .where(and(...capturedConditions(organizationId, filters)))
    .orderBy(desc(networkRequests.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** One captured request of the organization's, with its response. */
export async function findCapturedResponse(
  db: Executor,
  organizationId: number,
  requestId: number,
): Promise<CapturedResponseRow | undefined> {
  const [row] = await db
    .select(responseSide)
    .from(networkRequests)
    .innerJoin(sessions, eq(sessions.id, networkRequests.sessionId))
    .where(and(eq(networkRequests.id, requestId), eq(sessions.organizationId, organizationId)));
  return row;
}

/** The origins of the organization's captured traffic, sorted. */
export async function listCapturedOrigins(db: Executor, organizationId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ originUrl: networkRequests.originUrl })
    .from(networkRequests)
    .innerJoin(sessions, eq(sessions.id, networkRequests.sessionId))
    .where(and(eq(sessions.organizationId, organizationId), sql`${networkRequests.originUrl} ~ '^https?://'`))
    .orderBy(asc(networkRequests.originUrl));
  return rows.map((row) => row.originUrl).filter((origin): origin is string => origin !== null);
}

/**
 * The organization's captured exchanges of one origin (the requests pages of that origin made, its own and other
 * sites'), oldest first, the newest `limit` at most: what an offline browser session answers from. Bodies are
 * read one at a time when asked for (capturedResponseBody).
 */
export async function capturedExchangesOf(
  db: Executor,
  organizationId: number,
  origin: string,
  limit: number,
) {
  const rows = await db
    .select({
      id: networkRequests.id,
      method: networkRequests.method,
      url: networkRequests.url,
      requestHeaders: networkRequests.requestHeaders,
      requestBody: networkRequests.requestBody,
      status: networkRequests.status,
      responseHeaders: networkRequests.responseHeaders,
    })
    .from(networkRequests)
    .innerJoin(sessions, eq(sessions.id, networkRequests.sessionId))
    .where(
      and(
        eq(sessions.organizationId, organizationId),
        eq(networkRequests.originUrl, origin),
        sql`${networkRequests.status} is not null`,
      ),
    )
    .orderBy(desc(networkRequests.id))
    .limit(limit);
  return rows.reverse();
}

export type CapturedExchangeRow = Awaited<ReturnType<typeof capturedExchangesOf>>[number];

/** One captured response's body: in the row (base64) or a range of a blob; null when it was not kept. */
export async function capturedResponseBody(db: Executor, id: number) {
  const [row] = await db
    .select({
      responseBody: networkRequests.responseBody,
      responseBodyBlob: networkRequests.responseBodyBlob,
    })
    .from(networkRequests)
    .where(eq(networkRequests.id, id));
  return row ?? null;
}
