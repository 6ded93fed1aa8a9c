import { ConnectionSettingsButton } from '@/features/connections/components/connection-settings';
import { NewWebsitePage } from '@/features/domains/components/new-website-page';
import { WebsiteDashboardPage } from '@/features/domains/components/website-dashboard-page';
import { InstallGuide } from '@/features/integrate/components/install-guide';
import { LazyWebsiteStatsSection } from '@/features/statistics/lazy-screens';

/** NewWebsite: the domains feature's form, then the integrate feature's guide for the new website. */
export function NewWebsiteScreen() {
  return (
    <NewWebsitePage
      renderInstall={(domain) => (
        <InstallGuide domainId={domain.id} websiteId={domain.website_id} siteUrl={domain.url} />
      )}
    />
  );
}

/**
 * MainCont: the domains feature's website dashboard with the statistics feature's cards and chart below, and the
 * connections feature's Connection settings among its actions (admin).
 */
export function WebsiteDashboardScreen() {
  return (
    <WebsiteDashboardPage
      statsSlot={(domain) => <LazyWebsiteStatsSection domainId={domain.id} />}
      actionsSlot={(domain) => <ConnectionSettingsButton domain={domain} />}
    />
  );
}
