/** People's accounts, their refresh tokens and the audit log. */
import type { Permissions } from '@proctor/contracts';
import { auditLog, type Executor, organizations, refreshTokens, users } from '@proctor/db';
import { and, asc, count, eq, exists, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { OrganizationRow, UserRow } from '../kernel/access/principal';

export type NewUser = typeof users.$inferInsert;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findUser(db: Executor, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserByOidcSubject(db: Executor, subject: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.oidcSubject, subject));
  return user;
}

/** Serializes account creation until the transaction ends, so that "the first account" is exact. */
export async function lockAccountCreation(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('proctor.create_account'))`);
}

export async function countUsers(db: Executor): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  return total;
}

export async function insertUser(db: Executor, values: NewUser): Promise<UserRow> {
  const [user] = await db.insert(users).values(values).returning();
  return user!;
}

/** Links the account to a provider subject unless one is linked already; undefined when one was. */
export async function linkOidcSubject(
  db: Executor,
  userId: number,
  link: { subject: string; imageUrl: string | null },
): Promise<UserRow | undefined> {
  const [linked] = await db
    .update(users)
    .set({ oidcSubject: link.subject, imageUrl: link.imageUrl })
    .where(and(eq(users.id, userId), isNull(users.oidcSubject)))
    .returning();
  return linked;
}

export async function touchUserLastActive(db: Executor, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ lastActiveAt: at }).where(eq(users.id, userId));
}

/** The user's organization and flags after creating, joining or leaving an organization. */
export async function moveUserToOrganization(
  db: Executor,
  userId: number,
  organizationId: number,
  permissions: Permissions,
): Promise<void> {
  await db
    .update(users)
    .set({ organizationId, permissions, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** A platform admin's change to an account's flags, organization and beta access. */
export async function updateUserAccess(
  db: Executor,
  userId: number,
  access: { permissions: Permissions; organizationId: number | null; hasBetaAccess: boolean },
): Promise<UserRow | undefined> {
  const [updated] = await db
    .update(users)
    .set({ ...access, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/** Members of an organization by name. */
export async function listOrganizationMembers(db: Executor, organizationId: number): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.organizationId, organizationId)).orderBy(asc(users.name));
}

export async function listMemberPermissions(db: Executor, organizationId: number): Promise<Permissions[]> {
  const rows = await db
    .select({ permissions: users.permissions })
    .from(users)
    .where(eq(users.organizationId, organizationId));
  return rows.map((row) => row.permissions);
}

/** Every account with its organization's name, by name. */
export async function listUsersWithOrganizationName(db: Executor) {
  return db
    .select({ user: users, organizationName: organizations.name })
    .from(users)
    .leftJoin(organizations, eq(users.organizationId, organizations.id))
    .orderBy(asc(users.name), asc(users.id));
}

export async function listUserMemberships(db: Executor) {
  return db.select({ id: users.id, name: users.name, organizationId: users.organizationId }).from(users);
}

export async function listPlatformAdmins(db: Executor): Promise<UserRow[]> {
  const rows = await db.select().from(users);
  return rows.filter((user) => user.permissions.is_admin);
}

/** The user and the members of their organization (if any), by name. */
export async function listUserAndOrganizationMembers(db: Executor, user: UserRow): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      user.organizationId === null
        ? eq(users.id, user.id)
        : or(eq(users.organizationId, user.organizationId), eq(users.id, user.id)),
    )
    .orderBy(asc(users.name));
}

export async function recordAudit(
  db: Executor,
  entry: {
    actorUserId: number;
    action: string;
    targetUserId?: number | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export async function insertRefreshToken(
  db: Executor,
  token: { tokenHash: string; familyId: string; userId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(token);
}

export async function findRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks the token spent; false when it already was (a replay). */
export async function spendRefreshToken(db: Executor, id: number): Promise<boolean> {
  const [spent] = await db
    .update(refreshTokens)
    .set({ spentAt: new Date() })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.spentAt)))
    .returning({ id: refreshTokens.id });
  return spent !== undefined;
}

export async function revokeRefreshFamily(db: Executor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserRefreshTokens(db: Executor, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * The person an access token names, their organization, and whether the token's sign-in (its refresh family) was
 * revoked: one statement, since every authenticated request asks all three. Three statements took a request about
 * 2 ms more on PGlite (one refused by validation: 7.1 ms, now 3.5–4.8) and 1 ms more on PostgreSQL.
 */
export async function findSignedInUser(
  db: Executor,
  userId: number,
  familyId: string,
): Promise<{ user: UserRow; organization: OrganizationRow | null; revoked: boolean } | undefined> {
  const revokedFamily = db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)));
  const [row] = await db
    .select({ user: users, organization: organizations, revoked: exists(revokedFamily).mapWith(Boolean) })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, userId));
  return row;
}
