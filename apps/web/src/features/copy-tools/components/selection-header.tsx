import { ActionIcon, Group, Text, Title, Tooltip } from '@mantine/core';
import { COPY_MSG } from '@pushdeck/contracts';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A step's title with its selected counter and the 'Click to purge selection.' icon. */
export function SelectionHeader(props: { title: string; count: number; onPurge: () => void; children?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={2} size="h5">
        {props.title}
      </Title>
      <Group gap="xs">
        {props.children}
        <Text size="sm" c="dimmed" aria-live="polite">
          Selected: {props.count}
        </Text>
        <Tooltip label={COPY_MSG.purge}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${COPY_MSG.purge} (${props.title})`}
            onClick={props.onPurge}
            disabled={props.count === 0}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
