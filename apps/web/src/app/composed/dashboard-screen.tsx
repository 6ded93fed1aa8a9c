import { GettingStartedChecklist } from '@/features/onboarding/components/getting-started-checklist';
import { GlobalDashboardScreen } from '@/features/statistics/lazy-screens';

/** Dashboard: the statistics feature's Global Stats with the onboarding feature's checklist under the title. */
export const DashboardScreen = () => <GlobalDashboardScreen top={<GettingStartedChecklist />} />;
