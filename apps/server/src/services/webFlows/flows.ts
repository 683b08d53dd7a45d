import { type CreateWebFlowRequest, type UpdateWebFlowRequest, WEB_FLOW_MESSAGES } from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import type { z } from 'zod';
import { notFound } from '../../kernel/http/errors';
import {
  deleteWebFlow,
  findWebFlow,
  insertWebFlow,
  updateWebFlow,
  type WebFlowChanges,
  type WebFlowRow,
} from '../../repositories/webFlows';

/** The organization's flow, for changing or running it; another organization's answers 404. */
export async function findOwnWebFlow(db: Executor, organizationId: number, id: number): Promise<WebFlowRow> {
  const flow = await findWebFlow(db, organizationId, id);
  if (!flow) throw notFound(WEB_FLOW_MESSAGES.flowNotFound);
  return flow;
}

export function createWebFlow(
  db: Executor,
  organizationId: number,
  body: z.output<typeof CreateWebFlowRequest>,
): Promise<WebFlowRow> {
  return insertWebFlow(db, {
    organizationId,
    name: body.name,
    description: body.description,
    startUrl: body.start_url,
    iconUrl: body.icon_url,
    nodes: body.nodes,
    parameters: body.parameters,
  });
}

export async function changeWebFlow(
  db: Executor,
  organizationId: number,
  id: number,
  body: z.output<typeof UpdateWebFlowRequest>,
): Promise<WebFlowRow> {
  const flow = await findOwnWebFlow(db, organizationId, id);
  const changes: WebFlowChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.description !== undefined) changes.description = body.description;
  if (body.start_url !== undefined) changes.startUrl = body.start_url;
  if (body.icon_url !== undefined) changes.iconUrl = body.icon_url;
  if (body.nodes !== undefined) changes.nodes = body.nodes;
  if (body.parameters !== undefined) changes.parameters = body.parameters;
  return updateWebFlow(db, flow.id, changes);
}

export async function removeWebFlow(db: Executor, organizationId: number, id: number): Promise<void> {
  const flow = await findOwnWebFlow(db, organizationId, id);
  await deleteWebFlow(db, flow.id);
}
