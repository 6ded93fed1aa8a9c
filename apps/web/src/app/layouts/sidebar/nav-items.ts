import {
  IconBan,
  IconBellRinging,
  IconBolt,
  IconBrowser,
  IconBuildingStore,
  IconChartBar,
  IconCopy,
  IconCopyPlus,
  IconDatabaseSearch,
  IconDroplet,
  IconFiles,
  IconGauge,
  IconHandStop,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconList,
  IconListDetails,
  IconPencil,
  IconPlugConnected,
  IconPlus,
  IconRepeat,
  IconRobot,
  IconServer2,
  IconServerBolt,
  IconSettings,
  IconShieldLock,
  IconTags,
  IconTimeline,
  IconTool,
  IconUsers,
  IconUsersGroup,
  IconWorld,
  type TablerIcon,
} from '@tabler/icons-react';
import type { RouteName } from '../../route-table';

export interface NavLeaf {
  readonly kind: 'link';
  readonly label: string;
  readonly icon: TablerIcon;
  /** The route it opens; its guard rule also decides whether the item shows. */
  readonly route: RouteName;
}

export interface NavGroup {
  readonly kind: 'group';
  readonly label: string;
  readonly icon: TablerIcon;
  readonly children: readonly NavLeaf[];
}

export type NavItem = NavLeaf | NavGroup;

const link = (label: string, icon: TablerIcon, route: RouteName): NavLeaf => ({ kind: 'link', label, icon, route });
const group = (label: string, icon: TablerIcon, children: NavLeaf[]): NavGroup => ({
  kind: 'group',
  label,
  icon,
  children,
});

/** The staff sidebar, shown outside a domain (spec part 1 §2, Layout). */
export const STAFF_NAV: readonly NavItem[] = [
  link('Main Dashboard', IconLayoutDashboard, 'Dashboard'),
  link('Users Management', IconUsers, 'Users Management'),
  group('Dev Settings', IconSettings, [
    link('Clients', IconBuildingStore, 'Clients'),
    link('Roles', IconShieldLock, 'Roles'),
    link('Clusters', IconServer2, 'Clusters'),
    link('Audit', IconHistory, 'Audit'),
  ]),
  group('Analytics', IconChartBar, [
    link('Global Overview', IconWorld, 'Main Stats'),
    link('Performance', IconGauge, 'ClientPerformance'),
    link('Server Performance', IconServerBolt, 'ServerPerformance'),
    link('Data Explorer', IconDatabaseSearch, 'DataExplorer'),
  ]),
  link('Files', IconFiles, 'Files'),
  group('Drip Instruments', IconTool, [
    link('Drip Manager', IconDroplet, 'Drip Manager'),
    link('Copy Tools', IconCopy, 'Copy All Drips New'),
    link('Copy Tools 2.0', IconCopyPlus, 'Copy All Drips New 2'),
    link('Recurring Migration', IconRepeat, 'Recurring Migration'),
    link('Drip Setup', IconBolt, 'Drip Setup'),
  ]),
  link('Tags Manager', IconTags, 'Tags Manager'),
  link('API Keys', IconKey, 'API Keys'),
];

/** The domain sidebar, shown inside /dashboard/:id (spec part 1 §2, Layout). */
export const DOMAIN_NAV: readonly NavItem[] = [
  link('Main Dashboard', IconLayoutDashboard, 'Dashboard'),
  link('Website Dashboard', IconBrowser, 'MainCont'),
  link('Data Explorer', IconDatabaseSearch, 'DataExplorerWithDashboard'),
  group('Recurring Drips', IconRepeat, [
    link('Create', IconPlus, 'Send'),
    link('Regular', IconList, 'Recurring Drips'),
    link('Tails', IconTimeline, 'Recurring Tails'),
    link('Spam', IconBan, 'Recurring Spam'),
    link('Draft', IconPencil, 'Drafts'),
  ]),
  group('Automation', IconRobot, [link('Triggered Notifications', IconBellRinging, 'TriggeredNotifications')]),
  link('Welcome Drips', IconHandStop, 'Welcome Drips'),
  group('Segmentation', IconUsersGroup, [
    link('Audience Creator', IconUsersGroup, 'Audience Creator'),
    link('Manual Segmentation', IconListDetails, 'Manual Segmentation'),
  ]),
  link('Integrate', IconPlugConnected, 'Integrate'),
];
