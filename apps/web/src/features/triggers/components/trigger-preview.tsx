import { Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

export interface TriggerPreviewProps {
  title: string;
  message: string;
  /** The website's address as the notification names it. */
  site?: string | undefined;
  icon?: string | undefined;
  image?: string | undefined;
  /** Shown buttons (titles may be empty: the placeholders Button1, Button2 show). */
  buttons: string[];
}

function hostOf(url: string | undefined): string {
  if (!url) return 'your-website.com';
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** The live preview: the notification card as a desktop browser shows it. */
export function TriggerPreview({ title, message, site, icon, image, buttons }: TriggerPreviewProps) {
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" aria-label="Live preview" role="region">
      <Text size="xs" c="dimmed" mb="xs">
        Live preview
      </Text>
      <Paper shadow="sm" radius="md" p="sm" bg="white">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <Box w={48} h={48} style={{ flexShrink: 0 }}>
            {icon ? (
              <Image src={icon} alt="" w={48} h={48} radius="sm" fit="cover" />
            ) : (
              <Box
                w={48}
                h={48}
                bg="gray.2"
                style={{ borderRadius: 4, display: 'grid', placeItems: 'center' }}
                aria-hidden
              >
                <IconBell size={22} />
              </Box>
            )}
          </Box>
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
        {image && <Image src={image} alt="" mt="sm" radius="sm" mah={180} fit="cover" />}
        {buttons.length > 0 && (
          <Group grow gap="xs" mt="sm">
            {buttons.map((label, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: at most two buttons, in a fixed order.
              <Paper key={index} withBorder radius="sm" px="xs" py={4}>
                <Text size="xs" ta="center" fw={500} truncate="end">
                  {label || `Button${index + 1}`}
                </Text>
              </Paper>
            ))}
          </Group>
        )}
      </Paper>
    </Paper>
  );
}
