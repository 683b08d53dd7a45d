import { AUTH, type CreateOrganizationRequest, noPermissions, type Permissions } from '@proctor/contracts';
import { type Database, newPublicId, newSecret } from '@proctor/db';
import { API_KEY_PREFIX } from '../auth/authenticate';
import type { OrganizationRow, UserRow } from '../kernel/access/principal';
import { conflict, gone, notFound } from '../kernel/http/errors';
import {
  countInviteUse,
  findInviteWithOrganization,
  insertContactMessage,
  insertInvite,
  insertOrganization,
} from '../repositories/organizations';
import { listEnabledBuiltInSimulatorIds } from '../repositories/simulators';
import { moveUserToOrganization } from '../repositories/users';

/**
 * Creates an organization. Its creator becomes its account admin and gets the working flags
 * (tests, recording, playground, dashboard) so that a self-hosted install is usable at once;
 * members who join later start with none and get them from a platform admin or an organization grant.
 * Its plan allows the built-in simulators enabled now (a platform admin can narrow it): an organization
 * allowed none of the shipped simulators would start with an empty catalogue.
 */
export async function createOrganization(
  db: Database,
  user: UserRow,
  body: CreateOrganizationRequest,
): Promise<void> {
  if (user.organizationId !== null) throw conflict('You already belong to an organization');
  await db.transaction(async (tx) => {
    const organization = await insertOrganization(tx, {
      publicId: newPublicId(),
      name: body.name,
      purpose: body.purpose,
      apiKey: newSecret(API_KEY_PREFIX),
      plan: { allowed_simulators: await listEnabledBuiltInSimulatorIds(tx) },
    });
    await moveUserToOrganization(tx, user.id, organization.id, {
      ...user.permissions,
      is_account_admin: true,
      create_test_cases: true,
      record_testcases: true,
      playground_access: true,
      dashboard_access: true,
    });
  });
}

export async function createInvite(db: Database, organization: OrganizationRow, createdBy: UserRow) {
  const token = newSecret('inv_', 24);
  const expiresAt = new Date(Date.now() + AUTH.inviteTtlSeconds * 1000);
  await insertInvite(db, { token, organizationId: organization.id, createdBy: createdBy.id, expiresAt });
  return {
    invite_token: token,
    invite_path: `/join-organization?invite=${encodeURIComponent(token)}`,
    expires_at: expiresAt.toISOString(),
  };
}

async function findInvite(db: Database, code: string) {
  const row = await findInviteWithOrganization(db, code);
  if (!row) throw notFound('Invite not found');
  return row;
}

export async function inviteInfo(db: Database, code: string) {
  const { invite, organization } = await findInvite(db, code);
  return {
    organization_name: organization.name,
    organization_public_id: organization.publicId,
    expired: invite.expiresAt.getTime() < Date.now(),
    expires_at: invite.expiresAt.toISOString(),
  };
}

/**
 * What a user holds right after joining an organization by invite: exactly what any new member gets (no
 * working flags; the organization's grants apply on top), whatever they held in the organization they leave.
 * Only the platform-wide role survives a move: platform admin is not a membership.
 */
export function permissionsOnJoining(previous: Permissions): Permissions {
  return { ...noPermissions(), is_admin: previous.is_admin };
}

/**
 * Moves the user into the invite's organization as a new member. A user belongs to one organization;
 * joining another leaves the old one and every flag held there (a throwaway organization of one's own must
 * not carry its creator's flags, or its API-key disclosure, into another).
 */
export async function joinOrganization(db: Database, user: UserRow, code: string) {
  const { invite, organization } = await findInvite(db, code);
  if (invite.expiresAt.getTime() < Date.now()) throw gone('Invite expired');
  if (user.organizationId !== organization.id) {
    await db.transaction(async (tx) => {
      await moveUserToOrganization(tx, user.id, organization.id, permissionsOnJoining(user.permissions));
      await countInviteUse(tx, invite.id);
    });
  }
  return { organization_name: organization.name, organization_id: organization.id };
}

/** A message to the platform's admins from the contact form. */
export async function sendContactMessage(
  db: Database,
  sender: { userId: number; organizationId: number | null },
  message: string,
) {
  const row = await insertContactMessage(db, { ...sender, message });
  return { id: row.id, message: row.message };
}
