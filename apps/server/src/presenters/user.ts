import type { Member, User } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { apiKeyDisclosedTo } from '../auth/apiKeys';
import type { Principal, UserRow } from '../kernel/access/principal';
import { statsForUsers } from './userStats';

/** The signed-in user as the dashboard sees them. */
export async function presentUser(db: Database, principal: Principal & { user: UserRow }): Promise<User> {
  const { user, organization } = principal;
  const [stats, apiKey] = await Promise.all([
    statsForUsers(db, [user.id]).then((byUser) => byUser.get(user.id)!),
    organization ? apiKeyDisclosedTo(db, { ...principal, organization }) : null,
  ]);
  return {
    id: user.id,
    publicId: user.publicId,
    name: user.name,
    email: user.email,
    imageUrl: user.imageUrl,
    organizationId: user.organizationId,
    organization_id: user.organizationId,
    organization: organization
      ? {
          id: organization.id,
          publicId: organization.publicId,
          name: organization.name,
          logoUrl: organization.logoUrl,
          apiKey,
          isAnnotator: organization.isAnnotator,
          plan: organization.plan,
          permissions: organization.permissions,
        }
      : null,
    permissions: principal.permissions,
    has_beta_access: user.hasBetaAccess,
    stats,
    updatedAt: user.updatedAt.toISOString(),
    viewAs: principal.viewAsAdmin ? { adminEmail: principal.viewAsAdmin.email } : null,
  };
}

/** A member as the organization's member list shows them. */
export function presentMember(user: UserRow): Member {
  return {
    id: user.id,
    publicId: user.publicId,
    name: user.name,
    email: user.email,
    imageUrl: user.imageUrl,
    role: user.permissions.is_account_admin ? 'Admin' : 'Member',
  };
}

/** The organization's members with their activity over the statistics window. */
export async function presentOrganizationUsers(db: Database, members: UserRow[]) {
  const stats = await statsForUsers(
    db,
    members.map((u) => u.id),
  );
  return members.map((u) => ({
    id: u.id,
    publicId: u.publicId,
    name: u.name,
    email: u.email,
    imageUrl: u.imageUrl,
    is_account_admin: u.permissions.is_account_admin,
    stats: stats.get(u.id)!,
    lastActiveAt: u.lastActiveAt?.toISOString() ?? null,
  }));
}
