import { RecurringListPage, WelcomeListPage } from '@/features/drips/screens';
import { LazyDripStatsPanel } from '@/features/statistics/lazy-screens';

/**
 * The drip lists with each drip's own chart (statistics feature) for who reads only: the chart under the editors
 * needs write rights to reach, so a viewer opens it from the list's row.
 */
const dripStats = (domainId: number, dripId: number) => <LazyDripStatsPanel domainId={domainId} dripId={dripId} />;
export const WelcomeListScreen = () => <WelcomeListPage statsSlot={dripStats} />;
export const RegularRecurringScreen = () => <RecurringListPage view="regular" statsSlot={dripStats} />;
export const RecurringGroupScreen = () => <RecurringListPage view="group" statsSlot={dripStats} />;
export const RecurringTailsScreen = () => <RecurringListPage view="tails" statsSlot={dripStats} />;
export const RecurringDraftsScreen = () => <RecurringListPage view="drafts" statsSlot={dripStats} />;
