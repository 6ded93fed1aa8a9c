import { Alert, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { type CreatedApiKey, MSG, TIMINGS } from '@pushdeck/contracts';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { API_KEY_TEXTS, curlExample } from '../lib/api-key-texts';

export interface CreatedKeyPanelProps {
  created: CreatedApiKey;
  onDone: () => void;
}

/** The new key, this once: a read-only field with Copy, the warning that it will not be shown again, a first call. */
export function CreatedKeyPanel({ created, onDone }: CreatedKeyPanelProps) {
  const clipboard = useClipboard({ timeout: TIMINGS.copiedSnackbarMs * 2 });
  const copied = clipboard.copied;
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="status" title="Shown only once">
        {API_KEY_TEXTS.onceWarning}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={`API key “${created.name}”`}
          value={created.key}
          readOnly
          data-autofocus
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          style={{ flex: 1 }}
        />
        <Button
          variant={copied ? 'filled' : 'default'}
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          onClick={() => clipboard.copy(created.key)}
        >
          {copied ? MSG.copied : 'Copy'}
        </Button>
      </Group>
      {clipboard.error && (
        <Text size="xs" c="red" role="alert">
          The browser did not allow copying: select the key and copy it by hand.
        </Text>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Try it from your server:
        </Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {curlExample(created.key, window.location.origin)}
        </Code>
      </Stack>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
