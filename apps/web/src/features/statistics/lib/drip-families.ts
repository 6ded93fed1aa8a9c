/**
 * Every drip family a dashboard asks for (resultGroupBy), so 'All Drips' counts triggers, instant sends and sends of
 * the server API ('api') too. Apart
 * from dashboard-series.ts (its rows need dayjs): the dashboard asks on its first load (issue 17).
 */
export const DRIP_FAMILIES = ['recurring', 'welcome', 'trigger', 'instant', 'api'] as const;
