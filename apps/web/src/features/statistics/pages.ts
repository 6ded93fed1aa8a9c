/** Every statistics screen, loaded on demand by lazy-screens.tsx (the charts library is large). */
export { CompareRoute } from './compare/compare-page';
export { GlobalDashboardPage, ModerationDashboardPage } from './dashboard/global-dashboard-page';
export { WebsiteStatsSection } from './dashboard/website-stats-section';
export { DataExplorerPage, DomainDataExplorerPage } from './data-explorer/data-explorer-page';
export { DripStatsPanel } from './drip-chart/drip-stats-panel';
export { GlobalOverviewPage } from './global-overview/global-overview-page';
export { MoreInfoRoute } from './more-info/more-info-page';
export { PerformancePage } from './performance/performance-page';
export { ServerPerformancePage } from './server-performance/server-performance-page';
