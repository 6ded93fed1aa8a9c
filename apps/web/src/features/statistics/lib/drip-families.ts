/**
 * Every drip family a dashboard asks for (resultGroupBy), so 'All Drips' counts triggers and instant sends too. Apart
 * from dashboard-series.ts (its rows need dayjs): the dashboard asks on its first load (issue 17).
 */
export const DRIP_FAMILIES = ['recurring', 'welcome', 'trigger', 'instant'] as const;
