import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { MSG, TIMINGS } from '@pushdeck/contracts';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { whenModalsReady } from '@/lib/modals/modals-ready';

/** Green snackbar, closes itself after 2.5 s. Returns the notification id. */
export function notifySuccess(message: ReactNode = MSG.success): string {
  return notifications.show({
    message,
    color: 'teal',
    icon: <IconCheck size={18} aria-hidden />,
    autoClose: TIMINGS.snackbarMs,
  });
}

/** Red snackbar, closes itself after 2.5 s. Returns the notification id. */
export function notifyFailure(message: ReactNode = MSG.error): string {
  return notifications.show({
    message,
    color: 'red',
    icon: <IconX size={18} aria-hidden />,
    autoClose: TIMINGS.snackbarMs,
  });
}

interface TimedModal {
  title: ReactNode;
  children: ReactNode;
  closeAfterMs: number;
}

/** A content modal from the ModalsProvider that closes itself after `closeAfterMs` (or earlier by the user). */
function openTimedModal({ title, children, closeAfterMs }: TimedModal): string {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const id = `timed-${Math.random().toString(36).slice(2)}`;
  whenModalsReady(() => {
    modals.open({ modalId: id, title, children, centered: true, size: 350, onClose: () => clearTimeout(timer) });
    timer = setTimeout(() => modals.close(id), closeAfterMs);
  });
  return id;
}

/** The result of a confirmation ('Deleted!', 'Changed', 'Cancelled!' with its text), closing itself after 1.5 s. */
export function showResultPopup(title: ReactNode, text?: ReactNode): string {
  return openTimedModal({
    title,
    children: text ? <Text size="sm">{text}</Text> : null,
    closeAfterMs: TIMINGS.confirmationResultMs,
  });
}

/** The 'Oops...' popup with an error message, closing itself after 3.5 s. Returns the modal id. */
export function showErrorPopup(message: ReactNode): string {
  return openTimedModal({
    title: (
      <Group gap="xs">
        <ThemeIcon color="red" variant="light" size="sm" aria-hidden>
          <IconX size={14} />
        </ThemeIcon>
        {MSG.oops}
      </Group>
    ),
    children: <Text size="sm">{message}</Text>,
    closeAfterMs: TIMINGS.errorPopupMs,
  });
}

/** The warning shown when a file export begins, closing itself after 7 s. Returns the modal id. */
export function showExportStarted(): string {
  return openTimedModal({
    title: (
      <Group gap="xs">
        <ThemeIcon color="yellow" variant="light" size="sm" aria-hidden>
          <IconAlertTriangle size={14} />
        </ThemeIcon>
        Export started
      </Group>
    ),
    children: (
      <Stack gap={4}>
        <Text size="sm">{MSG.exportStarted}</Text>
        <Text size="sm">The file will appear in Files when it is ready.</Text>
      </Stack>
    ),
    closeAfterMs: TIMINGS.warningPopupMs,
  });
}

/** The one notice of a refusing route guard (yellow, 7 s); a newer refusal replaces it instead of stacking. */
const GUARD_NOTICE_ID = 'route-guard-notice';

export function showGuardNotice(message: string): void {
  notifications.hide(GUARD_NOTICE_ID);
  notifications.show({
    id: GUARD_NOTICE_ID,
    message,
    color: 'yellow',
    icon: <IconAlertTriangle size={18} aria-hidden />,
    autoClose: TIMINGS.warningPopupMs,
  });
}
