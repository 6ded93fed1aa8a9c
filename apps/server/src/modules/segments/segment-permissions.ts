import { ACTIONS, type Permission } from '@pushdeck/contracts';

/** Who may do what with audiences (spec part 2 §6): the entries of the shared ACTIONS table. */
export const SEGMENT_PERMISSIONS = {
  read: ACTIONS['audiences.read'],
  create: ACTIONS['audiences.create'],
  edit: ACTIONS['audiences.edit'],
  check: ACTIONS['audiences.check'],
} as const satisfies Record<string, readonly Permission[]>;
