import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PanelErrorProps {
  /** A heading above the message ('Error!'). */
  title?: ReactNode;
  /** What failed, in the user's words ('The clusters could not be loaded.'). */
  message: string;
  /** Asks again (a query's refetch). */
  onRetry: () => unknown;
  /** A retry is under way: the button spins and cannot be pressed twice. */
  retrying?: boolean;
}

/** A data panel whose query failed: what went wrong and a Retry button, announced to screen readers. */
export function PanelError({ title, message, onRetry, retrying = false }: PanelErrorProps) {
  return (
    <Alert color="red" variant="light" role="alert" p="sm" title={title}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{message}</Text>
        <Button size="compact-sm" variant="default" loading={retrying} onClick={() => void onRetry()}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
