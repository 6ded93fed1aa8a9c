import { Center, Loader } from '@mantine/core';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';

type Pages = typeof import('./pages');
type PageName = { [K in keyof Pages]: Pages[K] extends ComponentType ? K : never }[keyof Pages];

const loadPages = () => import('./pages');

/** A statistics screen's code (and the charts library) loads the first time the screen opens. */
const lazyPage = (name: PageName) =>
  lazy(() => loadPages().then((pages) => ({ default: pages[name] as ComponentType })));

const PAGES = {
  moderation: lazyPage('ModerationDashboardPage'),
  moreInfo: lazyPage('MoreInfoRoute'),
  compare: lazyPage('CompareRoute'),
  overview: lazyPage('GlobalOverviewPage'),
  performance: lazyPage('PerformancePage'),
  serverPerformance: lazyPage('ServerPerformancePage'),
  dataExplorer: lazyPage('DataExplorerPage'),
  domainDataExplorer: lazyPage('DomainDataExplorerPage'),
};
const WebsiteStats = lazy(() => loadPages().then((pages) => ({ default: pages.WebsiteStatsSection })));
const Dashboard = lazy(() => loadPages().then((pages) => ({ default: pages.GlobalDashboardPage })));
const DripStats = lazy(() => loadPages().then((pages) => ({ default: pages.DripStatsPanel })));

function Pending() {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Loading" />
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

/** /dashboard, with `top` under its title (the getting-started checklist). */
export function GlobalDashboardScreen({ top }: { top?: ReactNode } = {}) {
  return (
    <Suspense fallback={<Pending />}>
      <Dashboard top={top} />
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
