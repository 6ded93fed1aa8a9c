import { type Action, MSG, may, type Permission, ROLES } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import { userAccess } from '@/lib/auth';
import { canAccessRoute, decideRoute, type RouteDecisionInput } from './guards';
import { routeLabel } from './route-labels';
import { ROUTES, type RouteName, routeMeta } from './route-table';
import { userWithRole } from './test-users';

function decide(name: RouteName, input: Partial<RouteDecisionInput> & { path?: string } = {}) {
  const route = routeMeta(name);
  return decideRoute({
    path: input.path ?? route.path,
    route,
    authFlag: true,
    user: userWithRole('admin'),
    moderatorFlag: false,
    ...input,
  });
}

/** What a refused permission route answers: /dashboard, saying which page was refused. */
const refused = (name: RouteName) => ({ redirect: '/dashboard', notice: MSG.guardNoAccess(routeLabel(name)) });

describe('decideRoute', () => {
  it('says why a refusing guard sent the user away, naming the page in words', () => {
    const moder = userWithRole('moder');
    expect(decide('MainDash', { user: moder, path: '/dashboard/4/welcome/1' })).toEqual({
      redirect: '/dashboard',
      notice: 'You do not have access to the Welcome Drip editor, so you were taken to your dashboard.',
    });
    expect(decide('Clients', { user: userWithRole('viewer') }).notice).toBe(
      'You do not have access to Clients, so you were taken to your dashboard.',
    );
    // A moderator's own dashboard is no refusal: nothing to say.
    expect(decide('Dashboard', { user: moder }).notice).toBeUndefined();
  });

  it('sends /management to the first Dev Settings screen the user may open, or refuses it as any route', () => {
    expect(decide('Management')).toEqual({ redirect: '/management/clients' });
    expect(decide('Management', { user: userWithRole('client') })).toEqual({
      redirect: '/dashboard',
      notice: 'You do not have access to Dev Settings, so you were taken to your dashboard.',
    });
    expect(decide('Management', { user: userWithRole('moder') })).toEqual(refused('Management'));
    // the first child by the sidebar's rule, skipping those the user may not open (a client: no Users Management)
    const parent = { ...routeMeta('Management'), firstOf: ['Users Management', 'Files'] };
    const input = { path: '/management', authFlag: true, moderatorFlag: false };
    expect(decideRoute({ ...input, route: parent, user: userWithRole('client') })).toEqual({ redirect: '/files' });
    expect(decideRoute({ ...input, route: parent, user: userWithRole('admin') })).toEqual({
      redirect: '/users-management',
    });
  });

  it('sends a visitor without the auth flag from an auth route to Login with a redirect back', () => {
    expect(decide('Files', { authFlag: false, user: undefined, path: '/files?page=2' })).toEqual({
      redirect: '/login?redirect=%2Ffiles%3Fpage%3D2',
      notice: MSG.guardSignIn,
    });
    expect(decide('TriggerEdit', { authFlag: false, user: undefined, path: '/dashboard/5/triggers/edit/9' })).toEqual({
      redirect: '/login?redirect=%2Fdashboard%2F5%2Ftriggers%2Fedit%2F9',
      notice: MSG.guardSignIn,
    });
  });

  it('treats a flag without a user as signed out', () => {
    expect(decide('Profile', { user: undefined, path: '/profile' })).toEqual({
      logout: true,
      redirect: '/login?redirect=%2Fprofile',
      notice: MSG.guardSessionEnded,
    });
  });

  it('sends a signed-in user away from the guest-only Login and Register to /dashboard', () => {
    expect(decide('Login', { user: undefined })).toEqual({ redirect: '/dashboard', notice: MSG.guardSignedIn });
    expect(decide('Register', { user: undefined })).toEqual({ redirect: '/dashboard', notice: MSG.guardSignedIn });
    expect(decide('Login', { authFlag: false, user: undefined })).toEqual({});
    expect(decide('Register', { authFlag: false, user: undefined })).toEqual({});
  });

  it('lets anyone open the public Home and Page Not Found', () => {
    expect(decide('Home', { authFlag: false, user: undefined })).toEqual({});
    expect(decide('Page Not Found', { authFlag: false, user: undefined, path: '/nope' })).toEqual({});
    expect(decide('Home')).toEqual({});
  });

  it('passes a permission route with any listed permission', () => {
    const client = userWithRole('client');
    expect(decide('Drip Manager', { user: client })).toEqual({}); // menu.tools.drip_manager or menu.tools
    expect(decide('Edit Audience', { user: client })).toEqual({});
    expect(decide('Domain List', { user: userWithRole('admin_demo') })).toEqual({}); // menu.domain_list
  });

  it('passes every permission route with menu.admin.panel alone', () => {
    const dev = userWithRole('dev', { roles: [{ name: 'dev', permissions: ['menu.admin.panel'] }] });
    for (const route of ROUTES.filter((r) => 'permissions' in r)) {
      expect(decide(route.name, { user: dev, path: '/x' })).toEqual({});
    }
  });

  it('sends a user without any listed permission to /dashboard', () => {
    const client = userWithRole('client');
    expect(decide('Clients', { user: client })).toEqual(refused('Clients'));
    expect(decide('Tags Manager', { user: client })).toEqual({}); // its own tags (issue #19)
    expect(decide('Tags Manager', { user: userWithRole('user') })).toEqual(refused('Tags Manager'));
    expect(decide('ServerPerformance', { user: client })).toEqual(refused('ServerPerformance'));
    const viewer = userWithRole('viewer');
    expect(decide('TriggerCreator', { user: viewer })).toEqual(refused('TriggerCreator'));
    expect(decide('Audience Create', { user: viewer })).toEqual(refused('Audience Create'));
    expect(decide('TriggeredNotifications', { user: viewer })).toEqual({});
  });

  it("lets a client's owner and staff into API Keys, and refuses a user or viewer of the client (issue #27)", () => {
    expect(decide('API Keys', { user: userWithRole('client'), path: '/api-keys' })).toEqual({});
    expect(decide('API Keys', { user: userWithRole('moder'), path: '/api-keys' })).toEqual({});
    expect(decide('API Keys', { user: userWithRole('admin'), path: '/api-keys' })).toEqual({});
    expect(decide('API Keys', { user: userWithRole('user'), path: '/api-keys' })).toEqual(refused('API Keys'));
    expect(decide('API Keys', { user: userWithRole('viewer'), path: '/api-keys' })).toEqual(refused('API Keys'));
  });

  it('guards More Info Subs like the audience screens that link to it and the subscriber list it calls', () => {
    const role = (permissions: Permission[]) => userWithRole('user', { roles: [{ name: 'user', permissions }] });
    const path = '/dashboard/5/more-info-subs';
    expect(decide('More Info Subs', { user: role(['menu.domain.audience']), path })).toEqual({});
    expect(decide('More Info Subs', { user: role(['stats.domain']), path })).toEqual(refused('More Info Subs'));
  });

  it('counts direct permissions with the first role, and ignores later roles', () => {
    const direct = userWithRole('viewer', { permissions: ['menu.tags.manager'] });
    expect(decide('Tags Manager', { user: direct })).toEqual({});
    const second = userWithRole('viewer', {
      roles: [
        { name: 'viewer', permissions: ['menu.stats.global'] },
        { name: 'admin', permissions: ['menu.admin.panel'] },
      ],
    });
    expect(decide('Clients', { user: second })).toEqual(refused('Clients'));
  });

  it('lets role moder into Copy Tools 2.0 and keeps role client out of Users Management', () => {
    const moder = userWithRole('moder', { roles: [{ name: 'moder', permissions: ['menu.clients.management'] }] });
    expect(decide('Copy All Drips New 2', { user: moder })).toEqual({});
    const client = userWithRole('client', { permissions: ['menu.users.management'] });
    expect(decide('Users Management', { user: client })).toEqual(refused('Users Management'));
    expect(decide('Users Management', { user: userWithRole('moder') })).toEqual({});
  });

  it('sends a moder with menu.clients.management from /dashboard to /moderation-dashboard', () => {
    expect(decide('Dashboard', { user: userWithRole('moder'), moderatorFlag: true })).toEqual({
      redirect: '/moderation-dashboard',
    });
    const moderWithout = userWithRole('moder', { roles: [{ name: 'moder', permissions: ['menu.files'] }] });
    expect(decide('Dashboard', { user: moderWithout })).toEqual({});
    expect(decide('Dashboard', { user: userWithRole('admin_role') })).toEqual({}); // has the permission, not the role
    expect(decide('MainCont', { user: userWithRole('moder'), path: '/dashboard/4' })).toEqual({});
  });

  it('sends /moderation-dashboard without the moderator-to-user flag to /dashboard', () => {
    expect(decide('Moderation Dashboard', { user: userWithRole('client') })).toEqual({
      redirect: '/dashboard',
      notice: MSG.guardModerationOnly,
    });
    // staff impersonating a client's user keep the flag from their own login
    expect(decide('Moderation Dashboard', { user: userWithRole('client'), moderatorFlag: true })).toEqual({});
    // a moderator always counts as flagged, so /dashboard and /moderation-dashboard cannot bounce
    expect(decide('Moderation Dashboard', { user: userWithRole('moder') })).toEqual({});
  });

  it('logs out and opens Login with a redirect on 401, 419 and 500 from the session check', () => {
    for (const status of [401, 419, 500]) {
      expect(decide('Files', { user: undefined, authError: status, path: '/files' })).toEqual({
        logout: true,
        redirect: '/login?redirect=%2Ffiles',
        notice: MSG.guardSessionEnded,
      });
    }
    expect(decide('Home', { user: undefined, authError: 401 })).toEqual({ logout: true });
    expect(decide('Files', { user: undefined, authError: 503 })).toEqual({
      logout: true,
      redirect: '/login?redirect=%2Ffiles',
      notice: MSG.guardSessionEnded,
    });
  });
});

describe('route table', () => {
  it('holds every path of spec part 1 §2 once, with unique names', () => {
    const paths = ROUTES.map((r) => r.path);
    const names = ROUTES.map((r) => r.name);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(names).size).toBe(names.length);
    const domain = [
      '',
      'recurring',
      'recurring/:group_id',
      'recurring/drafts',
      'recurring/tails',
      'recurring/spam',
      'recurring/edit/:recurr_id',
      'recurring/send',
      'welcome',
      'welcome/:edit_id',
      'more-info',
      'more-info-subs',
      'more-info/compare',
      'integrate',
      'integrate2',
      'audience-creator',
      'audience-creator/view/:seg_id',
      'audience-creator/edit/:aud_id',
      'audience-creator/create',
      'manual-segmentation',
      'manual-segmentation/view/:seg_id',
      'triggers',
      'triggers/create',
      'triggers/edit/:trigger_id',
      'data-explorer',
    ].map((child) => (child ? `/dashboard/:id/${child}` : '/dashboard/:id'));
    const rest = [
      '/',
      '/login',
      '/register',
      '/dashboard',
      '/moderation-dashboard',
      '/management', // issue #25: the first Dev Settings screen the user may open
      '/management/clients',
      '/management/roles',
      '/management/clusters',
      '/management/audit', // Audit (issue #13): the administration audit trail
      '/drip-tools',
      '/drip-tools/copy',
      '/drip-tools/copy_2',
      '/drip-tools/recurring_migration',
      '/drip-tools/instant-setup',
      '/users-management',
      '/profile',
      '/billing',
      '/upgrade',
      '/change-password',
      '/tags-manager',
      '/global-stats',
      '/performance',
      '/server-performance',
      '/data-explorer',
      '/files',
      '/domain-list',
      '/new-website', // NewWebsite: the spec names it without a path
      '/api-keys', // API Keys (issue #27): the client's keys for the server API
      '*',
    ];
    expect([...paths].sort()).toEqual([...domain, ...rest].sort());
  });

  it('never redirects a route to itself', () => {
    const nobody = userAccess(userWithRole('viewer', { roles: [{ name: 'viewer', permissions: [] }] }));
    const dashboard = routeMeta('Dashboard');
    expect(canAccessRoute(dashboard, nobody)).toBe(true);
    expect(routeMeta('Moderation Dashboard').permissions).toBeUndefined();
  });

  it('keeps the drip editors and NewWebsite from a viewer, who may read drips but not write them', () => {
    const viewer = userAccess(userWithRole('viewer'));
    const client = userAccess(userWithRole('client'));
    expect(canAccessRoute(routeMeta('Welcome Drips'), viewer)).toBe(true);
    expect(canAccessRoute(routeMeta('Recurring Drips'), viewer)).toBe(true);
    for (const name of ['Send', 'Recurring', 'MainDash', 'NewWebsite'] as const) {
      expect(canAccessRoute(routeMeta(name), viewer), name).toBe(false);
      expect(canAccessRoute(routeMeta(name), client), name).toBe(true);
    }
  });

  it('lets into a page that exists to write only the roles whose call would pass (no editor ends in a 403)', () => {
    const writes: [RouteName, Action][] = [
      ['Send', 'drips.write'],
      ['Recurring', 'drips.write'],
      ['MainDash', 'drips.write'],
      ['Recurring Spam', 'spam.write'],
      ['TriggerCreator', 'triggers.create'],
      ['TriggerEdit', 'triggers.edit'],
      ['Audience Create', 'audiences.create'],
      ['Edit Audience', 'audiences.edit'],
      ['Drip Setup', 'drips.setup'],
      ['Tags Manager', 'tags.manage'],
      ['NewWebsite', 'domains.write'],
      ['API Keys', 'apiKeys.manage'],
    ];
    for (const role of ROLES) {
      const access = userAccess(userWithRole(role));
      for (const [name, action] of writes) {
        if (canAccessRoute(routeMeta(name), access))
          expect(may(access.permissions, action), `${role} ${name}`).toBe(true);
      }
    }
  });

  it('puts /management/* behind menu.admin.panel', () => {
    for (const name of ['Clients', 'Roles', 'Clusters'] as const) {
      expect(routeMeta(name).permissions).toEqual(['menu.admin.panel']);
    }
  });
});
