import {
  AGENT_MESSAGES,
  type AgentArtifactData,
  BUILT_IN_AGENT_KINDS,
  BUILT_IN_AGENTS,
  COMMIT_ID,
  type CreateAgentArtifactRequest,
  isReservedAgentAlias,
  MAX_RECORD_ID,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { z } from 'zod';
import { builtInKindOf } from '../agents/runnable';
import { badRequest, conflict, forbidden, notFound } from '../kernel/http/errors';
import type { OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import type { BlobStore } from '../kernel/storage/blobs';
import {
  type AgentRow,
  findAliasHolder,
  findBuiltInAgent,
  findOrganizationAgentByAlias,
  findOrganizationAgentById,
  insertAgent,
  markAgentArchived,
  type StoredAgentData,
  setAgentData,
} from '../repositories/agents';
import { agentIconBlobKey, agentIconOf, type EmojiIconRenderer, isHttpUrl } from './agentIcons';
import { fetchIconImage } from './iconImages';

/**
 * Agents (001 §2.8, §3 Agent artifact, §5): who or what ran a session, one list per organization. Aliases are
 * unique in an organization, archived agents included (the database's unique index): an archived agent's
 * alias stays taken, and a run that names it is still linked to it.
 *
 * The built-in agents (@proctor/contracts BUILT_IN_AGENTS: the oracle and the wrong agent) are rows without an
 * organization, made at start (ensureBuiltInAgents) and listed to every organization after its own. Their
 * aliases are reserved; nobody archives them; each organization reads only its own sessions of them.
 */

export const AGENT_NOT_FOUND = 'Agent not found';

const iconPath = (id: number) => `/api/agent-artifacts/${id}/icon`;

/** Makes the built-in agents' rows that are missing (at start; they are never changed afterwards). */
export async function ensureBuiltInAgents(db: Database): Promise<void> {
  for (const kind of BUILT_IN_AGENT_KINDS) {
    const { alias, description } = BUILT_IN_AGENTS[kind];
    if (await findBuiltInAgent(db, alias)) continue;
    const data: AgentArtifactData = { type: 'builtin', builtin: kind, img_url: null, description };
    await insertAgent(db, { organizationId: null, userId: null, alias, data });
  }
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
  // The alias first: the dashboard names agents by alias (/agents/{alias}), and an alias may be all digits
  // (an SDK version such as "2") that would otherwise read as another agent's id. Built-in aliases are
  // reserved, so an alias names one agent.
  const byAlias = await findOrganizationAgentByAlias(db, organizationId, ref);
  if (byAlias) return byAlias;
  if (/^[1-9][0-9]{0,9}$/.test(ref) && Number(ref) <= MAX_RECORD_ID) {
    const byId = await findOrganizationAgentById(db, organizationId, Number(ref));
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
  /** How an icon URL is fetched (OUTBOUND_ALLOWED_ADDRESSES). */
  guard: OutboundGuardOptions;
}

const duplicate = (alias: string) => conflict(`An agent named "${alias}" already exists`);

/**
 * Adds an agent from the form (001 §5): the contract has checked the fields each type needs; here the
 * endpoint and repository must be http(s) URLs and the alias free in the organization (409). An emoji icon is
 * drawn into a PNG, and an icon URL fetched once, before anything is written, so a failure leaves nothing
 * behind (400 for a URL that gives no image); the blob is keyed by content and the agent's img_url is the path
 * that serves it.
 */
export async function createAgent(
  db: Database,
  creation: AgentCreation,
  body: z.output<typeof CreateAgentArtifactRequest>,
): Promise<AgentRow> {
  if (isReservedAgentAlias(body.alias)) throw conflict(AGENT_MESSAGES.reservedAlias(body.alias));
  requireHttpUrl(body.endpoint, 'Endpoint');
  requireHttpUrl(body.repoUrl, 'Repository URL');
  if (body.commitHash !== undefined && !COMMIT_ID.test(body.commitHash))
    throw badRequest(AGENT_MESSAGES.commitFormat);
  const icon = agentIconOf(body.imgUrl, body.type);
  const existing = await findAliasHolder(db, creation.organizationId, body.alias);
  if (existing?.archived) throw conflict(`An archived agent is named "${body.alias}": choose another alias`);
  if (existing) throw duplicate(body.alias);

  const image =
    icon.kind === 'emoji'
      ? { bytes: await creation.icons.render(icon.emoji), extension: 'png' }
      : await fetchIconImage(icon.url, creation.guard);
  const iconKey = agentIconBlobKey(creation.organizationId, image.bytes, image.extension);
  await creation.blobs.put(iconKey, image.bytes);
  const data: StoredAgentData = {
    type: body.type,
    img_url: null,
    description: body.description ?? '',
    ...(body.type === 'human' ? { human_name: body.humanName } : {}),
    ...(body.type === 'dev' ? { endpoint: body.endpoint } : {}),
    ...(body.type === 'git_container'
      ? { repo_url: body.repoUrl, branch: body.branch, commit_hash: body.commitHash }
      : {}),
    icon_key: iconKey,
  };
  return db.transaction(async (tx) => {
    const inserted = await insertAgent(tx, {
      organizationId: creation.organizationId,
      userId: creation.userId,
      alias: body.alias,
      data,
    });
    // Someone else took the alias while the icon was drawn or fetched.
    if (!inserted) throw duplicate(body.alias);
    return setAgentData(tx, inserted.id, { ...data, img_url: iconPath(inserted.id) });
  });
}

/** Archives the organization's agent: it leaves the list; its sessions keep it (001 §4.5). */
export async function archiveAgent(db: Database, organizationId: number, ref: string): Promise<AgentRow> {
  const agent = await findAgent(db, organizationId, ref);
  if (builtInKindOf(agent)) throw forbidden('Built-in agents cannot be archived');
  return markAgentArchived(db, agent.id);
}

/** The blob key of the agent's icon, drawn or fetched; null for agents without one (built-in, made by an SDK run). */
export function agentIconKey(row: AgentRow): string | null {
  return row.data.icon_key ?? null;
}
