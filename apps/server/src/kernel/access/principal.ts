import type { Permissions } from '@proctor/contracts';
import type { organizations, users } from '@proctor/db';

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;

/** Who is calling, resolved once per request. */
export interface Principal {
  /** `user`: a person's token; `api_key`: an organization's SDK key (no person behind it). */
  via: 'user' | 'api_key';
  /** The person acted as; null for an API key. Under view-as, the viewed user. */
  user: UserRow | null;
  organization: OrganizationRow | null;
  /** Effective flags: the user's own plus the organization's grants. */
  permissions: Permissions;
  /** The platform admin behind a view-as, else null. */
  viewAsAdmin: UserRow | null;
}

/** A principal that is a signed-in person. */
export interface UserPrincipal extends Principal {
  via: 'user';
  user: UserRow;
}

/** A principal that acts inside an organization (a member's token or the organization's API key). */
export interface MemberPrincipal extends Principal {
  organization: OrganizationRow;
}
