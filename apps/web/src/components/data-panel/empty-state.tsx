import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** What is missing ('No audiences yet.'). */
  title: ReactNode;
  /** What to do about it ('Create one to send to part of your subscribers.'). */
  hint?: ReactNode;
  /** The control that does it (a Create button or link). */
  action?: ReactNode;
}

/** A panel or table with nothing to show: says so, and says what to do next (a table's empty text announces it). */
export function EmptyState({ title, hint, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap={4} py="md">
      <Text fw={600} size="sm" ta="center">
        {title}
      </Text>
      {hint && (
        <Text size="sm" c="dimmed" ta="center">
          {hint}
        </Text>
      )}
      {action}
    </Stack>
  );
}
