import type { OrganizationPermissions, Permissions, Plan } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { UserRow } from '../kernel/access/principal';
import { notFound } from '../kernel/http/errors';
import { findOrganization, updateOrganizationSettings } from '../repositories/organizations';
import { findUser, findUserByEmail, recordAudit, updateUserAccess } from '../repositories/users';

/** The account updated, with its organization's name. */
export async function updateUser(
  db: Database,
  actor: UserRow,
  id: number,
  body: { permissions?: Partial<Permissions>; organization_id?: number | null; has_beta_access?: boolean },
): Promise<{ user: UserRow; organizationName: string | null }> {
  const user = await findUser(db, id);
  if (!user) throw notFound('User not found');
  let organizationName: string | null = null;
  const organizationId = body.organization_id === undefined ? user.organizationId : body.organization_id;
  if (organizationId !== null) {
    const organization = await findOrganization(db, organizationId);
    if (!organization) throw notFound('Organization not found');
    organizationName = organization.name;
  }
  const updated = await updateUserAccess(db, id, {
    permissions: { ...user.permissions, ...body.permissions },
    organizationId,
    hasBetaAccess: body.has_beta_access ?? user.hasBetaAccess,
  });
  await recordAudit(db, {
    actorUserId: actor.id,
    targetUserId: id,
    action: 'admin.update_user',
    details: body,
  });
  return { user: updated!, organizationName };
}

export async function updateOrganization(
  db: Database,
  actor: UserRow,
  id: number,
  body: { plan?: Plan; permissions?: Partial<OrganizationPermissions>; isAnnotator?: boolean; name?: string },
): Promise<void> {
  const organization = await findOrganization(db, id);
  if (!organization) throw notFound('Organization not found');
  await updateOrganizationSettings(db, id, {
    plan: body.plan ?? organization.plan,
    permissions: { ...organization.permissions, ...body.permissions },
    isAnnotator: body.isAnnotator ?? organization.isAnnotator,
    name: body.name ?? organization.name,
  });
  await recordAudit(db, {
    actorUserId: actor.id,
    action: 'admin.update_organization',
    details: { id, ...body },
  });
}

/** A platform admin starts seeing the product as the account with this e-mail; the audit log says so. */
export async function startViewAs(db: Database, admin: UserRow, email: string): Promise<UserRow> {
  const target = await findUserByEmail(db, email);
  if (!target) throw notFound('User not found');
  await recordAudit(db, { actorUserId: admin.id, targetUserId: target.id, action: 'view_as.start' });
  return target;
}

export async function endViewAs(db: Database, admin: UserRow, viewed: UserRow): Promise<void> {
  await recordAudit(db, { actorUserId: admin.id, targetUserId: viewed.id, action: 'view_as.end' });
}
