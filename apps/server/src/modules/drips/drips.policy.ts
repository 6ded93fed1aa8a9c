import { ACTIONS, type DripKind, hasAnyPermission, type Permission } from '@pushdeck/contracts';
import { forbidden } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/types.ts';

/**
 * Who may do what with drips (spec part 1 §6, part 2 §6): the entries of the shared ACTIONS table, so the console's
 * controls and these routes read the same rule. A route passes with any listed permission or menu.admin.panel.
 */
export const DRIP_PERMISSIONS = {
  read: ACTIONS['drips.read'],
  readTriggers: ACTIONS['triggers.read'],
  write: ACTIONS['drips.write'],
  createTrigger: ACTIONS['triggers.create'],
  editTrigger: ACTIONS['triggers.edit'],
  saveTriggers: ACTIONS['triggers.save'],
  writeAny: ACTIONS['drips.writeAny'],
  createAny: ACTIONS['drips.createAny'],
  upload: ACTIONS['drips.upload'],
  setup: ACTIONS['drips.setup'],
  spam: ACTIONS['spam.write'],
  spamRead: ACTIONS['spam.read'],
} as const satisfies Record<string, readonly Permission[]>;

/** Reading the list of one drip type. */
export const readPermission = (type: DripKind): readonly Permission[] =>
  type === 'trigger' ? DRIP_PERMISSIONS.readTriggers : DRIP_PERMISSIONS.read;

/** Changing (or deleting) existing drips of one type. */
export const editPermission = (type: DripKind): readonly Permission[] =>
  type === 'trigger' ? DRIP_PERMISSIONS.editTrigger : DRIP_PERMISSIONS.write;

/** Creating drips of one type. */
export const createPermission = (type: DripKind): readonly Permission[] =>
  type === 'trigger' ? DRIP_PERMISSIONS.createTrigger : DRIP_PERMISSIONS.write;

/** For routes whose drip type is only known once the drip is loaded: 403 without that type's permission. */
export function assertMay(actor: Actor, permissions: readonly Permission[]): void {
  if (!hasAnyPermission(actor.user.permissions, permissions)) throw forbidden();
}
