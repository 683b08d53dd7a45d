import { z } from 'zod';
import { IdParam, RecordId, RecordIdInUrl, Timestamp } from './common';
import { endpoint } from './http';
import { REQUEST_TEMPLATE_TRY } from './requestTemplate';
import { SITE_EDIT_PERMISSIONS } from './sites';

/**
 * Integrations (002 §2.7, §3, §7.5). The apps page offers a fixed list of one app, "HTTP API (OpenAPI)": installing
 * it reads an OpenAPI document (by URL, through the outbound guard, or uploaded) into an integration source the
 * organization owns, with one method per operation and the document's `securitySchemes`. Connecting the source
 * makes an integration, which needs an API key; the key is kept encrypted and never answered back.
 *
 * Who may call: the spec's roles name none. Every member reads the organization's sources and integrations;
 * installing, connecting, adding methods and calling them (which reaches the web from Proctor's machine) needs
 * INTEGRATION_EDIT_PERMISSIONS. Another organization's ids answer 404.
 */

/** Who installs, connects and calls integrations: those who may change sites. */
export const INTEGRATION_EDIT_PERMISSIONS = SITE_EDIT_PERMISSIONS;

/** Limits of every outbound exchange of an integration (reading a document by URL, calling a method). */
export const INTEGRATION_OUTBOUND = REQUEST_TEMPLATE_TRY;

/** The words of the integration dialogs and refusals (002 §5: 'API key is required'). */
export const INTEGRATION_MESSAGES = {
  apiKeyRequired: 'API key is required',
  documentSource: 'Give the OpenAPI document either by url or as the uploaded document text',
  documentUnreadable: 'The OpenAPI document is neither JSON nor YAML',
  documentNotObject: 'The OpenAPI document must be an object',
  noOperations: 'The OpenAPI document has no GET, POST, PUT or DELETE operation',
  alreadyConnected: 'This source is connected already: configure its API key instead',
  keyUnreadable:
    'The stored API key cannot be read with the configured SECRETS_KEY (it was stored under another key): configure the API key again',
} as const;

/** The most operations one document may bring: each is a method, stored and listed on the integration's page. */
export const INTEGRATION_MAX_METHODS = 1000;

/** The apps page's fixed list (002 §2.7: one app). */
export const INTEGRATION_APPS = [
  {
    id: 'openapi',
    name: 'HTTP API (OpenAPI)',
    description:
      'Any HTTP API described by an OpenAPI 3 or Swagger 2 document: its operations become methods called with your API key.',
  },
] as const;
export type IntegrationAppId = (typeof INTEGRATION_APPS)[number]['id'];

export const INTEGRATION_HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const INTEGRATION_METHOD_TYPES = ['endpoint', 'scraper'] as const;
/** Where a parameter goes in a call; `body`: a member of the JSON request body. */
export const INTEGRATION_PARAMETER_PLACES = ['path', 'query', 'header', 'body'] as const;

/** A parameter of a method (002 §3: name and type), with where it goes and whether the call needs it. */
export const IntegrationParameter = z.object({
  name: z.string(),
  type: z.string(),
  in: z.enum(INTEGRATION_PARAMETER_PLACES),
  required: z.boolean(),
});
export type IntegrationParameter = z.infer<typeof IntegrationParameter>;

/** An operation of the source (type endpoint): its method and URL template, under the source's base URL. */
export const IntegrationMethod = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  method: z.enum(INTEGRATION_HTTP_METHODS),
  type: z.enum(INTEGRATION_METHOD_TYPES),
  /** A path under the source's base URL (`/pets/{petId}`), or an absolute URL (a site endpoint's). */
  urlTemplate: z.string(),
  parameters: z.array(IntegrationParameter),
});
export type IntegrationMethod = z.infer<typeof IntegrationMethod>;

/** A security scheme as OpenAPI states it; the ones a call can fill with the API key are `apiKey` and http `bearer`. */
export const IntegrationSecurityScheme = z.looseObject({
  type: z.string(),
  name: z.string().optional(),
  in: z.string().optional(),
  scheme: z.string().optional(),
  description: z.string().optional(),
});

/** An integration source: an installed OpenAPI document, with its methods and whether it is connected. */
export const IntegrationSource = z.object({
  id: z.number().int(),
  app: z.literal('openapi'),
  name: z.string(),
  description: z.string(),
  iconUrl: z.string().nullable(),
  baseUrl: z.string(),
  documentUrl: z.string().nullable(),
  api_components: z.object({ securitySchemes: z.record(z.string(), IntegrationSecurityScheme) }),
  methods: z.array(IntegrationMethod),
  /** The organization's integration of this source, once connected. */
  integrationId: z.number().int().nullable(),
  createdAt: Timestamp,
});
export type IntegrationSource = z.infer<typeof IntegrationSource>;

/** GET /api/integrations/sources: the organization's installed sources, newest first. */
export const IntegrationSourcesResponse = z.object({ sources: z.array(IntegrationSource) });

/**
 * An uploaded document: as large as one read by URL (5 MB, counted in characters); the request that carries it
 * as JSON text may be twice that, for the escaping of its quotes and line breaks.
 */
export const INTEGRATION_UPLOAD = {
  maxChars: INTEGRATION_OUTBOUND.maxResponseBytes,
  bodyLimit: 2 * INTEGRATION_OUTBOUND.maxResponseBytes,
} as const;

/** POST /api/integrations/sources (answers 201 with the source): the document by URL or as its text. */
export const InstallIntegrationSourceRequest = z
  .object({
    url: z
      .string()
      .trim()
      .max(8192)
      .pipe(z.url({ protocol: /^https?$/, error: 'url must be a valid http(s) URL' }))
      .optional(),
    document: z
      .string()
      .max(INTEGRATION_UPLOAD.maxChars, {
        error: `The uploaded document is longer than ${INTEGRATION_UPLOAD.maxChars} characters`,
      })
      .optional(),
  })
  .refine((request) => (request.url === undefined) !== (request.document === undefined), {
    error: INTEGRATION_MESSAGES.documentSource,
  });
export type InstallIntegrationSourceRequest = z.input<typeof InstallIntegrationSourceRequest>;

const apiKey = z
  .string({ error: INTEGRATION_MESSAGES.apiKeyRequired })
  .trim()
  .min(1, { error: INTEGRATION_MESSAGES.apiKeyRequired })
  .max(4096, { error: 'The API key is longer than 4096 characters' });

/** POST /api/integrations (002 §7.5: sourceId, api_key; answers 201). */
export const CreateIntegrationRequest = z.object({ sourceId: RecordId, api_key: apiKey });
export type CreateIntegrationRequest = z.input<typeof CreateIntegrationRequest>;

/** PUT /api/integrations/{id}: API Authentication's Configure, a new key. */
export const UpdateIntegrationRequest = z.object({ api_key: apiKey });
export type UpdateIntegrationRequest = z.input<typeof UpdateIntegrationRequest>;

/** An organization's integration: the source it connects and that a key is set (never the key). */
export const Integration = z.object({
  id: z.number().int(),
  sourceId: z.number().int(),
  name: z.string(),
  description: z.string(),
  iconUrl: z.string().nullable(),
  apiKeySet: z.boolean(),
  createdAt: Timestamp,
});
export type Integration = z.infer<typeof Integration>;

export const IntegrationsResponse = z.object({ integrations: z.array(Integration) });

/** GET /api/integrations/{id}: the integration page's data. */
export const IntegrationDetail = z.object({ integration: Integration, source: IntegrationSource });
export type IntegrationDetail = z.infer<typeof IntegrationDetail>;

/** POST /api/integrations/{id}/methods: API Endpoints' Add, one of the organization's site endpoints. */
export const AddIntegrationMethodRequest = z.object({ siteEndpointId: RecordId });
export type AddIntegrationMethodRequest = z.input<typeof AddIntegrationMethodRequest>;

export const IntegrationMethodParams = z.object({ id: RecordIdInUrl, methodId: RecordIdInUrl });

/** POST /api/integrations/{id}/methods/{methodId}/call: each parameter's value by name. */
export const CallIntegrationMethodRequest = z.object({
  parameters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
});
export type CallIntegrationMethodRequest = z.input<typeof CallIntegrationMethodRequest>;

/** What the API answered: the body parsed when it is JSON, text otherwise. */
export const CallIntegrationMethodResponse = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.unknown(),
});
export type CallIntegrationMethodResponse = z.infer<typeof CallIntegrationMethodResponse>;

/** The integrations' endpoints (002 §7.5 names the operations, not their paths), spread into `endpoints`. */
export const integrationEndpoints = {
  integrationSources: endpoint({
    method: 'GET',
    path: '/api/integrations/sources',
    tag: 'integrations',
    summary: "The organization's installed integration sources with their methods, newest first",
    response: IntegrationSourcesResponse,
  }),
  installIntegrationSource: endpoint({
    method: 'POST',
    path: '/api/integrations/sources',
    tag: 'integrations',
    summary:
      'Install HTTP API (OpenAPI): an OpenAPI document by url (through the outbound guard, 30 s, 5 MB) or as text, validated; a source with one method per GET/POST/PUT/DELETE operation',
    body: InstallIntegrationSourceRequest,
    response: IntegrationSource,
    status: 201,
    bodyLimit: INTEGRATION_UPLOAD.bodyLimit,
  }),
  listIntegrations: endpoint({
    method: 'GET',
    path: '/api/integrations',
    tag: 'integrations',
    summary: "The organization's integrations (connected sources), newest first; keys are never answered",
    response: IntegrationsResponse,
  }),
  createIntegration: endpoint({
    method: 'POST',
    path: '/api/integrations',
    tag: 'integrations',
    summary: "Connect a source with an API key (400 'API key is required'); the key is stored encrypted",
    body: CreateIntegrationRequest,
    response: Integration,
    status: 201,
  }),
  integration: endpoint({
    method: 'GET',
    path: '/api/integrations/:id',
    tag: 'integrations',
    summary: 'An integration with its source and methods',
    params: IdParam,
    response: IntegrationDetail,
  }),
  updateIntegration: endpoint({
    method: 'PUT',
    path: '/api/integrations/:id',
    tag: 'integrations',
    summary: "Replace an integration's API key (API Authentication: Configure)",
    params: IdParam,
    body: UpdateIntegrationRequest,
    response: Integration,
  }),
  addIntegrationMethod: endpoint({
    method: 'POST',
    path: '/api/integrations/:id/methods',
    tag: 'integrations',
    summary: "Add one of the organization's site endpoints to an integration's source as a method",
    params: IdParam,
    body: AddIntegrationMethodRequest,
    response: IntegrationMethod,
    status: 201,
  }),
  callIntegrationMethod: endpoint({
    method: 'POST',
    path: '/api/integrations/:id/methods/:methodId/call',
    tag: 'integrations',
    summary:
      "Call a method: its URL rendered with the path and query parameters, the API key placed as the source's security scheme says, sent through the outbound guard (30 s, 5 MB)",
    params: IntegrationMethodParams,
    body: CallIntegrationMethodRequest,
    response: CallIntegrationMethodResponse,
  }),
} as const;
