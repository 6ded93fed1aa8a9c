import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { MSG, TIMINGS } from '@pushdeck/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { triggerSnippet } from '../lib/trigger-snippet';
import { TRIGGER_TEXTS } from '../lib/trigger-texts';

export interface TriggerCodeDialogProps {
  /** The event of the trigger whose code is shown; null keeps the dialog closed. */
  event: string | null;
  onClose: () => void;
}

/** The Code action: the snippet that raises the trigger's event on a website, with 'Copy Code'. */
export function TriggerCodeDialog({ event, onClose }: TriggerCodeDialogProps) {
  const clipboard = useClipboard({ timeout: TIMINGS.copiedSnackbarMs });
  const codeId = useId();
  const code = triggerSnippet(event ?? '');

  const copy = () => {
    clipboard.copy(code);
    notifications.show({ message: MSG.copied, color: 'teal', autoClose: TIMINGS.copiedSnackbarMs });
  };

  return (
    <Modal opened={event !== null} onClose={onClose} title="Code" size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" id={`${codeId}-help`}>
          Run this on your website, where pushmine.js is installed, when the event happens. Subscribers get the
          notification after the delay set on the trigger.
        </Text>
        <Code block id={codeId} aria-label="Trigger code" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {code}
        </Code>
        {clipboard.error && (
          <Text size="xs" c="red" role="alert">
            The browser did not allow copying: select the text and copy it by hand.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={copy}
            color={clipboard.copied ? 'teal' : undefined}
            leftSection={clipboard.copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            aria-describedby={codeId}
            data-autofocus
          >
            {TRIGGER_TEXTS.copyCode}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
