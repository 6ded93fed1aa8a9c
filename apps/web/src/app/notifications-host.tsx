import { Notifications } from '@mantine/notifications';

/**
 * Where `notifications.show` snackbars render (lazy in app/providers.tsx). Bottom right: snackbars never cover the top
 * bar or the page's actions at its top right. A snackbar shown before this is there waits in the store and shows when
 * it mounts.
 */
export function NotificationsHost() {
  return <Notifications position="bottom-right" />;
}
