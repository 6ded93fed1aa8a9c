import { confirmAction } from '@/components/dialogs/confirm';
import { showResultPopup as showResult } from '@/components/feedback/notify';
import { TAG_DELETE, tagErrorText } from '../lib/tag-texts';

/**
 * 'Are you sure?' / 'You will delete this tag.'; on confirm deletes and shows 'Deleted!' / 'Tag has been deleted!',
 * otherwise 'Cancelled!' / 'Tag is in the safe :)'. A failed delete hands the module error text to `onError`.
 */
export async function confirmDeleteTag(remove: () => Promise<unknown>, onError: (text: string) => void) {
  const confirmed = await confirmAction({ text: TAG_DELETE.text, confirmLabel: TAG_DELETE.confirmLabel, danger: true });
  if (!confirmed) {
    showResult(TAG_DELETE.cancelledTitle, TAG_DELETE.cancelledText);
    return;
  }
  try {
    await remove();
  } catch (error) {
    onError(tagErrorText(error));
    return;
  }
  showResult(TAG_DELETE.deletedTitle, TAG_DELETE.deletedText);
}
