import { z } from 'zod';

/** Per-user permission flags (000 §3, §6). */
export const PERMISSION_FLAGS = [
  'is_admin',
  'is_account_admin',
  'create_test_cases',
  'record_testcases',
  'playground_access',
  'dashboard_access',
  'create_simulator',
  'is_human_recorder',
  'is_super_scorer',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];

export const Permissions = z.object(
  Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<
    PermissionFlag,
    z.ZodBoolean
  >,
);
export type Permissions = z.infer<typeof Permissions>;

/**
 * Who may record in live environments: playground_access (000 §6: the recorder and the playground), or
 * is_human_recorder, the per-person flag that lets an annotator record without the playground being granted
 * to their whole organization. The recorder's screen and the environment calls check the same list.
 */
export const RECORDING_PERMISSIONS = [
  'playground_access',
  'is_human_recorder',
] as const satisfies readonly PermissionFlag[];
export const mayRecord = (permissions: Pick<Permissions, (typeof RECORDING_PERMISSIONS)[number]>) =>
  RECORDING_PERMISSIONS.some((flag) => permissions[flag]);

/** Flags an organization can grant to all its members (002 §2.3 Organizations tab). */
export const ORGANIZATION_PERMISSION_FLAGS = ['playground_access', 'dashboard_access'] as const;
export type OrganizationPermissionFlag = (typeof ORGANIZATION_PERMISSION_FLAGS)[number];
export const OrganizationPermissions = z.object({
  playground_access: z.boolean(),
  dashboard_access: z.boolean(),
});
export type OrganizationPermissions = z.infer<typeof OrganizationPermissions>;

export function noPermissions(): Permissions {
  return Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, false])) as Permissions;
}

/**
 * What a member may do: their own flags, plus the flags their organization grants to everyone in it.
 * Decision (the spec does not say how the two combine): an organization grant can only add, never remove.
 */
export function effectivePermissions(
  user: Permissions,
  organization: OrganizationPermissions | null | undefined,
): Permissions {
  const merged = { ...user };
  if (organization) {
    for (const flag of ORGANIZATION_PERMISSION_FLAGS) merged[flag] = merged[flag] || organization[flag];
  }
  return merged;
}

/**
 * Who may rescore a simulator's sessions (judge them again, writing new verdicts): platform admins, account
 * admins and test authors; any one of the flags is enough. The server's access rule and the dashboard's
 * Rescore Sessions button both read this list.
 */
export const RESCORE_PERMISSIONS = [
  'is_admin',
  'is_account_admin',
  'create_test_cases',
] as const satisfies readonly PermissionFlag[];

export function mayRescoreSessions(
  permissions: Pick<Permissions, (typeof RESCORE_PERMISSIONS)[number]>,
): boolean {
  return RESCORE_PERMISSIONS.some((flag) => permissions[flag]);
}

/**
 * Who may add simulators: platform admins and members holding create_simulator. The server's access rule and
 * the dashboard's Add Simulator button both read this list; editing a simulator stays with platform admins.
 */
export const SIMULATOR_CREATE_PERMISSIONS = [
  'is_admin',
  'create_simulator',
] as const satisfies readonly PermissionFlag[];

export function mayCreateSimulators(
  permissions: Pick<Permissions, (typeof SIMULATOR_CREATE_PERMISSIONS)[number]>,
): boolean {
  return SIMULATOR_CREATE_PERMISSIONS.some((flag) => permissions[flag]);
}
