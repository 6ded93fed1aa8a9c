import type { PlanFeature, Usage } from '@pushdeck/contracts';
import { matchPath } from 'react-router';
import { type RouteName, routeMeta } from './route-table';

/** The screens of each plan feature (issue #18): hidden from the sidebar and refused by the plan gate when it is off. */
const ROUTE_FEATURE: Readonly<Partial<Record<RouteName, PlanFeature>>> = {
  DataExplorer: 'data_explorer',
  DataExplorerWithDashboard: 'data_explorer',
  'Copy All Drips New 2': 'copy_tools',
  'Recurring Migration': 'copy_tools',
  Files: 'exports',
};

/** The plan feature of the screen at `pathname`, if any. */
export function featureAt(pathname: string): PlanFeature | undefined {
  const route = (Object.keys(ROUTE_FEATURE) as RouteName[]).find((r) => matchPath(routeMeta(r).path, pathname));
  return route && ROUTE_FEATURE[route];
}

/** Whether the client's plan switches the feature off (a feature missing from the plan's object is on). */
export const featureOff = (usage: Usage | undefined, feature: PlanFeature) => usage?.plan?.features[feature] === false;

/** The routes the client's plan switches off (none without a plan or usage). */
export function routesOffInPlan(usage: Usage | undefined): ReadonlySet<RouteName> {
  return new Set((Object.keys(ROUTE_FEATURE) as RouteName[]).filter((r) => featureOff(usage, ROUTE_FEATURE[r]!)));
}
