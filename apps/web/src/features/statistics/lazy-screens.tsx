import { Center, Loader } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';

/**
 * A statistics screen's code loads the first time the screen opens, each from its own module (one chunk per screen:
 * the dashboard never downloads the Data Explorer's filter builder; the charts library is a chunk of its own, shared).
 */
const lazyPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType<never>) =>
  lazy(() => load().then((module) => ({ default: pick(module) as ComponentType })));

const dashboards = () => import('./dashboard/global-dashboard-page');
const explorers = () => import('./data-explorer/data-explorer-page');

const PAGES = {
  moderation: lazyPage(dashboards, (m) => m.ModerationDashboardPage),
  moreInfo: lazyPage(
    () => import('./more-info/more-info-page'),
    (m) => m.MoreInfoRoute,
  ),
  compare: lazyPage(
    () => import('./compare/compare-page'),
    (m) => m.CompareRoute,
  ),
  overview: lazyPage(
    () => import('./global-overview/global-overview-page'),
    (m) => m.GlobalOverviewPage,
  ),
  performance: lazyPage(
    () => import('./performance/performance-page'),
    (m) => m.PerformancePage,
  ),
  serverPerformance: lazyPage(
    () => import('./server-performance/server-performance-page'),
    (m) => m.ServerPerformancePage,
  ),
  dataExplorer: lazyPage(explorers, (m) => m.DataExplorerPage),
  domainDataExplorer: lazyPage(explorers, (m) => m.DomainDataExplorerPage),
};
const WebsiteStats = lazy(() =>
  import('./dashboard/website-stats-section').then((m) => ({ default: m.WebsiteStatsSection })),
);
const DripStats = lazy(() => import('./drip-chart/drip-stats-panel').then((m) => ({ default: m.DripStatsPanel })));

function Pending() {
  return (
    <Center py="xl" data-pending aria-busy="true">
      <Loader size="sm" role="progressbar" aria-label="Loading" />
    </Center>
  );
}

function Screen({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<Pending />}>
      <Page />
    </Suspense>
  );
}

export const ModerationDashboardScreen = () => <Screen page={PAGES.moderation} />;
export const MoreInfoScreen = () => <Screen page={PAGES.moreInfo} />;
export const CompareScreen = () => <Screen page={PAGES.compare} />;
export const GlobalOverviewScreen = () => <Screen page={PAGES.overview} />;
export const PerformanceScreen = () => <Screen page={PAGES.performance} />;
export const ServerPerformanceScreen = () => <Screen page={PAGES.serverPerformance} />;
export const DataExplorerScreen = () => <Screen page={PAGES.dataExplorer} />;
export const DomainDataExplorerScreen = () => <Screen page={PAGES.domainDataExplorer} />;

/** A drip's own chart (sent, delivered, clicked over time), for the drip editors' stats slot. */
export function LazyDripStatsPanel({ domainId, dripId }: { domainId: number; dripId: number }) {
  return (
    <Suspense fallback={<Pending />}>
      <DripStats domainId={domainId} dripId={dripId} />
    </Suspense>
  );
}

/** The website dashboard's stat cards and chart, for the domains page's stats slot. */
export function LazyWebsiteStatsSection({ domainId }: { domainId: number }) {
  return (
    <Suspense fallback={<Pending />}>
      <WebsiteStats domainId={domainId} />
    </Suspense>
  );
}
