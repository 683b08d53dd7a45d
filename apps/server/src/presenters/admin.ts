import type { Database } from '@proctor/db';
import type { UserRow } from '../kernel/access/principal';
import { listContactMessagesWithSenders, listOrganizations } from '../repositories/organizations';
import { listOrganizationIdsAssignedTo } from '../repositories/testCases';
import {
  listPlatformAdmins,
  listUserAndOrganizationMembers,
  listUserMemberships,
  listUsersWithOrganizationName,
} from '../repositories/users';

/** An account as the platform admin's user list shows it. */
export function presentAdminUser(user: UserRow, organizationName: string | null) {
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
  const rows = await listUsersWithOrganizationName(db);
  return rows.map((row) => presentAdminUser(row.user, row.organizationName));
}

/** Organizations, largest first, each with its members and whether the given test case is assigned to it. */
export async function listAdminOrganizations(db: Database, testCaseId?: number) {
  const [orgRows, userRows, assignedIds] = await Promise.all([
    listOrganizations(db),
    listUserMemberships(db),
    testCaseId === undefined ? Promise.resolve([]) : listOrganizationIdsAssignedTo(db, testCaseId),
  ]);
  const assigned = new Set(assignedIds);
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
        is_assigned_to_test_case: assigned.has(org.id),
      };
    })
    .sort((a, b) => b.user_count - a.user_count || a.name.localeCompare(b.name));
}

export async function presentAdminOrganization(db: Database, id: number) {
  const listed = await listAdminOrganizations(db);
  return listed.find((o) => o.id === id)!;
}

export async function listContactMessages(db: Database) {
  const rows = await listContactMessagesWithSenders(db);
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
  const rows = await listUserAndOrganizationMembers(db, admin);
  const admins = await listPlatformAdmins(db);
  const all = new Map([...rows, ...admins].map((u) => [u.id, u]));
  return [...all.values()].map((u) => ({ id: u.id, name: u.name, email: u.email, imageUrl: u.imageUrl }));
}
