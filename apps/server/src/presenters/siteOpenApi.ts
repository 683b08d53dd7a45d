/**
 * A site as an OpenAPI 3.1 document: its endpoints as operations (paths from their URL patterns, each `{name}` a
 * required path parameter), its models as components/schemas, an endpoint's model as its response's schema.
 */
import { originOf, urlPatternParameterNames } from '@proctor/contracts';

interface SiteOfDocument {
  name: string;
  url: string;
}
interface EndpointOfDocument {
  id: number;
  originUrl: string;
  urlPattern: string | null;
  url: string;
  method: string;
  contentType: string | null;
  modelId: number | null;
}
interface ModelOfDocument {
  id: number;
  name: string;
  schema: Record<string, unknown>;
}

/** A type, not an interface: the contract's loose object needs its index signature. */
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, unknown> };
};

/** OpenAPI's operations: methods it has a key for in a path item. */
const OPERATION_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The document's server: the site's own origin when it has endpoints there, else the origin most have. */
function mainOriginOf(site: SiteOfDocument, endpoints: readonly EndpointOfDocument[]): string | undefined {
  const own = originOf(site.url);
  if (endpoints.some((endpoint) => endpoint.originUrl === own)) return own!;
  const counts = new Map<string, number>();
  for (const { originUrl } of endpoints) counts.set(originUrl, (counts.get(originUrl) ?? 0) + 1);
  return [...counts].sort(([a, m], [b, n]) => n - m || a.localeCompare(b))[0]?.[0];
}

/** A name unique among `taken`: `name`, else `name2`, `name3`… */
function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name}${n}`;
  taken.add(candidate);
  return candidate;
}

/** A model's name as a component key (`^[a-zA-Z0-9._-]+$`). */
function componentKey(name: string): string {
  return name.trim().replace(/[^A-Za-z0-9._-]+/g, '_') || 'Model';
}

/** `get` + `/users/{userId}/orders` → `getUsersUserIdOrders`. */
function operationName(method: string, urlPattern: string): string {
  const words = urlPattern.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** The path with its parameters' names left out: paths equal so are one path to OpenAPI. */
const pathShape = (urlPattern: string) => urlPattern.replace(/\{[^}]*\}/g, '{}');

export function siteOpenApiDocument(
  site: SiteOfDocument,
  endpoints: readonly EndpointOfDocument[],
  models: readonly ModelOfDocument[],
): OpenApiDocument {
  const schemaKeys = new Set<string>();
  const schemas: Record<string, unknown> = {};
  const modelRefs = new Map<number, string>();
  for (const model of models) {
    const key = unique(componentKey(model.name), schemaKeys);
    const { $schema: _draft, $id: _id, ...schema } = model.schema;
    schemas[key] = { title: model.name, ...schema };
    modelRefs.set(model.id, `#/components/schemas/${key}`);
  }

  const mainOrigin = mainOriginOf(site, endpoints);
  const paths: Record<string, Record<string, unknown>> = {};
  /** Each path shape's key in `paths`: the first pattern written for it. */
  const pathKeys = new Map<string, string>();
  const operationIds = new Set<string>();
  const sorted = [...endpoints].sort(
    (a, b) =>
      a.originUrl.localeCompare(b.originUrl) ||
      (a.urlPattern ?? a.url).localeCompare(b.urlPattern ?? b.url) ||
      a.method.localeCompare(b.method) ||
      a.id - b.id,
  );
  for (const endpoint of sorted) {
    const method = endpoint.method.toLowerCase();
    if (!OPERATION_METHODS.has(method)) continue;
    const pattern = endpoint.urlPattern ?? new URL(endpoint.url, endpoint.originUrl).pathname;
    const shape = pathShape(pattern);
    const key = pathKeys.get(shape) ?? pattern;
    pathKeys.set(shape, key);
    const item = paths[key] ?? {};
    paths[key] = item;
    if (endpoint.originUrl !== mainOrigin) item.servers ??= [{ url: endpoint.originUrl }];
    const ref = endpoint.modelId !== null ? modelRefs.get(endpoint.modelId) : undefined;
    const mediaType = endpoint.contentType ?? (ref ? 'application/json' : undefined);
    const existing = item[method] as
      | { responses: { '200': { content?: Record<string, unknown> } } }
      | undefined;
    if (existing) {
      // The same call answering another content type: one more media type of its response.
      if (mediaType)
        existing.responses['200'].content = {
          ...existing.responses['200'].content,
          [mediaType]: { schema: ref ? { $ref: ref } : {} },
        };
      continue;
    }
    const parameters = urlPatternParameterNames(key).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    item[method] = {
      operationId: unique(operationName(method, key), operationIds),
      ...(parameters.length > 0 ? { parameters } : {}),
      responses: {
        '200': {
          description: 'The response as captured',
          ...(mediaType ? { content: { [mediaType]: { schema: ref ? { $ref: ref } : {} } } } : {}),
        },
      },
    };
  }

  const servers = [{ url: mainOrigin ?? originOf(site.url) ?? site.url }];
  return {
    openapi: '3.1.0',
    info: {
      title: site.name,
      version: '1.0.0',
      description: `The API of ${site.url} as Proctor captured it`,
    },
    servers,
    paths,
    components: { schemas },
  };
}
