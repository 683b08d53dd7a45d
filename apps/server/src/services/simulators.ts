import {
  type CreateSimulatorRequest,
  DEFAULT_PROXY_PORT,
  isIconUrl,
  jobNameFor,
  SimulatorConfig,
  type UpdateSimulatorRequest,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { OrganizationRow } from '../kernel/access/principal';
import type { Viewer } from '../kernel/access/viewer';
import { badRequest, conflict, notFound } from '../kernel/http/errors';
import { updateOrganizationSettings } from '../repositories/organizations';
import {
  findSimulator,
  findSimulatorByName,
  findVisibleSimulator,
  insertSimulator,
  type SimulatorRow,
  updateSimulatorRow,
} from '../repositories/simulators';
import { findUser } from '../repositories/users';

const SIMULATOR_NOT_FOUND = 'Simulator not found';

/** By name or numeric id; a simulator outside the viewer's plan answers 404 like an unknown one. */
export async function getSimulator(db: Database, viewer: Viewer, nameOrId: string): Promise<SimulatorRow> {
  const row = await findVisibleSimulator(db, viewer, nameOrId);
  if (!row) throw notFound(SIMULATOR_NOT_FOUND);
  return row;
}

/**
 * Validates a simulator config as it will be stored. Authentication is kept only when both the user
 * name and the password are given (001 §5); a partial one is dropped rather than stored half-set.
 */
async function normalizeConfig(db: Database, config: Record<string, unknown>): Promise<SimulatorConfig> {
  const candidate = { ...config };
  const auth = candidate.authentication as { user?: unknown; password?: unknown } | null | undefined;
  const complete =
    auth &&
    typeof auth.user === 'string' &&
    auth.user.trim() &&
    typeof auth.password === 'string' &&
    auth.password;
  if (complete) candidate.authentication = { user: (auth.user as string).trim(), password: auth.password };
  else delete candidate.authentication;

  const parsed = SimulatorConfig.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`config.${issue.path.join('.')}: ${issue.message}`);
  }
  const assignee = parsed.data.assigned_user_id;
  if (assignee !== undefined && assignee !== null && !(await findUser(db, assignee)))
    throw badRequest('Assigned user not found');
  return parsed.data;
}

async function requireFreeName(db: Database, name: string, exceptId?: number) {
  const existing = await findSimulatorByName(db, name);
  if (existing && existing.id !== exceptId) throw conflict(`A simulator named "${name}" already exists`);
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** An image URL given for a simulator is fetched once and kept by Proctor (400 when it gives no image). */
type KeepImage = (url: string) => Promise<string>;
const keptImageUrl = async (imgUrl: string, keepImage: KeepImage) =>
  isIconUrl(imgUrl) ? keepImage(imgUrl) : imgUrl;

export async function createSimulator(
  db: Database,
  body: CreateSimulatorRequest,
  keepImage: KeepImage,
): Promise<SimulatorRow> {
  await requireFreeName(db, body.name);
  const config = await normalizeConfig(db, { status: 'not_started', ...body.config });
  const imgUrl = body.imgUrl ? await keptImageUrl(body.imgUrl, keepImage) : null;
  try {
    return await insertSimulator(db, {
      name: body.name,
      simType: body.simType,
      description: body.description ?? '',
      url: body.url || null,
      imgUrl,
      enabled: body.enabled ?? true,
      jobName: body.jobName || jobNameFor(body.name),
      internalAppPort: body.internalAppPort ?? (body.simType === 'proxy' ? DEFAULT_PROXY_PORT : null),
      config,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A simulator named "${body.name}" already exists`);
    throw error;
  }
}

/** A member who is not a platform admin adds a simulator to their own plan: otherwise they could not see it. */
export async function includeInPlan(db: Database, organization: OrganizationRow, simulatorId: number) {
  const { plan } = organization;
  if (plan.allowed_simulators.includes(simulatorId)) return;
  await updateOrganizationSettings(db, organization.id, {
    plan: { ...plan, allowed_simulators: [...plan.allowed_simulators, simulatorId] },
    permissions: organization.permissions,
    isAnnotator: organization.isAnnotator,
    name: organization.name,
  });
}

/**
 * Partial update; `config` is merged key by key into the stored one (001 §4.2). An image URL is fetched only when
 * it changes: the one stored is sent back as it is.
 */
export async function updateSimulator(
  db: Database,
  id: number,
  body: UpdateSimulatorRequest,
  keepImage: KeepImage,
): Promise<SimulatorRow> {
  const row = await findSimulator(db, id);
  if (!row) throw notFound(SIMULATOR_NOT_FOUND);
  if (body.name !== undefined) await requireFreeName(db, body.name, row.id);
  const config = body.config ? await normalizeConfig(db, { ...row.config, ...body.config }) : undefined;
  const imgUrl =
    body.imgUrl === undefined || body.imgUrl === row.imgUrl
      ? undefined
      : body.imgUrl
        ? await keptImageUrl(body.imgUrl, keepImage)
        : null;
  try {
    const updated = await updateSimulatorRow(db, row.id, {
      name: body.name,
      simType: body.simType,
      description: body.description,
      url: body.url === undefined ? undefined : body.url || null,
      imgUrl,
      enabled: body.enabled,
      jobName: body.jobName === undefined ? undefined : body.jobName || null,
      internalAppPort: body.internalAppPort,
      config,
      updatedAt: new Date(),
    });
    return updated!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A simulator named "${body.name}" already exists`);
    throw error;
  }
}
