/** Agents (agent artifacts). */
import { AgentArtifactData } from '@proctor/contracts';
import { agentArtifacts, type Executor, sessions, simulators, testCases } from '@proctor/db';
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { countWhere, resultCounts } from './sessions';

/** What an agent made by its first SDK run says about itself. */
export const SDK_AGENT_DESCRIPTION = 'Drives its environments itself through the SDK (made by its first run)';

/**
 * The agent a run names with `agent_version` at reset: the organization's agent of that alias, made on the
 * first run that names it, so that an SDK user finds their agent on /agents without a separate step. Made as
 * a dev agent without an endpoint (it drives its environments itself) and without a drawn icon: img_url is
 * null and the dashboard shows the dev emoji. An archived agent of that alias keeps getting its runs (the
 * alias stays taken). Concurrent first runs with one alias make one agent: the insert yields to the other.
 * The caller refuses reserved aliases first.
 */
export async function agentForRun(
  db: Executor,
  owner: { organizationId: number; userId: number | null },
  alias: string,
): Promise<number> {
  const find = async () =>
    (
      await db
        .select({ id: agentArtifacts.id })
        .from(agentArtifacts)
        .where(and(eq(agentArtifacts.organizationId, owner.organizationId), eq(agentArtifacts.alias, alias)))
    )[0]?.id;
  const existing = await find();
  if (existing !== undefined) return existing;
  const data: AgentArtifactData = {
    type: 'dev',
    img_url: null,
    description: SDK_AGENT_DESCRIPTION,
    endpoint: null,
  };
  const [made] = await db
    .insert(agentArtifacts)
    .values({ organizationId: owner.organizationId, userId: owner.userId, alias, data })
    .onConflictDoNothing()
    .returning({ id: agentArtifacts.id });
  if (made) return made.id;
  const raced = await find();
  if (raced === undefined) throw new Error(`Agent "${alias}" was neither made nor found`);
  return raced;
}

export type AgentRow = typeof agentArtifacts.$inferSelect;
export type StoredAgentData = AgentRow['data'];

const field = AgentArtifactData.shape;
/**
 * An agent's data as stored: each field that no longer reads (rows older than today's shape) falls back on its
 * own, to what the list has always shown for it, so one odd field never hides the agent.
 */
const StoredAgentData = AgentArtifactData.extend({
  type: field.type.catch('dev'),
  builtin: field.builtin.catch(undefined),
  img_url: field.img_url.catch(null),
  description: field.description.catch(''),
  human_name: field.human_name.catch(undefined),
  endpoint: field.endpoint.catch(undefined),
  repo_url: field.repo_url.catch(undefined),
  branch: field.branch.catch(undefined),
  commit_hash: field.commit_hash.catch(undefined),
  /** The blob key of the agent's icon, drawn or fetched (never sent). */
  icon_key: z.string().optional().catch(undefined),
});

/** The row with its data read once (here, or where another repository joins the table). */
export function agentOf(row: AgentRow): AgentRow {
  const parsed = StoredAgentData.safeParse(row.data);
  return { ...row, data: parsed.success ? parsed.data : StoredAgentData.parse({}) };
}

const builtInRows = and(isNull(agentArtifacts.organizationId), eq(agentArtifacts.archived, false));
/** The organization's own agents and the built-in ones (listed to every organization). */
const ofOrganization = (organizationId: number) =>
  or(eq(agentArtifacts.organizationId, organizationId), builtInRows)!;

/** The organization's agents not archived, newest first, then the built-in ones in their catalogue's order. */
export async function listOrganizationAgents(db: Executor, organizationId: number): Promise<AgentRow[]> {
  const rows = await db
    .select()
    .from(agentArtifacts)
    .where(
      or(
        and(eq(agentArtifacts.organizationId, organizationId), eq(agentArtifacts.archived, false)),
        builtInRows,
      ),
    )
    .orderBy(desc(agentArtifacts.createdAt), desc(agentArtifacts.id));
  const own = rows.filter((row) => row.organizationId !== null);
  const builtIn = rows.filter((row) => row.organizationId === null).sort((a, b) => a.id - b.id);
  return [...own, ...builtIn].map(agentOf);
}

/** The organization's agent (or built-in one) of that alias, archived or not. */
export async function findOrganizationAgentByAlias(db: Executor, organizationId: number, alias: string) {
  const [row] = await db
    .select()
    .from(agentArtifacts)
    .where(and(ofOrganization(organizationId), eq(agentArtifacts.alias, alias)));
  return row && agentOf(row);
}

/** The organization's agent (or built-in one) of that id, archived or not. */
export async function findOrganizationAgentById(db: Executor, organizationId: number, id: number) {
  const [row] = await db
    .select()
    .from(agentArtifacts)
    .where(and(ofOrganization(organizationId), eq(agentArtifacts.id, id)));
  return row && agentOf(row);
}

/** Any organization's agent by id. */
export async function findAgentById(db: Executor, id: number): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agentArtifacts).where(eq(agentArtifacts.id, id));
  return row && agentOf(row);
}

/** A built-in agent's row by its alias (made at start). */
export async function findBuiltInAgent(db: Executor, alias: string): Promise<AgentRow | undefined> {
  const [row] = await db
    .select()
    .from(agentArtifacts)
    .where(and(isNull(agentArtifacts.organizationId), eq(agentArtifacts.alias, alias)));
  return row && agentOf(row);
}

/** Whether the organization's own agent of that alias is archived; undefined when the alias is free. */
export async function findAliasHolder(db: Executor, organizationId: number, alias: string) {
  const [row] = await db
    .select({ archived: agentArtifacts.archived })
    .from(agentArtifacts)
    .where(and(eq(agentArtifacts.organizationId, organizationId), eq(agentArtifacts.alias, alias)));
  return row;
}

/** The new agent; undefined when its organization already has one of that alias. */
export async function insertAgent(
  db: Executor,
  values: typeof agentArtifacts.$inferInsert,
): Promise<AgentRow | undefined> {
  const [row] = await db.insert(agentArtifacts).values(values).onConflictDoNothing().returning();
  return row && agentOf(row);
}

export async function setAgentData(db: Executor, id: number, data: StoredAgentData): Promise<AgentRow> {
  const [row] = await db.update(agentArtifacts).set({ data }).where(eq(agentArtifacts.id, id)).returning();
  return agentOf(row!);
}

export async function markAgentArchived(db: Executor, id: number): Promise<AgentRow> {
  const [row] = await db
    .update(agentArtifacts)
    .set({ archived: true })
    .where(eq(agentArtifacts.id, id))
    .returning();
  return agentOf(row!);
}

/**
 * An agent's sessions of one organization counted per test case (archived sessions and replays left out), by
 * test case name; what counts as scored, passed and an infrastructure failure: ./sessions.ts.
 */
export async function agentResultsByTestCase(db: Executor, agentId: number, organizationId: number) {
  return db
    .select({
      testCaseId: sessions.testCaseId,
      testCasePublicId: testCases.publicId,
      testCaseName: testCases.name,
      simulatorId: simulators.id,
      simulatorName: simulators.name,
      ...resultCounts,
      needsHumanScoring: countWhere(eq(sessions.needsHumanScoring, true)),
      humanDisagreements: countWhere(eq(sessions.humanDisagreement, true)),
    })
    .from(sessions)
    .leftJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .leftJoin(simulators, eq(simulators.id, testCases.simulatorId))
    .where(
      and(
        eq(sessions.agentArtifactId, agentId),
        eq(sessions.organizationId, organizationId),
        eq(sessions.archived, false),
        isNull(sessions.replayOfSessionId),
      ),
    )
    .groupBy(sessions.testCaseId, testCases.publicId, testCases.name, simulators.id, simulators.name)
    .orderBy(sql`${testCases.name} asc nulls last`, asc(sessions.testCaseId));
}
