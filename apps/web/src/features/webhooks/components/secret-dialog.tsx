import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { WEBHOOK_MSG } from '@pushdeck/contracts';

export interface SecretDialogProps {
  /** The secret to show; null: closed. */
  secret: string | null;
  url: string;
  onClose: () => void;
}

/** The secret of a webhook, shown once (after creation or a roll) with a copy button. */
export function SecretDialog({ secret, url, onClose }: SecretDialogProps) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Webhook secret" size={560} centered>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Deliveries to {url} are signed with this secret (the Pushdeck-Signature header).
        </Text>
        <Alert color="yellow" variant="light">
          {WEBHOOK_MSG.secretOnce}
        </Alert>
        <Code block aria-label="Secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
