import { GettingStartedChecklist } from '@/features/onboarding/components/getting-started-checklist';
import { GlobalDashboardPage } from '@/features/statistics/dashboard/global-dashboard-page';

/**
 * Dashboard: the statistics feature's Global Stats with the onboarding feature's checklist under the title. The page
 * comes in this route's own chunk (the route loads it lazily, app/screens.tsx), not through the statistics screens'
 * lazy table, which the dashboard's first load does without (issue 17).
 */
export const DashboardScreen = () => <GlobalDashboardPage top={<GettingStartedChecklist />} />;
