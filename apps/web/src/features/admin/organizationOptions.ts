import type { AdminOrganization } from '@proctor/contracts';

/** The Edit User select's value for "no organization". */
export const NO_ORGANIZATION = 'none';

/** The organization choices: 'No Organization' first, then organizations by user count (002 §2.3). */
export function organizationOptions(
  organizations: AdminOrganization[],
): Array<{ value: string; label: string }> {
  const bySize = [...organizations].sort(
    (a, b) => b.user_count - a.user_count || a.name.localeCompare(b.name),
  );
  return [
    { value: NO_ORGANIZATION, label: 'No Organization' },
    ...bySize.map((org) => ({ value: String(org.id), label: `${org.name} (${org.user_count} users)` })),
  ];
}
