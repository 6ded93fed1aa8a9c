import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { MSG } from '@pushdeck/contracts';
import type { ReactNode } from 'react';
import { whenModalsReady } from '@/lib/modals/modals-ready';

export interface ConfirmActionOptions {
  /** 'Are you sure?' by default. */
  title?: ReactNode;
  text?: ReactNode;
  /** 'Yes!' by default. */
  confirmLabel?: ReactNode;
  /** 'Cancel' by default. */
  cancelLabel?: ReactNode;
  /** Paints the confirm button red (deletes and other losses). */
  danger?: boolean;
}

/**
 * Asks the user to confirm. Resolves true on confirm; false on cancel, Escape, the close button
 * or a click outside. Needs a ModalsProvider above the app.
 */
export function confirmAction({
  title = MSG.areYouSure,
  text,
  confirmLabel = 'Yes!',
  cancelLabel = 'Cancel',
  danger = false,
}: ConfirmActionOptions = {}): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    whenModalsReady(() =>
      modals.openConfirmModal({
        title,
        centered: true,
        size: 350,
        children: text ? <Text size="sm">{text}</Text> : undefined,
        labels: { confirm: confirmLabel, cancel: cancelLabel },
        confirmProps: danger ? { color: 'red' } : {},
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        // Runs after onConfirm too; a settled promise ignores the second resolve.
        onClose: () => resolve(false),
      }),
    );
  });
}
