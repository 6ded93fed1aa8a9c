/** Texts of Roles Management (spec part 2 §5, §8; the success wording is not given by the spec). */
export const ROLE_TEXTS = {
  editCanceled: 'Editing has been canceled',
  roleCreated: 'Role has been created!',
  roleUpdated: 'Role has been updated!',
  roleDeleted: 'Role has been deleted!',
  permissionCreated: 'Permission has been created!',
  permissionUpdated: 'Permission has been updated!',
  permissionDeleted: 'Permission has been deleted!',
  syncFailed: (role: string) => `Failed to sync permission to ${role}`,
  synced: (role: string) => `Permissions of ${role} have been synced!`,
  syncConfirm: (role: string, count: number) =>
    `The role ${role} will have ${count} permission${count === 1 ? '' : 's'}. Its users get them on their next page load.`,
  deleteRoleConfirm: (role: string) => `You will delete the role ${role}.`,
  deletePermissionConfirm: (name: string) =>
    `You will delete the permission ${name}: every role and user holding it loses it.`,
} as const;
