import type { AdminOrganization } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { NO_ORGANIZATION, organizationOptions } from '../../src/features/admin/organizationOptions';

function organization(id: number, name: string, userCount: number): AdminOrganization {
  return {
    id,
    publicId: `org_${id}`,
    name,
    isAnnotator: false,
    user_count: userCount,
    users: [],
    plan: { allowed_simulators: [] },
    permissions: { playground_access: false, dashboard_access: false },
    is_assigned_to_test_case: false,
  };
}

describe('Edit User organization choices', () => {
  it("should offer 'No Organization' first, then organizations by user count, each labelled with it", () => {
    const options = organizationOptions([
      organization(1, 'Small', 1),
      organization(2, 'Big', 12),
      organization(3, 'Also small', 1),
    ]);
    expect(options).toEqual([
      { value: NO_ORGANIZATION, label: 'No Organization' },
      { value: '2', label: 'Big (12 users)' },
      { value: '3', label: 'Also small (1 users)' },
      { value: '1', label: 'Small (1 users)' },
    ]);
  });
});
