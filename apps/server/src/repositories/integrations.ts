/**
 * Integrations: the sources an organization installed (OpenAPI documents), their methods, and the integrations
 * that connect a source with an API key (kept sealed; services/integrations.ts seals and opens it).
 */
import { type Executor, integrationMethods, integrationSources, integrations } from '@proctor/db';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';

type Json = Record<string, unknown>;

export type IntegrationSourceRow = typeof integrationSources.$inferSelect;
export type IntegrationMethodRow = typeof integrationMethods.$inferSelect;
export type IntegrationRow = typeof integrations.$inferSelect;

export function listOwnIntegrationSources(
  db: Executor,
  organizationId: number,
): Promise<IntegrationSourceRow[]> {
  return db
    .select()
    .from(integrationSources)
    .where(eq(integrationSources.organizationId, organizationId))
    .orderBy(desc(integrationSources.id));
}

export async function findOwnIntegrationSource(
  db: Executor,
  organizationId: number,
  sourceId: number,
): Promise<IntegrationSourceRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationSources)
    .where(and(eq(integrationSources.id, sourceId), eq(integrationSources.organizationId, organizationId)));
  return row;
}

export async function insertIntegrationSource(
  db: Executor,
  values: {
    organizationId: number;
    name: string;
    description: string;
    apiComponents: Json;
    baseUrl: string;
    documentUrl: string | null;
  },
): Promise<IntegrationSourceRow> {
  const [row] = await db.insert(integrationSources).values(values).returning();
  return row!;
}

export interface NewIntegrationMethod {
  name: string;
  description: string;
  method: string;
  type: string;
  parameters: unknown[];
  urlTemplate: string;
  security: Json | null;
}

export async function insertIntegrationMethods(
  db: Executor,
  sourceId: number,
  methods: readonly NewIntegrationMethod[],
): Promise<IntegrationMethodRow[]> {
  if (methods.length === 0) return [];
  return db
    .insert(integrationMethods)
    .values(methods.map((method) => ({ ...method, integrationSourceId: sourceId })))
    .returning();
}

export function listIntegrationMethods(
  db: Executor,
  sourceIds: readonly number[],
): Promise<IntegrationMethodRow[]> {
  if (sourceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(integrationMethods)
    .where(inArray(integrationMethods.integrationSourceId, [...sourceIds]))
    .orderBy(asc(integrationMethods.id));
}

export async function findIntegrationMethod(
  db: Executor,
  sourceId: number,
  methodId: number,
): Promise<IntegrationMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(integrationMethods)
    .where(and(eq(integrationMethods.id, methodId), eq(integrationMethods.integrationSourceId, sourceId)));
  return row;
}

export interface IntegrationWithSource {
  integration: IntegrationRow;
  source: IntegrationSourceRow;
}

export function listOwnIntegrations(db: Executor, organizationId: number): Promise<IntegrationWithSource[]> {
  return db
    .select({ integration: integrations, source: integrationSources })
    .from(integrations)
    .innerJoin(integrationSources, eq(integrationSources.id, integrations.integrationSourceId))
    .where(eq(integrations.organizationId, organizationId))
    .orderBy(desc(integrations.id));
}

export async function findOwnIntegration(
  db: Executor,
  organizationId: number,
  integrationId: number,
): Promise<IntegrationWithSource | undefined> {
  const [row] = await db
    .select({ integration: integrations, source: integrationSources })
    .from(integrations)
    .innerJoin(integrationSources, eq(integrationSources.id, integrations.integrationSourceId))
    .where(and(eq(integrations.id, integrationId), eq(integrations.organizationId, organizationId)));
  return row;
}

export async function findIntegrationOfSource(
  db: Executor,
  organizationId: number,
  sourceId: number,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(
      and(eq(integrations.integrationSourceId, sourceId), eq(integrations.organizationId, organizationId)),
    );
  return row;
}

export async function insertIntegration(
  db: Executor,
  values: { organizationId: number; integrationSourceId: number; apiKeyEncrypted: string },
): Promise<IntegrationRow> {
  const [row] = await db.insert(integrations).values(values).returning();
  return row!;
}

export async function updateIntegrationKey(
  db: Executor,
  integrationId: number,
  apiKeyEncrypted: string,
): Promise<IntegrationRow> {
  const [row] = await db
    .update(integrations)
    .set({ apiKeyEncrypted })
    .where(eq(integrations.id, integrationId))
    .returning();
  return row!;
}
