import { Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

export interface NotificationCardProps {
  title: string;
  message: string;
  /** The website's address; the card names its host ('your-website.com' without one). */
  site?: string | undefined;
  /** Addresses the owner has vetted (http(s), root-relative or a picked file's blob:). */
  icon?: string | undefined;
  image?: string | undefined;
  /** The shown buttons' titles; an empty one shows its placeholder Button1 or Button2. */
  buttons: string[];
}

/** The host of a website or link ('shop.acme.test'); the text itself when it is no URL. */
export function hostOf(url: string | undefined): string {
  if (!url) return 'your-website.com';
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * The notification card of every live preview (triggers, welcome and recurring drips): icon, title, message, the
 * website's host, optional large image and up to two buttons, with the spec's placeholders Title,
 * Type your message ..., Button1 and Button2 (part 1 §2). Every user text is rendered as text.
 */
export function NotificationCard({ title, message, site, icon, image, buttons }: NotificationCardProps) {
  return (
    <Paper withBorder radius="md" shadow="md" w={340} maw="100%" bg="white" style={{ overflow: 'hidden' }}>
      <Group align="flex-start" gap="sm" p="sm" wrap="nowrap">
        {icon ? (
          <Image src={icon} alt="" w={48} h={48} radius="sm" fit="cover" style={{ flex: 'none' }} />
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
            {title || 'Title'}
          </Text>
          <Text size="sm" c={message ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
            {message || 'Type your message ...'}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {hostOf(site)}
          </Text>
        </Stack>
      </Group>
      {image && <Image src={image} alt="" mah={180} fit="cover" />}
      {buttons.length > 0 && (
        <Group grow gap={0} style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          {buttons.map((label, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two buttons, in a fixed order.
            <Text key={index} size="xs" fw={600} c="blue" ta="center" py={6} truncate>
              {label || `Button${index + 1}`}
            </Text>
          ))}
        </Group>
      )}
    </Paper>
  );
}
