import {
  type CallIntegrationMethodResponse,
  INTEGRATION_HTTP_METHODS,
  INTEGRATION_MESSAGES,
  INTEGRATION_OUTBOUND,
  IntegrationParameter,
  IntegrationSecurityScheme,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { z } from 'zod';
import { badRequest, conflict, notFound } from '../kernel/http/errors';
import {
  guardedRequest,
  type OutboundGuardOptions,
  type OutboundResponse,
} from '../kernel/outbound/outboundGuard';
import { outboundHttpError } from '../kernel/outbound/outboundHttpError';
import { openSecret, SecretUnreadableError, sealSecret } from '../kernel/secrets/secretBox';
import {
  findIntegrationMethod,
  findIntegrationOfSource,
  findOwnIntegration,
  findOwnIntegrationSource,
  type IntegrationMethodRow,
  type IntegrationRow,
  type IntegrationSourceRow,
  insertIntegration,
  insertIntegrationMethods,
  insertIntegrationSource,
  updateIntegrationKey,
} from '../repositories/integrations';
import { findSiteEndpoint } from '../repositories/sites';
import { readOpenApiDocument } from './openApiSource';
import { headerValues } from './requestTemplates';

/**
 * Integrations (002 §2.7): installing an OpenAPI document as a source, connecting it with an API key (sealed with
 * AES-256-GCM, kernel/secrets), adding site endpoints as methods, and calling a method through the outbound guard.
 */

export interface IntegrationServices {
  /** The outbound guard's address rules (OUTBOUND_ALLOWED_ADDRESSES). */
  guard: OutboundGuardOptions;
  /** The key API keys are sealed under. */
  secretsKey: Buffer;
}

async function outbound(send: () => Promise<OutboundResponse>): Promise<OutboundResponse> {
  try {
    return await send();
  } catch (error) {
    throw outboundHttpError(error);
  }
}

/** Install HTTP API (OpenAPI): the document read from `url` through the guard, or the uploaded text. */
export async function installOpenApiSource(
  db: Database,
  services: Pick<IntegrationServices, 'guard'>,
  organizationId: number,
  request: { url?: string; document?: string },
): Promise<IntegrationSourceRow> {
  let text = request.document;
  const documentUrl = request.url ?? null;
  if (documentUrl !== null) {
    const response = await outbound(() =>
      guardedRequest(
        documentUrl,
        { headers: { accept: 'application/json' } },
        { ...services.guard, ...INTEGRATION_OUTBOUND },
      ),
    );
    if (response.status < 200 || response.status > 299)
      throw badRequest(`The document's URL answered ${response.status}`);
    text = response.body.toString('utf8');
  }
  const source = await readOpenApiDocument(text ?? '', documentUrl);
  return db.transaction(async (tx) => {
    const row = await insertIntegrationSource(tx, {
      organizationId,
      name: source.name,
      description: source.description,
      apiComponents: { securitySchemes: source.securitySchemes, security: source.security },
      baseUrl: source.baseUrl,
      documentUrl,
    });
    await insertIntegrationMethods(tx, row.id, source.methods);
    return row;
  });
}

/** The context an integration's key is sealed with: a sealed key moved to another organization's row won't open. */
const keyContext = (organizationId: number) => `integration-api-key:${organizationId}`;

export async function connectIntegration(
  db: Database,
  services: Pick<IntegrationServices, 'secretsKey'>,
  organizationId: number,
  request: { sourceId: number; api_key: string },
): Promise<IntegrationRow> {
  const source = await findOwnIntegrationSource(db, organizationId, request.sourceId);
  if (!source) throw notFound('Integration source not found');
  if (await findIntegrationOfSource(db, organizationId, source.id))
    throw conflict(INTEGRATION_MESSAGES.alreadyConnected);
  return insertIntegration(db, {
    organizationId,
    integrationSourceId: source.id,
    apiKeyEncrypted: sealSecret(services.secretsKey, request.api_key, keyContext(organizationId)),
  });
}

async function ownIntegration(db: Database, organizationId: number, integrationId: number) {
  const found = await findOwnIntegration(db, organizationId, integrationId);
  if (!found) throw notFound('Integration not found');
  return found;
}

/** API Authentication's Configure: the key replaced. */
export async function configureIntegrationKey(
  db: Database,
  services: Pick<IntegrationServices, 'secretsKey'>,
  organizationId: number,
  integrationId: number,
  apiKey: string,
): Promise<IntegrationRow> {
  const { integration } = await ownIntegration(db, organizationId, integrationId);
  return updateIntegrationKey(
    db,
    integration.id,
    sealSecret(services.secretsKey, apiKey, keyContext(organizationId)),
  );
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** API Endpoints' Add: one of the organization's site endpoints becomes a method of the integration's source. */
export async function addSiteEndpointMethod(
  db: Database,
  organizationId: number,
  integrationId: number,
  siteEndpointId: number,
): Promise<IntegrationMethodRow> {
  const { source } = await ownIntegration(db, organizationId, integrationId);
  const endpoint = await findSiteEndpoint(db, organizationId, siteEndpointId);
  if (!endpoint) throw notFound('Site endpoint not found');
  // The key is the API's: a method elsewhere would hand it to whoever runs that other origin.
  const apiOrigin = originOf(source.baseUrl);
  if (originOf(endpoint.originUrl) !== apiOrigin || apiOrigin === null)
    throw badRequest(
      apiOrigin === null
        ? 'This integration has no server URL, so no site endpoint can be added to it'
        : `The endpoint is on ${endpoint.originUrl}, not on this integration's API (${apiOrigin}), where its key is sent`,
    );
  const method = endpoint.method.toUpperCase();
  if (!(INTEGRATION_HTTP_METHODS as readonly string[]).includes(method))
    throw badRequest(`A ${method} endpoint cannot be a method: only GET, POST, PUT and DELETE`);
  // An endpoint given by hand may have no pattern: its URL's path then, as it is.
  const pattern = endpoint.urlPattern ?? new URL(endpoint.url, endpoint.originUrl).pathname;
  const parameters = [...pattern.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name: name!,
    type: 'string',
    in: 'path' as const,
    required: true,
  }));
  const [row] = await insertIntegrationMethods(db, source.id, [
    {
      name: `${method} ${pattern}`,
      description: `Site endpoint on ${endpoint.originUrl}`,
      method,
      type: 'endpoint',
      urlTemplate: `${endpoint.originUrl.replace(/\/$/, '')}${pattern}`,
      parameters,
      security: null,
    },
  ]);
  return row!;
}

const StoredParameters = z.array(IntegrationParameter).catch([]);
const StoredSchemes = z.record(z.string(), IntegrationSecurityScheme).catch({});
const StoredSecurity = z
  .object({ requirements: z.array(z.record(z.string(), z.unknown())) })
  .nullable()
  .catch(null);

/**
 * Where the API key goes: the first scheme a key can fill among the method's security requirements, else the
 * document's, else among all its schemes (by name: stored JSON keeps no order).
 */
function keyPlacement(
  source: IntegrationSourceRow,
  method: IntegrationMethodRow,
): { in: 'header' | 'query' | 'cookie'; name: string; bearer: boolean } | null {
  const components = source.apiComponents as { securitySchemes?: unknown; security?: unknown };
  const schemes = StoredSchemes.parse(components.securitySchemes);
  const security =
    StoredSecurity.parse(method.security) ?? StoredSecurity.parse({ requirements: components.security });
  const names = security
    ? security.requirements.flatMap((requirement) => Object.keys(requirement))
    : Object.keys(schemes).sort();
  for (const name of names) {
    const scheme = schemes[name];
    if (!scheme) continue;
    if (scheme.type === 'apiKey' && scheme.name && ['header', 'query', 'cookie'].includes(scheme.in ?? ''))
      return { in: scheme.in as 'header' | 'query' | 'cookie', name: scheme.name, bearer: false };
    // An OAuth 2 or OpenID Connect access token is sent as a bearer token too.
    if (
      (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') ||
      scheme.type === 'oauth2' ||
      scheme.type === 'openIdConnect'
    )
      return { in: 'header', name: 'Authorization', bearer: true };
  }
  return null;
}

/**
 * A method called: its URL template filled with the path parameters (each encoded), the query, header and body
 * parameters placed, the API key added as the source's security scheme says, sent through the guard.
 */
export async function callIntegrationMethod(
  db: Database,
  services: IntegrationServices,
  organizationId: number,
  ids: { integrationId: number; methodId: number },
  given: Record<string, string | number | boolean>,
): Promise<CallIntegrationMethodResponse> {
  const { integration, source } = await ownIntegration(db, organizationId, ids.integrationId);
  const method = await findIntegrationMethod(db, source.id, ids.methodId);
  if (!method) throw notFound('Method not found');
  if (!integration.apiKeyEncrypted) throw badRequest(INTEGRATION_MESSAGES.apiKeyRequired);
  let apiKey: string;
  try {
    apiKey = openSecret(services.secretsKey, integration.apiKeyEncrypted, keyContext(organizationId));
  } catch (error) {
    if (error instanceof SecretUnreadableError) throw conflict(INTEGRATION_MESSAGES.keyUnreadable);
    throw error;
  }

  const parameters = StoredParameters.parse(method.parameters);
  const known = new Set(parameters.map((parameter) => parameter.name));
  const unknown = Object.keys(given).filter((name) => !known.has(name));
  if (unknown.length > 0) throw badRequest(`Unknown parameter: ${unknown.join(', ')}`);
  const missing = parameters.filter((parameter) => parameter.required && given[parameter.name] === undefined);
  if (missing.length > 0)
    throw badRequest(`Parameter required: ${missing.map((parameter) => parameter.name).join(', ')}`);

  let template = method.urlTemplate;
  const headers: Record<string, string> = { accept: 'application/json' };
  const body: Record<string, string | number | boolean> = {};
  const query: [string, string][] = [];
  for (const parameter of parameters) {
    const value = given[parameter.name];
    if (value === undefined) continue;
    if (parameter.in === 'path')
      template = template.replaceAll(`{${parameter.name}}`, encodeURIComponent(String(value)));
    else if (parameter.in === 'query') query.push([parameter.name, String(value)]);
    else if (parameter.in === 'header') headers[parameter.name] = String(value);
    else body[parameter.name] = value;
  }
  const absolute = /^https?:\/\//i.test(template);
  if (!absolute && !source.baseUrl)
    throw badRequest(
      'The source has no server URL: its document names none, or a relative one and it was uploaded rather than read from a URL',
    );
  let url: URL;
  try {
    url = new URL(absolute ? template : `${source.baseUrl}${template}`);
  } catch {
    throw badRequest(`Not a valid URL: ${absolute ? template : `${source.baseUrl}${template}`}`);
  }
  for (const [name, value] of query) url.searchParams.append(name, value);

  const placement = keyPlacement(source, method);
  if (placement?.in === 'query') url.searchParams.set(placement.name, apiKey);
  else if (placement?.in === 'cookie') headers.cookie = `${placement.name}=${apiKey}`;
  else if (placement) headers[placement.name] = placement.bearer ? `Bearer ${apiKey}` : apiKey;

  const sendsBody = method.method !== 'GET' && Object.keys(body).length > 0;
  if (sendsBody) headers['content-type'] = 'application/json';
  const response = await outbound(() =>
    guardedRequest(
      url,
      { method: method.method, headers, ...(sendsBody ? { body: JSON.stringify(body) } : {}) },
      { ...services.guard, ...INTEGRATION_OUTBOUND },
    ),
  );
  const text = response.body.toString('utf8');
  let answered: unknown = text;
  if (/json/i.test(String(response.headers['content-type'] ?? ''))) {
    try {
      answered = JSON.parse(text);
    } catch {
      // Declared JSON but not: the text as it came.
    }
  }
  return { status: response.status, headers: headerValues(response.headers), body: answered };
}
