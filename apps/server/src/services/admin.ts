import type { OrganizationPermissions, Permissions, Plan } from '@proctor/contracts';
import {
  auditLog,
  contactMessages,
  type Database,
  organizations,
  organizationTestCases,
  users,
} from '@proctor/db';
import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { UserRow } from '../kernel/access/principal';
import { notFound } from '../kernel/http/errors';

function presentAdminUser(user: UserRow, organizationName: string | null) {
  return {
    id: user.id,
    publicId: user.publicId,
    name: user.name,
    email: user.email,
    organizationId: user.organizationId,
    organization_name: organizationName,
    permissions: user.permissions,
    has_beta_access: user.hasBetaAccess,
  };
}

export async function listAdminUsers(db: Database) {
  const rows = await db
    .select({ user: users, organizationName: organizations.name })
    .from(users)
    .leftJoin(organizations, eq(users.organizationId, organizations.id))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => presentAdminUser(row.user, row.organizationName));
}

export async function listAdminOrganizations(db: Database, testCaseId?: number) {
  const [orgRows, userRows, assigned] = await Promise.all([
    db.select().from(organizations).orderBy(asc(organizations.name)),
    db.select({ id: users.id, name: users.name, organizationId: users.organizationId }).from(users),
    testCaseId === undefined
      ? Promise.resolve([])
      : db
          .select({ organizationId: organizationTestCases.organizationId })
          .from(organizationTestCases)
          .where(
            and(eq(organizationTestCases.testCaseId, testCaseId), eq(organizationTestCases.archived, false)),
          ),
  ]);
  const assignedIds = new Set(assigned.map((a) => a.organizationId));
  return orgRows
    .map((org) => {
      const members = userRows
        .filter((u) => u.organizationId === org.id)
        .map((u) => ({ id: u.id, name: u.name }));
      return {
        id: org.id,
        publicId: org.publicId,
        name: org.name,
        isAnnotator: org.isAnnotator,
        user_count: members.length,
        users: members,
        plan: org.plan,
        permissions: org.permissions,
        is_assigned_to_test_case: assignedIds.has(org.id),
      };
    })
    .sort((a, b) => b.user_count - a.user_count || a.name.localeCompare(b.name));
}

export async function updateUser(
  db: Database,
  actor: UserRow,
  id: number,
  body: { permissions?: Partial<Permissions>; organization_id?: number | null; has_beta_access?: boolean },
) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound('User not found');
  let organizationName: string | null = null;
  const organizationId = body.organization_id === undefined ? user.organizationId : body.organization_id;
  if (organizationId !== null) {
    const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
    if (!organization) throw notFound('Organization not found');
    organizationName = organization.name;
  }
  const [updated] = await db
    .update(users)
    .set({
      permissions: { ...user.permissions, ...body.permissions },
      organizationId,
      hasBetaAccess: body.has_beta_access ?? user.hasBetaAccess,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  await db
    .insert(auditLog)
    .values({ actorUserId: actor.id, targetUserId: id, action: 'admin.update_user', details: body });
  return presentAdminUser(updated!, organizationName);
}

export async function updateOrganization(
  db: Database,
  actor: UserRow,
  id: number,
  body: { plan?: Plan; permissions?: Partial<OrganizationPermissions>; isAnnotator?: boolean; name?: string },
) {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!organization) throw notFound('Organization not found');
  await db
    .update(organizations)
    .set({
      plan: body.plan ?? organization.plan,
      permissions: { ...organization.permissions, ...body.permissions },
      isAnnotator: body.isAnnotator ?? organization.isAnnotator,
      name: body.name ?? organization.name,
      updatedAt: new Date(),
    })
    .where(eq(organizations.id, id));
  await db
    .insert(auditLog)
    .values({ actorUserId: actor.id, action: 'admin.update_organization', details: { id, ...body } });
  const listed = await listAdminOrganizations(db);
  return listed.find((o) => o.id === id)!;
}

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw notFound('User not found');
  return user;
}

export async function recordAudit(db: Database, actor: UserRow, action: string, target?: UserRow) {
  await db.insert(auditLog).values({ actorUserId: actor.id, targetUserId: target?.id ?? null, action });
}

export async function listContactMessages(db: Database) {
  const rows = await db
    .select({ message: contactMessages, user: users, organization: organizations })
    .from(contactMessages)
    .leftJoin(users, eq(contactMessages.userId, users.id))
    .leftJoin(organizations, eq(contactMessages.organizationId, organizations.id))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
  return rows.map(({ message, user, organization }) => ({
    id: message.id,
    message: message.message,
    createdAt: message.createdAt.toISOString(),
    user: user ? { id: user.id, name: user.name, email: user.email } : null,
    organization: organization ? { id: organization.id, name: organization.name } : null,
  }));
}

/** People work can be assigned to: the admin's own organization and every platform admin. */
export async function listAssignableUsers(db: Database, admin: UserRow) {
  const rows = await db
    .select()
    .from(users)
    .where(
      admin.organizationId === null
        ? eq(users.id, admin.id)
        : or(eq(users.organizationId, admin.organizationId), eq(users.id, admin.id)),
    )
    .orderBy(asc(users.name));
  const admins = await db.select().from(users);
  const all = new Map([...rows, ...admins.filter((u) => u.permissions.is_admin)].map((u) => [u.id, u]));
  return [...all.values()].map((u) => ({ id: u.id, name: u.name, email: u.email, imageUrl: u.imageUrl }));
}
