import {
  describeInputProblem,
  INTEGRATION_HTTP_METHODS,
  INTEGRATION_MAX_METHODS,
  INTEGRATION_MESSAGES,
  type IntegrationParameter,
  inputProblem,
} from '@proctor/contracts';
import { compileErrors, dereference, type ParserOptions, validate } from '@readme/openapi-parser';
import { load as loadYaml } from 'js-yaml';
import { badRequest, HttpError } from '../kernel/http/errors';
import type { NewIntegrationMethod } from '../repositories/integrations';

/**
 * An OpenAPI 3 (or Swagger 2) document read into an integration source: validated by @readme/openapi-parser, its
 * GET/POST/PUT/DELETE operations made methods. The text is parsed here as JSON, never handed to the parser as a
 * string (which it would take for a file path or URL), and external `$ref`s are not followed: reading a
 * document reaches nothing.
 */

export interface OpenApiSource {
  name: string;
  description: string;
  baseUrl: string;
  securitySchemes: Record<string, unknown>;
  /** The document's security requirements: what its operations, and methods added later, use by default. */
  security: unknown[] | null;
  methods: NewIntegrationMethod[];
}

const PARSER_OPTIONS: ParserOptions = {
  resolve: { external: false, file: false },
  dereference: { circular: 'ignore' },
  timeoutMs: 10_000,
};

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

/**
 * A document in JSON, or else YAML (OpenAPI's other format) in its core schema. YAML's aliases are refused: each
 * is a second path to one node, and a few nested ones make a document whose walk (the checks below, the
 * parser's) doubles at every level, the "billion laughs".
 */
function parseDocument(text: string): unknown {
  try {
    return /^\s*[{[]/.test(text) ? JSON.parse(text) : loadYaml(text, { maxAliases: 0 });
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0];
    throw badRequest(`${INTEGRATION_MESSAGES.documentUnreadable}: ${reason}`);
  }
}

export async function readOpenApiDocument(text: string, documentUrl: string | null): Promise<OpenApiSource> {
  const parsed = parseDocument(text);
  if (!isNode(parsed)) throw badRequest(INTEGRATION_MESSAGES.documentNotObject);
  const problem = inputProblem(parsed);
  if (problem) throw badRequest(`The OpenAPI document: ${describeInputProblem(problem)}`);

  let api: Node;
  try {
    const result = await validate(structuredClone(parsed) as never, PARSER_OPTIONS);
    if (!result.valid) throw badRequest(compileErrors(result));
    api = (await dereference(parsed as never, PARSER_OPTIONS)) as Node;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // The parser names where it looked up a reference, from the server's working directory: not the caller's.
    const reason = (error as Error).message.replaceAll(`${process.cwd()}/`, '');
    throw badRequest(`The OpenAPI document is not valid: ${reason}`);
  }
  const swagger = typeof api.swagger === 'string';
  const components = isNode(api.components) ? api.components : {};
  const schemes = swagger ? api.securityDefinitions : components.securitySchemes;
  const info = isNode(api.info) ? api.info : {};
  const methods = operationsOf(api, swagger);
  if (methods.length === 0) throw badRequest(INTEGRATION_MESSAGES.noOperations);
  if (methods.length > INTEGRATION_MAX_METHODS)
    throw badRequest(
      `The OpenAPI document has ${methods.length} operations; at most ${INTEGRATION_MAX_METHODS} can be installed`,
    );
  return {
    name: textOf(info.title, 200) || 'HTTP API',
    description: textOf(info.description, 2000),
    baseUrl: baseUrlOf(api, swagger, documentUrl),
    securitySchemes: isNode(schemes) ? schemes : {},
    security: Array.isArray(api.security) ? api.security : null,
    methods,
  };
}

/** The document's first server, its variables at their defaults, resolved against where the document was read. */
function baseUrlOf(api: Node, swagger: boolean, documentUrl: string | null): string {
  let server: string;
  if (swagger) {
    const scheme =
      Array.isArray(api.schemes) && typeof api.schemes[0] === 'string' ? api.schemes[0] : 'https';
    const host = typeof api.host === 'string' ? api.host : '';
    const basePath = typeof api.basePath === 'string' ? api.basePath : '';
    server = host ? `${scheme}://${host}${basePath}` : basePath;
  } else {
    const first = Array.isArray(api.servers) && isNode(api.servers[0]) ? api.servers[0] : {};
    const variables = isNode(first.variables) ? first.variables : {};
    server = textOf(first.url, 8192).replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const variable = variables[name];
      return isNode(variable) && typeof variable.default === 'string' ? variable.default : whole;
    });
  }
  try {
    return new URL(server, documentUrl ?? undefined).href.replace(/\/$/, '');
  } catch {
    // A relative server in an uploaded document: there is nothing to resolve it against.
    return '';
  }
}

function operationsOf(api: Node, swagger: boolean): NewIntegrationMethod[] {
  const methods: NewIntegrationMethod[] = [];
  const security = Array.isArray(api.security) ? api.security : null;
  for (const [path, item] of Object.entries(isNode(api.paths) ? api.paths : {})) {
    if (!isNode(item)) continue;
    for (const method of INTEGRATION_HTTP_METHODS) {
      const operation = item[method.toLowerCase()];
      if (!isNode(operation)) continue;
      const operationSecurity = Array.isArray(operation.security) ? operation.security : security;
      methods.push({
        name: textOf(operation.operationId, 200) || `${method} ${path}`,
        description: textOf(operation.summary, 2000) || textOf(operation.description, 2000),
        method,
        type: 'endpoint',
        urlTemplate: path,
        parameters: parametersOf(item, operation, swagger),
        security: operationSecurity ? { requirements: operationSecurity } : null,
      });
    }
  }
  return methods;
}

const PLACES = new Set(['path', 'query', 'header']);

/** The path item's and the operation's parameters (the operation's win), and a JSON body's top properties. */
function parametersOf(item: Node, operation: Node, swagger: boolean): IntegrationParameter[] {
  const byKey = new Map<string, IntegrationParameter>();
  const declared = [
    ...(Array.isArray(item.parameters) ? item.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ];
  let bodySchema: unknown;
  for (const parameter of declared) {
    if (!isNode(parameter) || typeof parameter.name !== 'string') continue;
    if (swagger && parameter.in === 'body') {
      bodySchema = parameter.schema;
      continue;
    }
    if (typeof parameter.in !== 'string' || !PLACES.has(parameter.in)) continue;
    const schema = isNode(parameter.schema) ? parameter.schema : parameter;
    byKey.set(`${parameter.in} ${parameter.name}`, {
      name: parameter.name,
      type: typeof schema.type === 'string' ? schema.type : 'string',
      in: parameter.in as IntegrationParameter['in'],
      required: parameter.in === 'path' || parameter.required === true,
    });
  }
  if (!swagger && isNode(operation.requestBody) && isNode(operation.requestBody.content)) {
    const json = operation.requestBody.content['application/json'];
    if (isNode(json)) bodySchema = json.schema;
  }
  if (isNode(bodySchema) && isNode(bodySchema.properties)) {
    const required = Array.isArray(bodySchema.required) ? bodySchema.required : [];
    for (const [name, property] of Object.entries(bodySchema.properties)) {
      byKey.set(`body ${name}`, {
        name,
        type: isNode(property) && typeof property.type === 'string' ? property.type : 'string',
        in: 'body',
        required: required.includes(name),
      });
    }
  }
  return [...byKey.values()];
}
