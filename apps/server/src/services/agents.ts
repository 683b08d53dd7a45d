import {
  type AgentArtifact,
  type AgentArtifactData,
  type CreateAgentArtifactRequest,
  MAX_RECORD_ID,
} from '@proctor/contracts';
import { agentArtifacts, type Database } from '@proctor/db';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../http/errors';
import type { BlobStore } from '../storage/blobs';
import { agentIconBlobKey, agentIconOf, type EmojiIconRenderer, isHttpUrl } from './agentIcons';

/**
 * Agents (001 §2.8, §3 Agent artifact, §5): who or what ran a session, one list per organization. Aliases are
 * unique in an organization, archived agents included (the database's unique index): an archived agent's
 * alias stays taken, and a run that names it is still linked to it.
 */

export type AgentRow = typeof agentArtifacts.$inferSelect;
type AgentData = z.infer<typeof AgentArtifactData>;

/** What an agent made by its first SDK run says about itself. */
export const SDK_AGENT_DESCRIPTION = 'Drives its environments itself through the SDK (made by its first run)';
export const AGENT_NOT_FOUND = 'Agent not found';

const iconPath = (id: number) => `/api/agent-artifacts/${id}/icon`;

export function presentAgent(row: AgentRow): AgentArtifact {
  const data = row.data as Partial<AgentData>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    id: row.id,
    alias: row.alias,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    organizationId: row.organizationId,
    archived: row.archived,
    data: {
      type: data.type ?? 'dev',
      img_url: text(data.img_url) ?? null,
      description: text(data.description) ?? '',
      ...(data.human_name !== undefined ? { human_name: data.human_name } : {}),
      ...(data.endpoint !== undefined ? { endpoint: data.endpoint } : {}),
      ...(data.repo_url !== undefined ? { repo_url: data.repo_url } : {}),
      ...(data.branch !== undefined ? { branch: data.branch } : {}),
      ...(data.commit_hash !== undefined ? { commit_hash: data.commit_hash } : {}),
    },
  };
}

export async function listAgents(db: Database, organizationId: number): Promise<AgentArtifact[]> {
  const rows = await db
    .select()
    .from(agentArtifacts)
    .where(and(eq(agentArtifacts.organizationId, organizationId), eq(agentArtifacts.archived, false)))
    .orderBy(desc(agentArtifacts.createdAt), desc(agentArtifacts.id));
  return rows.map(presentAgent);
}

/**
 * The organization's agent named by `ref`: its id when `ref` is a whole number and such an agent of the
 * organization exists, else its alias (an alias may be all digits: "2" as an SDK's version). Links to an
 * agent whose alias is all digits should therefore use its id. Archived agents are found too: their results
 * stay readable. 404 (`notFoundDetail`) for another organization's or an unknown one.
 */
export async function findAgent(
  db: Database,
  organizationId: number,
  ref: string,
  notFoundDetail: string = AGENT_NOT_FOUND,
): Promise<AgentRow> {
  const inOrganization = eq(agentArtifacts.organizationId, organizationId);
  // The alias first: the dashboard names agents by alias (/agents/{alias}), and an alias may be all digits
  // (an SDK version such as "2") that would otherwise read as another agent's id.
  const [byAlias] = await db
    .select()
    .from(agentArtifacts)
    .where(and(inOrganization, eq(agentArtifacts.alias, ref)));
  if (byAlias) return byAlias;
  if (/^[1-9][0-9]{0,9}$/.test(ref) && Number(ref) <= MAX_RECORD_ID) {
    const [byId] = await db
      .select()
      .from(agentArtifacts)
      .where(and(inOrganization, eq(agentArtifacts.id, Number(ref))));
    if (byId) return byId;
  }
  throw notFound(notFoundDetail);
}

function requireHttpUrl(value: string | undefined, label: string): void {
  if (value !== undefined && !isHttpUrl(value)) throw badRequest(`${label} must be an http(s) URL`);
}

export interface AgentCreation {
  organizationId: number;
  userId: number | null;
  blobs: BlobStore;
  icons: EmojiIconRenderer;
}

const duplicate = (alias: string) => conflict(`An agent named "${alias}" already exists`);

/**
 * Adds an agent from the form (001 §5): the contract has checked the fields each type needs; here the
 * endpoint and repository must be http(s) URLs and the alias free in the organization (409). An emoji icon is
 * drawn into a PNG before anything is written, so a failed drawing leaves nothing behind; its blob is keyed
 * by content and the agent's img_url is the path that serves it.
 */
export async function createAgent(
  db: Database,
  creation: AgentCreation,
  body: z.output<typeof CreateAgentArtifactRequest>,
): Promise<AgentArtifact> {
  requireHttpUrl(body.endpoint, 'Endpoint');
  requireHttpUrl(body.repoUrl, 'Repository URL');
  const icon = agentIconOf(body.imgUrl, body.type);
  const [existing] = await db
    .select({ archived: agentArtifacts.archived })
    .from(agentArtifacts)
    .where(
      and(eq(agentArtifacts.organizationId, creation.organizationId), eq(agentArtifacts.alias, body.alias)),
    );
  if (existing?.archived) throw conflict(`An archived agent is named "${body.alias}": choose another alias`);
  if (existing) throw duplicate(body.alias);

  let iconKey: string | undefined;
  if (icon.kind === 'emoji') {
    const png = await creation.icons.render(icon.emoji);
    iconKey = agentIconBlobKey(creation.organizationId, png);
    await creation.blobs.put(iconKey, png);
  }
  const data: AgentData & { icon_key?: string } = {
    type: body.type,
    img_url: icon.kind === 'url' ? icon.url : null,
    description: body.description ?? '',
    ...(body.type === 'human' ? { human_name: body.humanName } : {}),
    ...(body.type === 'dev' ? { endpoint: body.endpoint } : {}),
    ...(body.type === 'git_container'
      ? { repo_url: body.repoUrl, branch: body.branch, commit_hash: body.commitHash }
      : {}),
    ...(iconKey ? { icon_key: iconKey } : {}),
  };
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(agentArtifacts)
      .values({ organizationId: creation.organizationId, userId: creation.userId, alias: body.alias, data })
      .onConflictDoNothing()
      .returning();
    // Someone else took the alias while the icon was drawn.
    if (!inserted) throw duplicate(body.alias);
    if (!iconKey) return presentAgent(inserted);
    const [withIcon] = await tx
      .update(agentArtifacts)
      .set({ data: { ...data, img_url: iconPath(inserted.id) } })
      .where(eq(agentArtifacts.id, inserted.id))
      .returning();
    return presentAgent(withIcon!);
  });
}

/** Archives the organization's agent: it leaves the list; its sessions keep it (001 §4.5). */
export async function archiveAgent(
  db: Database,
  organizationId: number,
  ref: string,
): Promise<AgentArtifact> {
  const agent = await findAgent(db, organizationId, ref);
  const [archived] = await db
    .update(agentArtifacts)
    .set({ archived: true })
    .where(eq(agentArtifacts.id, agent.id))
    .returning();
  return presentAgent(archived!);
}

/** The blob key of the agent's drawn icon, when it has one; null for URL icons and agents without a PNG. */
export function agentIconKey(row: AgentRow): string | null {
  const key = (row.data as { icon_key?: unknown }).icon_key;
  return typeof key === 'string' ? key : null;
}

/**
 * The agent a run names with `agent_version` at reset: the organization's agent of that alias, made on the
 * first run that names it, so that an SDK user finds their agent on /agents without a separate step. Made as
 * a dev agent without an endpoint (it drives its environments itself) and without a drawn icon: img_url is
 * null and the dashboard shows the dev emoji. An archived agent of that alias keeps getting its runs (the
 * alias stays taken). Concurrent first runs with one alias make one agent: the insert yields to the other.
 */
export async function agentForRun(
  db: Database,
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
  const data: AgentData = { type: 'dev', img_url: null, description: SDK_AGENT_DESCRIPTION, endpoint: null };
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
