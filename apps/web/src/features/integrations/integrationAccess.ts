import { INTEGRATION_EDIT_PERMISSIONS, type Permissions } from '@proctor/contracts';

/** Whether the user may install, connect and call integrations (the server's rule, INTEGRATION_EDIT_PERMISSIONS). */
export function canEditIntegrations(user: {
  permissions: Pick<Permissions, (typeof INTEGRATION_EDIT_PERMISSIONS)[number]>;
}) {
  return INTEGRATION_EDIT_PERMISSIONS.some((permission) => user.permissions[permission]);
}
