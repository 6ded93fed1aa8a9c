import { hasAnyPermission } from '@pushdeck/contracts';
import { useAuth } from '@/lib/auth';
import { GlobalStats } from './global-stats';

/** 'More info' needs stats.domain without stats.domain.simple (menu.admin.panel sees everything). */
export function canOpenMoreInfo(permissions: ReadonlySet<string>): boolean {
  if (permissions.has('menu.admin.panel')) return true;
  return permissions.has('stats.domain') && !permissions.has('stats.domain.simple');
}

/**
 * The website dashboard's stat cards, summary chart and subscriber-growth chart for one website (initial variant All
 * Drips, a refresh button resetting the chart). A new website id remounts it: settings back to defaults, everything reloaded.
 */
export function WebsiteStatsSection({ domainId }: { domainId: number }) {
  const { permissions } = useAuth();
  if (!hasAnyPermission(permissions, ['stats.domain', 'stats.domain.simple'])) return null;
  return (
    <GlobalStats
      key={domainId}
      domainIds={[domainId]}
      initialVariant="All Drips"
      withRefresh
      withGrowth
      moreInfoTo={canOpenMoreInfo(permissions) ? `/dashboard/${domainId}/more-info` : undefined}
    />
  );
}
