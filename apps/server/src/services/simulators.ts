import {
  type CreateSimulatorRequest,
  DEFAULT_PROXY_PORT,
  isIconUrl,
  jobNameFor,
  SimulatorConfig,
  type UpdateSimulatorRequest,
} from '@proctor/contracts';
import { type Database, simulators, users } from '@proctor/db';
import { and, asc, eq } from 'drizzle-orm';
import type { Viewer } from '../kernel/access/viewer';
import { badRequest, conflict, notFound } from '../kernel/http/errors';
import { presentSimulators, type SimulatorRow } from '../presenters/simulator';
import { refCondition, simulatorVisible } from '../repositories/visibility';

const SIMULATOR_NOT_FOUND = 'Simulator not found';

export async function listSimulators(db: Database, viewer: Viewer) {
  const rows = await db
    .select()
    .from(simulators)
    .where(simulatorVisible(viewer))
    .orderBy(asc(simulators.name));
  return presentSimulators(db, viewer, rows);
}

/** By name or numeric id; a simulator outside the viewer's plan answers 404 like an unknown one. */
export async function getSimulator(db: Database, viewer: Viewer, nameOrId: string) {
  const [row] = await db
    .select()
    .from(simulators)
    .where(and(refCondition(simulators.id, simulators.name, nameOrId), simulatorVisible(viewer)));
  if (!row) throw notFound(SIMULATOR_NOT_FOUND);
  const [simulator] = await presentSimulators(db, viewer, [row]);
  return simulator!;
}

/**
 * Validates a simulator config as it will be stored. Authentication is kept only when both the user
 * name and the password are given (001 §5); a partial one is dropped rather than stored half-set.
 */
async function normalizeConfig(db: Database, config: Record<string, unknown>) {
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
  if (assignee !== undefined && assignee !== null) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, assignee));
    if (!user) throw badRequest('Assigned user not found');
  }
  return candidate;
}

async function requireFreeName(db: Database, name: string, exceptId?: number) {
  const [existing] = await db.select({ id: simulators.id }).from(simulators).where(eq(simulators.name, name));
  if (existing && existing.id !== exceptId) throw conflict(`A simulator named "${name}" already exists`);
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

async function present(db: Database, viewer: Viewer, row: SimulatorRow) {
  const [simulator] = await presentSimulators(db, viewer, [row]);
  return simulator!;
}

/** An image URL given for a simulator is fetched once and kept by Proctor (400 when it gives no image). */
type KeepImage = (url: string) => Promise<string>;
const keptImageUrl = async (imgUrl: string, keepImage: KeepImage) =>
  isIconUrl(imgUrl) ? keepImage(imgUrl) : imgUrl;

export async function createSimulator(
  db: Database,
  viewer: Viewer,
  body: CreateSimulatorRequest,
  keepImage: KeepImage,
) {
  await requireFreeName(db, body.name);
  const config = await normalizeConfig(db, { status: 'not_started', ...body.config });
  const imgUrl = body.imgUrl ? await keptImageUrl(body.imgUrl, keepImage) : null;
  try {
    const [row] = await db
      .insert(simulators)
      .values({
        name: body.name,
        simType: body.simType,
        description: body.description ?? '',
        url: body.url || null,
        imgUrl,
        enabled: body.enabled ?? true,
        jobName: body.jobName || jobNameFor(body.name),
        internalAppPort: body.internalAppPort ?? (body.simType === 'proxy' ? DEFAULT_PROXY_PORT : null),
        config,
      })
      .returning();
    return present(db, viewer, row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A simulator named "${body.name}" already exists`);
    throw error;
  }
}

/**
 * Partial update; `config` is merged key by key into the stored one (001 §4.2). An image URL is fetched only when
 * it changes: the one stored is sent back as it is.
 */
export async function updateSimulator(
  db: Database,
  viewer: Viewer,
  id: number,
  body: UpdateSimulatorRequest,
  keepImage: KeepImage,
) {
  const [row] = await db.select().from(simulators).where(eq(simulators.id, id));
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
    const [updated] = await db
      .update(simulators)
      .set({
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
      })
      .where(eq(simulators.id, row.id))
      .returning();
    return present(db, viewer, updated!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A simulator named "${body.name}" already exists`);
    throw error;
  }
}
