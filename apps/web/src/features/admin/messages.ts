/** The admin screen's snackbar texts (002 §8). */
export const ADMIN_MESSAGES = {
  loadFailed: 'Failed to load admin data',
  userUpdated: 'User updated successfully',
  userUpdateFailed: 'Failed to update user',
  organizationUpdated: 'Organization updated successfully',
  organizationUpdateFailed: 'Failed to update organization',
  noUsers: 'No users in this organization',
  noSimulators: 'No simulators available',
} as const;
