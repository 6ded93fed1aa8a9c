import { PLAN_FEATURE_LABELS, type PlanFeature, type Usage } from '@pushdeck/contracts';
import { featureOff } from '@/lib/plan/plan-usage';
import type { RouteName } from './route-table';

/** The screens of each plan feature (issue #18): hidden from the sidebar and refused by the guard when it is off. */
export const PLAN_FEATURE_ROUTES: Readonly<Partial<Record<PlanFeature, readonly RouteName[]>>> = {
  data_explorer: ['DataExplorer', 'DataExplorerWithDashboard'],
  copy_tools: ['Copy All Drips New 2', 'Recurring Migration'],
  exports: ['Files'],
};

/** The plan feature a route belongs to, if any. */
export function featureOfRoute(route: string): PlanFeature | undefined {
  for (const [feature, routes] of Object.entries(PLAN_FEATURE_ROUTES)) {
    if (routes?.some((r) => r === route)) return feature as PlanFeature;
  }
  return undefined;
}

/** The routes the client's plan switches off (none without a plan or usage). */
export function routesOffInPlan(usage: Usage | undefined): ReadonlySet<RouteName> {
  const off = new Set<RouteName>();
  for (const [feature, routes] of Object.entries(PLAN_FEATURE_ROUTES)) {
    if (featureOff(usage, feature as PlanFeature)) for (const r of routes ?? []) off.add(r);
  }
  return off;
}

/** Where the guard sends a user whose plan does not include a route's feature. */
export const PLAN_REFUSAL_PATH = '/upgrade';

/** The notice shown on arrival there. */
export const planRefusalNotice = (feature: PlanFeature) =>
  `Your plan does not include ${PLAN_FEATURE_LABELS[feature]}. Ask for an upgrade here.`;
