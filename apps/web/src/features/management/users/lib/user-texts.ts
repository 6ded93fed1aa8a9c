/** Texts of Users Management (spec part 2 §4, §8). */
export const USER_TEXTS = {
  updateFailed: 'Fail to update the user!',
  syncRoleFailed: (name: string) => `Failed to sync role to ${name}`,
  syncPermissionFailed: (name: string) => `Failed to sync permission to ${name}`,
  roleConfirm: (name: string, role: string) => `${name} will have the role ${role}, from their next page load.`,
  permissionsConfirm: (name: string, count: number) =>
    `${name} will have ${count} direct permission${count === 1 ? '' : 's'} (on top of their role's), from their next page load.`,
  deactivateConfirm: (name: string) => `${name} will be switched off and signed out at once.`,
  activateConfirm: (name: string) => `${name} will be switched on and can sign in again.`,
  roleSynced: (name: string) => `The role of ${name} has been synced!`,
  permissionsSynced: (name: string) => `The permissions of ${name} have been synced!`,
  activated: (name: string) => `${name} has been switched on.`,
  deactivated: (name: string) => `${name} has been switched off.`,
  loginFailed: (name: string) => `Could not log in as ${name}`,
  deleteConfirm: (name: string) =>
    `${name} will be deleted: they are signed out at once and can never sign in with this account again.`,
  deleted: (name: string) => `${name} has been deleted.`,
  deleteFailed: 'Fail to delete the user!',
} as const;
