import { confirmAction } from '@/components/dialogs/confirm';
import { showResultPopup as showResult } from '@/components/feedback/notify';
import { TRIGGER_DELETE } from '../lib/trigger-texts';

/**
 * 'Are you sure?' with Delete and Cancel. Delete removes the trigger, then 'Deleted' / 'Triggered notification has
 * been deleted!'; Cancel (or Escape) shows 'Cancelled' / 'Triggered notification is in safe :)'. Answers whether
 * it was deleted; a failed delete goes to `onError`.
 */
export async function confirmDeleteTrigger(
  remove: () => Promise<unknown>,
  onError: (error: unknown) => void,
): Promise<boolean> {
  const confirmed = await confirmAction({
    title: TRIGGER_DELETE.title,
    text: TRIGGER_DELETE.text,
    confirmLabel: TRIGGER_DELETE.confirmLabel,
    cancelLabel: TRIGGER_DELETE.cancelLabel,
    danger: true,
  });
  if (!confirmed) {
    showResult(TRIGGER_DELETE.cancelledTitle, TRIGGER_DELETE.cancelledText);
    return false;
  }
  try {
    await remove();
  } catch (error) {
    onError(error);
    return false;
  }
  showResult(TRIGGER_DELETE.deletedTitle, TRIGGER_DELETE.deletedText);
  return true;
}
