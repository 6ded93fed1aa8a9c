import { Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { hostOf, type NotificationValue, safeUrl } from '../lib/notification';

export interface NotificationPreviewProps {
  value: NotificationValue;
  /** The website's url, shown in the address bar and under the message. */
  domainUrl?: string | undefined;
}

const dot = (color: string) => <Box w={10} h={10} style={{ borderRadius: 5, background: color }} aria-hidden />;

/**
 * The live preview: a browser window with the notification card (icon, title, message, domain, optional large
 * image, up to two buttons), with the spec's placeholders Title, Type your message ..., Button1, Button2.
 * Every user text is rendered as text.
 */
export function NotificationPreview({ value, domainUrl = '' }: NotificationPreviewProps) {
  const icon = safeUrl(value.icon);
  const image = value.withImage ? safeUrl(value.image) : undefined;
  const buttons = value.withButtons
    ? [
        { key: 'button1', title: value.button1.title || 'Button1' },
        ...(value.buttonCount === 2 ? [{ key: 'button2', title: value.button2.title || 'Button2' }] : []),
      ]
    : [];
  const host = domainUrl ? hostOf(domainUrl) : 'your-website.com';

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
        <Paper withBorder radius="md" shadow="md" w={340} maw="100%" style={{ overflow: 'hidden' }}>
          <Group align="flex-start" gap="sm" p="sm" wrap="nowrap">
            {icon ? (
              <Image src={icon} alt="" w={48} h={48} radius="sm" fit="cover" />
            ) : (
              <Box
                w={48}
                h={48}
                bg="gray.2"
                style={{ borderRadius: 6, display: 'grid', placeItems: 'center', flex: 'none' }}
                aria-hidden
              >
                <IconBell size={22} />
              </Box>
            )}
            <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="preview-title">
                {value.title || 'Title'}
              </Text>
              <Text size="sm" c={value.body ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                {value.body || 'Type your message ...'}
              </Text>
              <Text size="xs" c="dimmed">
                {host}
              </Text>
            </Stack>
          </Group>
          {image && <Image src={image} alt="" mah={180} fit="cover" />}
          {buttons.length > 0 && (
            <Group grow gap={0} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
              {buttons.map((b) => (
                <Text key={b.key} size="xs" fw={600} c="blue" ta="center" py={6} truncate>
                  {b.title}
                </Text>
              ))}
            </Group>
          )}
        </Paper>
      </Box>
    </Paper>
  );
}
