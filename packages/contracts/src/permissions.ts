/** Every permission the spec names (part 1 §6, part 2 §6), as stored in the permissions table. */
export const PERMISSIONS = [
  'menu.admin.panel',
  'menu.users.management',
  'menu.stats.global',
  'menu.clients.management',
  'menu.files',
  'menu.tools',
  'menu.tools.drip_manager',
  'menu.tools.drip_setup',
  'menu.tools.copy2',
  'menu.tools.recurring_migration',
  'menu.tags.manager',
  'menu.analytics.data_explorer',
  'menu.analytics.performance',
  'menu.analytics.server_performance',
  'menu.domain.audience',
  'menu.domain.audience.edit',
  'menu.domain.audience.create',
  'audience_edit',
  'audience_create',
  'menu.domain.integrate',
  'menu.domain.integrate2',
  'menu.domain.messages',
  'menu.domain.automation',
  'menu.domain.triggers',
  'menu.domain.triggers.create',
  'menu.domain.triggers.edit',
  'menu.recurring.spam',
  'menu.domain_list',
  'domain_list',
  'stats.domain',
  'stats.domain.simple',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['admin', 'admin_role', 'admin_demo', 'dev', 'moder', 'client', 'user', 'viewer'] as const;
export type RoleName = (typeof ROLES)[number];

/** Staff roles: never impersonated, never managed by a moder (issue #13). */
export const STAFF_ROLES = ['admin', 'admin_role', 'admin_demo', 'dev', 'moder'] as const satisfies readonly RoleName[];

/**
 * The permissions that make an account staff: only an administrator gives them, directly or through a role
 * (the server's management policy; Users Management offers a moder only the rest).
 */
export const STAFF_PERMISSIONS: readonly Permission[] = [
  'menu.admin.panel',
  'menu.clients.management',
  'menu.users.management',
];

/** The guard every seeded role and permission belongs to (Laravel's guard_name). */
export const DEFAULT_GUARD = 'web';

const analytics: Permission[] = [
  'menu.analytics.data_explorer',
  'menu.analytics.performance',
  'menu.analytics.server_performance',
];
const tools: Permission[] = [
  'menu.tools',
  'menu.tools.drip_manager',
  'menu.tools.drip_setup',
  'menu.tools.copy2',
  'menu.tools.recurring_migration',
];
const domainWork: Permission[] = [
  'menu.domain.audience',
  'menu.domain.audience.edit',
  'menu.domain.audience.create',
  'audience_edit',
  'audience_create',
  'menu.domain.integrate',
  'menu.domain.integrate2',
  'menu.domain.messages',
  'menu.domain.automation',
  'menu.domain.triggers',
  'menu.domain.triggers.create',
  'menu.domain.triggers.edit',
  'menu.recurring.spam',
];

/** Seeded permission sets per role. admin holds everything; viewer only reads. */
export const ROLE_PERMISSIONS: Record<RoleName, readonly Permission[]> = {
  admin: PERMISSIONS,
  admin_role: ['menu.users.management', 'menu.clients.management', 'menu.stats.global', ...analytics, 'menu.files'],
  admin_demo: ['menu.stats.global', ...analytics, 'menu.domain_list', 'stats.domain'],
  dev: ['menu.admin.panel', 'menu.stats.global', ...analytics, ...tools, 'menu.files', 'stats.domain'],
  moder: [
    'menu.clients.management',
    'menu.users.management',
    'menu.stats.global',
    ...analytics,
    ...tools,
    'menu.files',
    'menu.domain_list',
    'stats.domain',
  ],
  client: [
    'menu.stats.global',
    ...domainWork,
    'menu.tools',
    'menu.tools.drip_manager',
    'menu.tools.drip_setup',
    'menu.analytics.data_explorer',
    'menu.analytics.performance',
    'menu.files',
    'stats.domain',
    // its own tags for its own websites (issue #19; docs/console.md)
    'menu.tags.manager',
  ],
  user: [
    'menu.stats.global',
    'menu.domain.audience',
    'menu.domain.audience.create',
    'menu.domain.audience.edit',
    'audience_create',
    'audience_edit',
    'menu.domain.integrate',
    'menu.domain.messages',
    'menu.domain.automation',
    'menu.domain.triggers',
    'menu.domain.triggers.create',
    'menu.domain.triggers.edit',
    'menu.recurring.spam',
    'stats.domain.simple',
  ],
  viewer: [
    'menu.stats.global',
    'menu.domain.audience',
    'menu.domain.messages',
    'menu.domain.automation',
    'menu.domain.triggers',
    'stats.domain.simple',
  ],
};

/** Effective permissions: the first role's permissions ∪ the user's direct ones (spec part 1 §6). */
export function effectivePermissions(
  roles: ReadonlyArray<{ name: string; permissions: readonly string[] }>,
  direct: readonly string[],
): Set<string> {
  return new Set([...(roles[0]?.permissions ?? []), ...direct]);
}

/** Route guard rule: any listed permission, or menu.admin.panel, passes. */
export function hasAnyPermission(granted: ReadonlySet<string>, required: readonly string[]): boolean {
  if (required.length === 0) return true;
  if (granted.has('menu.admin.panel')) return true;
  return required.some((p) => granted.has(p));
}

/** Staff may act for any client through the `client` header. */
export function isStaff(granted: ReadonlySet<string>): boolean {
  return granted.has('menu.admin.panel') || granted.has('menu.clients.management');
}

/**
 * Tenant permissions: what the built-in tenant roles (client, user, viewer) carry, staff ones excepted. Staff who
 * manage users (menu.users.management) already act with every one of them on any client ('Log in as' a client user),
 * so giving them to a client's user raises nobody above the giver.
 */
export const TENANT_PERMISSIONS: readonly string[] = [
  ...new Set([...ROLE_PERMISSIONS.client, ...ROLE_PERMISSIONS.user, ...ROLE_PERMISSIONS.viewer]),
].filter((p) => !(STAFF_PERMISSIONS as readonly string[]).includes(p));

/**
 * Whether a user holding `granted` may give `permission` to someone, directly or through a role (issue #13: nobody
 * grants a permission they do not hold). An administrator gives anything; nobody else a staff permission; a user
 * manager also the tenant permissions; anyone else only what it holds.
 */
export function mayGivePermission(permission: string, granted: ReadonlySet<string>): boolean {
  if (granted.has('menu.admin.panel')) return true;
  if ((STAFF_PERMISSIONS as readonly string[]).includes(permission)) return false;
  if (granted.has(permission)) return true;
  return granted.has('menu.users.management') && TENANT_PERMISSIONS.includes(permission);
}
