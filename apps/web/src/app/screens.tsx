import type { ComponentType } from 'react';
import { AudienceCreatePage, AudienceEditPage } from '@/features/audiences/components/audience-form-page';
import { SegmentListPage } from '@/features/audiences/components/segment-list-page';
import { SegmentViewPage } from '@/features/audiences/components/segment-view-page';
import { SubscriberListPage } from '@/features/audiences/components/subscriber-list-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { BillingPage } from '@/features/billing/components/billing-page';
import { UpgradePage } from '@/features/billing/components/upgrade-page';
import {
  CopyTools2Page,
  CopyToolsPage,
  RecurringMigrationPage,
} from '@/features/copy-tools/components/copy-tools-pages';
import { DomainsListPage } from '@/features/domains/components/domains-list-page';
import {
  RecurringDraftsScreen,
  RecurringGroupScreen,
  RecurringTailsScreen,
  RegularRecurringScreen,
  SpamSchedulesPage,
  WelcomeListPage,
} from '@/features/drips/screens';
import { FilesPage } from '@/features/files/components/files-page';
import { HomePage } from '@/features/home/components/home-page';
import { IntegratePage } from '@/features/integrate/components/integrate-page';
import { Integrate2Page } from '@/features/integrate/components/integrate2-page';
import { AuditPage } from '@/features/management/audit/components/audit-page';
import { ClientsManagementPage } from '@/features/management/clients/components/clients-management-page';
import { ClustersPage } from '@/features/management/clusters/components/clusters-page';
import { RolesManagementPage } from '@/features/management/roles/components/roles-management-page';
import { UsersManagementPage } from '@/features/management/users/components/users-management-page';
import { ChangePasswordPage } from '@/features/profile/components/change-password-page';
import { ProfilePage } from '@/features/profile/components/profile-page';
import {
  CompareScreen,
  DataExplorerScreen,
  DomainDataExplorerScreen,
  GlobalOverviewScreen,
  ModerationDashboardScreen,
  MoreInfoScreen,
  PerformanceScreen,
  ServerPerformanceScreen,
} from '@/features/statistics/lazy-screens';
import { TagsManagerPage } from '@/features/tags/components/tags-manager-page';
import { TriggerCreatorPage } from '@/features/triggers/components/trigger-creator-page';
import { TriggersListPage } from '@/features/triggers/components/triggers-list-page';
import { DashboardScreen } from './composed/dashboard-screen';
import { DripManagerScreen, DripSetupScreen } from './composed/drip-tools-screens';
import { RecurringEditorScreen, TriggerEditorScreen, WelcomeEditorScreen } from './composed/editor-screens';
import { NewWebsiteScreen, WebsiteDashboardScreen } from './composed/website-screens';
import { NotFoundPage } from './pages/not-found-page';
import type { RouteName } from './route-table';

/**
 * The screens built so far (the statistics screens load their own code when opened: features/statistics/lazy-screens).
 * Every other route of the table shows the real Page Not Found content (inside its layout, so the sidebar and top bar
 * stay) until the issue that builds it adds it here.
 */
const SCREENS: Partial<Record<RouteName, ComponentType>> = {
  Home: HomePage,
  Login: LoginPage,
  Register: RegisterPage,
  ChangePassword: ChangePasswordPage,
  Profile: ProfilePage,
  MainCont: WebsiteDashboardScreen,
  NewWebsite: NewWebsiteScreen,
  Dashboard: DashboardScreen,
  'Moderation Dashboard': ModerationDashboardScreen,
  'More Info': MoreInfoScreen,
  Compare: CompareScreen,
  'Main Stats': GlobalOverviewScreen,
  ClientPerformance: PerformanceScreen,
  ServerPerformance: ServerPerformanceScreen,
  DataExplorer: DataExplorerScreen,
  DataExplorerWithDashboard: DomainDataExplorerScreen,
  Integrate: IntegratePage,
  'Integrate 2': Integrate2Page,
  'Domain List': DomainsListPage,
  'Tags Manager': TagsManagerPage,
  'Recurring Drips': RegularRecurringScreen,
  'Recurring Group': RecurringGroupScreen,
  'Recurring Tails': RecurringTailsScreen,
  Drafts: RecurringDraftsScreen,
  'Recurring Spam': SpamSchedulesPage,
  Recurring: RecurringEditorScreen,
  Send: RecurringEditorScreen,
  'Welcome Drips': WelcomeListPage,
  MainDash: WelcomeEditorScreen,
  TriggeredNotifications: TriggersListPage,
  TriggerCreator: TriggerCreatorPage,
  TriggerEdit: TriggerEditorScreen,
  'Audience Creator': SegmentListPage,
  'Audience Create': AudienceCreatePage,
  'Edit Audience': AudienceEditPage,
  ViewAud: SegmentViewPage,
  'Manual Segmentation': SegmentListPage,
  'Manual Segment': SegmentViewPage,
  'More Info Subs': SubscriberListPage,
  'Drip Manager': DripManagerScreen,
  'Drip Setup': DripSetupScreen,
  Clients: ClientsManagementPage,
  Roles: RolesManagementPage,
  'Users Management': UsersManagementPage,
  Audit: AuditPage,
  'Copy All Drips New': CopyToolsPage,
  'Copy All Drips New 2': CopyTools2Page,
  'Recurring Migration': RecurringMigrationPage,
  Files: FilesPage,
  Clusters: ClustersPage,
  Billing: BillingPage,
  Upgrade: UpgradePage,
};

/** Whether the route has its screen yet: the sidebar links only to screens that exist (never to Page Not Found). */
export function hasScreen(name: RouteName): boolean {
  return SCREENS[name] !== undefined;
}

/** The route's screen component; Page Not Found for a route whose screen is not built yet. */
export function loadScreen(name: RouteName): Promise<ComponentType> {
  return Promise.resolve(SCREENS[name] ?? NotFoundPage);
}
