import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { NotFoundPage } from './pages/not-found-page';
import type { RouteName } from './route-table';

/** Loads a screen's code: each screen is its own chunk, fetched the first time its route opens. */
type ScreenLoader = () => Promise<ComponentType>;

const statistics = () => import('@/features/statistics/lazy-screens');
const drips = () => import('@/features/drips/screens');
const editors = () => import('./composed/editor-screens');
const dripLists = () => import('./composed/drip-list-screens');
const websites = () => import('./composed/website-screens');
const dripTools = () => import('./composed/drip-tools-screens');
const segments = () => import('@/features/audiences/components/segment-list-page');
const segment = () => import('@/features/audiences/components/segment-view-page');
const audienceForm = () => import('@/features/audiences/components/audience-form-page');
const copyTools = () => import('@/features/copy-tools/components/copy-tools-pages');

/**
 * The screens built so far, each loaded with its route (code splitting: the first page downloads only the shell and
 * its own screen). Every other route of the table shows the real Page Not Found content (inside its layout, so the
 * sidebar and top bar stay) until the issue that builds it adds it here.
 */
const SCREENS: Partial<Record<RouteName, ScreenLoader>> = {
  Home: () => import('@/features/home/components/home-page').then((m) => m.HomePage),
  Login: () => import('@/features/auth/components/login-page').then((m) => m.LoginPage),
  Register: () => import('@/features/auth/components/register-page').then((m) => m.RegisterPage),
  ChangePassword: () => import('@/features/profile/components/change-password-page').then((m) => m.ChangePasswordPage),
  Profile: () => import('@/features/profile/components/profile-page').then((m) => m.ProfilePage),
  MainCont: () => websites().then((m) => m.WebsiteDashboardScreen),
  NewWebsite: () => websites().then((m) => m.NewWebsiteScreen),
  Dashboard: () => import('./composed/dashboard-screen').then((m) => m.DashboardScreen),
  'Moderation Dashboard': () => statistics().then((m) => m.ModerationDashboardScreen),
  'More Info': () => statistics().then((m) => m.MoreInfoScreen),
  Compare: () => statistics().then((m) => m.CompareScreen),
  'Main Stats': () => statistics().then((m) => m.GlobalOverviewScreen),
  ClientPerformance: () => statistics().then((m) => m.PerformanceScreen),
  ServerPerformance: () => statistics().then((m) => m.ServerPerformanceScreen),
  DataExplorer: () => statistics().then((m) => m.DataExplorerScreen),
  DataExplorerWithDashboard: () => statistics().then((m) => m.DomainDataExplorerScreen),
  Integrate: () => import('@/features/integrate/components/integrate-page').then((m) => m.IntegratePage),
  'Integrate 2': () => import('@/features/integrate/components/integrate2-page').then((m) => m.Integrate2Page),
  'Domain List': () => import('@/features/domains/components/domains-list-page').then((m) => m.DomainsListPage),
  'Tags Manager': () => import('@/features/tags/components/tags-manager-page').then((m) => m.TagsManagerPage),
  'Recurring Drips': () => dripLists().then((m) => m.RegularRecurringScreen),
  'Recurring Group': () => dripLists().then((m) => m.RecurringGroupScreen),
  'Recurring Tails': () => dripLists().then((m) => m.RecurringTailsScreen),
  Drafts: () => dripLists().then((m) => m.RecurringDraftsScreen),
  'Recurring Spam': () => drips().then((m) => m.SpamSchedulesPage),
  Recurring: () => editors().then((m) => m.RecurringEditorScreen),
  Send: () => editors().then((m) => m.RecurringEditorScreen),
  'Welcome Drips': () => dripLists().then((m) => m.WelcomeListScreen),
  MainDash: () => editors().then((m) => m.WelcomeEditorScreen),
  TriggeredNotifications: () =>
    import('@/features/triggers/components/triggers-list-page').then((m) => m.TriggersListPage),
  TriggerCreator: () => import('@/features/triggers/components/trigger-creator-page').then((m) => m.TriggerCreatorPage),
  TriggerEdit: () => editors().then((m) => m.TriggerEditorScreen),
  'Audience Creator': () => segments().then((m) => m.SegmentListPage),
  'Audience Create': () => audienceForm().then((m) => m.AudienceCreatePage),
  'Edit Audience': () => audienceForm().then((m) => m.AudienceEditPage),
  ViewAud: () => segment().then((m) => m.SegmentViewPage),
  'Manual Segmentation': () => segments().then((m) => m.SegmentListPage),
  'Manual Segment': () => segment().then((m) => m.SegmentViewPage),
  'More Info Subs': () =>
    import('@/features/audiences/components/subscriber-list-page').then((m) => m.SubscriberListPage),
  'Drip Manager': () => dripTools().then((m) => m.DripManagerScreen),
  'Drip Setup': () => dripTools().then((m) => m.DripSetupScreen),
  Clients: () =>
    import('@/features/management/clients/components/clients-management-page').then((m) => m.ClientsManagementPage),
  Roles: () =>
    import('@/features/management/roles/components/roles-management-page').then((m) => m.RolesManagementPage),
  'Users Management': () =>
    import('@/features/management/users/components/users-management-page').then((m) => m.UsersManagementPage),
  Audit: () => import('@/features/management/audit/components/audit-page').then((m) => m.AuditPage),
  'Copy All Drips New': () => copyTools().then((m) => m.CopyToolsPage),
  'Copy All Drips New 2': () => copyTools().then((m) => m.CopyTools2Page),
  'Recurring Migration': () => copyTools().then((m) => m.RecurringMigrationPage),
  Files: () => import('@/features/files/components/files-page').then((m) => m.FilesPage),
  Clusters: () => import('@/features/management/clusters/components/clusters-page').then((m) => m.ClustersPage),
  Billing: () => import('@/features/billing/components/billing-page').then((m) => m.BillingPage),
  Upgrade: () => import('@/features/billing/components/upgrade-page').then((m) => m.UpgradePage),
  'API Keys': () => import('@/features/api-keys/components/api-keys-page').then((m) => m.ApiKeysPage),
};

/** Whether the route has its screen yet: the sidebar links only to screens that exist (never to Page Not Found). */
export function hasScreen(name: RouteName): boolean {
  return SCREENS[name] !== undefined;
}

/** The route's screen component, loaded on demand; Page Not Found for a route whose screen is not built yet. */
export function loadScreen(name: RouteName): Promise<ComponentType> {
  return SCREENS[name]?.() ?? Promise.resolve(NotFoundPage);
}

/**
 * The calls a screen asks for on entry, started as soon as its guard has let the user in, while its code still loads
 * (issue 17: the first dashboard waited for its page to render before asking for its figures).
 */
const PREFETCH: Partial<Record<RouteName, (queryClient: QueryClient) => Promise<void>>> = {
  Dashboard: (queryClient) =>
    import('@/features/statistics/dashboard/prefetch-dashboard').then((m) => m.prefetchDashboard(queryClient)),
};

/** Starts the route's screen's first calls, if it declares any (a failure is the screen's to show, not this). */
export function prefetchScreen(name: RouteName, queryClient: QueryClient): void {
  PREFETCH[name]?.(queryClient).catch(() => {});
}
