import { ACTIONS, type Action, type Permission, type RoleName } from '@pushdeck/contracts';

/** public: anyone; guest: only without the auth flag (Login, Register); auth: needs the auth flag. */
export type RouteAccess = 'public' | 'guest' | 'auth';
/** public: simple top bar; app: top bar + sidebar; bare: the page alone; auto: app layout when signed in, else public. */
export type RouteLayout = 'public' | 'app' | 'bare' | 'auto';

export interface RouteMeta {
  /** Route name as the spec calls it (part 1 §2, part 2 §2); names the spec leaves out are ours. */
  readonly name: string;
  readonly path: string;
  readonly access: RouteAccess;
  readonly layout: RouteLayout;
  /** Passes with any of these, or menu.admin.panel (spec part 1 §6). */
  readonly permissions?: readonly Permission[];
  /** A page that only makes sense to someone who may make this call (an editor): needed as well (may()). */
  readonly action?: Action;
  /** First roles that pass without the permissions (Copy Tools 2.0: "menu.tools.copy2 (or role moder)"). */
  readonly orRoles?: readonly RoleName[];
  /** First roles refused even with the permission (Users Management: "not for role client"). */
  readonly exceptRoles?: readonly RoleName[];
  /** A moderator (first role moder + menu.clients.management) opening this route goes there instead. */
  readonly moderatorRedirect?: string;
  /** Needs the moderator-to-user flag, else goes to /dashboard. */
  readonly needsModeratorFlag?: boolean;
  /**
   * A path with no screen of its own whose children have one (/management): goes to the first of these routes the
   * user may open (the sidebar's order and rule); none: refused as any route.
   */
  readonly firstOf?: readonly string[];
}

type Extra = Omit<RouteMeta, 'name' | 'path' | 'access' | 'layout'>;
const app = <N extends string>(name: N, path: string, extra: Extra = {}) =>
  ({ name, path, access: 'auth', layout: 'app', ...extra }) as const;
const perms = (...permissions: Permission[]) => ({ permissions });
const d = (suffix: string) => (suffix ? `/dashboard/:id/${suffix}` : '/dashboard/:id');

const messages = { permissions: ACTIONS['drips.list'] };
/** The drip editors: reading the website's drips, and the right to write them (viewer reads only). */
const dripEditor = { ...messages, action: 'drips.write' } as const;
const moreInfo = perms('stats.domain');
const audience = perms('menu.domain.audience');
const triggers = perms('menu.domain.triggers');
const admin = perms('menu.admin.panel');

/** Every route of the console (spec part 1 §2), with its guard rule. One table: router, guards and menus read it. */
export const ROUTES = [
  { name: 'Home', path: '/', access: 'public', layout: 'public' },
  { name: 'Login', path: '/login', access: 'guest', layout: 'public' },
  { name: 'Register', path: '/register', access: 'guest', layout: 'public' },

  // The spec lists /dashboard as "needs menu.admin.panel", but a failed permission check sends the user *to*
  // /dashboard, so that rule would loop for every user without it (clients, users, viewers): /dashboard is auth-only.
  app('Dashboard', '/dashboard', { moderatorRedirect: '/moderation-dashboard' }),
  app('Moderation Dashboard', '/moderation-dashboard', { needsModeratorFlag: true }),

  app('MainCont', d('')),
  app('Recurring Drips', d('recurring'), messages),
  app('Recurring Group', d('recurring/:group_id'), messages),
  app('Drafts', d('recurring/drafts'), messages),
  app('Recurring Tails', d('recurring/tails'), messages),
  app('Recurring Spam', d('recurring/spam'), perms('menu.recurring.spam')),
  app('Recurring', d('recurring/edit/:recurr_id'), dripEditor),
  app('Send', d('recurring/send'), dripEditor),
  app('Welcome Drips', d('welcome'), messages),
  app('MainDash', d('welcome/:edit_id'), dripEditor),
  app('More Info', d('more-info'), moreInfo),
  // Reached from an audience or segment ('All Audience'), and it lists subscribers: the audience permission, as its API.
  app('More Info Subs', d('more-info-subs'), audience),
  app('Compare', d('more-info/compare'), moreInfo),
  app('Integrate', d('integrate'), { permissions: ACTIONS['domains.integrate'] }),
  app('Integrate 2', d('integrate2'), perms('menu.domain.integrate2')),
  app('Audience Creator', d('audience-creator'), audience),
  app('ViewAud', d('audience-creator/view/:seg_id'), audience),
  app('Edit Audience', d('audience-creator/edit/:aud_id'), perms('menu.domain.audience.edit', 'audience_edit')),
  app('Audience Create', d('audience-creator/create'), { permissions: ACTIONS['audiences.createForm'] }),
  app('Manual Segmentation', d('manual-segmentation'), audience),
  app('Manual Segment', d('manual-segmentation/view/:seg_id'), audience),
  app('TriggeredNotifications', d('triggers'), triggers),
  app('TriggerCreator', d('triggers/create'), perms('menu.domain.triggers.create')),
  app('TriggerEdit', d('triggers/edit/:trigger_id'), perms('menu.domain.triggers.edit')),
  app('DataExplorerWithDashboard', d('data-explorer'), perms('menu.analytics.data_explorer')),

  // /management itself: the first screen of Dev Settings the user may open (issue #25: it was Page Not Found).
  app('Management', '/management', { firstOf: ['Clients', 'Roles', 'Clusters', 'Audit'] }),
  app('Clients', '/management/clients', admin),
  app('Roles', '/management/roles', admin),
  app('Clusters', '/management/clusters', admin),
  app('Audit', '/management/audit', { permissions: [...ACTIONS['management.audit']], action: 'management.audit' }),

  app('Drip Manager', '/drip-tools', perms('menu.tools.drip_manager', 'menu.tools')),
  app('Copy All Drips New', '/drip-tools/copy', perms('menu.tools')),
  app('Copy All Drips New 2', '/drip-tools/copy_2', { ...perms('menu.tools.copy2'), orRoles: ['moder'] }),
  app('Recurring Migration', '/drip-tools/recurring_migration', perms('menu.tools.recurring_migration')),
  app('Drip Setup', '/drip-tools/instant-setup', perms('menu.tools.drip_setup')),

  app('Users Management', '/users-management', { ...perms('menu.users.management'), exceptRoles: ['client'] }),
  app('Profile', '/profile'),
  app('Billing', '/billing'),
  app('Upgrade', '/upgrade'),
  app('ChangePassword', '/change-password'),
  app('Tags Manager', '/tags-manager', perms('menu.tags.manager')),
  app('Main Stats', '/global-stats', perms('menu.stats.global')),
  app('ClientPerformance', '/performance', perms('menu.analytics.performance')),
  app('ServerPerformance', '/server-performance', perms('menu.analytics.server_performance')),
  app('DataExplorer', '/data-explorer', perms('menu.analytics.data_explorer')),
  app('Files', '/files', perms('menu.files')),
  app('Domain List', '/domain-list', perms('menu.domain_list', 'domain_list')),
  // The client's keys for the server API (issue #27): account level, a key's websites are chosen per key.
  app('API Keys', '/api-keys', { permissions: [...ACTIONS['apiKeys.manage']], action: 'apiKeys.manage' }),
  // Spec part 1 §2, Layout: "NewWebsite hides top bar and sidebar".
  // Adding a website is its only purpose: who may not (viewer) never lands on a form the server would refuse.
  { name: 'NewWebsite', path: '/new-website', access: 'auth', layout: 'bare', action: 'domains.write' },

  { name: 'Page Not Found', path: '*', access: 'public', layout: 'auto' },
] as const satisfies readonly RouteMeta[];

export type RouteName = (typeof ROUTES)[number]['name'];

const byName = new Map<string, RouteMeta>(ROUTES.map((route) => [route.name, route]));

export function routeMeta(name: RouteName): RouteMeta {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}
