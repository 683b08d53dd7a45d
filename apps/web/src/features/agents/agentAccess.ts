import { AGENT_MANAGE_PERMISSIONS, type Permissions } from '@proctor/contracts';

/**
 * Whether the dashboard offers Create Agent Artifact and Archive: one of the contract's flags for managing
 * agents (the server's rule too), outside annotator organizations, which the server refuses.
 */
export function mayManageAgents(user: {
  permissions: Pick<Permissions, (typeof AGENT_MANAGE_PERMISSIONS)[number]>;
  organization: { isAnnotator: boolean } | null;
}): boolean {
  if (user.organization?.isAnnotator) return false;
  return AGENT_MANAGE_PERMISSIONS.some((flag) => user.permissions[flag]);
}
