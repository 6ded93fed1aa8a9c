import type { Permission } from '@pushdeck/contracts';

/** Who may put tags on a website (the server's rule for addTags / removeTags; menu.admin.panel passes too). */
export const TAGGING: readonly Permission[] = [
  'menu.tags.manager',
  'menu.domain.integrate2',
  'menu.clients.management',
];
