/** The simulator hub's repositories and people's git password generations. */
import {
  type Executor,
  hubCredentials,
  hubRepositories,
  organizations,
  simulators,
  users,
} from '@proctor/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrganizationRow, UserRow } from '../kernel/access/principal';
import type { Viewer } from '../kernel/access/viewer';
import { refCondition, simulatorVisible } from './visibility';

export type HubRepositoryRow = typeof hubRepositories.$inferSelect;

/** A repository with what its answers name: the owner's public id, the simulator's and the creator's names. */
export interface HubRepositoryRecord extends HubRepositoryRow {
  owner: string;
  simulatorName: string | null;
  createdByEmail: string | null;
}

const recordColumns = {
  id: hubRepositories.id,
  organizationId: hubRepositories.organizationId,
  simulatorId: hubRepositories.simulatorId,
  name: hubRepositories.name,
  defaultBranch: hubRepositories.defaultBranch,
  createdBy: hubRepositories.createdBy,
  createdAt: hubRepositories.createdAt,
  owner: organizations.publicId,
  simulatorName: simulators.name,
  createdByEmail: users.email,
};

function selectRecords(db: Executor) {
  return db
    .select(recordColumns)
    .from(hubRepositories)
    .innerJoin(organizations, eq(organizations.id, hubRepositories.organizationId))
    .leftJoin(simulators, eq(simulators.id, hubRepositories.simulatorId))
    .leftJoin(users, eq(users.id, hubRepositories.createdBy));
}

export async function listHubRepositories(
  db: Executor,
  organizationId: number,
): Promise<HubRepositoryRecord[]> {
  return selectRecords(db)
    .where(eq(hubRepositories.organizationId, organizationId))
    .orderBy(asc(hubRepositories.name));
}

/** By the owner's public id and the repository's name. */
export async function findHubRepository(
  db: Executor,
  owner: string,
  name: string,
): Promise<HubRepositoryRecord | undefined> {
  const [row] = await selectRecords(db).where(
    and(eq(organizations.publicId, owner), eq(hubRepositories.name, name)),
  );
  return row;
}

/**
 * The organization's repository of the simulator this name or id names, among the simulators the viewer may see,
 * in one query (the /hub page asks it on every call): `simulator` false when none is visible, `repository`
 * undefined when the simulator has none.
 */
export async function findHubRepositoryOfVisibleSimulator(
  db: Executor,
  viewer: Viewer,
  simulatorRef: string,
): Promise<{ simulator: boolean; repository: HubRepositoryRecord | undefined }> {
  const [row] = await db
    .select({ repository: recordColumns })
    .from(simulators)
    .leftJoin(
      hubRepositories,
      and(
        eq(hubRepositories.simulatorId, simulators.id),
        eq(hubRepositories.organizationId, viewer.organizationId),
      ),
    )
    .leftJoin(organizations, eq(organizations.id, hubRepositories.organizationId))
    .leftJoin(users, eq(users.id, hubRepositories.createdBy))
    .where(and(refCondition(simulators.id, simulators.name, simulatorRef), simulatorVisible(viewer)));
  if (!row) return { simulator: false, repository: undefined };
  // Drizzle gives the left-joined columns as nulls, or the whole object as null when they are all its own.
  const repository = row.repository as Partial<HubRepositoryRecord> | null;
  if (repository?.id == null || repository.owner == null) return { simulator: true, repository: undefined };
  return { simulator: true, repository: repository as HubRepositoryRecord };
}

export async function findHubRepositoryForSimulator(
  db: Executor,
  organizationId: number,
  simulatorId: number,
): Promise<HubRepositoryRecord | undefined> {
  const [row] = await selectRecords(db).where(
    and(eq(hubRepositories.organizationId, organizationId), eq(hubRepositories.simulatorId, simulatorId)),
  );
  return row;
}

/** Inserts the row; undefined when the organization already has a repository of that name or simulator. */
export async function insertHubRepository(
  db: Executor,
  values: typeof hubRepositories.$inferInsert,
): Promise<HubRepositoryRow | undefined> {
  const [row] = await db.insert(hubRepositories).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteHubRepository(db: Executor, id: number): Promise<void> {
  await db.delete(hubRepositories).where(eq(hubRepositories.id, id));
}

/** Advisory lock namespace of pushes (any constant unique to this use); the second key is the repository's id. */
const PUSH_LOCK_NAMESPACE = 7328;

/** Holds pushes to this repository to the transaction: replicas sharing HUB_DIR push one after the other. */
export async function lockHubRepository(tx: Executor, repositoryId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PUSH_LOCK_NAMESPACE}, ${repositoryId})`);
}

/**
 * The person of this email with their git password generation (0 until they rotate) and their organization, in
 * one query: every request of a clone or push checks its credentials.
 */
export async function findHubGitUser(
  db: Executor,
  email: string,
): Promise<{ user: UserRow; organization: OrganizationRow | null; generation: number } | undefined> {
  const [row] = await db
    .select({ user: users, organization: organizations, generation: hubCredentials.generation })
    .from(users)
    .leftJoin(hubCredentials, eq(hubCredentials.userId, users.id))
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.email, email));
  return row && { user: row.user, organization: row.organization, generation: row.generation ?? 0 };
}

/** The person's git password generation (0 until they rotate). */
export async function findHubCredentialGeneration(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ generation: hubCredentials.generation })
    .from(hubCredentials)
    .where(eq(hubCredentials.userId, userId));
  return row?.generation ?? 0;
}

/** Raises the generation by one and returns it: every password of an earlier generation stops working. */
export async function rotateHubCredential(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .insert(hubCredentials)
    .values({ userId, generation: 1 })
    .onConflictDoUpdate({
      target: hubCredentials.userId,
      set: { generation: sql`${hubCredentials.generation} + 1`, rotatedAt: new Date() },
    })
    .returning({ generation: hubCredentials.generation });
  return row!.generation;
}
