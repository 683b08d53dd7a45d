import { describe, expect, it } from 'vitest';
import {
  type NavigationItem,
  type NavigationItemId,
  navigationFor,
  noPermissions,
  type PermissionFlag,
  type User,
} from '../src';

function makeUser(
  options: { flags?: PermissionFlag[]; isAnnotator?: boolean; organization?: boolean } = {},
): User {
  const permissions = noPermissions();
  for (const flag of options.flags ?? []) permissions[flag] = true;
  const organization =
    options.organization === false
      ? null
      : {
          id: 1,
          publicId: 'org_1',
          name: 'Acme Labs',
          logoUrl: null,
          apiKey: 'pk_test',
          isAnnotator: options.isAnnotator ?? false,
          plan: { allowed_simulators: [] },
          permissions: { playground_access: false, dashboard_access: false },
        };
  return {
    id: 7,
    publicId: 'usr_7',
    name: 'Ada',
    email: 'ada@example.com',
    imageUrl: null,
    organizationId: organization ? 1 : null,
    organization_id: organization ? 1 : null,
    organization,
    permissions,
    has_beta_access: false,
    stats: {
      total_sessions: 0,
      scored_sessions: 0,
      avg_session_time: null,
      avg_score_time: null,
      success_rate: null,
    },
    updatedAt: '2026-01-01T00:00:00.000Z',
    viewAs: null,
  };
}

function byId(items: NavigationItem[]): Map<NavigationItemId, NavigationItem> {
  return new Map(items.map((entry) => [entry.id, entry]));
}

function visibleIds(user: User | null): NavigationItemId[] {
  return navigationFor(user)
    .filter((entry) => entry.visible)
    .map((entry) => entry.id);
}

describe('navigationFor', () => {
  it('should list the entries in the order of the side navigation', () => {
    expect(navigationFor(makeUser()).map((entry) => entry.label)).toEqual([
      'Dashboard',
      'Data Creation',
      'Tasks 2.0',
      'Sessions',
      'Recorder',
      'Annotator Admin',
      'Tests',
      'Simulators',
      'Results',
      'Agents',
      'Playground',
      'Replays',
      'Hub',
      'Admin',
      'Usage',
      'Organization',
      'Docs',
      'Settings',
      'Login',
      'Logout',
    ]);
  });

  it('should show a member of a regular organization the work areas and Logout, not the annotator ones', () => {
    expect(visibleIds(makeUser({ flags: ['dashboard_access'] }))).toEqual([
      'dashboard',
      'sessions',
      'tests',
      'simulators',
      'results',
      'agents',
      'playground',
      'usage',
      'organization',
      'docs',
      'settings',
      'logout',
    ]);
  });

  it('should disable Tests, Simulators, Results and Playground without dashboard_access', () => {
    const items = byId(navigationFor(makeUser()));
    for (const id of ['tests', 'simulators', 'results', 'agents', 'playground'] as const) {
      expect(items.get(id)).toMatchObject({ visible: true, disabled: true });
    }
    expect(items.get('sessions')?.disabled).toBe(false);
    expect(items.get('organization')?.disabled).toBe(false);
  });

  it('should enable Tests, Simulators, Results and Playground with dashboard_access', () => {
    const items = byId(navigationFor(makeUser({ flags: ['dashboard_access'] })));
    for (const id of ['tests', 'simulators', 'results', 'agents', 'playground'] as const) {
      expect(items.get(id)).toMatchObject({ visible: true, disabled: false });
    }
  });

  it('should show annotators Data Creation, Tasks 2.0 and Recorder and hide Tests, Simulators and Results', () => {
    const ids = visibleIds(makeUser({ isAnnotator: true, flags: ['dashboard_access'] }));
    expect(ids).toEqual(expect.arrayContaining(['data-creation', 'tasks', 'recorder', 'playground']));
    expect(ids).not.toContain('tests');
    expect(ids).not.toContain('simulators');
    expect(ids).not.toContain('results');
    expect(ids).not.toContain('agents');
    expect(ids).not.toContain('annotator-admin');
  });

  it('should show Annotator Admin only to account admins of annotator organizations', () => {
    expect(visibleIds(makeUser({ isAnnotator: true, flags: ['is_account_admin'] }))).toContain(
      'annotator-admin',
    );
    expect(visibleIds(makeUser({ isAnnotator: false, flags: ['is_account_admin'] }))).not.toContain(
      'annotator-admin',
    );
    expect(visibleIds(makeUser({ isAnnotator: true }))).not.toContain('annotator-admin');
  });

  it('should show Replays, Hub and Admin to platform admins only, Replays disabled without dashboard_access', () => {
    expect(visibleIds(makeUser())).not.toContain('replays');
    const admin = byId(navigationFor(makeUser({ flags: ['is_admin'] })));
    expect(admin.get('replays')).toMatchObject({ visible: true, disabled: true, group: 'bottom' });
    expect(admin.get('hub')).toMatchObject({ visible: true, disabled: false });
    expect(admin.get('admin')).toMatchObject({ visible: true, disabled: false });
    const adminWithAccess = byId(navigationFor(makeUser({ flags: ['is_admin', 'dashboard_access'] })));
    expect(adminWithAccess.get('replays')?.disabled).toBe(false);
  });

  it('should make Docs an external link to /docs', () => {
    expect(byId(navigationFor(makeUser())).get('docs')).toMatchObject({ route: '/docs', external: true });
    expect(navigationFor(makeUser()).filter((entry) => entry.external)).toHaveLength(1);
  });

  it('should offer Login to a signed-out visitor and Logout to a signed-in user', () => {
    const visitor = byId(navigationFor(null));
    expect(visitor.get('login')?.visible).toBe(true);
    expect(visitor.get('logout')?.visible).toBe(false);
    const member = byId(navigationFor(makeUser()));
    expect(member.get('login')?.visible).toBe(false);
    expect(member.get('logout')?.visible).toBe(true);
  });

  it('should show a signed-out visitor the shared entries with the work areas disabled', () => {
    const items = byId(navigationFor(null));
    expect(visibleIds(null)).toEqual([
      'dashboard',
      'sessions',
      'tests',
      'simulators',
      'results',
      'agents',
      'playground',
      'usage',
      'organization',
      'docs',
      'settings',
      'login',
    ]);
    expect(items.get('tests')?.disabled).toBe(true);
    expect(items.get('playground')?.disabled).toBe(true);
  });

  it('should treat a signed-in user without an organization as a non-annotator', () => {
    const ids = visibleIds(makeUser({ organization: false }));
    expect(ids).toContain('tests');
    expect(ids).not.toContain('data-creation');
  });
});
