/**
 * Web flows and their runs: an organization's saved act/extract flows, and each run's state, parameters and
 * response. Runs belong to the organization through their flow.
 */
import { WebFlowNode, WebFlowParameter, WebFlowRunParameters } from '@proctor/contracts';
import { type Executor, newPublicId, webFlowRuns, webFlows } from '@proctor/db';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import { z } from 'zod';

/** A flow with its JSON columns read as the contract's types (they were checked by it when saved). */
export type WebFlowRow = Omit<typeof webFlows.$inferSelect, 'nodes' | 'parameters'> & {
  nodes: WebFlowNode[];
  parameters: WebFlowParameter[];
};
export type WebFlowRunRow = Omit<typeof webFlowRuns.$inferSelect, 'parameters' | 'response'> & {
  parameters: WebFlowRunParameters;
  response: Record<string, unknown> | null;
};
export type WebFlowChanges = Partial<
  Pick<WebFlowRow, 'name' | 'description' | 'startUrl' | 'iconUrl' | 'nodes' | 'parameters'>
>;

const Nodes = z.array(WebFlowNode);
const Parameters = z.array(WebFlowParameter);
const RunResponse = z.record(z.string(), z.unknown()).nullable();

const flowOf = (row: typeof webFlows.$inferSelect): WebFlowRow => ({
  ...row,
  nodes: Nodes.parse(row.nodes),
  parameters: Parameters.parse(row.parameters),
});
const runOf = (row: typeof webFlowRuns.$inferSelect): WebFlowRunRow => ({
  ...row,
  parameters: WebFlowRunParameters.parse(row.parameters),
  response: RunResponse.parse(row.response ?? null),
});

const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listWebFlows(
  db: Executor,
  organizationId: number,
  search?: string,
): Promise<WebFlowRow[]> {
  const filters: SQL[] = [eq(webFlows.organizationId, organizationId)];
  if (search) filters.push(ilike(webFlows.name, containsPattern(search)));
  const rows = await db
    .select()
    .from(webFlows)
    .where(and(...filters))
    .orderBy(desc(webFlows.updatedAt), desc(webFlows.id));
  return rows.map(flowOf);
}

export async function findWebFlow(
  db: Executor,
  organizationId: number,
  id: number,
): Promise<WebFlowRow | undefined> {
  const [flow] = await db
    .select()
    .from(webFlows)
    .where(and(eq(webFlows.id, id), eq(webFlows.organizationId, organizationId)));
  return flow && flowOf(flow);
}

export async function insertWebFlow(
  db: Executor,
  values: Required<WebFlowChanges> & { organizationId: number },
): Promise<WebFlowRow> {
  const [flow] = await db.insert(webFlows).values(values).returning();
  return flowOf(flow!);
}

export async function updateWebFlow(db: Executor, id: number, changes: WebFlowChanges): Promise<WebFlowRow> {
  const [flow] = await db
    .update(webFlows)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(webFlows.id, id))
    .returning();
  return flowOf(flow!);
}

export async function deleteWebFlow(db: Executor, id: number): Promise<void> {
  await db.delete(webFlows).where(eq(webFlows.id, id));
}

export async function insertWebFlowRun(
  db: Executor,
  values: { webFlowId: number; parameters: Record<string, unknown> },
): Promise<WebFlowRunRow> {
  const [run] = await db
    .insert(webFlowRuns)
    .values({ ...values, publicId: newPublicId(), state: 'pending' })
    .returning();
  return runOf(run!);
}

export async function updateWebFlowRun(
  db: Executor,
  id: number,
  changes: Partial<Pick<WebFlowRunRow, 'state' | 'response' | 'error' | 'startedAt' | 'completedAt'>>,
): Promise<void> {
  await db.update(webFlowRuns).set(changes).where(eq(webFlowRuns.id, id));
}

export interface WebFlowRunListing {
  run: WebFlowRunRow;
  flow: { id: number; name: string };
}

const runColumns = { run: webFlowRuns, flow: { id: webFlows.id, name: webFlows.name } };
const listingOf = (row: { run: typeof webFlowRuns.$inferSelect; flow: WebFlowRunListing['flow'] }) => ({
  run: runOf(row.run),
  flow: row.flow,
});

export async function listWebFlowRuns(
  db: Executor,
  organizationId: number,
  query: { webFlowId?: number | undefined; page: number; pageSize: number },
): Promise<{ rows: WebFlowRunListing[]; total: number }> {
  const filters: SQL[] = [eq(webFlows.organizationId, organizationId)];
  if (query.webFlowId !== undefined) filters.push(eq(webFlowRuns.webFlowId, query.webFlowId));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select(runColumns)
      .from(webFlowRuns)
      .innerJoin(webFlows, eq(webFlows.id, webFlowRuns.webFlowId))
      .where(where)
      .orderBy(desc(webFlowRuns.createdAt), desc(webFlowRuns.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(webFlowRuns)
      .innerJoin(webFlows, eq(webFlows.id, webFlowRuns.webFlowId))
      .where(where),
  ]);
  return { rows: rows.map(listingOf), total: total?.total ?? 0 };
}

export async function findWebFlowRun(
  db: Executor,
  organizationId: number,
  publicId: string,
): Promise<WebFlowRunListing | undefined> {
  const [row] = await db
    .select(runColumns)
    .from(webFlowRuns)
    .innerJoin(webFlows, eq(webFlows.id, webFlowRuns.webFlowId))
    .where(and(eq(webFlowRuns.publicId, publicId), eq(webFlows.organizationId, organizationId)));
  return row && listingOf(row);
}
