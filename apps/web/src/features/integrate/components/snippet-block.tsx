import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { MSG, TIMINGS } from '@pushdeck/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';

interface SnippetBlockProps {
  /** Names the code block and its Copy button for assistive technology. */
  label: string;
  code: string;
}

/** A block of code to paste, with a Copy button that reads 'Copied!' for a moment. */
export function SnippetBlock({ label, code }: SnippetBlockProps) {
  const clipboard = useClipboard({ timeout: TIMINGS.copiedSnackbarMs * 2 });
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <Button
          size="xs"
          variant={clipboard.copied ? 'filled' : 'default'}
          color={clipboard.copied ? 'teal' : undefined}
          leftSection={clipboard.copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          onClick={() => clipboard.copy(code)}
          aria-describedby={labelId}
        >
          {clipboard.copied ? MSG.copied : 'Copy'}
        </Button>
      </Group>
      <Code block aria-labelledby={labelId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {code}
      </Code>
      {clipboard.error && (
        <Text size="xs" c="red" role="alert">
          The browser did not allow copying: select the text and copy it by hand.
        </Text>
      )}
    </Stack>
  );
}
