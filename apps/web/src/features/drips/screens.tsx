import { RecurringListPage } from './components/recurring-list-page';

/** The recurring list's views as route screens (app/screens.tsx maps route names to these). */
export const RegularRecurringScreen = () => <RecurringListPage view="regular" />;
export const RecurringGroupScreen = () => <RecurringListPage view="group" />;
export const RecurringTailsScreen = () => <RecurringListPage view="tails" />;
export const RecurringDraftsScreen = () => <RecurringListPage view="drafts" />;

// The editors, for screens composed in app/ (Drip Manager's expanded rows, Drip Setup).
export { NotificationEditor } from './components/notification-editor';
export { NotificationPreview } from './components/notification-preview';
export { RecurringEditor } from './components/recurring-editor';
export { RecurringEditorPage } from './components/recurring-editor-page';
export { RecurringListPage } from './components/recurring-list-page';
export { SpamSchedulesPage } from './components/spam-schedules-page';
export { WelcomeEditor } from './components/welcome-editor';
export { WelcomeEditorPage } from './components/welcome-editor-page';
export { WelcomeListPage } from './components/welcome-list-page';
