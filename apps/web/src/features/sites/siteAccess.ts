import { type Permissions, SITE_EDIT_PERMISSIONS } from '@proctor/contracts';

/** Whether the user may create and change sites, endpoints and models (the server's rule, SITE_EDIT_PERMISSIONS). */
export function canEditSites(user: {
  permissions: Pick<Permissions, (typeof SITE_EDIT_PERMISSIONS)[number]>;
}) {
  return SITE_EDIT_PERMISSIONS.some((permission) => user.permissions[permission]);
}
