import type { ComponentType } from 'react';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { DomainsListPage } from '@/features/domains/components/domains-list-page';
import { NewWebsitePage } from '@/features/domains/components/new-website-page';
import { WebsiteDashboardPage } from '@/features/domains/components/website-dashboard-page';
import { HomePage } from '@/features/home/components/home-page';
import { InstallGuide } from '@/features/integrate/components/install-guide';
import { IntegratePage } from '@/features/integrate/components/integrate-page';
import { Integrate2Page } from '@/features/integrate/components/integrate2-page';
import { ChangePasswordPage } from '@/features/profile/components/change-password-page';
import { ProfilePage } from '@/features/profile/components/profile-page';
import {
  CompareScreen,
  DataExplorerScreen,
  DomainDataExplorerScreen,
  GlobalDashboardScreen,
  GlobalOverviewScreen,
  LazyWebsiteStatsSection,
  ModerationDashboardScreen,
  MoreInfoScreen,
  PerformanceScreen,
  ServerPerformanceScreen,
} from '@/features/statistics/lazy-screens';
import { TagsManagerPage } from '@/features/tags/components/tags-manager-page';
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
  Dashboard: GlobalDashboardScreen,
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
  NewWebsite: NewWebsiteScreen,
};

export function screenFor(name: RouteName): ComponentType {
  return SCREENS[name] ?? NotFoundPage;
}
