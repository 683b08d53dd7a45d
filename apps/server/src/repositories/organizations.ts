/** Organizations, their invites and the platform's contact messages. */
import type { OrganizationPermissions, Plan } from '@proctor/contracts';
import { contactMessages, type Executor, invites, organizations, users } from '@proctor/db';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { OrganizationRow } from '../kernel/access/principal';

export type NewOrganization = typeof organizations.$inferInsert;
export type InviteRow = typeof invites.$inferSelect;

export async function findOrganization(db: Executor, id: number): Promise<OrganizationRow | undefined> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, id));
  return organization;
}

/** The organization whose API key this is (the caller compares the key in constant time). */
export async function findOrganizationByApiKey(
  db: Executor,
  apiKey: string,
): Promise<OrganizationRow | undefined> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.apiKey, apiKey));
  return organization;
}

export async function listOrganizations(db: Executor): Promise<OrganizationRow[]> {
  return db.select().from(organizations).orderBy(asc(organizations.name));
}

export async function insertOrganization(db: Executor, values: NewOrganization): Promise<OrganizationRow> {
  const [organization] = await db.insert(organizations).values(values).returning();
  return organization!;
}

export async function updateOrganizationSettings(
  db: Executor,
  id: number,
  settings: { plan: Plan; permissions: OrganizationPermissions; isAnnotator: boolean; name: string },
): Promise<void> {
  await db
    .update(organizations)
    .set({ ...settings, updatedAt: new Date() })
    .where(eq(organizations.id, id));
}

export async function insertInvite(
  db: Executor,
  invite: { token: string; organizationId: number; createdBy: number; expiresAt: Date },
): Promise<void> {
  await db.insert(invites).values(invite);
}

export async function findInviteWithOrganization(
  db: Executor,
  token: string,
): Promise<{ invite: InviteRow; organization: OrganizationRow } | undefined> {
  const [row] = await db
    .select({ invite: invites, organization: organizations })
    .from(invites)
    .innerJoin(organizations, eq(invites.organizationId, organizations.id))
    .where(eq(invites.token, token));
  return row;
}

export async function countInviteUse(db: Executor, inviteId: number): Promise<void> {
  await db
    .update(invites)
    .set({ useCount: sql`${invites.useCount} + 1` })
    .where(eq(invites.id, inviteId));
}

export async function insertContactMessage(
  db: Executor,
  message: { userId: number; organizationId: number | null; message: string },
) {
  const [row] = await db.insert(contactMessages).values(message).returning();
  return row!;
}

/** Contact messages, newest first, with the sender and their organization when they still exist. */
export async function listContactMessagesWithSenders(db: Executor) {
  return db
    .select({ message: contactMessages, user: users, organization: organizations })
    .from(contactMessages)
    .leftJoin(users, eq(contactMessages.userId, users.id))
    .leftJoin(organizations, eq(contactMessages.organizationId, organizations.id))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
}
