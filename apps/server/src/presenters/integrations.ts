import {
  type Integration,
  type IntegrationDetail,
  IntegrationMethod,
  IntegrationSecurityScheme,
  type IntegrationSource,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { z } from 'zod';
import { notFound } from '../kernel/http/errors';
import {
  findOwnIntegration,
  type IntegrationMethodRow,
  type IntegrationRow,
  type IntegrationSourceRow,
  listIntegrationMethods,
  listOwnIntegrationSources,
  listOwnIntegrations,
} from '../repositories/integrations';

/** The integrations pages' reads: sources with their methods, integrations with whether a key is set. */

const StoredSchemes = z.record(z.string(), IntegrationSecurityScheme).catch({});

/** A method as stored; one whose columns no longer fit the contract (a hand edit) is left out. */
export function presentIntegrationMethod(row: IntegrationMethodRow): IntegrationMethod | null {
  const parsed = IntegrationMethod.safeParse({
    id: row.id,
    name: row.name,
    description: row.description,
    method: row.method,
    type: row.type,
    urlTemplate: row.urlTemplate,
    parameters: row.parameters,
  });
  return parsed.success ? parsed.data : null;
}

function presentSource(
  row: IntegrationSourceRow,
  methods: readonly IntegrationMethodRow[],
  integrationId: number | null,
): IntegrationSource {
  return {
    id: row.id,
    app: 'openapi',
    name: row.name,
    description: row.description,
    iconUrl: row.iconUrl,
    baseUrl: row.baseUrl,
    documentUrl: row.documentUrl,
    api_components: {
      securitySchemes: StoredSchemes.parse(
        (row.apiComponents as { securitySchemes?: unknown }).securitySchemes,
      ),
    },
    methods: methods.flatMap((method) => presentIntegrationMethod(method) ?? []),
    integrationId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentIntegration(row: IntegrationRow, source: IntegrationSourceRow): Integration {
  return {
    id: row.id,
    sourceId: source.id,
    name: source.name,
    description: source.description,
    iconUrl: source.iconUrl,
    apiKeySet: row.apiKeyEncrypted !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function integrationSourcesOf(
  db: Database,
  organizationId: number,
): Promise<{ sources: IntegrationSource[] }> {
  const [sources, connected] = await Promise.all([
    listOwnIntegrationSources(db, organizationId),
    listOwnIntegrations(db, organizationId),
  ]);
  const methods = await listIntegrationMethods(
    db,
    sources.map((source) => source.id),
  );
  const integrationOf = new Map(
    connected.map(({ integration }) => [integration.integrationSourceId, integration.id]),
  );
  return {
    sources: sources.map((source) =>
      presentSource(
        source,
        methods.filter((method) => method.integrationSourceId === source.id),
        integrationOf.get(source.id) ?? null,
      ),
    ),
  };
}

/** A source just installed, as the list shows it. */
export async function presentInstalledSource(
  db: Database,
  row: IntegrationSourceRow,
): Promise<IntegrationSource> {
  return presentSource(row, await listIntegrationMethods(db, [row.id]), null);
}

export async function integrationsOf(
  db: Database,
  organizationId: number,
): Promise<{ integrations: Integration[] }> {
  const rows = await listOwnIntegrations(db, organizationId);
  return { integrations: rows.map(({ integration, source }) => presentIntegration(integration, source)) };
}

export async function integrationDetail(
  db: Database,
  organizationId: number,
  integrationId: number,
): Promise<IntegrationDetail> {
  const found = await findOwnIntegration(db, organizationId, integrationId);
  if (!found) throw notFound('Integration not found');
  const methods = await listIntegrationMethods(db, [found.source.id]);
  return {
    integration: presentIntegration(found.integration, found.source),
    source: presentSource(found.source, methods, found.integration.id),
  };
}
