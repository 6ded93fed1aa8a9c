import { Paper, Text } from '@mantine/core';
import { NotificationCard, type NotificationCardProps } from '@/components/notification-preview/notification-card';

export type TriggerPreviewProps = NotificationCardProps;

/** The live preview: the notification card as a desktop browser shows it. */
export function TriggerPreview(props: TriggerPreviewProps) {
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" aria-label="Live preview" role="region">
      <Text size="xs" c="dimmed" mb="xs">
        Live preview
      </Text>
      <NotificationCard {...props} />
    </Paper>
  );
}
