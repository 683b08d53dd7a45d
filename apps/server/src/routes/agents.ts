import { AGENT_MANAGE_PERMISSIONS, AGENT_MESSAGES, endpoints, RecordIdInUrl } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runnableWith } from '../agents/drivers';
import { badRequest, notFound } from '../kernel/http/errors';
import { presentAgent } from '../presenters/agent';
import { agentResults } from '../presenters/agentResults';
import { findAgentById, listOrganizationAgents } from '../repositories/agents';
import { EmojiIconRenderer } from '../services/agentIcons';
import { agentIconKey, archiveAgent, createAgent, findAgent } from '../services/agents';
import { iconImageType } from '../services/iconImages';
import type { AppContext } from './context';
import { access, defineRawRoute, defineRoute } from './route';

const IconParams = z.object({ id: RecordIdInUrl });

/** Whether this installation can run the agents that need more than themselves (the DOM and computer-use agents' models). */
export const runnableSettings = (ctx: AppContext) =>
  runnableWith({ chatModel: ctx.config.agentLlm, computerUse: ctx.config.computerUse });
const ICON_NOT_FOUND = 'Icon not found';

/**
 * Agents (001 §2.8, §7 Agents). Each organization has its own list; everyone, platform admins included, sees
 * and changes only their organization's agents (the spec's list is per organization; an admin looks at
 * another one's through view-as). Reading is for members of non-annotator organizations, who see Results
 * (001 §6); annotator organizations do not. Adding and archiving need AGENT_MANAGE_PERMISSIONS (dashboard
 * access, account admin or platform admin): the spec shows no role check, and agents are part of the dashboard.
 */
export function agentRoutes(app: FastifyInstance) {
  const icons = new EmojiIconRenderer({ chromiumPath: app.ctx.config.environments.chromiumPath });
  const readers = access.member({ annotatorOrganization: false });
  const managers = access.member({
    anyPermission: [...AGENT_MANAGE_PERMISSIONS],
    annotatorOrganization: false,
  });

  defineRoute(app, endpoints.agentArtifacts, readers, async ({ app: ctx, principal }) => {
    const settings = runnableSettings(ctx);
    const agents = await listOrganizationAgents(ctx.db, principal.organization.id);
    return { artifacts: agents.map((agent) => presentAgent(agent, settings)) };
  });

  defineRoute(app, endpoints.createAgentArtifact, managers, async ({ app: ctx, principal, body }) => {
    const agent = await createAgent(
      ctx.db,
      {
        organizationId: principal.organization.id,
        userId: principal.user?.id ?? null,
        blobs: ctx.blobs,
        icons,
        guard: { allowedAddresses: ctx.config.scoring.allowedAddresses },
      },
      body,
    );
    return { artifact: presentAgent(agent, runnableSettings(ctx)) };
  });

  defineRoute(app, endpoints.archiveAgentArtifact, managers, async ({ app: ctx, principal, params }) => ({
    artifact: presentAgent(
      await archiveAgent(ctx.db, principal.organization.id, params.id),
      runnableSettings(ctx),
    ),
  }));

  defineRoute(app, endpoints.agentResults, readers, async ({ app: ctx, principal, params }) =>
    agentResults(
      ctx.db,
      await findAgent(ctx.db, principal.organization.id, params.id, AGENT_MESSAGES.notFound),
      principal.organization.id,
      runnableSettings(ctx),
    ),
  );

  /**
   * The agent's icon (drawn from its emoji, or fetched from its URL when it was added), for members of its
   * organization and for platform admins (they see every organization's sessions, which show their agents'
   * icons); 404 for anyone else. The dashboard fetches it with the user's token (an <img src> would carry none).
   * An agent never changes, so neither does its icon.
   */
  defineRawRoute(
    app,
    'GET',
    '/api/agent-artifacts/:id/icon',
    access.member(),
    async ({ principal, request, reply }) => {
      const parsed = IconParams.safeParse(request.params);
      // As for JSON routes: a malformed id is 400, a whole number beyond any record's names nothing (404).
      if (!parsed.success) {
        const { id } = request.params as { id: string };
        throw /^[1-9][0-9]*$/.test(id) ? notFound(ICON_NOT_FOUND) : badRequest('Expected an agent id');
      }
      const agent = await findAgentById(app.ctx.db, parsed.data.id);
      const key = agent ? agentIconKey(agent) : null;
      const readable = agent?.organizationId === principal.organization.id || principal.permissions.is_admin;
      const bytes = key && readable ? await app.ctx.blobs.get(key) : undefined;
      if (!key || !bytes) throw notFound(ICON_NOT_FOUND);
      return reply
        .type(iconImageType(key))
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(bytes);
    },
  );
}
