import { Box, Group, Paper, Text } from '@mantine/core';
import { hostOf, NotificationCard } from '@/components/notification-preview/notification-card';
import { type NotificationValue, safeUrl } from '../lib/notification';

export interface NotificationPreviewProps {
  value: NotificationValue;
  /** The website's url, shown in the address bar and under the message. */
  domainUrl?: string | undefined;
}

const dot = (color: string) => <Box w={10} h={10} style={{ borderRadius: 5, background: color }} aria-hidden />;

/**
 * The live preview: a browser window with the shared notification card (icon, title, message, domain, optional large
 * image, up to two buttons, the spec's placeholders). Only http(s) and root-relative images are shown.
 */
export function NotificationPreview({ value, domainUrl = '' }: NotificationPreviewProps) {
  const icon = safeUrl(value.icon);
  const image = value.withImage ? safeUrl(value.image) : undefined;
  const buttons = value.withButtons
    ? [value.button1.title, ...(value.buttonCount === 2 ? [value.button2.title] : [])]
    : [];
  const host = hostOf(domainUrl);

  return (
    <Paper withBorder radius="md" shadow="sm" style={{ overflow: 'hidden' }} role="figure" aria-label="Preview">
      <Group gap={6} px="sm" py={8} bg="gray.1" wrap="nowrap">
        {dot('#ff5f57')}
        {dot('#febc2e')}
        {dot('#28c840')}
        <Paper radius="xl" px="sm" py={2} ml="sm" style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed" truncate>
            {domainUrl || `https://${host}`}
          </Text>
        </Paper>
      </Group>
      <Box
        p="md"
        bg="gray.0"
        mih={260}
        style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'flex-start' }}
      >
        <NotificationCard
          title={value.title}
          message={value.body}
          site={domainUrl}
          icon={icon}
          image={image}
          buttons={buttons}
        />
      </Box>
    </Paper>
  );
}
