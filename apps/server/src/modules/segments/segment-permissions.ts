import type { Permission } from '@pushdeck/contracts';

/** Who may do what with audiences (spec part 2 §6). Copy Tools 2.0 creates audiences on target websites too. */
export const SEGMENT_PERMISSIONS = {
  read: ['menu.domain.audience'],
  create: ['audience_create', 'menu.domain.audience.create', 'menu.tools.copy2'],
  edit: ['audience_edit', 'menu.domain.audience.edit'],
  /** The existence check that precedes copying an audience (part 2 §7). */
  check: ['menu.domain.audience', 'menu.tools.copy2'],
} as const satisfies Record<string, readonly Permission[]>;
