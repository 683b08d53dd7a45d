import { type Permissions, WEB_FLOW_EDIT_PERMISSIONS } from '@proctor/contracts';

/** Whether the user may save, run and test flows in the builder (the server's rule, WEB_FLOW_EDIT_PERMISSIONS). */
export function canEditWebFlows(user: {
  permissions: Pick<Permissions, (typeof WEB_FLOW_EDIT_PERMISSIONS)[number]>;
}): boolean {
  return WEB_FLOW_EDIT_PERMISSIONS.some((permission) => user.permissions[permission]);
}
