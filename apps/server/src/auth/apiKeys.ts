import { effectivePermissions, noPermissions, PERMISSION_FLAGS, type Permissions } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { OrganizationRow, Principal } from '../kernel/access/principal';
import { listMemberPermissions } from '../repositories/users';

/** Flags an organization's API key may carry: never admin or scoring authority. */
const API_KEY_FLAGS = [
  'create_test_cases',
  'record_testcases',
  'playground_access',
  'dashboard_access',
] as const;

/**
 * What a request made with the organization's API key may do: the organization's grants plus the working
 * flags (tests, recording, playground, dashboard) that any of its account admins holds. A key never gives
 * more than the people who run the organization have, and never admin authority.
 */
export async function apiKeyPermissions(db: Database, organization: OrganizationRow): Promise<Permissions> {
  const members = await listMemberPermissions(db, organization.id);
  const permissions = noPermissions();
  for (const member of members.filter((m) => m.is_account_admin)) {
    for (const flag of API_KEY_FLAGS) permissions[flag] ||= member[flag];
  }
  return effectivePermissions(permissions, organization.permissions);
}

/**
 * The organization's API key as the signed-in member may see it, or null.
 * Decision: anyone who holds the key can act with everything it carries, so showing it to a member who
 * lacks one of those permissions would hand them that permission. The key is shown only to account admins
 * (they run the organization and can see and grant what it carries) and to members whose own effective
 * permissions already include every permission the key carries; everyone else gets null and is told to ask
 * an account admin. What the key carries is computed by the same function that authenticates key requests.
 */
export async function apiKeyDisclosedTo(
  db: Database,
  principal: Principal & { organization: OrganizationRow },
): Promise<string | null> {
  if (principal.permissions.is_account_admin) return principal.organization.apiKey;
  const carried = await apiKeyPermissions(db, principal.organization);
  const holdsEverything = PERMISSION_FLAGS.every((flag) => !carried[flag] || principal.permissions[flag]);
  return holdsEverything ? principal.organization.apiKey : null;
}
