import { type DripKind, hasAnyPermission, type Permission } from '@pushdeck/contracts';
import { forbidden } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/types.ts';

const write: Permission[] = ['menu.recurring.spam', 'menu.tools', 'menu.tools.drip_manager', 'menu.tools.drip_setup'];
const createTrigger: Permission[] = ['menu.domain.triggers.create'];
const editTrigger: Permission[] = ['menu.domain.triggers.edit'];

/**
 * Who may do what with drips (spec part 1 §6, part 2 §6); a route passes with any listed permission or
 * menu.admin.panel. menu.domain.messages and menu.domain.triggers are reading rights (role viewer holds both), so
 * writing welcome and recurring drips needs the Recurring section (menu.recurring.spam) or the Drip Instruments.
 */
export const DRIP_PERMISSIONS = {
  read: ['menu.domain.messages', 'menu.tools', 'menu.tools.drip_manager', 'menu.tools.drip_setup'],
  readTriggers: ['menu.domain.triggers'],
  write,
  createTrigger,
  editTrigger,
  /** Routes that act on a drip of any type; the service then checks the drip's own type. */
  writeAny: [...write, ...editTrigger],
  createAny: [...write, ...createTrigger],
  upload: [...write, ...createTrigger, ...editTrigger],
  /** Drip Setup also copies audiences to the chosen websites, so only its own screen's permission. */
  setup: ['menu.tools.drip_setup'],
  spam: ['menu.recurring.spam'],
  spamRead: ['menu.recurring.spam', 'menu.domain.messages', 'menu.tools'],
} as const satisfies Record<string, readonly Permission[]>;

/** Reading the list of one drip type. */
export const readPermission = (type: DripKind): readonly Permission[] =>
  type === 'trigger' ? DRIP_PERMISSIONS.readTriggers : DRIP_PERMISSIONS.read;

/** Changing (or deleting) existing drips of one type. */
export const editPermission = (type: DripKind): readonly Permission[] => (type === 'trigger' ? editTrigger : write);

/** Creating drips of one type. */
export const createPermission = (type: DripKind): readonly Permission[] => (type === 'trigger' ? createTrigger : write);

/** For routes whose drip type is only known once the drip is loaded: 403 without that type's permission. */
export function assertMay(actor: Actor, permissions: readonly Permission[]): void {
  if (!hasAnyPermission(actor.user.permissions, permissions)) throw forbidden();
}
