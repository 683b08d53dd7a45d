import type { Principal } from './principal';

/**
 * Whether the caller sees only their own human scores and no consensus: annotators outside admin view (000
 * §2.5). Admin view is for account admins; platform admins always see everything.
 */
export function seesOnlyOwnScores(principal: Principal | null, adminView: boolean): boolean {
  if (principal?.organization?.isAnnotator !== true || principal.permissions.is_admin) return false;
  return !(adminView && principal.permissions.is_account_admin);
}
