import { hasAnyPermission, type Permission } from './permissions.ts';

const dripWrite = ['menu.recurring.spam', 'menu.tools', 'menu.tools.drip_manager', 'menu.tools.drip_setup'] as const;
const triggerCreate = ['menu.domain.triggers.create'] as const;
const triggerEdit = ['menu.domain.triggers.edit'] as const;

/**
 * Every guarded call, by what it does, with the permissions that let a user make it (any one passes, and
 * menu.admin.panel always does). ONE table: the server's routes declare their permission from it (a test checks
 * that every guarded route does), and the console shows a write control only when `may(permissions, action)` holds,
 * so a control the server would refuse with 403 is never offered.
 *
 * menu.domain.messages and menu.domain.triggers are reading rights (role viewer holds both); writing welcome and
 * recurring drips needs the Recurring section (menu.recurring.spam) or the Drip Instruments.
 */
export const ACTIONS = {
  // Drips (spec part 1 §6, part 2 §6)
  'drips.read': ['menu.domain.messages', 'menu.tools', 'menu.tools.drip_manager', 'menu.tools.drip_setup'],
  /** A website's drip screens (Welcome Drips, Recurring Drips and their groups): the console's routes and links. */
  'drips.list': ['menu.domain.messages'],
  /** A drip list's sent, delivered, clicked and CTR (`with[stats]=*`): whoever reads the dashboards' statistics. */
  'drips.stats': ['menu.stats.global', 'stats.domain', 'stats.domain.simple'],
  /** Create, edit, delete, switch, group and re-plan welcome and recurring drips. */
  'drips.write': dripWrite,
  'triggers.read': ['menu.domain.triggers'],
  'triggers.create': triggerCreate,
  'triggers.edit': triggerEdit,
  /** The trigger list's createOrUpdate: creates and changes. */
  'triggers.save': [...triggerCreate, ...triggerEdit],
  /** Calls on one drip of any type (PUT, DELETE /drips/:id); the service then checks the drip's own type. */
  'drips.writeAny': [...dripWrite, ...triggerEdit],
  /** POST /drips: the trigger creator, or a welcome/recurring drip. */
  'drips.createAny': [...dripWrite, ...triggerCreate],
  'drips.upload': [...dripWrite, ...triggerCreate, ...triggerEdit],
  /** Drip Setup also copies audiences to the chosen websites, so only its own screen's permission. */
  'drips.setup': ['menu.tools.drip_setup'],
  'spam.read': ['menu.recurring.spam', 'menu.domain.messages', 'menu.tools'],
  'spam.write': ['menu.recurring.spam'],

  // Audiences (segments) and their subscribers (spec part 2 §6). Copy Tools 2.0 creates audiences on targets too.
  'audiences.read': ['menu.domain.audience'],
  'audiences.create': ['audience_create', 'menu.domain.audience.create', 'menu.tools.copy2'],
  /** The audience form of a website (Audience Create and the lists' Create buttons): not Copy Tools' right. */
  'audiences.createForm': ['audience_create', 'menu.domain.audience.create'],
  /** Editing and deleting audiences, and changing subscribers. */
  'audiences.edit': ['audience_edit', 'menu.domain.audience.edit'],
  /** The existence check that precedes copying an audience (part 2 §7). */
  'audiences.check': ['menu.domain.audience', 'menu.tools.copy2'],

  // Websites
  /** Reading one website (its dashboard): everyone who sees a dashboard. */
  'domains.read': ['menu.stats.global', 'stats.domain', 'stats.domain.simple', 'menu.domain_list', 'domain_list'],
  /** Adding a website, its name (Change domain name), postback and on/off status: integrators and staff. */
  'domains.write': ['menu.domain.integrate', 'menu.domain.integrate2', 'menu.clients.management'],
  /** Deleting a website: its owner (role client) and staff; not role user. */
  'domains.delete': ['menu.domain.integrate2', 'menu.clients.management'],
  /** Tagging websites: tag managers, owners and staff. */
  'domains.tag': ['menu.tags.manager', 'menu.domain.integrate2', 'menu.clients.management'],
  /** The install guide (Integrate) of a website. */
  'domains.integrate': ['menu.domain.integrate'],
  /** The site scripts and their zip. */
  'domains.files': ['menu.domain.integrate', 'menu.domain.integrate2', 'menu.domain_list', 'domain_list'],

  // Tags
  /** Create, rename and delete tags. */
  'tags.manage': ['menu.tags.manager'],

  // Statistics
  'stats.dashboard': ['menu.stats.global', 'stats.domain', 'stats.domain.simple'],
  'stats.moreInfo': ['stats.domain'],
  'stats.logs': ['stats.domain', 'menu.analytics.server_performance'],
  'stats.dataExplorer': ['menu.analytics.data_explorer'],
  'stats.serverPerformance': ['menu.analytics.server_performance'],
  'stats.performance': ['menu.analytics.performance'],

  // The server API (issue #27)
  /** Create, list and revoke a client's API keys: its owner (role client) and staff. */
  'apiKeys.manage': ['menu.domain.integrate2', 'menu.clients.management'],

  // Staff
  /** The client picker and signing in as one of a client's users. */
  'clients.manage': ['menu.clients.management'],

  // Administration (issue #13; docs/security.md "Administration"). menu.admin.panel alone: admin only.
  /** Clients Management: reading clients and their users. */
  'management.clients.read': ['menu.clients.management'],
  /** Creating a client, renaming it, switching it on or off. */
  'management.clients.write': ['menu.admin.panel'],
  /** Users Management: the users of the clients one serves (never staff accounts: the service checks). */
  'management.users': ['menu.users.management'],
  /** Reading roles and permissions (the role and permission pickers of Users Management). */
  'management.roles.read': ['menu.users.management'],
  /** Creating, renaming, syncing and deleting roles and permissions. */
  'management.roles.write': ['menu.admin.panel'],
  /** The audit trail. */
  'management.audit': ['menu.admin.panel'],

  // Copy Tools 2.0 and Recurring Migration (issue #15; part 2 §6). The first version uses the drips and audiences calls.
  /** Start a Copy Tools 2.0 job and read its status. */
  'tools.copy2': ['menu.tools.copy2'],
  /** Recurring Migration: copies on one website and a spam schedule there. */
  'tools.recurringMigration': ['menu.tools.recurring_migration'],
  /** Clusters and db subs, connections and their binding to websites, clients' image storage (issue #16). */
  'management.infrastructure': ['menu.admin.panel'],
  /** The audience list alone (GET segments/get): the copy tools' step 4.3 for a moderator, who has no menu.domain.audience. */
  'audiences.list': ['menu.domain.audience', 'menu.tools.copy2'],
  // Files and exports (issue #14). Whoever may start an export from a screen sees, downloads and removes the files
  // of their client; the Files screen's Custom Export needs menu.files.
  'files.read': [
    'menu.files',
    'menu.analytics.data_explorer',
    'menu.analytics.performance',
    'menu.analytics.server_performance',
    'menu.tools',
    'menu.tools.drip_manager',
    'menu.domain_list',
    'domain_list',
  ],
  'files.customExport': ['menu.files'],
  // Billing (issue #18; docs/billing.md "Who may ask for a plan"). Reading the plan and usage is for every signed-in
  // user; asking for another plan is for the client's owner (role client holds menu.domain.integrate2) and staff.
  'billing.request': ['menu.domain.integrate2', 'menu.clients.management'],
} as const satisfies Record<string, readonly Permission[]>;

export type Action = keyof typeof ACTIONS;

/** The one rule: may a user with these (effective) permissions make this call? */
export function may(granted: ReadonlySet<string>, action: Action): boolean {
  return hasAnyPermission(granted, ACTIONS[action]);
}
