import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG, TIMINGS } from '@pushdeck/contracts';
import { IconCopy } from '@tabler/icons-react';
import { notifyFailure } from '@/components/feedback/notify';

/** Copies `value` to the clipboard and says 'Copied!' for a second (spec part 1 §8, §9). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notifications.show({ message: MSG.copied, color: 'teal', autoClose: TIMINGS.copiedSnackbarMs });
    } catch {
      notifyFailure('The browser did not allow copying.');
    }
  };
  return (
    <Tooltip label="Copy">
      <ActionIcon variant="subtle" size="sm" aria-label={label} onClick={copy}>
        <IconCopy size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
