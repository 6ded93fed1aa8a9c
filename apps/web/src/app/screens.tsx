import type { ComponentType } from 'react';
import { AudienceCreatePage, AudienceEditPage } from '@/features/audiences/components/audience-form-page';
import { SegmentListPage } from '@/features/audiences/components/segment-list-page';
import { SegmentViewPage } from '@/features/audiences/components/segment-view-page';
import { SubscriberListPage } from '@/features/audiences/components/subscriber-list-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { DomainsListPage } from '@/features/domains/components/domains-list-page';
import { NewWebsitePage } from '@/features/domains/components/new-website-page';
import { WebsiteDashboardPage } from '@/features/domains/components/website-dashboard-page';
import { DripManagerPage } from '@/features/drip-tools/components/drip-manager-page';
import { DripSetupPage } from '@/features/drip-tools/components/drip-setup-page';
import {
  RecurringDraftsScreen,
  RecurringEditor,
  RecurringEditorPage,
  RecurringGroupScreen,
  RecurringTailsScreen,
  RegularRecurringScreen,
  SpamSchedulesPage,
  WelcomeEditor,
  WelcomeEditorPage,
  WelcomeListPage,
} from '@/features/drips/screens';
import { FilesPage } from '@/features/files/components/files-page';
import { HomePage } from '@/features/home/components/home-page';
import { InstallGuide } from '@/features/integrate/components/install-guide';
import { IntegratePage } from '@/features/integrate/components/integrate-page';
import { Integrate2Page } from '@/features/integrate/components/integrate2-page';
import { AuditPage } from '@/features/management/audit/components/audit-page';
import { ClientsManagementPage } from '@/features/management/clients/components/clients-management-page';
import { RolesManagementPage } from '@/features/management/roles/components/roles-management-page';
import { UsersManagementPage } from '@/features/management/users/components/users-management-page';
import { GettingStartedChecklist } from '@/features/onboarding/components/getting-started-checklist';
import { ChangePasswordPage } from '@/features/profile/components/change-password-page';
import { ProfilePage } from '@/features/profile/components/profile-page';
import {
  CompareScreen,
  DataExplorerScreen,
  DomainDataExplorerScreen,
  GlobalDashboardScreen,
  GlobalOverviewScreen,
  LazyDripStatsPanel,
  LazyWebsiteStatsSection,
  ModerationDashboardScreen,
  MoreInfoScreen,
  PerformanceScreen,
  ServerPerformanceScreen,
} from '@/features/statistics/lazy-screens';
import { TagsManagerPage } from '@/features/tags/components/tags-manager-page';
import { TriggerCreatorPage } from '@/features/triggers/components/trigger-creator-page';
import { TriggerEditorPage } from '@/features/triggers/components/trigger-editor-page';
import { TriggersListPage } from '@/features/triggers/components/triggers-list-page';
import { NotFoundPage } from './pages/not-found-page';
import type { RouteName } from './route-table';

/** NewWebsite: the domains feature's form, then the integrate feature's guide for the new website. */
function NewWebsiteScreen() {
  return (
    <NewWebsitePage
      renderInstall={(domain) => (
        <InstallGuide domainId={domain.id} websiteId={domain.website_id} siteUrl={domain.url} />
      )}
    />
  );
}

/** MainCont: the domains feature's website dashboard with the statistics feature's cards and chart below. */
function WebsiteDashboardScreen() {
  return <WebsiteDashboardPage statsSlot={(domain) => <LazyWebsiteStatsSection domainId={domain.id} />} />;
}

/** Drip Manager: the drip-tools feature's table, each row opening the drips feature's recurring or welcome editor. */
function DripManagerScreen() {
  return (
    <DripManagerPage
      renderEditor={({ type, domainId, drip, domainUrl, onSaved }) =>
        type === 'welcome' ? (
          <WelcomeEditor key={drip.id} domainId={domainId} drip={drip} domainUrl={domainUrl} onSaved={onSaved} />
        ) : (
          <RecurringEditor key={drip.id} domainId={domainId} drip={drip} domainUrl={domainUrl} onSaved={onSaved} />
        )
      }
    />
  );
}

/** Dashboard: the statistics feature's Global Stats with the onboarding feature's checklist under the title. */
const DashboardScreen = () => <GlobalDashboardScreen top={<GettingStartedChecklist />} />;

/** A drip's own chart (statistics feature) under its editor (drips and triggers features). */
const dripStats = (domainId: number, dripId: number) => <LazyDripStatsPanel domainId={domainId} dripId={dripId} />;
const WelcomeEditorScreen = () => <WelcomeEditorPage statsSlot={dripStats} />;
const RecurringEditorScreen = () => <RecurringEditorPage statsSlot={dripStats} />;
const TriggerEditorScreen = () => <TriggerEditorPage statsSlot={dripStats} />;

/** Drip Setup: the drip-tools feature's Domains tree with the drips feature's recurring editor below. */
function DripSetupScreen() {
  return <DripSetupPage renderEditor={(props) => <RecurringEditor {...props} />} />;
}

/**
 * The screens built so far. Every other route of the table shows the real Page Not Found content (inside its
 * layout, so the sidebar and top bar stay) until the issue that builds it adds it here.
 */
const SCREENS: Partial<Record<RouteName, ComponentType>> = {
  Home: HomePage,
  Login: LoginPage,
  Register: RegisterPage,
  ChangePassword: ChangePasswordPage,
  Profile: ProfilePage,
  MainCont: WebsiteDashboardScreen,
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
  NewWebsite: NewWebsiteScreen,
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
  Files: FilesPage,
};

export function screenFor(name: RouteName): ComponentType {
  return SCREENS[name] ?? NotFoundPage;
}
