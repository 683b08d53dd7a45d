import { BROWSER_SESSION_PERMISSIONS, type Permissions } from '@proctor/contracts';

/** Whether the user may open browser sessions (the server's rule, BROWSER_SESSION_PERMISSIONS). */
export function canOpenBrowserSessions(user: {
  permissions: Pick<Permissions, (typeof BROWSER_SESSION_PERMISSIONS)[number]>;
}): boolean {
  return BROWSER_SESSION_PERMISSIONS.some((permission) => user.permissions[permission]);
}
