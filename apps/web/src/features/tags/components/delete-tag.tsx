import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { TIMINGS } from '@pushdeck/contracts';
import { confirmAction } from '@/components/dialogs/confirm';
import { TAG_DELETE, tagErrorText } from '../lib/tag-texts';

/** A result popup ('Deleted!', 'Cancelled!') that closes itself after 1.5 s. */
function showResult(title: string, text: string): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const id = modals.open({
    title,
    children: <Text size="sm">{text}</Text>,
    centered: true,
    size: 350,
    onClose: () => clearTimeout(timer),
  });
  timer = setTimeout(() => modals.close(id), TIMINGS.confirmationResultMs);
}

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
