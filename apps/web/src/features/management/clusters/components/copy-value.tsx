import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG, TIMINGS } from '@pushdeck/contracts';
import { IconCopy } from '@tabler/icons-react';
import { notifyFailure } from '@/components/feedback/notify';
import { CLUSTER_TEXTS } from '../lib/cluster-texts';

/** A value with a copy button: 'Copied!' when the browser took it, 'Fail to copy undefined' when not (spec §8). */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notifications.show({ message: MSG.copied, color: 'teal', autoClose: TIMINGS.copiedSnackbarMs });
    } catch {
      notifyFailure(CLUSTER_TEXTS.copyFailed);
    }
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <Tooltip label="Copy">
        <ActionIcon variant="subtle" size="sm" aria-label={`Copy ${label}`} onClick={copy}>
          <IconCopy size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
