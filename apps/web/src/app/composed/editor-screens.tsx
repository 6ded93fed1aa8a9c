import { RecurringEditorPage, WelcomeEditorPage } from '@/features/drips/screens';
import { LazyDripStatsPanel } from '@/features/statistics/lazy-screens';
import { TriggerEditorPage } from '@/features/triggers/components/trigger-editor-page';

/** A drip's own chart (statistics feature) under its editor (drips and triggers features). */
const dripStats = (domainId: number, dripId: number) => <LazyDripStatsPanel domainId={domainId} dripId={dripId} />;
export const WelcomeEditorScreen = () => <WelcomeEditorPage statsSlot={dripStats} />;
export const RecurringEditorScreen = () => <RecurringEditorPage statsSlot={dripStats} />;
export const TriggerEditorScreen = () => <TriggerEditorPage statsSlot={dripStats} />;
