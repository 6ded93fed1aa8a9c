import type { RouteName } from './route-table';

/** How a page is called where the route's own name is internal (MainDash, ViewAud, …): the sidebar's words. */
const LABELS: Partial<Record<RouteName, string>> = {
  MainCont: 'the Website Dashboard',
  'Recurring Drips': 'Recurring Drips',
  'Recurring Group': 'a Recurring Drip group',
  Recurring: 'the Recurring Drip editor',
  Send: 'Create Recurring Drip',
  'Welcome Drips': 'Welcome Drips',
  MainDash: 'the Welcome Drip editor',
  'More Info Subs': 'the subscriber list',
  'Integrate 2': 'Integrate',
  ViewAud: 'this audience',
  'Edit Audience': 'Edit Audience',
  'Audience Create': 'Create Audience',
  'Manual Segment': 'this segment',
  TriggeredNotifications: 'Triggered Notifications',
  TriggerCreator: 'Create Trigger Notification',
  TriggerEdit: 'Edit Trigger Notification',
  DataExplorerWithDashboard: 'Data Explorer',
  'Copy All Drips New': 'Copy Tools',
  'Copy All Drips New 2': 'Copy Tools 2.0',
  'Main Stats': 'Global Overview',
  ClientPerformance: 'Performance',
  ServerPerformance: 'Server Performance',
  DataExplorer: 'Data Explorer',
  ChangePassword: 'Change Password',
  Management: 'Dev Settings',
};

/** The page's name in a sentence ("You do not have access to …"). */
export function routeLabel(name: string): string {
  return LABELS[name as RouteName] ?? name;
}

/** The browser tab's title for a route: its name as a heading ('the Website Dashboard' → 'Website Dashboard'). */
export function pageTitle(name: string): string {
  const label = routeLabel(name).replace(/^(the|a|this) /, '');
  return `${label.charAt(0).toUpperCase()}${label.slice(1)} · Pushdeck`;
}
