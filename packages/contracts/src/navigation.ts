import type { User } from './identity';

/** Stable identity of a side-navigation entry (000 §2.2, 002 §2.2). */
export type NavigationItemId =
  | 'dashboard'
  | 'data-creation'
  | 'tasks'
  | 'sessions'
  | 'recorder'
  | 'annotator-admin'
  | 'tests'
  | 'simulators'
  | 'results'
  | 'agents'
  | 'playground'
  | 'replays'
  | 'hub'
  | 'admin'
  | 'usage'
  | 'organization'
  | 'docs'
  | 'settings'
  | 'login'
  | 'logout';

export interface NavigationItem {
  id: NavigationItemId;
  label: string;
  /** Client route, or the address of an external link; Logout's is where the browser lands afterwards. */
  route: string;
  visible: boolean;
  disabled: boolean;
  /** Opens in a new tab instead of navigating inside the dashboard. */
  external: boolean;
  /** The bottom group holds the account and platform entries (002 §2.2). */
  group: 'main' | 'bottom';
}

/** Where the Docs entry points: the OpenAPI description served by the API. */
export const DOCS_PATH = '/docs';

/**
 * The side navigation for a user, or for a signed-out visitor (`null`).
 * `user.permissions` are the effective flags (the user's own plus the organization's grants).
 *
 * Decision where the spec is silent: a visitor without an organization counts as a non-annotator
 * without dashboard_access, so the work areas appear disabled rather than vanish.
 */
export function navigationFor(user: User | null): NavigationItem[] {
  const signedIn = user !== null;
  const isAnnotator = user?.organization?.isAnnotator ?? false;
  const isPlatformAdmin = user?.permissions.is_admin ?? false;
  const isAccountAdmin = user?.permissions.is_account_admin ?? false;
  const hasDashboardAccess = user?.permissions.dashboard_access ?? false;

  const item = (
    id: NavigationItemId,
    label: string,
    route: string,
    rule: { visible?: boolean; disabled?: boolean; external?: boolean; group?: 'main' | 'bottom' } = {},
  ): NavigationItem => ({
    id,
    label,
    route,
    visible: rule.visible ?? true,
    disabled: rule.disabled ?? false,
    external: rule.external ?? false,
    group: rule.group ?? 'main',
  });

  return [
    item('dashboard', 'Dashboard', '/'),
    item('data-creation', 'Data Creation', '/data-creation', { visible: isAnnotator }),
    item('tasks', 'Tasks 2.0', '/human-recording-2', { visible: isAnnotator }),
    item('sessions', 'Sessions', '/sessions'),
    item('recorder', 'Recorder', '/recorder', { visible: isAnnotator }),
    item('annotator-admin', 'Annotator Admin', '/annotator-admin', {
      visible: isAnnotator && isAccountAdmin,
    }),
    item('tests', 'Tests', '/tests', { visible: !isAnnotator, disabled: !hasDashboardAccess }),
    item('simulators', 'Simulators', '/simulators', { visible: !isAnnotator, disabled: !hasDashboardAccess }),
    item('results', 'Results', '/results', { visible: !isAnnotator, disabled: !hasDashboardAccess }),
    // Not in the spec's side navigation (001 §2.8 leaves the agents list's route out): without it the list
    // would be reachable only from a session's agent link.
    item('agents', 'Agents', '/agents', { visible: !isAnnotator, disabled: !hasDashboardAccess }),
    item('playground', 'Playground', '/playground', { disabled: !hasDashboardAccess }),
    item('replays', 'Replays', '/replays', {
      visible: isPlatformAdmin,
      disabled: !hasDashboardAccess,
      group: 'bottom',
    }),
    item('hub', 'Hub', '/hub', { visible: isPlatformAdmin, group: 'bottom' }),
    item('admin', 'Admin', '/admin', { visible: isPlatformAdmin, group: 'bottom' }),
    item('usage', 'Usage', '/usage', { group: 'bottom' }),
    item('organization', 'Organization', '/organization', { group: 'bottom' }),
    item('docs', 'Docs', DOCS_PATH, { external: true, group: 'bottom' }),
    item('settings', 'Settings', '/settings', { group: 'bottom' }),
    item('login', 'Login', '/login', { visible: !signedIn, group: 'bottom' }),
    item('logout', 'Logout', '/landing', { visible: signedIn, group: 'bottom' }),
  ];
}
