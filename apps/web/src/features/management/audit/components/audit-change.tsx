import { Stack, Text } from '@mantine/core';
import { describeChange } from '../lib/describe-change';

/** An entry's before → after, one line per field; every value is rendered as text, never as markup. */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const lines = describeChange(before, after);
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No details
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line.field || 'value'} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line.field && (
            <Text span fw={600} size="sm">
              {line.field}:{' '}
            </Text>
          )}
          {line.before !== null && (
            <Text span size="sm" c="dimmed">
              {line.before}
            </Text>
          )}
          {line.before !== null && ' → '}
          {line.after ?? (
            <Text span size="sm" fs="italic">
              (removed)
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}
